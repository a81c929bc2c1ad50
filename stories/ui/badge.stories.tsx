import type { Meta, StoryObj } from '@storybook/react-vite';
import { CheckIcon } from 'lucide-react';
import { expect, userEvent, within } from 'storybook/test';
import { Badge } from '~/ui/components/badge';

const variants = ['neutral', 'primary', 'success', 'warning', 'error', 'info', 'outline'] as const;

const meta = {
  tags: ['design-system'],
  title: 'UI/Badge',
  component: Badge,
  args: { children: 'Draft' },
  play: async ({ canvasElement, args }) => {
    const badge = within(canvasElement).getByText('Draft');
    await expect(badge).toBeVisible();
    await expect(badge).toHaveAttribute('data-variant', args.variant ?? 'neutral');
  },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral: Story = {};
export const Primary: Story = { args: { variant: 'primary' } };
export const Success: Story = { args: { variant: 'success' } };
export const Warning: Story = { args: { variant: 'warning' } };
export const Error: Story = { args: { variant: 'error' } };
export const Info: Story = { args: { variant: 'info' } };
export const Outline: Story = { args: { variant: 'outline' } };

export const WithIcon: Story = {
  args: {
    variant: 'success',
    children: (
      <>
        <CheckIcon aria-hidden />
        Verified
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByText('Verified');
    await expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  },
};

export const AsLink: Story = {
  args: { variant: 'outline', asChild: true, children: <a href="#agents">3 agents</a> },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: '3 agents' });
    await expect(link).toHaveAttribute('href', '#agents');
    await expect(link).toHaveAttribute('data-slot', 'badge');
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};

const AllVariants: Story = {
  render: (args) => (
    <div className="flex flex-wrap gap-2">
      {variants.map((v) => (
        <Badge key={v} {...args} variant={v}>
          {v}
        </Badge>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    for (const v of variants) {
      await expect(within(canvasElement).getByText(v)).toHaveAttribute('data-variant', v);
    }
  },
};

export const Variants: Story = AllVariants;
export const VariantsDim: Story = { ...AllVariants, globals: { theme: 'dim' } };
