import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/ui/components/tabs';

const meta = {
  tags: ['design-system'],
  title: 'UI/Tabs',
  component: Tabs,
  args: { defaultValue: 'overview', onValueChange: fn() },
  render: (args) => (
    <Tabs {...args} className="w-[28rem]">
      <TabsList aria-label="Store settings">
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="credentials">Credentials</TabsTrigger>
        <TabsTrigger value="billing" disabled>
          Billing
        </TabsTrigger>
        <TabsTrigger value="agents">Agents</TabsTrigger>
      </TabsList>
      <TabsContent value="overview">Store health and recent agent runs.</TabsContent>
      <TabsContent value="credentials">OCAPI client ID and WebDAV access.</TabsContent>
      <TabsContent value="billing">Plan and invoices.</TabsContent>
      <TabsContent value="agents">Translation, SEO and AEO agents.</TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tablist', { name: 'Store settings' })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Overview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tabpanel', { name: 'Overview' })).toHaveTextContent(
      'Store health and recent agent runs.',
    );
    await expect(canvas.getByRole('tab', { name: 'Billing' })).toBeDisabled();
  },
};

export const ArrowKeys: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: 'Overview' })).toHaveFocus();

    await userEvent.keyboard('{ArrowRight}');
    const credentials = canvas.getByRole('tab', { name: 'Credentials' });
    await expect(credentials).toHaveFocus();
    await expect(credentials).toHaveAttribute('aria-selected', 'true');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('credentials');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent(
      'OCAPI client ID and WebDAV access.',
    );

    // The disabled tab is skipped.
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Agents' })).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('agents');

    // Focus wraps around; Home and End jump to the ends.
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('tab', { name: 'Agents' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(credentials).toHaveAttribute('aria-selected', 'true');

    await expect(credentials).toHaveStyle({ outlineStyle: 'solid' });

    // Tab leaves the list and lands on the panel, with a visible focus ring.
    await userEvent.tab();
    const panel = canvas.getByRole('tabpanel', { name: 'Credentials' });
    await expect(panel).toHaveFocus();
    await expect(panel).toHaveStyle({ outlineStyle: 'solid', outlineWidth: '2px' });
  },
};

export const Click: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Agents' }));
    await expect(canvas.getByRole('tabpanel', { name: 'Agents' })).toHaveTextContent(
      'Translation, SEO and AEO agents.',
    );
    await userEvent.click(canvas.getByRole('tab', { name: 'Billing' }), { pointerEventsCheck: 0 });
    await expect(args.onValueChange).not.toHaveBeenCalledWith('billing');
  },
};

export const Dim: Story = { ...Click, globals: { theme: 'dim' } };

export const LineVariant: Story = {
  render: (args) => (
    <Tabs {...args} className="w-[28rem]">
      <TabsList variant="line" aria-label="Review queue">
        <TabsTrigger value="overview">Pending</TabsTrigger>
        <TabsTrigger value="approved">Approved</TabsTrigger>
        <TabsTrigger value="rejected">Rejected</TabsTrigger>
      </TabsList>
      <TabsContent value="overview">12 pending reviews.</TabsContent>
      <TabsContent value="approved">340 approved.</TabsContent>
      <TabsContent value="rejected">8 rejected.</TabsContent>
    </Tabs>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tablist')).toHaveAttribute('data-variant', 'line');
    await userEvent.click(canvas.getByRole('tab', { name: 'Approved' }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('340 approved.');
  },
};

export const LineVariantDim: Story = { ...LineVariant, globals: { theme: 'dim' } };

export const Vertical: Story = {
  args: { orientation: 'vertical' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('tab', { name: 'Credentials' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{ArrowUp}');
    await expect(canvas.getByRole('tab', { name: 'Overview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};
