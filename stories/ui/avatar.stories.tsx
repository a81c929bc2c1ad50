import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Avatar, AvatarFallback, AvatarImage, initials } from '~/ui/components/avatar';

// Inline so the story never touches the network.
const portrait = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#6d5bd0"/><circle cx="32" cy="26" r="12" fill="#f4e9dd"/><rect x="14" y="42" width="36" height="22" rx="11" fill="#f4e9dd"/></svg>',
)}`;
const broken = 'data:image/png;base64,not-an-image';

const meta = {
  tags: ['design-system'],
  title: 'UI/Avatar',
  component: Avatar,
  args: { size: 'md' },
  render: (args) => (
    <Avatar {...args}>
      <AvatarImage src={portrait} alt="Ada Lovelace" />
      <AvatarFallback>{initials('Ada Lovelace')}</AvatarFallback>
    </Avatar>
  ),
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithImage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const img = await canvas.findByRole('img', { name: 'Ada Lovelace' });
    await expect(img).toHaveAttribute('data-slot', 'avatar-image');
    await expect(canvas.queryByText('AL')).toBeNull();
  },
};

const FallbackStory: Story = {
  render: (args) => (
    <Avatar {...args}>
      <AvatarImage src={broken} alt="Ada Lovelace" />
      <AvatarFallback>{initials('Ada Lovelace')}</AvatarFallback>
    </Avatar>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('AL')).toHaveAttribute('data-slot', 'avatar-fallback');
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};
/** The image fails to load, so the initials show instead. */
export const BrokenImageFallback: Story = FallbackStory;
export const BrokenImageFallbackDim: Story = { ...FallbackStory, globals: { theme: 'dim' } };

export const NoImage: Story = {
  render: (args) => (
    <Avatar {...args}>
      <AvatarFallback>{initials('acme')}</AvatarFallback>
    </Avatar>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('A')).toBeVisible();
  },
};

export const UnknownName: Story = {
  render: (args) => (
    <Avatar {...args}>
      <AvatarFallback>{initials('')}</AvatarFallback>
    </Avatar>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('?')).toBeVisible();
  },
};

const SizesStory: Story = {
  render: (args) => (
    <div className="flex items-center gap-3">
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <Avatar key={size} {...args} size={size}>
          <AvatarFallback>{initials('Grace Hopper')}</AvatarFallback>
        </Avatar>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const avatars = canvasElement.querySelectorAll<HTMLElement>('[data-slot="avatar"]');
    await expect([...avatars].map((a) => a.dataset.size)).toEqual(['sm', 'md', 'lg']);
    await expect(within(canvasElement).getAllByText('GH')).toHaveLength(3);
  },
};
export const Sizes: Story = SizesStory;
export const SizesDim: Story = { ...SizesStory, globals: { theme: 'dim' } };
