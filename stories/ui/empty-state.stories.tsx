import type { Meta, StoryObj } from '@storybook/react-vite';
import { BotIcon, PlusIcon } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '~/ui/components/button';
import { EmptyState } from '~/ui/components/empty-state';

const onCreate = fn();

const meta = {
  tags: ['design-system'],
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

export const ActionByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    onCreate.mockClear();
    const canvas = within(canvasElement);
    await userEvent.tab();
    const create = canvas.getByRole('button', { name: 'Create agent' });
    await expect(create).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onCreate).toHaveBeenCalledOnce();
    // The icon is decorative: assistive tech hears the title, not the picture.
    await expect(canvasElement.querySelector('[data-slot="empty-state-icon"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  },
};

/** The next step is a page, so the action is a link styled as a button (Button asChild). */
export const WithLinkAction: Story = {
  args: {
    title: 'No stores connected',
    description: 'Connect a Salesforce B2C Commerce store to start.',
    action: (
      <Button asChild>
        <a href="#onboarding">Connect a store</a>
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole('link', { name: 'Connect a store' });
    await expect(link).toHaveAttribute('href', '#onboarding');
    await expect(link).toHaveAttribute('data-slot', 'button');
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};
