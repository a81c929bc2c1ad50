/** One proposal's sections: the summary line, where it stands, why the agent proposed it, its siblings, not found. */
import { CircleXIcon, FileQuestionIcon, LoaderCircleIcon } from 'lucide-react';
import { Fragment, type ReactElement, type ReactNode, useId } from 'react';
import {
  DEFAULT_LOCALE,
  PRODUCT_FIELD_LABEL,
  PRODUCT_FIELDS,
  type ProductField,
} from '~/domain/products/entities';
import type { ReviewDetail } from '~/domain/reviews/entities';
import { Callout } from '~/ui/components/callout';
import { EmptyState } from '~/ui/components/empty-state';
import { Skeleton } from '~/ui/components/skeleton';
import { DetailItem, DetailList } from '~/ui/components/detail-list';
import type { Shortcut } from './keyboard-shortcuts';
import { agentName, formatDateTime, localeLabel, personName, shortId } from './format';
import { ReviewStatusBadge } from './review-status';

export const REVIEW_DETAIL_TEXT = {
  backToReviews: 'Back to reviews',
  notFoundTitle: 'Proposal not found',
  loadFailedTitle: 'Could not load the proposal',
  loading: 'Loading the proposal',
  // Values
  valuesTitle: 'Proposed change',
  onInstance: 'On the instance',
  proposed: 'Proposed',
  approvedValue: 'Approved value',
  before: 'Before',
  nowLive: 'Now live',
  then: 'Then',
  nowOnInstance: 'Now on the instance',
  agentValue: "The agent's proposal, before the edit",
  yourEdit: 'Your edit',
  // Actions
  approve: 'Approve',
  edit: 'Edit',
  reject: 'Reject',
  retry: 'Retry',
  repropose: 'Re-propose',
  approveEdited: 'Approve edited',
  cancelEdit: 'Cancel',
  editLabel: 'Your edit of the proposed value',
  editDescription: 'The diff follows what you type. Approve edited publishes your value instead.',
  editEmpty: 'Enter a value to approve.',
  editSame: 'This is the value on the instance already: nothing would change.',
  markupNote: 'This field holds markup: it is shown as its source text, never rendered.',
  // What a decision did, announced
  approved: 'Approved. Beacon is publishing it to the instance.',
  approvedEdited: 'Approved with your edit. Beacon is publishing it to the instance.',
  rejected: 'Rejected.',
  retried: 'Queued to publish again.',
  reproposed: 'Pending again, against the value on the instance now.',
  decidedMeanwhile: 'This proposal was decided meanwhile; the screen shows where it stands now.',
  previousNext: 'Previous / next for this product',
  // Where it stands
  /** "Approved by Maya Member, Mar 2, 2026, 11:30 UTC." */
  approvedBy: (who: string, when: Date) => `Approved by ${who}, ${formatDateTime(when)}.`,
  publishing: 'Publishing to the instance…',
  publishedTitle: 'Published to the instance',
  /** "Published Mar 2, 2026, 11:31 UTC." */
  publishedAt: (when: Date) => `Published ${formatDateTime(when)}.`,
  /** "Rejected by Maya Member, Mar 2, 2026, 11:30 UTC." */
  rejectedBy: (who: string, when: Date) => `Rejected by ${who}, ${formatDateTime(when)}.`,
  /** "Reason: …" */
  reason: (reason: string) => `Reason: ${reason}`,
  noReason: 'No reason given.',
  conflictTitle: 'The value on the instance changed since this proposal was made',
  conflictDescription:
    'Beacon did not publish it. Re-propose it to review it against the value on the instance now, or reject it.',
  publishFailedTitle: 'Could not publish to the instance',
  supersededTitle: 'A newer proposal for this field and locale replaced this one',
  supersededDescription: 'It can no longer be decided; review the newer one instead.',
  // Why
  whyTitle: 'Why the agent proposed it',
  agent: 'Agent',
  model: 'Model',
  createdAt: 'Proposed',
  run: 'Run',
  reasoning: 'Reasoning',
  noReasoning: 'The agent gave no reasoning.',
  unknownModel: 'Not recorded',
  // Siblings
  otherPending: 'Other pending for this product:',
} as const;

/** The detail's shortcuts: the decisions the proposal's status allows, and stepping through the product's. */
export function detailShortcuts(can: {
  approve: boolean;
  edit: boolean;
  reject: boolean;
  step: boolean;
}): Shortcut[] {
  return [
    ...(can.approve ? [{ keys: ['a'], label: REVIEW_DETAIL_TEXT.approve }] : []),
    ...(can.edit ? [{ keys: ['e'], label: REVIEW_DETAIL_TEXT.edit }] : []),
    ...(can.reject ? [{ keys: ['r'], label: REVIEW_DETAIL_TEXT.reject }] : []),
    ...(can.step
      ? [{ keys: ['[', ']'], alternative: ['p', 'n'], label: REVIEW_DETAIL_TEXT.previousNext }]
      : []),
  ];
}

/** "Page title · fr-FR". */
export function fieldAndLocale(field: ProductField, locale: string): string {
  return `${PRODUCT_FIELD_LABEL[field]} · ${localeLabel(locale)}`;
}

/** The line under the product's name: its id (linked to the product), field, locale, agent, status. */
export function ReviewSummary({
  detail,
  productLink,
}: {
  detail: ReviewDetail;
  /** The product's detail around its id (a router Link). */
  productLink: (children: ReactNode) => ReactElement;
}) {
  return (
    <span data-slot="review-summary" className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
      {productLink(
        <span className="font-mono text-primary underline-offset-4 hover:underline">
          {detail.b2cProductId}
        </span>,
      )}
      <span>{PRODUCT_FIELD_LABEL[detail.field]}</span>
      <span>{localeLabel(detail.locale)}</span>
      <span>{agentName(detail.agentType)}</span>
      <ReviewStatusBadge status={detail.status} />
    </span>
  );
}

/** Where the proposal stands once decided: who, when, why, and what Beacon is doing about it. */
export function ReviewStatusPanel({ detail }: { detail: ReviewDetail }) {
  const who = personName(detail.decidedBy);
  const when = detail.decidedAt;
  switch (detail.status) {
    case 'pending':
      return null;
    case 'approved':
      return (
        <Callout
          data-slot="review-status"
          variant="info"
          icon={<LoaderCircleIcon className="animate-spin" />}
          title={when ? REVIEW_DETAIL_TEXT.approvedBy(who, when) : REVIEW_DETAIL_TEXT.publishing}
          description={when ? REVIEW_DETAIL_TEXT.publishing : null}
        />
      );
    case 'published':
      return (
        <Callout
          data-slot="review-status"
          variant="success"
          title={REVIEW_DETAIL_TEXT.publishedTitle}
          description={[
            when ? REVIEW_DETAIL_TEXT.approvedBy(who, when) : null,
            detail.publishedAt ? REVIEW_DETAIL_TEXT.publishedAt(detail.publishedAt) : null,
          ]
            .filter(Boolean)
            .join(' ')}
        />
      );
    case 'rejected':
      return (
        <Callout
          data-slot="review-status"
          variant="info"
          icon={<CircleXIcon />}
          title={when ? REVIEW_DETAIL_TEXT.rejectedBy(who, when) : 'Rejected'}
          description={
            detail.rejectReason
              ? REVIEW_DETAIL_TEXT.reason(detail.rejectReason)
              : REVIEW_DETAIL_TEXT.noReason
          }
        />
      );
    case 'conflict':
      return (
        <Callout
          data-slot="review-status"
          variant="warning"
          title={REVIEW_DETAIL_TEXT.conflictTitle}
          description={REVIEW_DETAIL_TEXT.conflictDescription}
        />
      );
    case 'publish-failed':
      return (
        <Callout
          data-slot="review-status"
          variant="error"
          title={REVIEW_DETAIL_TEXT.publishFailedTitle}
          description={detail.publishFailure?.message ?? null}
        />
      );
    case 'superseded':
      return (
        <Callout
          data-slot="review-status"
          variant="info"
          title={REVIEW_DETAIL_TEXT.supersededTitle}
          description={REVIEW_DETAIL_TEXT.supersededDescription}
        />
      );
  }
}

/** The agent, its model, when it proposed, the run, and its reasoning in its own words (as text). */
export function AgentReasoning({ detail }: { detail: ReviewDetail }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-base font-semibold">
        {REVIEW_DETAIL_TEXT.whyTitle}
      </h2>
      <DetailList>
        <DetailItem label={REVIEW_DETAIL_TEXT.agent}>{agentName(detail.agentType)}</DetailItem>
        <DetailItem label={REVIEW_DETAIL_TEXT.model} mono={detail.model !== null}>
          {detail.model ?? REVIEW_DETAIL_TEXT.unknownModel}
        </DetailItem>
        <DetailItem label={REVIEW_DETAIL_TEXT.createdAt}>
          <time dateTime={detail.createdAt.toISOString()}>{formatDateTime(detail.createdAt)}</time>
        </DetailItem>
        {detail.runId ? (
          <DetailItem label={REVIEW_DETAIL_TEXT.run} mono>
            {shortId(detail.runId)}
          </DetailItem>
        ) : null}
        <DetailItem label={REVIEW_DETAIL_TEXT.reasoning}>
          <span className="whitespace-pre-wrap">
            {detail.reasoning ?? REVIEW_DETAIL_TEXT.noReasoning}
          </span>
        </DetailItem>
      </DetailList>
    </section>
  );
}

/** "Other pending for this product: Page title · fr-FR, Name · de-DE", each a link to that proposal. */
export function OtherPending({
  items,
  renderLink,
}: {
  items: ReviewDetail['otherPending'];
  renderLink: (id: string, children: ReactNode) => ReactElement;
}) {
  if (items.length === 0) return null;
  const ordered = orderedPending(items);
  return (
    <nav
      data-slot="other-pending"
      aria-label={REVIEW_DETAIL_TEXT.otherPending.replace(/:$/, '')}
      className="text-sm leading-6"
    >
      <span className="text-base-content/80">{REVIEW_DETAIL_TEXT.otherPending} </span>
      {ordered.map((item, i) => (
        <Fragment key={item.id}>
          {renderLink(
            item.id,
            <span className="text-primary underline-offset-4 hover:underline">
              {fieldAndLocale(item.field, item.locale)}
            </span>,
          )}
          {i < ordered.length - 1 ? ', ' : null}
        </Fragment>
      ))}
    </nav>
  );
}

type FieldAndLocale = { field: ProductField; locale: string };

/** `default` first, as the products screens list locales; then by id. */
function compareLocale(a: string, b: string): number {
  if (a === b) return 0;
  if (a === DEFAULT_LOCALE || b === DEFAULT_LOCALE) return a === DEFAULT_LOCALE ? -1 : 1;
  return a < b ? -1 : 1;
}

/** Field (in the products screens' order), then locale: how the product's pending proposals are listed and stepped through. */
function compareFieldAndLocale(a: FieldAndLocale, b: FieldAndLocale): number {
  return (
    PRODUCT_FIELDS.indexOf(a.field) - PRODUCT_FIELDS.indexOf(b.field) ||
    compareLocale(a.locale, b.locale)
  );
}

/** The product's other pending proposals in the order the screen lists them. */
export function orderedPending(items: ReviewDetail['otherPending']): ReviewDetail['otherPending'] {
  return [...items].sort(compareFieldAndLocale);
}

/** The proposals before and after this one among the product's pending ones, as listed. */
export function neighbours(detail: Pick<ReviewDetail, 'field' | 'locale' | 'otherPending'>): {
  previous: string | null;
  next: string | null;
} {
  const ordered = orderedPending(detail.otherPending);
  const before = ordered.filter((p) => compareFieldAndLocale(p, detail) < 0);
  const after = ordered.filter((p) => compareFieldAndLocale(p, detail) > 0);
  return { previous: before.at(-1)?.id ?? null, next: after[0]?.id ?? null };
}

export function ReviewNotFound({ message, action }: { message: string; action: ReactNode }) {
  return (
    <EmptyState
      icon={<FileQuestionIcon />}
      title={REVIEW_DETAIL_TEXT.notFoundTitle}
      description={message}
      action={action}
    />
  );
}

export function ReviewDetailSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={REVIEW_DETAIL_TEXT.loading}
      className="flex flex-col gap-4 p-8"
    >
      <Skeleton className="h-5 w-32" />
      <Skeleton className="h-8 w-80" />
      <Skeleton className="h-5 w-96" />
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
      <Skeleton className="h-24 w-full" />
    </div>
  );
}
