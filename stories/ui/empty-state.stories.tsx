import type { Meta, StoryObj } from '@storybook/react-vite';
import { BotIcon, PlusIcon } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../../ui/components/button';
import { EmptyState } from '../../ui/components/empty-state';

const onCreate = fn();

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  args: {
    icon: <BotIcon />,
    title: 'No agents yet',
    description: 'Agents answer shoppers’ questions using your catalogue.',
    action: (
      <Button onClick={onCreate}>
        <PlusIcon aria-hidden />
        Create agent
      </Button>
    ),
  },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

const WithActionStory: Story = {
  play: async ({ canvasElement }) => {
    onCreate.mockClear();
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No agents yet')).toBeVisible();
    await expect(
      canvas.getByText('Agents answer shoppers’ questions using your catalogue.'),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Create agent' }));
    await expect(onCreate).toHaveBeenCalledOnce();
  },
};
export const WithAction: Story = WithActionStory;
export const WithActionDim: Story = { ...WithActionStory, globals: { theme: 'dim' } };

export const WithoutAction: Story = {
  args: {
    title: 'No results',
    description: 'Try a different search term.',
    action: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No results')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const TitleOnly: Story = {
  args: { icon: undefined, description: undefined, action: undefined, title: 'Nothing here' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Nothing here')).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="empty-state-icon"]')).toBeNull();
  },
};
