import { Slot } from '@radix-ui/react-slot';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { cn } from '~/ui/lib/cn';
import { buttonVariants } from './button';

/** A page number to link to, or a gap standing for the pages left out. */
export type PageItem = number | 'ellipsis';

/** Pages beside the current one, and at each end, that stay visible before a gap. */
const SIBLINGS = 1;
/** First + last + current with its siblings + two gaps: the row never changes length. */
const MAX_ITEMS = 7;

/**
 * The page buttons to show for `page` of `pageCount`: all of them when they fit in seven, else the
 * first, the last, the current page with its neighbours, and an ellipsis for each gap of two or more
 * (a gap of one shows that page instead, so the row always has seven items).
 */
export function pageItems(page: number, pageCount: number): PageItem[] {
  const count = Math.max(0, Math.floor(pageCount));
  if (count <= MAX_ITEMS) return range(1, count);
  const current = Math.min(Math.max(1, Math.floor(page)), count);
  // Slots in a run that touches an end: first/last, a gap, and current ± siblings widened to fill.
  const edgeRun = MAX_ITEMS - 2;
  if (current <= edgeRun - SIBLINGS) return [...range(1, edgeRun), 'ellipsis', count];
  if (current >= count - edgeRun + 1 + SIBLINGS)
    return [1, 'ellipsis', ...range(count - edgeRun + 1, count)];
  return [1, 'ellipsis', ...range(current - SIBLINGS, current + SIBLINGS), 'ellipsis', count];
}

/**
 * The page buttons when the count stopped before the last page (`pageCount` pages are known, more
 * follow): the first pages, or the first and the current page with its neighbours, then a gap.
 */
export function openPageItems(page: number, pageCount: number): PageItem[] {
  const count = Math.max(1, Math.floor(pageCount));
  const current = Math.min(Math.max(1, Math.floor(page)), count);
  const edgeRun = MAX_ITEMS - 2;
  const head: PageItem[] =
    current <= edgeRun - SIBLINGS
      ? range(1, Math.min(count, edgeRun))
      : [1, 'ellipsis', ...range(current - SIBLINGS, Math.min(count, current + SIBLINGS))];
  return [...head, 'ellipsis'];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

export type PaginationProps = Omit<ComponentProps<'nav'>, 'children'> & {
  /** The current page, 1-based. */
  page: number;
  pageSize: number;
  /** Number of items across all pages (with `totalIsExact` false, how many were counted: more follow). */
  total: number;
  /** False when the count stopped before the end: no last page is shown, and Next stays on. */
  totalIsExact?: boolean;
  /**
   * Returns the link element for `page` (e.g. a router Link with the page in its search params),
   * rendered around `children`. Pagination merges its styling and aria attributes onto it, as
   * `asChild` does, so the UI layer never knows the router.
   */
  renderLink: (page: number, children: ReactNode) => ReactElement;
};

export function Pagination({
  page,
  pageSize,
  total,
  totalIsExact = true,
  renderLink,
  className,
  'aria-label': ariaLabel = 'Pagination',
  ...props
}: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const current = Math.min(Math.max(1, page), pageCount);
  const items = totalIsExact ? pageItems(current, pageCount) : openPageItems(current, pageCount);

  return (
    <nav
      data-slot="pagination"
      aria-label={ariaLabel}
      className={cn('flex w-full justify-center', className)}
      {...props}
    >
      <ul data-slot="pagination-content" className="flex flex-row flex-wrap items-center gap-1">
        <li data-slot="pagination-item">
          <PaginationStep
            direction="previous"
            target={current > 1 ? current - 1 : null}
            renderLink={renderLink}
          />
        </li>
        {items.map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`ellipsis-${index}`} data-slot="pagination-item">
              <span
                data-slot="pagination-ellipsis"
                // Relative: the screen-reader text is positioned in it, not at the foot of the page
                // (where it made the whole window scroll past the app's own scroll area).
                className="relative flex size-10 items-center justify-center text-base-content/75"
              >
                <span aria-hidden>…</span>
                <span className="sr-only">More pages</span>
              </span>
            </li>
          ) : (
            <li key={item} data-slot="pagination-item">
              <Slot
                data-slot="pagination-link"
                data-active={item === current || undefined}
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Page ${item}`}
                className={buttonVariants({
                  variant: item === current ? 'outline' : 'ghost',
                  size: 'icon',
                  className: 'text-sm',
                })}
              >
                {renderLink(item, item)}
              </Slot>
            </li>
          ),
        )}
        <li data-slot="pagination-item">
          <PaginationStep
            direction="next"
            target={current < pageCount || !totalIsExact ? current + 1 : null}
            renderLink={renderLink}
          />
        </li>
      </ul>
    </nav>
  );
}

function PaginationStep({
  direction,
  target,
  renderLink,
}: {
  direction: 'previous' | 'next';
  /** The page to go to; null at either end, where the step is shown disabled. */
  target: number | null;
  renderLink: PaginationProps['renderLink'];
}) {
  const content =
    direction === 'previous' ? (
      <>
        <ChevronLeftIcon aria-hidden />
        <span>Previous</span>
      </>
    ) : (
      <>
        <span>Next</span>
        <ChevronRightIcon aria-hidden />
      </>
    );
  const className = buttonVariants({
    variant: 'ghost',
    size: 'md',
    className: direction === 'previous' ? 'pl-2.5' : 'pr-2.5',
  });
  const slot = direction === 'previous' ? 'pagination-previous' : 'pagination-next';
  if (target === null) {
    // A link with nowhere to go: no href, announced as a disabled link, out of the tab order.
    return (
      <a data-slot={slot} role="link" aria-disabled="true" className={className}>
        {content}
      </a>
    );
  }
  return (
    <Slot data-slot={slot} className={className}>
      {renderLink(target, content)}
    </Slot>
  );
}
