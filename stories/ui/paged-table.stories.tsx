import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/ui/components/table';
import { ListCount, PagedTable, RowLinkText } from '~/ui/patterns/paged-table';

const onNavigate = fn();

/** Stands in for a router Link: the story's "router" records where it would go instead of going. */
function link(href: string, target: number | string, children: ReactNode) {
  return (
    <a
      href={href}
      onClick={(event) => {
        event.preventDefault();
        onNavigate(target);
      }}
    >
      {children}
    </a>
  );
}

const pages = [
  { slug: 'summer-sale-2026', title: 'Summer Sale 2026', locale: 'en-US' },
  { slug: 'rentree-2026', title: 'Rentrée 2026', locale: 'fr-FR' },
  { slug: 'trail-running-guide', title: 'Trail Running Guide', locale: 'default' },
];

/** Page 2 of a list of 120, 24 a page: the count, a table whose first column links, the pages. */
function Demo() {
  return (
    <PagedTable
      header={<ListCount>120 landing pages</ListCount>}
      pages={{ page: 2, pageSize: 24, total: 120 }}
      pagesLabel="Landing page pages"
      renderPageLink={(target, children) => link(`?page=${target}`, target, children)}
    >
      <Table aria-label="Landing pages">
        <TableHeader>
          <TableRow>
            <TableHead>Title</TableHead>
            <TableHead>Slug</TableHead>
            <TableHead>Locale</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {pages.map((page) => (
            <TableRow key={page.slug}>
              <TableCell className="whitespace-normal">
                {link(`/${page.slug}`, page.slug, <RowLinkText>{page.title}</RowLinkText>)}
              </TableCell>
              <TableCell className="font-mono text-sm">
                {link(
                  `/${page.slug}`,
                  page.slug,
                  <RowLinkText weight="normal">{page.slug}</RowLinkText>,
                )}
              </TableCell>
              <TableCell>{page.locale}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </PagedTable>
  );
}

const meta = {
  title: 'Patterns/Paged table',
  tags: ['design-system'],
  beforeEach: () => {
    onNavigate.mockClear();
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const SecondPage: Story = {
  render: () => <Demo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('120 landing pages');
    const table = canvas.getByRole('table', { name: 'Landing pages' });
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
    await userEvent.click(within(table).getByRole('link', { name: 'Rentrée 2026' }));
    await expect(onNavigate).toHaveBeenLastCalledWith('rentree-2026');

    // Count, table, pages: in that order, one column.
    const slots = [...canvasElement.querySelector('[data-slot="paged-table"]')!.children].map(
      (child) => child.getAttribute('data-slot') ?? child.tagName.toLowerCase(),
    );
    await expect(slots).toEqual(['list-count', 'table-container', 'pagination']);

    const nav = canvas.getByRole('navigation', { name: 'Landing page pages' });
    await expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'href',
      '?page=1',
    );
    await userEvent.click(within(nav).getByRole('link', { name: 'Next' }));
    await expect(onNavigate).toHaveBeenLastCalledWith(3);
  },
};
