import type { Meta, StoryObj } from '@storybook/react-vite';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '~/ui/components/button';

const meta = {
  tags: ['design-system'],
  title: 'UI/Button',
  component: Button,
  args: { children: 'Save changes', onClick: fn() },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save changes' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledOnce();
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap gap-3">
      {(['primary', 'secondary', 'outline', 'ghost', 'destructive', 'link'] as const).map((v) => (
        <Button key={v} {...args} variant={v}>
          {v}
        </Button>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const buttons = within(canvasElement).getAllByRole('button');
    await expect(buttons.map((b) => b.dataset.variant)).toEqual([
      'primary',
      'secondary',
      'outline',
      'ghost',
      'destructive',
      'link',
    ]);
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save changes' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
    // Busy, not disabled: it keeps its place in the tab order, and the keyboard cannot press it.
    await expect(button).not.toHaveAttribute('disabled');
    button.blur();
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter} ');
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** Pressed from the keyboard, a button that starts working keeps the focus (a disabled one drops it). */
function SaveOnce({ onSave }: { onSave: () => void }) {
  const [saving, setSaving] = useState(false);
  return (
    <Button
      loading={saving}
      onClick={() => {
        onSave();
        setSaving(true);
      }}
    >
      Save changes
    </Button>
  );
}
export const LoadingKeepsFocus: Story = {
  render: (args) => <SaveOnce onSave={args.onClick as () => void} />,
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save changes' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    // The browser moves focus off an element that stopped being focusable when it next renders.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    await expect(button).toHaveFocus();
    // A second press while it works does nothing.
    await userEvent.keyboard('{Enter} ');
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

/** A busy submit button stops the form being sent again, by Enter in a field too. */
export const LoadingInForm: Story = {
  args: { loading: true, type: 'submit' },
  render: (args) => (
    <form
      aria-label="Profile"
      onSubmit={(event) => {
        event.preventDefault();
        (args.onClick as () => void)();
      }}
      className="flex items-end gap-3"
    >
      <label className="flex flex-col gap-1 text-sm">
        Name
        <input className="rounded-field border border-base-300 bg-base-100 px-3 py-2" />
      </label>
      <Button loading={args.loading} type="submit">
        Save changes
      </Button>
    </form>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), 'Ada{Enter}');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }), {
      pointerEventsCheck: 0,
    });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

const sizes = ['sm', 'md', 'lg', 'icon'] as const;

export const Sizes: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      {sizes.map((size) =>
        size === 'icon' ? (
          <Button key={size} {...args} size={size} aria-label="Add store">
            <PlusIcon aria-hidden />
          </Button>
        ) : (
          <Button key={size} {...args} size={size}>
            Size {size}
          </Button>
        ),
      )}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const buttons = within(canvasElement).getAllByRole('button');
    await expect(buttons.map((b) => b.dataset.size)).toEqual([...sizes]);
    await expect(buttons.map((b) => b.textContent || b.getAttribute('aria-label'))).toEqual([
      'Size sm',
      'Size md',
      'Size lg',
      'Add store',
    ]);
    // Each size is its own height: 32, 40 and 48 px, and the icon button is square.
    const heights = buttons.map((b) => b.getBoundingClientRect().height);
    await expect(heights).toEqual([32, 40, 48, 40]);
    const icon = buttons[3]!.getBoundingClientRect();
    await expect(icon.width).toBe(icon.height);
  },
};

const DisabledStory: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save changes' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('disabled');
    await expect(button).not.toHaveAttribute('aria-busy');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    // Not reachable with Tab, so the keyboard cannot press it either.
    await userEvent.tab();
    await expect(button).not.toHaveFocus();
    await userEvent.keyboard('{Enter} ');
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};
export const Disabled: Story = DisabledStory;
export const DisabledDim: Story = { ...DisabledStory, globals: { theme: 'dim' } };

/** asChild: a link (the app passes its router Link) styled as a button, still a link. */
export const AsLink: Story = {
  args: {
    asChild: true,
    variant: 'outline',
    children: <a href="#connect-store">Connect a store</a>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole('link', { name: 'Connect a store' });
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(link.tagName).toBe('A');
    await expect(link).toHaveAttribute('href', '#connect-store');
    await expect(link).toHaveAttribute('data-slot', 'button');
    await expect(link).toHaveAttribute('data-variant', 'outline');
    await expect(link).not.toHaveAttribute('disabled');
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};

/** Tab reaches the button; Enter and Space each press it once, as with a native button. */
export const Keyboard: Story = {
  render: (args) => (
    <div className="flex gap-3">
      <Button {...args} variant="outline" onClick={undefined}>
        Cancel
      </Button>
      <Button {...args} />
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    const save = canvas.getByRole('button', { name: 'Save changes' });
    await expect(save).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await userEvent.keyboard(' ');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
    // A visible focus ring marks where the keyboard is.
    await expect(save).toHaveStyle({ outlineStyle: 'solid', outlineWidth: '2px' });
  },
};
