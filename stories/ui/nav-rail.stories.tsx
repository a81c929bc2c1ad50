import type { Meta, StoryObj } from '@storybook/react-vite';
import { BotIcon, HouseIcon, PackageIcon, SettingsIcon, StarIcon } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { NAV_RAIL_WIDTH } from '~/domain/shared/constants';
import {
  NavRail,
  NavRailFooter,
  NavRailHeader,
  NavRailItem,
  type NavRailProps,
  NavRailSection,
  NavRailToggle,
} from '~/ui/components/nav-rail';

/** Owns the rail's state as the app would, and reports each change to the story's spy. */
function AppNavRail({ expanded: initial, onExpandedChange, ...props }: NavRailProps) {
  const [expanded, setExpanded] = useState(initial);
  return (
    <div className="h-[520px]">
      <NavRail
        {...props}
        expanded={expanded}
        onExpandedChange={(next) => {
          setExpanded(next);
          onExpandedChange(next);
        }}
      >
        <NavRailHeader>
          <NavRailToggle />
          {expanded ? <span className="font-display text-lg font-semibold">Beacon</span> : null}
        </NavRailHeader>
        <NavRailSection>
          {/* asChild: the app passes its router Link here; a plain anchor stands in. */}
          <NavRailItem asChild active icon={<HouseIcon />} label="Home">
            <a href="#home" />
          </NavRailItem>
          <NavRailItem asChild icon={<PackageIcon />} label="Products">
            <a href="#products" />
          </NavRailItem>
          <NavRailItem asChild icon={<StarIcon />} label="Reviews">
            <a href="#reviews" />
          </NavRailItem>
        </NavRailSection>
        <NavRailSection title="Automation">
          <NavRailItem href="#agents" icon={<BotIcon />} label="Agents" />
        </NavRailSection>
        <NavRailFooter>
          <NavRailSection>
            <NavRailItem href="#settings" icon={<SettingsIcon />} label="Settings" />
          </NavRailSection>
        </NavRailFooter>
      </NavRail>
    </div>
  );
}

const meta = {
  tags: ['design-system'],
  title: 'UI/NavRail',
  component: NavRail,
  args: { expanded: true, onExpandedChange: fn() },
  parameters: { layout: 'fullscreen' },
  render: (args) => <AppNavRail {...args} />,
} satisfies Meta<typeof NavRail>;
export default meta;
type Story = StoryObj<typeof meta>;

const width = (el: HTMLElement) => el.getBoundingClientRect().width;

export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rail = canvas.getByRole('navigation', { name: 'Main' });
    await expect(rail).toHaveAttribute('data-state', 'expanded');
    await expect(width(rail)).toBe(NAV_RAIL_WIDTH.expanded);
    await expect(width(rail)).toBe(240);

    await expect(canvas.getByText('Products')).toBeVisible();
    await expect(canvas.getByText('Automation')).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Automation' })).toContainElement(
      canvas.getByRole('link', { name: 'Agents' }),
    );
    await expect(canvas.getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('link', { name: 'Products' })).not.toHaveAttribute(
      'aria-current',
    );
    const toggle = canvas.getByRole('button', { name: 'Collapse navigation' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAttribute('aria-controls', rail.id);
  },
};

export const Collapsed: Story = {
  args: { expanded: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rail = canvas.getByRole('navigation', { name: 'Main' });
    await expect(rail).toHaveAttribute('data-state', 'collapsed');
    await expect(width(rail)).toBe(NAV_RAIL_WIDTH.collapsed);
    await expect(width(rail)).toBe(72);

    // Labels are visually hidden but remain the links' names.
    const products = canvas.getByRole('link', { name: 'Products' });
    await expect(products).toHaveAttribute('href', '#products');
    await expect(width(canvas.getByText('Products'))).toBeLessThanOrEqual(1);
    await expect(canvas.getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const toggle = canvas.getByRole('button', { name: 'Expand navigation' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  },
};

export const CollapsedTooltipOnFocus: Story = {
  args: { expanded: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Expand navigation' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    const products = canvas.getByRole('link', { name: 'Products' });
    await expect(products).toHaveFocus();
    // The keyboard's position is visible: the focus ring is drawn around the link.
    await expect(products).toHaveStyle({ outlineStyle: 'solid', outlineWidth: '2px' });
    const tooltip = await within(document.body).findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Products');
  },
};

export const CollapsedTooltipDim: Story = {
  ...CollapsedTooltipOnFocus,
  globals: { theme: 'dim' },
};

export const ToggleCollapsesAndExpands: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const rail = canvas.getByRole('navigation', { name: 'Main' });
    await expect(width(rail)).toBe(240);

    await userEvent.click(canvas.getByRole('button', { name: 'Collapse navigation' }));
    await expect(args.onExpandedChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(width(rail)).toBe(72));
    await expect(rail).toHaveAttribute('data-state', 'collapsed');
    const toggle = canvas.getByRole('button', { name: 'Expand navigation' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await expect(args.onExpandedChange).toHaveBeenLastCalledWith(true);
    await waitFor(() => expect(width(rail)).toBe(240));
    await expect(canvas.getByRole('button', { name: 'Collapse navigation' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(canvas.getByText('Products')).toBeVisible();
  },
};

export const ExpandedDim: Story = { ...Expanded, globals: { theme: 'dim' } };
