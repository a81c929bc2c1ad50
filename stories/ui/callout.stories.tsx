import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';

const onRetry = fn();

const meta = {
  tags: ['design-system'],
  title: 'UI/Callout',
  component: Callout,
  args: {
    title: 'Catalogue sync scheduled',
    description: 'Beacon re-reads your catalogue every night at 02:00.',
  },
} satisfies Meta<typeof Callout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {
  play: async ({ canvasElement }) => {
    const callout = within(canvasElement).getByRole('status');
    await expect(callout).toHaveTextContent('Catalogue sync scheduled');
    await expect(callout).toHaveTextContent('Beacon re-reads your catalogue every night at 02:00.');
    await expect(callout).toHaveAttribute('data-variant', 'info');
  },
};

export const Success: Story = {
  args: { variant: 'success', title: 'Agent published', description: undefined },
  play: async ({ canvasElement }) => {
    const callout = within(canvasElement).getByRole('status');
    await expect(callout).toHaveAttribute('data-variant', 'success');
    await expect(callout).toHaveTextContent('Agent published');
    await expect(callout.querySelector('[data-slot="callout-description"]')).toBeNull();
  },
};

export const Warning: Story = {
  args: {
    variant: 'warning',
    title: 'Trial ends in 3 days',
    description: 'Add a plan to keep your agents online.',
    action: (
      <Button size="sm" variant="outline">
        Choose a plan
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const callout = within(canvasElement).getByRole('status');
    await expect(callout).toHaveAttribute('data-variant', 'warning');
    await expect(callout).toHaveTextContent('Trial ends in 3 days');
    await expect(within(callout).getByRole('button', { name: 'Choose a plan' })).toBeEnabled();
  },
};

const ErrorStory: Story = {
  args: {
    variant: 'error',
    title: 'Could not reach Salesforce B2C Commerce',
    description: 'Check the OCAPI client ID, then try again.',
    action: (
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    onRetry.mockClear();
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveAttribute('data-variant', 'error');
    await expect(alert).toHaveTextContent('Could not reach Salesforce B2C Commerce');
    await expect(alert).toHaveTextContent('Check the OCAPI client ID, then try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(onRetry).toHaveBeenCalledOnce();
  },
};
export const Error: Story = ErrorStory;

export const WithoutIcon: Story = {
  args: { icon: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="callout-icon"]')).toBeNull();
  },
};

const AllVariants: Story = {
  render: (args) => (
    <div className="flex max-w-xl flex-col gap-3">
      {(['info', 'success', 'warning', 'error'] as const).map((v) => (
        <Callout key={v} {...args} variant={v} title={`${v} title`} description={`${v} text`} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('status')).toHaveLength(3);
    await expect(canvas.getByRole('alert')).toHaveTextContent('error title');
  },
};
export const Variants: Story = AllVariants;
export const VariantsDim: Story = { ...AllVariants, globals: { theme: 'dim' } };
export const ErrorDim: Story = { ...ErrorStory, globals: { theme: 'dim' } };

/** The action is an ordinary button: Tab reaches it, Enter runs it. The icon is skipped. */
export const ActionByKeyboard: Story = {
  ...ErrorStory,
  play: async ({ canvasElement }) => {
    onRetry.mockClear();
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert.querySelector('[data-slot="callout-icon"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    await userEvent.tab();
    const retry = within(alert).getByRole('button', { name: 'Try again' });
    await expect(retry).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onRetry).toHaveBeenCalledOnce();
  },
};
