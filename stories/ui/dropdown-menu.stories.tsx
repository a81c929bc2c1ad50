import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '~/ui/components/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '~/ui/components/dropdown-menu';

const onSelectItem = fn();

function AccountMenu(props: { defaultOpen?: boolean; onOpenChange?: (open: boolean) => void }) {
  return (
    <DropdownMenu {...props}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">Account</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-56" align="start">
        <DropdownMenuLabel>My account</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem onSelect={() => onSelectItem('profile')}>
            Profile
            <DropdownMenuShortcut>⇧⌘P</DropdownMenuShortcut>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onSelectItem('billing')}>
            Billing
            <DropdownMenuShortcut>⌘B</DropdownMenuShortcut>
          </DropdownMenuItem>
          <DropdownMenuItem disabled>API keys</DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>Invite teammates</DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <DropdownMenuItem onSelect={() => onSelectItem('email')}>By email</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onSelectItem('link')}>
              Copy invite link
            </DropdownMenuItem>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onSelectItem('sign-out')}>
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const meta = {
  tags: ['design-system'],
  title: 'UI/DropdownMenu',
  component: DropdownMenu,
  args: { onOpenChange: fn() },
  beforeEach: () => {
    onSelectItem.mockClear();
  },
  render: (args) => <AccountMenu {...args} />,
} satisfies Meta<typeof DropdownMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Account' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};

export const KeyboardChooseItem: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Account' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const menu = await body().findByRole('menu', { name: 'Account' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await expect(within(menu).getByRole('menuitem', { name: 'Profile ⇧⌘P' })).toHaveFocus();

    await userEvent.keyboard('{ArrowDown}');
    const billing = within(menu).getByRole('menuitem', { name: 'Billing ⌘B' });
    await expect(billing).toHaveFocus();
    // The disabled item is skipped.
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Invite teammates' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(billing).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await expect(onSelectItem).toHaveBeenCalledOnce();
    await expect(onSelectItem).toHaveBeenCalledWith('billing');
    await waitFor(() => expect(body().queryByRole('menu')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const ClickChooseItem: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Account' }));
    const menu = await body().findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Profile ⇧⌘P' }));
    await expect(onSelectItem).toHaveBeenCalledOnce();
    await expect(onSelectItem).toHaveBeenCalledWith('profile');
    await waitFor(() => expect(body().queryByRole('menu')).toBeNull());
  },
};

export const DisabledItem: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const menu = await body().findByRole('menu');
    const item = within(menu).getByRole('menuitem', { name: 'API keys' });
    await expect(item).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(item, { pointerEventsCheck: 0 });
    await expect(onSelectItem).not.toHaveBeenCalled();
    await expect(body().getByRole('menu')).toBeVisible();
  },
};

export const Destructive: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const menu = await body().findByRole('menu');
    const signOut = within(menu).getByRole('menuitem', { name: 'Sign out' });
    await expect(signOut).toHaveAttribute('data-variant', 'destructive');
    await userEvent.hover(signOut);
    await expect(signOut).toHaveFocus();
  },
};

export const DestructiveDim: Story = { ...Destructive, globals: { theme: 'dim' } };

export const Submenu: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Account' }));
    const menu = await body().findByRole('menu', { name: 'Account' });
    const subTrigger = within(menu).getByRole('menuitem', { name: 'Invite teammates' });
    await expect(subTrigger).toHaveAttribute('aria-haspopup', 'menu');
    subTrigger.focus();
    await userEvent.keyboard('{ArrowRight}');

    const submenu = await body().findByRole('menu', { name: 'Invite teammates' });
    await waitFor(() =>
      expect(within(submenu).getByRole('menuitem', { name: 'By email' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() =>
      expect(body().queryByRole('menu', { name: 'Invite teammates' })).toBeNull(),
    );
    await expect(subTrigger).toHaveFocus();
  },
};

function PreferencesMenu() {
  const [statusBar, setStatusBar] = useState(true);
  const [panel, setPanel] = useState(false);
  const [position, setPosition] = useState('bottom');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">View</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-56" align="start">
        <DropdownMenuLabel>Show</DropdownMenuLabel>
        <DropdownMenuCheckboxItem checked={statusBar} onCheckedChange={setStatusBar}>
          Status bar
        </DropdownMenuCheckboxItem>
        <DropdownMenuCheckboxItem checked={panel} onCheckedChange={setPanel}>
          Panel
        </DropdownMenuCheckboxItem>
        <DropdownMenuCheckboxItem disabled checked={false}>
          Activity log
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Panel position</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={position} onValueChange={setPosition}>
          <DropdownMenuRadioItem value="top">Top</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="bottom">Bottom</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="right">Right</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export const CheckboxAndRadioItems: Story = {
  render: () => <PreferencesMenu />,
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'View' });
    await userEvent.click(trigger);
    let menu = await body().findByRole('menu');
    await expect(within(menu).getByRole('menuitemcheckbox', { name: 'Status bar' })).toBeChecked();
    await expect(within(menu).getByRole('menuitemradio', { name: 'Bottom' })).toBeChecked();

    await userEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Panel' }));
    await userEvent.click(trigger);
    menu = await body().findByRole('menu');
    await expect(within(menu).getByRole('menuitemcheckbox', { name: 'Panel' })).toBeChecked();

    within(menu).getByRole('menuitemradio', { name: 'Bottom' }).focus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(body().queryByRole('menu')).toBeNull());
    await userEvent.click(trigger);
    menu = await body().findByRole('menu');
    await expect(within(menu).getByRole('menuitemradio', { name: 'Right' })).toBeChecked();
    await expect(within(menu).getByRole('menuitemradio', { name: 'Bottom' })).not.toBeChecked();
    await expect(
      within(menu).getByRole('menuitemcheckbox', { name: 'Activity log' }),
    ).toHaveAttribute('aria-disabled', 'true');
  },
};

export const CheckboxAndRadioItemsDim: Story = {
  render: () => <PreferencesMenu />,
  globals: { theme: 'dim' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'View' }));
    const menu = await body().findByRole('menu');
    await expect(within(menu).getByRole('menuitemradio', { name: 'Bottom' })).toBeChecked();
  },
};
