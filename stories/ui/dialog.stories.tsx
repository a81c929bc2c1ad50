import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '~/ui/components/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/ui/components/dialog';

const meta = {
  tags: ['design-system'],
  title: 'UI/Dialog',
  component: Dialog,
  args: { onOpenChange: fn() },
  render: (args) => (
    <Dialog {...args}>
      <DialogTrigger asChild>
        <Button variant="outline">Rename store</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rename store</DialogTitle>
          <DialogDescription>The name is shown to your team only.</DialogDescription>
        </DialogHeader>
        <label className="grid gap-1.5 text-sm font-medium">
          Store name
          <input
            defaultValue="RefArch Global"
            className="h-10 rounded-field border border-base-300 bg-base-100 px-3 font-normal"
          />
        </label>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button>Save</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Rename store' }),
    ).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(body().queryByRole('dialog')).toBeNull();
  },
};

export const KeyboardOpenTrapAndEscape: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Rename store' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const dialog = await body().findByRole('dialog', { name: 'Rename store' });
    await expect(dialog).toHaveAccessibleDescription('The name is shown to your team only.');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    const input = within(dialog).getByRole('textbox', { name: 'Store name' });
    await expect(input).toHaveFocus();

    // Focus cycles inside the dialog: Cancel, Save, Close, then back to the field.
    for (const name of ['Cancel', 'Save', 'Close']) {
      await userEvent.tab();
      await expect(within(dialog).getByRole('button', { name })).toHaveFocus();
    }
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(trigger).toHaveFocus();
  },
};

export const CloseButton: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Rename store' }));
    const dialog = await body().findByRole('dialog', { name: 'Rename store' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};

export const CancelInFooter: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Rename store' }));
    const dialog = await body().findByRole('dialog', { name: 'Rename store' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'Rename store' });
    await expect(dialog).toHaveAttribute('data-slot', 'dialog-content');
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();
  },
};

export const OpenDim: Story = {
  ...Open,
  globals: { theme: 'dim' },
};

export const WithoutCloseButton: Story = {
  args: { defaultOpen: true },
  render: (args) => (
    <Dialog {...args}>
      <DialogContent showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>Disconnect store?</DialogTitle>
          <DialogDescription>
            Agents stop running against this store until you connect it again.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep connected</Button>
          </DialogClose>
          <Button variant="destructive">Disconnect</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'Disconnect store?' });
    await expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await expect(within(dialog).getByRole('button', { name: 'Keep connected' })).toHaveFocus();
  },
};
