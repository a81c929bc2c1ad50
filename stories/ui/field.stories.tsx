import type { Meta, StoryObj } from '@storybook/react-vite';
import { type FormEvent, useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '~/ui/components/button';
import { Checkbox } from '~/ui/components/checkbox';
import { Field, FieldDescription, FieldError, FieldLabel } from '~/ui/components/field';
import { Input } from '~/ui/components/input';
import { Switch } from '~/ui/components/switch';

const meta = {
  tags: ['design-system'],
  title: 'UI/Field',
  component: Field,
  args: { className: 'max-w-sm' },
  render: (args) => (
    <Field {...args}>
      <FieldLabel>Site ID</FieldLabel>
      <Input defaultValue="RefArch" />
      <FieldDescription>As shown in Business Manager.</FieldDescription>
    </Field>
  ),
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithDescription: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Site ID' });
    await expect(input).toHaveAccessibleDescription('As shown in Business Manager.');
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

export const LabelOnly: Story = {
  render: (args) => (
    <Field {...args}>
      <FieldLabel>Site ID</FieldLabel>
      <Input />
    </Field>
  ),
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Site ID' });
    // No description or error mounted, so no dangling aria-describedby.
    await expect(input).not.toHaveAttribute('aria-describedby');
    await userEvent.click(within(canvasElement).getByText('Site ID'));
    await expect(input).toHaveFocus();
  },
};

const WithErrorStory: Story = {
  render: (args) => (
    <Field {...args}>
      <FieldLabel>Site ID</FieldLabel>
      <Input defaultValue="Ref Arch" />
      <FieldDescription>As shown in Business Manager.</FieldDescription>
      <FieldError>Site IDs have no spaces.</FieldError>
    </Field>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Site ID' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(
      'As shown in Business Manager. Site IDs have no spaces.',
    );
    await expect(canvas.getByRole('alert')).toHaveTextContent('Site IDs have no spaces.');
    await expect(canvasElement.querySelector('[data-slot="field"]')).toHaveAttribute(
      'data-invalid',
      'true',
    );
  },
};
export const WithError: Story = WithErrorStory;
export const WithErrorDim: Story = { ...WithErrorStory, globals: { theme: 'dim' } };

function ValidatedForm({ className }: { className?: string }) {
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = new FormData(e.currentTarget).get('siteId');
    setError(value ? null : 'Enter a site ID.');
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field className={className}>
        <FieldLabel>Site ID</FieldLabel>
        <Input name="siteId" />
        <FieldError>{error}</FieldError>
      </Field>
      <Button type="submit" className="w-fit">
        Connect
      </Button>
    </form>
  );
}

/** The error appears on submit and goes once fixed; the control's aria follows it. */
export const ErrorAppearsAndClears: Story = {
  render: (args) => <ValidatedForm className={args.className} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Site ID' });
    await expect(canvas.queryByRole('alert')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Connect' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Enter a site ID.');
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Enter a site ID.');
    await userEvent.type(input, 'RefArch');
    await userEvent.keyboard('{Enter}');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(input).not.toHaveAttribute('aria-invalid');
    await expect(input).not.toHaveAttribute('aria-describedby');
  },
};

const HorizontalStory: Story = {
  args: { orientation: 'horizontal' },
  render: (args) => (
    <div className="flex flex-col gap-6">
      <Field {...args}>
        <Checkbox />
        <FieldLabel>Email me when a sync fails</FieldLabel>
        <FieldDescription>Sent to every admin.</FieldDescription>
      </Field>
      <Field {...args}>
        <Switch defaultChecked />
        <FieldLabel>Agent online</FieldLabel>
      </Field>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const checkbox = canvas.getByRole('checkbox', { name: 'Email me when a sync fails' });
    await expect(checkbox).toHaveAccessibleDescription('Sent to every admin.');
    // Clicking the label toggles the control, as with native inputs.
    await userEvent.click(canvas.getByText('Email me when a sync fails'));
    await expect(checkbox).toBeChecked();
    const toggle = canvas.getByRole('switch', { name: 'Agent online' });
    await expect(toggle).toBeChecked();
    await userEvent.click(canvas.getByText('Agent online'));
    await expect(toggle).not.toBeChecked();
  },
};
export const Horizontal: Story = HorizontalStory;
export const HorizontalDim: Story = { ...HorizontalStory, globals: { theme: 'dim' } };
