/**
 * The review queue's rules as pure functions: which proposals a filter shows, in what order, and which
 * statuses each reviewer action moves a proposal from and to. The server applies them in SQL
 * (server/reviews/service.ts builds its conditions, its order and its `status in (…)` from these
 * definitions); the mocks' fake (mock-server/reviews/fake.ts) applies them to its copy of the fixtures.
 */
import { PRODUCT_FIELDS } from '~/domain/products/entities';
import type { ReviewListItem } from './entities';
import type { ReviewFilter } from './inputs';
import { REVIEW_STATUS_FILTER } from './search';
import { type ProposalStatus, statusesBefore } from './statuses';

/** What a reviewer does to one proposal (or a selection, for approve and reject). */
export type ReviewerAction = 'approve' | 'reject' | 'edit' | 'retry' | 'repropose';

/**
 * Each reviewer action: the statuses it may start from and the status it leaves. Approving (as is or
 * edited) takes only pending proposals, rejecting whatever may still become rejected, Retry a failed
 * publish and Re-propose a conflict; each is a transition domain/reviews/statuses.ts allows.
 */
export const REVIEWER_ACTIONS: Readonly<
  Record<ReviewerAction, { from: readonly ProposalStatus[]; to: ProposalStatus }>
> = {
  approve: { from: ['pending'], to: 'approved' },
  edit: { from: ['pending'], to: 'approved' },
  reject: { from: statusesBefore('rejected'), to: 'rejected' },
  retry: { from: ['publish-failed'], to: 'approved' },
  repropose: { from: ['conflict'], to: 'pending' },
};

/** Whether a proposal in `status` may take `action`. */
export function mayTake(status: ProposalStatus, action: ReviewerAction): boolean {
  return REVIEWER_ACTIONS[action].from.includes(status);
}

/** What the queue's filter looks at; `runId` is the run that proposed it (not on the list's rows). */
export type FilteredProposal = Pick<
  ReviewListItem,
  'status' | 'agentType' | 'b2cProductId' | 'productOnline'
> & { runId: string | null };

/**
 * Whether a proposal is in the queue's filter: status group, agent, one product (exact id), online,
 * run. A product the catalogue copy lacks (`productOnline` null) is not offline: it stays listed.
 */
export function matchesReviewFilter(p: FilteredProposal, filter: ReviewFilter): boolean {
  return (
    REVIEW_STATUS_FILTER[filter.reviewStatus].includes(p.status) &&
    (filter.agentType === 'all' || p.agentType === filter.agentType) &&
    (!filter.b2cProductId || p.b2cProductId === filter.b2cProductId) &&
    (filter.showOffline || p.productOnline !== false) &&
    (!filter.runId || p.runId === filter.runId)
  );
}

/** The queue's sort keys, in order: newest first, then by product, field and locale, then id. */
export const REVIEW_QUEUE_ORDER = [
  { key: 'createdAt', descending: true },
  { key: 'b2cProductId', descending: false },
  { key: 'field', descending: false },
  { key: 'locale', descending: false },
  { key: 'id', descending: false },
] as const satisfies readonly { key: keyof ReviewListItem; descending: boolean }[];

type QueueOrdered = Pick<ReviewListItem, (typeof REVIEW_QUEUE_ORDER)[number]['key']>;

function compareKey(a: QueueOrdered, b: QueueOrdered, key: keyof QueueOrdered): number {
  switch (key) {
    case 'createdAt':
      return a.createdAt.getTime() - b.createdAt.getTime();
    case 'field':
      // In the catalogue's field order, as the mocks have always listed them. The server's SQL orders
      // the `field` column as text (page_description before page_title): a difference to settle apart,
      // since either change reorders a screen.
      return PRODUCT_FIELDS.indexOf(a.field) - PRODUCT_FIELDS.indexOf(b.field);
    default:
      return a[key].localeCompare(b[key]);
  }
}

/** Compares two proposals by the queue's order (REVIEW_QUEUE_ORDER), for `Array.prototype.sort`. */
export function byQueueOrder(a: QueueOrdered, b: QueueOrdered): number {
  for (const { key, descending } of REVIEW_QUEUE_ORDER) {
    const order = compareKey(a, b, key);
    if (order !== 0) return descending ? -order : order;
  }
  return 0;
}
