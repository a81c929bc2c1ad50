import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Skeleton } from '~/ui/components/skeleton';
import { Spinner } from '~/ui/components/spinner';

const meta = {
  tags: ['design-system'],
  title: 'UI/Spinner',
  component: Spinner,
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const spinner = within(canvasElement).getByRole('status', { name: 'Loading' });
    await expect(spinner).toHaveAttribute('data-size', 'md');
  },
};

export const CustomLabel: Story = {
  args: { label: 'Saving agent' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveAccessibleName('Saving agent');
  },
};

/** Inside something that already announces it is busy (a loading Button), the spinner is silent. */
export const Decorative: Story = {
  args: { label: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
    await expect(canvasElement.querySelector('[data-slot="spinner"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  },
};

const AllSizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-4 text-primary">
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <Spinner key={size} {...args} size={size} label={`Loading ${size}`} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const spinners = within(canvasElement).getAllByRole('status');
    await expect(spinners.map((s) => s.dataset.size)).toEqual(['sm', 'md', 'lg']);
  },
};
export const Sizes: Story = AllSizes;
export const SizesDim: Story = { ...AllSizes, globals: { theme: 'dim' } };

const SkeletonRender: Story = {
  render: () => (
    <div className="flex w-80 items-center gap-4" aria-busy="true">
      <span className="sr-only">Loading profile</span>
      <Skeleton className="size-12 rounded-full" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading profile')).toHaveClass('sr-only');
    const skeletons = canvasElement.querySelectorAll('[data-slot="skeleton"]');
    await expect(skeletons).toHaveLength(3);
    // Placeholders are decorative: assistive tech hears the busy container, not three blank boxes.
    for (const s of skeletons) await expect(s).toHaveAttribute('aria-hidden', 'true');
  },
};
export const SkeletonLoading: Story = SkeletonRender;
export const SkeletonLoadingDim: Story = { ...SkeletonRender, globals: { theme: 'dim' } };
