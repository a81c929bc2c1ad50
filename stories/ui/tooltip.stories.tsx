import type { Meta, StoryObj } from '@storybook/react-vite';
import { PlusIcon } from 'lucide-react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '~/ui/components/button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '~/ui/components/tooltip';

const meta = {
  tags: ['design-system'],
  title: 'UI/Tooltip',
  component: Tooltip,
  args: { onOpenChange: fn() },
  render: (args) => (
    <Tooltip {...args}>
      <TooltipTrigger asChild>
        <Button variant="outline" size="icon" aria-label="Add store">
          <PlusIcon aria-hidden />
        </Button>
      </TooltipTrigger>
      <TooltipContent>Connect another B2C Commerce store</TooltipContent>
    </Tooltip>
  ),
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const Hover: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Add store' });
    await expect(body().queryByRole('tooltip')).toBeNull();
    await userEvent.hover(trigger);
    const tooltip = await body().findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Connect another B2C Commerce store');
    await expect(trigger).toHaveAccessibleDescription('Connect another B2C Commerce store');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await userEvent.unhover(trigger);
    await waitFor(() => expect(body().queryByRole('tooltip')).toBeNull());
    // The visible bubble leaves after its exit animation, later than the hidden text above.
    await waitFor(() => expect(document.querySelector('[data-slot="tooltip-content"]')).toBeNull());
  },
};

export const KeyboardFocusAndEscape: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Add store' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await expect(await body().findByRole('tooltip')).toHaveTextContent(
      'Connect another B2C Commerce store',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('tooltip')).toBeNull());
    await waitFor(() => expect(document.querySelector('[data-slot="tooltip-content"]')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const tooltip = await body().findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Connect another B2C Commerce store');
  },
};

export const OpenDim: Story = { ...Open, globals: { theme: 'dim' } };

export const Sides: Story = {
  render: () => (
    <TooltipProvider>
      <div className="flex gap-4 p-12">
        {(['top', 'right', 'bottom', 'left'] as const).map((side) => (
          <Tooltip key={side} defaultOpen>
            <TooltipTrigger asChild>
              <Button variant="outline">{side}</Button>
            </TooltipTrigger>
            <TooltipContent side={side}>Opens on the {side}</TooltipContent>
          </Tooltip>
        ))}
      </div>
    </TooltipProvider>
  ),
  play: async () => {
    const tooltips = await body().findAllByRole('tooltip');
    await expect(tooltips.map((t) => t.textContent)).toEqual([
      'Opens on the top',
      'Opens on the right',
      'Opens on the bottom',
      'Opens on the left',
    ]);
    const sides = Array.from(document.querySelectorAll('[data-slot="tooltip-content"]')).map((el) =>
      el.getAttribute('data-side'),
    );
    await expect(sides).toEqual(['top', 'right', 'bottom', 'left']);
  },
};
