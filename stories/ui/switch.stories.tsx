import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Switch } from '~/ui/components/switch';

const meta = {
  tags: ['design-system'],
  title: 'UI/Switch',
  component: Switch,
  args: { onCheckedChange: fn() },
  render: (args) => (
    <Field orientation="horizontal">
      <Switch {...args} />
      <FieldLabel>Agent online</FieldLabel>
    </Field>
  ),
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

const OffStory: Story = {
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Agent online' });
    await expect(toggle).not.toBeChecked();
    await userEvent.tab();
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(toggle).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(toggle).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false);
  },
};
/** Toggled with Space from the keyboard. */
export const Off: Story = OffStory;
export const OffDim: Story = { ...OffStory, globals: { theme: 'dim' } };

const OnStory: Story = {
  args: { defaultChecked: true },
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Agent online' });
    await expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await expect(toggle).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledWith(false);
    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
  },
};
export const On: Story = OnStory;
export const OnDim: Story = { ...OnStory, globals: { theme: 'dim' } };

export const Disabled: Story = {
  args: { disabled: true, defaultChecked: true },
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Agent online' });
    await expect(toggle).toBeDisabled();
    await userEvent.click(toggle, { pointerEventsCheck: 0 });
    await expect(toggle).toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const WithError: Story = {
  render: (args) => (
    <Field orientation="horizontal">
      <Switch {...args} />
      <FieldLabel>Agent online</FieldLabel>
      <FieldDescription>Shoppers can chat with the agent.</FieldDescription>
      <FieldError>Connect a catalogue before going online.</FieldError>
    </Field>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: 'Agent online' });
    await expect(toggle).toHaveAttribute('aria-invalid', 'true');
    await expect(toggle).toHaveAccessibleDescription(
      'Shoppers can chat with the agent. Connect a catalogue before going online.',
    );
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Connect a catalogue before going online.',
    );
  },
};
