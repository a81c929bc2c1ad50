import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Badge } from '~/ui/components/badge';
import { Button } from '~/ui/components/button';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '~/ui/components/card';
import { Skeleton } from '~/ui/components/skeleton';

const onConnect = fn();

const meta = {
  tags: ['design-system'],
  title: 'UI/Card',
  component: Card,
  args: { className: 'w-96' },
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle asChild>
          <h2>Catalogue feed</h2>
        </CardTitle>
        <CardDescription>Products Beacon exposes to AI shopping agents.</CardDescription>
        <CardAction>
          <Badge variant="success">Live</Badge>
        </CardAction>
      </CardHeader>
      <CardContent>
        <p className="text-sm">1,284 products synced an hour ago.</p>
      </CardContent>
      <CardFooter>
        <Button size="sm" onClick={onConnect}>
          Sync now
        </Button>
      </CardFooter>
    </Card>
  ),
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

const DefaultStory: Story = {
  play: async ({ canvasElement }) => {
    onConnect.mockClear();
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Catalogue feed' })).toBeVisible();
    await expect(canvas.getByText('Products Beacon exposes to AI shopping agents.')).toBeVisible();
    await expect(canvas.getByText('Live')).toHaveAttribute('data-variant', 'success');
    await userEvent.click(canvas.getByRole('button', { name: 'Sync now' }));
    await expect(onConnect).toHaveBeenCalledOnce();
  },
};
export const Default: Story = DefaultStory;
export const DefaultDim: Story = { ...DefaultStory, globals: { theme: 'dim' } };

export const ContentOnly: Story = {
  render: (args) => (
    <Card {...args}>
      <CardContent>
        <p className="text-sm">A card is a plain surface; every part is optional.</p>
      </CardContent>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector('[data-slot="card"]');
    await expect(card).toHaveTextContent('A card is a plain surface; every part is optional.');
    await expect(card?.querySelector('[data-slot="card-header"]')).toBeNull();
  },
};

const LoadingStory: Story = {
  render: (args) => (
    <Card {...args} aria-busy="true">
      <span className="sr-only">Loading catalogue feed</span>
      <CardHeader>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-64" />
      </CardHeader>
      <CardContent>
        <Skeleton className="h-4 w-full" />
      </CardContent>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector('[data-slot="card"]');
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(within(canvasElement).getByText('Loading catalogue feed')).toHaveClass('sr-only');
    await expect(card?.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(3);
  },
};
export const Loading: Story = LoadingStory;
export const LoadingDim: Story = { ...LoadingStory, globals: { theme: 'dim' } };
