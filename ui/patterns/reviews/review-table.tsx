/** The review queue: one row per proposal, with a checkbox to pick it, and the queue's empty states. */
import { ClipboardCheckIcon, SearchXIcon } from 'lucide-react';
import { type ReactElement, type ReactNode, useEffect, useRef } from 'react';
import { PRODUCT_FIELD_LABEL } from '~/domain/products/entities';
import type { ReviewListItem } from '~/domain/reviews/entities';
import { Badge } from '~/ui/components/badge';
import { Button } from '~/ui/components/button';
import { Checkbox } from '~/ui/components/checkbox';
import { EmptyState } from '~/ui/components/empty-state';
import { Skeleton } from '~/ui/components/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/ui/components/table';
import { cn } from '~/ui/lib/cn';
import { ListCount, RowLinkText } from '~/ui/patterns/paged-table';
import {
  agentName,
  formatAgo,
  formatCount,
  formatDateTime,
  localeLabel,
  proposalCount,
  valueExcerpt,
} from './format';
import type { Shortcut } from './keyboard-shortcuts';
import { ReviewStatusBadge } from './review-status';

export const REVIEW_QUEUE_TEXT = {
  title: 'Reviews',
  description:
    "Agents' proposed changes, waiting for your decision. Nothing reaches the instance until it is approved.",
  pages: 'Review pages',
} as const;

/** The queue's shortcuts; deciding ones only where the rows can be decided. */
export function queueShortcuts(canDecide: boolean): Shortcut[] {
  return [
    { keys: ['j', 'k'], label: 'Next / previous' },
    ...(canDecide ? [{ keys: ['x'], label: 'Select' }] : []),
    { keys: ['Enter'], alternative: ['o'], label: 'Open' },
    ...(canDecide
      ? [
          { keys: ['a'], label: 'Approve' },
          { keys: ['r'], label: 'Reject' },
        ]
      : []),
  ];
}

export const REVIEW_TABLE_TEXT = {
  label: 'Proposals',
  product: 'Product',
  field: 'Field',
  locale: 'Locale',
  agent: 'Agent',
  status: 'Status',
  age: 'Age',
  proposed: 'Proposed value',
  selectPage: 'Select every proposal on this page',
  offline: 'Offline',
  notInCopy: 'Not in the copy',
  emptyTitle: 'Nothing to review',
  emptyBefore: 'When agents propose changes, they wait here for your decision. Run one from ',
  emptyLink: 'Agents',
  emptyAfter: ' to get proposals.',
  noMatchTitle: 'No proposals match these filters',
  noMatchDescription: 'Try another status or agent, another product ID, or show offline products.',
  clearFilters: 'Clear filters',
  loadFailedTitle: 'Could not load the review queue',
  loading: 'Loading proposals',
  /** "Select all 128 matching proposals". */
  selectAllMatching: (total: number) =>
    `Select all ${formatCount(total)} matching ${total === 1 ? 'proposal' : 'proposals'}`,
  /** "All 48 proposals on this page are selected." */
  pageSelected: (n: number) =>
    `All ${n === 1 ? '1 proposal' : `${formatCount(n)} proposals`} on this page ${n === 1 ? 'is' : 'are'} selected.`,
} as const;

// Narrow padding and wrapping cells: eight columns fit beside the nav rail at 1024 px.
const HEAD = 'px-2';
const CELL = 'px-2 align-top whitespace-normal';

/** A row's checkbox name: what the proposal is about. */
export function rowLabel(item: ReviewListItem): string {
  return `Select ${item.productName ?? item.b2cProductId}, ${PRODUCT_FIELD_LABEL[item.field]}, ${localeLabel(item.locale)}`;
}

/** "128 proposals", above the table; announced when the filters change it. */
export function ReviewCount({ total }: { total: number }) {
  return <ListCount>{proposalCount(total)}</ListCount>;
}

export interface ReviewTableProps {
  items: readonly ReviewListItem[];
  now: Date;
  /** The status column, when the queue shows more than pending proposals. */
  showStatus: boolean;
  /** Rows can be picked (only pending proposals can be decided). */
  selectable: boolean;
  isSelected: (id: string) => boolean;
  onToggle: (id: string, selected: boolean) => void;
  onTogglePage: (selected: boolean) => void;
  /** The row the keyboard is on: ringed, and its link focused when it changes. */
  activeId: string | null;
  /** The link to a proposal's detail around `children` (a router Link). */
  renderLink: (item: ReviewListItem, children: ReactNode) => ReactElement;
}

export function ReviewTable({
  items,
  now,
  showStatus,
  selectable,
  isSelected,
  onToggle,
  onTogglePage,
  activeId,
  renderLink,
}: ReviewTableProps) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // The keyboard moved to another row: focus its link, so Enter opens it and it scrolls into view.
  useEffect(() => {
    if (!activeId) return;
    const row = bodyRef.current?.querySelector<HTMLElement>(
      `tr[data-review="${CSS.escape(activeId)}"]`,
    );
    row?.querySelector<HTMLElement>('a')?.focus();
  }, [activeId]);
  const selectedOnPage = items.filter((item) => isSelected(item.id)).length;
  const pageState =
    selectedOnPage === 0 ? false : selectedOnPage === items.length ? true : 'indeterminate';
  return (
    <Table aria-label={REVIEW_TABLE_TEXT.label}>
      <TableHeader>
        <TableRow>
          {selectable ? (
            <TableHead className="w-8 px-2">
              <Checkbox
                aria-label={REVIEW_TABLE_TEXT.selectPage}
                checked={pageState}
                onCheckedChange={(checked) => onTogglePage(checked === true)}
              />
            </TableHead>
          ) : null}
          <TableHead className={HEAD}>{REVIEW_TABLE_TEXT.product}</TableHead>
          <TableHead className={HEAD}>{REVIEW_TABLE_TEXT.field}</TableHead>
          <TableHead className={HEAD}>{REVIEW_TABLE_TEXT.locale}</TableHead>
          <TableHead className={HEAD}>{REVIEW_TABLE_TEXT.agent}</TableHead>
          {showStatus ? <TableHead className={HEAD}>{REVIEW_TABLE_TEXT.status}</TableHead> : null}
          <TableHead className={HEAD}>{REVIEW_TABLE_TEXT.age}</TableHead>
          <TableHead className={HEAD}>{REVIEW_TABLE_TEXT.proposed}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody ref={bodyRef}>
        {items.map((item) => {
          const selected = isSelected(item.id);
          const active = item.id === activeId;
          return (
            <TableRow
              key={item.id}
              data-review={item.id}
              data-active={active || undefined}
              data-state={selected ? 'selected' : undefined}
              className={cn(
                'align-top',
                active && 'bg-primary/5 outline-2 -outline-offset-2 outline-primary',
              )}
            >
              {selectable ? (
                <TableCell className={CELL}>
                  <Checkbox
                    aria-label={rowLabel(item)}
                    checked={selected}
                    onCheckedChange={(checked) => onToggle(item.id, checked === true)}
                    className="mt-0.5"
                  />
                </TableCell>
              ) : null}
              <TableCell className={cn(CELL, 'min-w-32')}>
                {renderLink(
                  item,
                  <RowLinkText>{item.productName ?? item.b2cProductId}</RowLinkText>,
                )}
                <span className="mt-0.5 flex flex-wrap items-center gap-1.5">
                  <span className="font-mono text-xs text-base-content/75">
                    {item.b2cProductId}
                  </span>
                  {item.productOnline === false ? (
                    <Badge variant="outline">{REVIEW_TABLE_TEXT.offline}</Badge>
                  ) : null}
                  {item.productName === null ? (
                    <Badge variant="outline">{REVIEW_TABLE_TEXT.notInCopy}</Badge>
                  ) : null}
                </span>
              </TableCell>
              <TableCell className={CELL}>{PRODUCT_FIELD_LABEL[item.field]}</TableCell>
              <TableCell className={cn(CELL, 'whitespace-nowrap')}>
                {localeLabel(item.locale)}
              </TableCell>
              <TableCell className={CELL}>{agentName(item.agentType)}</TableCell>
              {showStatus ? (
                <TableCell className={CELL}>
                  <ReviewStatusBadge status={item.status} />
                </TableCell>
              ) : null}
              <TableCell className={cn(CELL, 'whitespace-nowrap')}>
                <time
                  dateTime={item.createdAt.toISOString()}
                  title={formatDateTime(item.createdAt)}
                >
                  {formatAgo(item.createdAt, now)}
                </time>
              </TableCell>
              <TableCell
                data-slot="proposed-excerpt"
                className={cn(CELL, 'min-w-52 break-words text-base-content/85')}
              >
                {valueExcerpt(item.proposedValue, item.field)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Every row on the page is picked: offer the rest of what the filter matches. */
export function SelectAllOffer({
  onPage,
  total,
  onSelectAll,
}: {
  onPage: number;
  total: number;
  onSelectAll: () => void;
}) {
  return (
    <p
      data-slot="select-all-offer"
      className="flex flex-wrap items-center justify-center gap-x-2 rounded-field bg-base-200 px-3 py-1.5 text-sm"
    >
      <span>{REVIEW_TABLE_TEXT.pageSelected(onPage)}</span>
      <Button variant="link" size="sm" className="h-auto px-0" onClick={onSelectAll}>
        {REVIEW_TABLE_TEXT.selectAllMatching(total)}
      </Button>
    </p>
  );
}

export function ReviewTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={REVIEW_TABLE_TEXT.loading}
      className="flex flex-col gap-3"
    >
      <Skeleton className="h-5 w-28" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={cn('h-12 w-full', i % 2 === 1 && 'opacity-70')} />
      ))}
    </div>
  );
}

/** Nothing waits for review: say so, and where proposals come from. */
export function QueueEmpty({ agentsLink }: { agentsLink: (children: ReactNode) => ReactElement }) {
  return (
    <EmptyState
      icon={<ClipboardCheckIcon />}
      title={REVIEW_TABLE_TEXT.emptyTitle}
      description={
        <>
          {REVIEW_TABLE_TEXT.emptyBefore}
          {agentsLink(
            <span className="font-medium text-primary underline underline-offset-4">
              {REVIEW_TABLE_TEXT.emptyLink}
            </span>,
          )}
          {REVIEW_TABLE_TEXT.emptyAfter}
        </>
      }
    />
  );
}

/** The filters match nothing. */
export function QueueNoMatch({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      icon={<SearchXIcon />}
      title={REVIEW_TABLE_TEXT.noMatchTitle}
      description={REVIEW_TABLE_TEXT.noMatchDescription}
      action={<Button onClick={onClear}>{REVIEW_TABLE_TEXT.clearFilters}</Button>}
    />
  );
}
