import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentProps } from 'react';
import { expect, within } from 'storybook/test';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '~/ui/components/table';

const runs = [
  { id: 'run-1', agent: 'Translation', locale: 'de-DE', products: 120, status: 'Done' },
  { id: 'run-2', agent: 'SEO', locale: 'en-GB', products: 48, status: 'Running' },
  { id: 'run-3', agent: 'AEO', locale: 'fr-FR', products: 24, status: 'Queued' },
];

/** Caption and column headers shared by the filled and the empty table. */
function RunsTableHead() {
  return (
    <>
      <TableCaption>Agent runs this week</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Agent</TableHead>
          <TableHead>Locale</TableHead>
          <TableHead className="text-right">Products</TableHead>
          <TableHead>Status</TableHead>
        </TableRow>
      </TableHeader>
    </>
  );
}

function RunsTable({
  selectedId,
  ...props
}: ComponentProps<typeof Table> & { selectedId?: string }) {
  return (
    <Table {...props}>
      <RunsTableHead />
      <TableBody>
        {runs.map((run) => (
          <TableRow
            key={run.id}
            data-state={run.id === selectedId ? 'selected' : undefined}
            aria-selected={run.id === selectedId ? true : undefined}
          >
            <TableCell className="font-medium">{run.agent}</TableCell>
            <TableCell>{run.locale}</TableCell>
            <TableCell className="text-right tabular-nums">{run.products}</TableCell>
            <TableCell>{run.status}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell colSpan={2}>Total</TableCell>
          <TableCell className="text-right tabular-nums">192</TableCell>
          <TableCell />
        </TableRow>
      </TableFooter>
    </Table>
  );
}

const meta = {
  tags: ['design-system'],
  title: 'UI/Table',
  component: Table,
  render: (args) => <RunsTable {...args} />,
} satisfies Meta<typeof Table>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Agent runs this week' });
    const headers = within(table).getAllByRole('columnheader');
    await expect(headers.map((h) => h.textContent)).toEqual([
      'Agent',
      'Locale',
      'Products',
      'Status',
    ]);
    // Header row, three runs, total row.
    await expect(within(table).getAllByRole('row')).toHaveLength(5);
    await expect(within(table).getByRole('row', { name: 'SEO en-GB 48 Running' })).toBeVisible();
    await expect(within(table).getByRole('row', { name: 'Total 192' })).toBeVisible();
  },
};

export const SelectedRow: Story = {
  render: (args) => <RunsTable {...args} selectedId="run-2" />,
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('row', { name: 'SEO en-GB 48 Running' });
    await expect(row).toHaveAttribute('data-state', 'selected');
  },
};

export const Dim: Story = { ...SelectedRow, globals: { theme: 'dim' } };

const EmptyStory: Story = {
  render: (args) => (
    <Table {...args}>
      <RunsTableHead />
      <TableBody>
        <TableRow>
          <TableCell colSpan={4} className="h-24 text-center text-base-content/75">
            No runs this week.
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  ),
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Agent runs this week' });
    // The headers stay, so the empty table still says what it would list.
    await expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    const cell = within(table).getByRole('cell', { name: 'No runs this week.' });
    await expect(cell).toHaveAttribute('colspan', '4');
    await expect(within(table).getAllByRole('row')).toHaveLength(2);
  },
};
/** No rows: one full-width cell says so. */
export const Empty: Story = EmptyStory;
export const EmptyDim: Story = { ...EmptyStory, globals: { theme: 'dim' } };
