/** What the review procedures answer: the queue's rows, one proposal in full, and its audit trail. */
import type { AgentType } from '~/domain/agents/catalogue';
import type { ProductField } from '~/domain/products/entities';
import type { ProposalStatus } from './statuses';

/** Who did something; both null when their account was deleted since ("a deleted user"). */
export interface ReviewPerson {
  name: string | null;
  email: string | null;
}

/** What a person whose account was deleted since is shown as. */
export const DELETED_PERSON: ReviewPerson = { name: null, email: null };

export interface ReviewListItem {
  id: string;
  b2cProductId: string;
  /** The product's name in the proposal's locale (else its default name) from the catalogue copy; null when the copy lacks the product. */
  productName: string | null;
  /** Whether the product is online on the instance, as the copy last read it; null when the copy lacks it. */
  productOnline: boolean | null;
  field: ProductField;
  locale: string;
  agentType: AgentType;
  status: ProposalStatus;
  /** The value the proposal replaces, as the agent read it from the copy (null: the field was empty). */
  currentValue: string | null;
  proposedValue: string;
  createdAt: Date;
}

/** A queue row's fields, in order (the type makes it name every one). */
const LIST_ITEM_FIELDS: { readonly [K in keyof ReviewListItem]: true } = {
  id: true,
  b2cProductId: true,
  productName: true,
  productOnline: true,
  field: true,
  locale: true,
  agentType: true,
  status: true,
  currentValue: true,
  proposedValue: true,
  createdAt: true,
};

/** A proposal as the queue lists it: its row's fields of a fuller record (a proposal's detail). */
export function asListItem(p: ReviewListItem): ReviewListItem {
  const keys = Object.keys(LIST_ITEM_FIELDS) as (keyof ReviewListItem)[];
  return Object.fromEntries(keys.map((key) => [key, p[key]])) as unknown as ReviewListItem;
}

export interface ReviewsPage {
  items: ReviewListItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** What a person did (or Beacon did) to a proposal; every status change records one. */
export const PROPOSAL_ACTIONS = [
  'proposed',
  'edited',
  'approved',
  'rejected',
  'published',
  'publish-failed',
  'conflict',
  'superseded',
  'retried',
  'reproposed',
] as const;
export type ProposalAction = (typeof PROPOSAL_ACTIONS)[number];

/**
 * The actions only a person takes; Beacon takes the others (proposing, publishing, superseding). An
 * event of these with no one recorded was a person's whose account has been deleted since.
 */
export const PEOPLE_ACTIONS: ReadonlySet<ProposalAction> = new Set([
  'edited',
  'approved',
  'rejected',
  'retried',
  'reproposed',
]);

export interface ProposalEvent {
  id: string;
  proposalId: string;
  action: ProposalAction;
  fromStatus: ProposalStatus | null;
  toStatus: ProposalStatus;
  /** Who did it; null when Beacon did (a publish, a newer run). */
  actor: ReviewPerson | null;
  at: Date;
  /** A rejection's reason, a failed publish's message. */
  note: string | null;
  /** The value the action concerned: an edit's new value, the value published, the instance's value at a conflict. */
  value: string | null;
}

export const PUBLISH_FAILURE_REASONS = [
  'credentials',
  'permission',
  'product-missing',
  'unavailable',
  'refused',
  /** The instance's read carried no `_resource_state`: nothing is written without one. */
  'unversioned',
  /** The instance answered the update without the value: it accepted the field but did not store it. */
  'not-stored',
] as const;
export type PublishFailureReason = (typeof PUBLISH_FAILURE_REASONS)[number];

export interface ReviewDetail extends ReviewListItem {
  reasoning: string | null;
  model: string | null;
  runId: string | null;
  /** The agent's own value when a reviewer edited it before approving; null when unedited. */
  agentValue: string | null;
  /** Markup fields are sanitized HTML; the screens show them as text either way. */
  markup: boolean;
  /** Who approved or rejected it, and when. */
  decidedBy: ReviewPerson | null;
  decidedAt: Date | null;
  rejectReason: string | null;
  publishedAt: Date | null;
  /** At a conflict: the instance's value when Beacon went to write. */
  conflictValue: string | null;
  publishFailure: { reason: PublishFailureReason; message: string } | null;
  /** The product's other pending proposals, in field then locale order (the detail steps through them). */
  otherPending: { id: string; field: ProductField; locale: string }[];
  events: ProposalEvent[];
}

/** What a bulk decision did: how many proposals it changed, and how many it left as they were. */
export interface DecisionResult {
  changed: number;
  skipped: number;
}

export interface ProposalEventsPage {
  items: ProposalEvent[];
  total: number;
  page: number;
  pageSize: number;
}
