import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';

const meta = {
  tags: ['design-system'],
  title: 'UI/Input',
  component: Input,
  args: { placeholder: 'e.g. RefArch US' },
  render: (args) => (
    <Field className="max-w-sm">
      <FieldLabel>Store name</FieldLabel>
      <Input {...args} />
    </Field>
  ),
} satisfies Meta<typeof Input>;
export default meta;
type Story = StoryObj<typeof meta>;

const DefaultStory: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Store name' });
    await expect(input).toHaveAttribute('placeholder', 'e.g. RefArch US');
    await expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.type(input, 'RefArch EU');
    await expect(input).toHaveValue('RefArch EU');
  },
};
export const Default: Story = DefaultStory;
export const DefaultDim: Story = { ...DefaultStory, globals: { theme: 'dim' } };

export const WithValue: Story = {
  args: { defaultValue: 'RefArch US' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Store name' });
    await expect(input).toHaveValue('RefArch US');
    await userEvent.clear(input);
    await expect(input).toHaveValue('');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'RefArch US' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Store name' });
    await expect(input).toBeDisabled();
    await userEvent.type(input, 'x', { pointerEventsCheck: 0 });
    await expect(input).toHaveValue('RefArch US');
  },
};

export const ReadOnly: Story = {
  args: { readOnly: true, defaultValue: 'site-id-1234' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Store name' });
    await userEvent.type(input, 'x');
    await expect(input).toHaveValue('site-id-1234');
  },
};

/** aria-invalid set directly, e.g. by a form library, outside of a Field's error. */
export const Invalid: Story = {
  args: { 'aria-invalid': true, defaultValue: 'Ref Arch!' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Store name' });
    await expect(input).toBeInvalid();
    // The border switches to the error token.
    const probe = document.createElement('div');
    probe.className = 'border border-error';
    canvasElement.append(probe);
    const errorColour = getComputedStyle(probe).borderTopColor;
    probe.remove();
    await expect(getComputedStyle(input).borderTopColor).toBe(errorColour);
  },
};

const WithErrorStory: Story = {
  render: (args) => (
    <Field className="max-w-sm">
      <FieldLabel>Store name</FieldLabel>
      <Input {...args} defaultValue="" />
      <FieldDescription>Shown to shoppers in agent answers.</FieldDescription>
      <FieldError>Enter a store name.</FieldError>
    </Field>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Store name' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(
      'Shown to shoppers in agent answers. Enter a store name.',
    );
    await expect(canvas.getByRole('alert')).toHaveTextContent('Enter a store name.');
  },
};
export const WithError: Story = WithErrorStory;
export const WithErrorDim: Story = { ...WithErrorStory, globals: { theme: 'dim' } };

export const Password: Story = {
  args: { type: 'password', placeholder: undefined },
  render: (args) => (
    <Field className="max-w-sm">
      <FieldLabel>API secret</FieldLabel>
      <Input {...args} />
    </Field>
  ),
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('API secret');
    await expect(input).toHaveAttribute('type', 'password');
  },
};

/** Tab moves into the field (with a visible focus ring) and on to the next control; no mouse. */
export const Keyboard: Story = {
  render: (args) => (
    <div className="flex max-w-sm flex-col gap-4">
      <Field>
        <FieldLabel>Store name</FieldLabel>
        <Input {...args} />
      </Field>
      <Field>
        <FieldLabel>Site ID</FieldLabel>
        <Input />
      </Field>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const store = canvas.getByRole('textbox', { name: 'Store name' });
    await userEvent.tab();
    await expect(store).toHaveFocus();
    await expect(store).toHaveStyle({ outlineStyle: 'solid', outlineWidth: '2px' });
    await userEvent.keyboard('RefArch');
    await expect(store).toHaveValue('RefArch');
    await userEvent.tab();
    const site = canvas.getByRole('textbox', { name: 'Site ID' });
    await expect(site).toHaveFocus();
    await userEvent.keyboard('RefArchGlobal');
    await expect(site).toHaveValue('RefArchGlobal');
    await userEvent.tab({ shift: true });
    await expect(store).toHaveFocus();
  },
};
