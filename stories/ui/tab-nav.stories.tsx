import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { TabNav, TabNavLink, TabNavList } from '~/ui/components/tab-nav';

const VIEWS = ['Organization', 'Environment', 'Prompts', 'Users'] as const;

/** Links with their own URLs; here the "navigation" only moves the active marker. */
function Example({ initial }: { initial: (typeof VIEWS)[number] }) {
  const [active, setActive] = useState<string>(initial);
  return (
    <TabNav aria-label="Settings" className="w-[32rem]">
      <TabNavList>
        {VIEWS.map((view) => (
          <TabNavLink
            key={view}
            active={view === active}
            href={`#${view.toLowerCase()}`}
            onClick={(event) => {
              event.preventDefault();
              setActive(view);
            }}
          >
            {view}
          </TabNavLink>
        ))}
      </TabNavList>
    </TabNav>
  );
}

const meta = {
  tags: ['design-system'],
  title: 'UI/TabNav',
  component: Example,
  args: { initial: 'Organization' },
} satisfies Meta<typeof Example>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Settings' });
    const current = within(nav).getByRole('link', { name: 'Organization' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'Users' })).not.toHaveAttribute(
      'aria-current',
    );
  },
};

export const KeyboardMovesBetweenViews: Story = {
  args: { initial: 'Environment' },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Settings' });
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    const prompts = within(nav).getByRole('link', { name: 'Prompts' });
    await expect(prompts).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(prompts).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'Environment' })).not.toHaveAttribute(
      'aria-current',
    );
  },
};
