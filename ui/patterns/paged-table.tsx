/**
 * A list screen's table, a page of it at a time: the count above it (announced when it changes), the
 * table, and the pages under it. Products, reviews and landing pages share this shape; each passes its
 * own count text, table and pagination name, and the link each page number goes to (a router Link).
 */
import { cva, type VariantProps } from 'class-variance-authority';
import type { ReactNode } from 'react';
import { Pagination, type PaginationProps } from '~/ui/components/pagination';

/** "2,350 products", above the table; a status, so a new count is announced when the filters change. */
export function ListCount({ children }: { children: ReactNode }) {
  return (
    <p role="status" data-slot="list-count" className="text-sm font-medium text-base-content/80">
      {children}
    </p>
  );
}

const rowLinkText = cva('text-primary underline-offset-4 hover:underline', {
  variants: {
    weight: { medium: 'font-medium', normal: '' },
  },
  defaultVariants: { weight: 'medium' },
});

/**
 * The text of a link in a row (the way into the item's detail), put inside the router Link the screen
 * renders around it. `weight="normal"` where the cell sets its own type (a monospaced id).
 */
export function RowLinkText({
  children,
  weight,
}: { children: ReactNode } & VariantProps<typeof rowLinkText>) {
  return <span className={rowLinkText({ weight })}>{children}</span>;
}

export interface PagedTableProps {
  /** Above the table: the ListCount, and whatever sits beside it. */
  header: ReactNode;
  /** The table, and anything between it and the header. */
  children: ReactNode;
  /** Where the list stands: the current page (1-based), its size, and the items across all pages. */
  pages: { page: number; pageSize: number; total: number; totalIsExact?: boolean };
  /** The pagination's accessible name, e.g. "Product pages". */
  pagesLabel: string;
  /** The link to page `page` around `children` (a router Link with the page in its search). */
  renderPageLink: PaginationProps['renderLink'];
  /** After the pages, e.g. the review queue's selection bar. */
  footer?: ReactNode;
}

export function PagedTable({
  header,
  children,
  pages,
  pagesLabel,
  renderPageLink,
  footer,
}: PagedTableProps) {
  return (
    <div data-slot="paged-table" className="flex flex-col gap-4">
      {header}
      {children}
      <Pagination
        aria-label={pagesLabel}
        page={pages.page}
        pageSize={pages.pageSize}
        total={pages.total}
        totalIsExact={pages.totalIsExact ?? true}
        renderLink={renderPageLink}
      />
      {footer}
    </div>
  );
}
