import type { Meta, StoryObj } from '@storybook/react-vite';
import type { FormEvent } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Textarea } from '~/ui/components/textarea';

const onSubmit = fn((event: FormEvent) => event.preventDefault());

const meta = {
  tags: ['design-system'],
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

/** Reached with Tab; Enter types a new line (it never submits), Tab leaves the field. */
export const Keyboard: Story = {
  render: (args) => (
    <form onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
      <Field>
        <FieldLabel>Agent instructions</FieldLabel>
        <Textarea {...args} />
      </Field>
      <button
        type="submit"
        className="w-fit rounded-field border border-base-300 px-3 py-1.5 text-sm"
      >
        Save
      </button>
    </form>
  ),
  play: async ({ canvasElement }) => {
    onSubmit.mockClear();
    const canvas = within(canvasElement);
    const textarea = canvas.getByRole('textbox', { name: 'Agent instructions' });
    await userEvent.tab();
    await expect(textarea).toHaveFocus();
    await expect(textarea).toHaveStyle({ outlineStyle: 'solid', outlineWidth: '2px' });
    await userEvent.keyboard('Be brief.{Enter}Cite the catalogue.');
    await expect(textarea).toHaveValue('Be brief.\nCite the catalogue.');
    await expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Save' })).toHaveFocus();
  },
};
