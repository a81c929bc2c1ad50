import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Field, FieldDescription, FieldError, FieldLabel } from '../../ui/components/field';
import { Textarea } from '../../ui/components/textarea';

const meta = {
  title: 'UI/Textarea',
  component: Textarea,
  args: { placeholder: 'What should the agent never say?' },
  render: (args) => (
    <Field className="max-w-md">
      <FieldLabel>Agent instructions</FieldLabel>
      <Textarea {...args} />
      <FieldDescription>Plain text, up to 2,000 characters.</FieldDescription>
    </Field>
  ),
} satisfies Meta<typeof Textarea>;
export default meta;
type Story = StoryObj<typeof meta>;

const DefaultStory: Story = {
  play: async ({ canvasElement }) => {
    const textarea = within(canvasElement).getByRole('textbox', { name: 'Agent instructions' });
    await expect(textarea).toHaveAccessibleDescription('Plain text, up to 2,000 characters.');
    await userEvent.type(textarea, 'Be brief.{Enter}Never promise discounts.');
    await expect(textarea).toHaveValue('Be brief.\nNever promise discounts.');
  },
};
export const Default: Story = DefaultStory;
export const DefaultDim: Story = { ...DefaultStory, globals: { theme: 'dim' } };

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Locked while the agent is publishing.' },
  play: async ({ canvasElement }) => {
    const textarea = within(canvasElement).getByRole('textbox', { name: 'Agent instructions' });
    await expect(textarea).toBeDisabled();
    await userEvent.type(textarea, 'x', { pointerEventsCheck: 0 });
    await expect(textarea).toHaveValue('Locked while the agent is publishing.');
  },
};

const WithErrorStory: Story = {
  render: (args) => (
    <Field className="max-w-md">
      <FieldLabel>Agent instructions</FieldLabel>
      <Textarea {...args} />
      <FieldError>Instructions are required.</FieldError>
    </Field>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const textarea = canvas.getByRole('textbox', { name: 'Agent instructions' });
    await expect(textarea).toBeInvalid();
    await expect(textarea).toHaveAccessibleDescription('Instructions are required.');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Instructions are required.');
  },
};
export const WithError: Story = WithErrorStory;
export const WithErrorDim: Story = { ...WithErrorStory, globals: { theme: 'dim' } };
