/**
 * The reviews procedures over a copy of the fixture queue (./fixtures.ts), answering, filtering,
 * paging and deciding the way the server does (server/reviews/service.ts): the filter, the order and
 * what each action may change are domain/reviews/queue.ts's, which the server applies in SQL.
 */
import {
  asListItem,
  type DecisionResult,
  type ProposalAction,
  type ReviewDetail,
  type ReviewPerson,
} from '~/domain/reviews/entities';
import {
  approveEditedInput,
  approveInput,
  proposalEventsInput,
  type ReviewSelection,
  rejectInput,
  reviewsListInput,
} from '~/domain/reviews/inputs';
import { REVIEW_MESSAGES } from '~/domain/reviews/messages';
import {
  byQueueOrder,
  matchesReviewFilter,
  mayTake,
  REVIEWER_ACTIONS,
  type ReviewerAction,
} from '~/domain/reviews/queue';
import { REVIEWS_PAGE_SIZE } from '~/domain/reviews/search';
import type { ProposalStatus } from '~/domain/reviews/statuses';
import { STORY_NOW } from '~/mock-server/products';
import { domainError, type MockError, type TrpcScenario } from '~/mock-server/trpc/scenario';
import { atEnv } from '~/mock-server/scenarios';
import { event, maya, reviewProposals } from './fixtures';

// ——— The service's answers ———

/** The audit trail's page size in the mock (the screens read a proposal's events from reviews.get). */
const EVENTS_PAGE_SIZE = 50;

export interface ReviewsMockOptions {
  /** The proposals the env has; by default the fixture queue. */
  proposals?: ReviewDetail[];
  /** How long after a reviewer approves a proposal the mocked publish job has written it (null: never). */
  publishAfterMs?: number | null;
}

/**
 * The reviews procedures over a copy of `proposals` that decisions change, as the service would:
 * only what the transitions allow, each change with its event, Maya as the reviewer and the stories'
 * now as the time. A proposal approved here is published `publishAfterMs` later, as the publish job
 * would. `reset` restores the proposals (a story's beforeEach).
 */
export function reviewsMock({
  proposals = reviewProposals(),
  publishAfterMs = 1500,
}: ReviewsMockOptions = {}): { scenario: TrpcScenario; reset(): void } {
  let state = new Map<string, ReviewDetail>();
  /** When each proposal approved here was approved (real time), for the mocked publish job. */
  let approvedHere = new Map<string, number>();
  const reset = () => {
    state = new Map(proposals.map((p) => [p.id, p]));
    approvedHere = new Map();
  };
  reset();

  const update = (id: string, change: (p: ReviewDetail) => ReviewDetail) => {
    const next = change(state.get(id)!);
    state.set(id, next);
    return next;
  };
  const addEvent = (
    p: ReviewDetail,
    action: ProposalAction,
    toStatus: ProposalStatus,
    more: { actor?: ReviewPerson | null; note?: string | null; value?: string | null } = {},
    fromStatus: ProposalStatus | null = p.status,
  ) => [...p.events, event(p, p.events.length + 1, action, fromStatus, toStatus, STORY_NOW, more)];

  /** The publish job, caught up: approvals older than `publishAfterMs` are written. */
  const publishDue = () => {
    if (publishAfterMs === null) return;
    for (const [id, since] of approvedHere) {
      if (Date.now() - since < publishAfterMs) continue;
      approvedHere.delete(id);
      update(id, (p) =>
        p.status !== 'approved'
          ? p
          : {
              ...p,
              status: 'published',
              publishedAt: STORY_NOW,
              events: addEvent(p, 'published', 'published', { value: p.proposedValue }),
            },
      );
    }
  };

  const detailOf = (p: ReviewDetail): ReviewDetail => ({
    ...p,
    otherPending: [...state.values()]
      .filter((o) => o.id !== p.id && o.b2cProductId === p.b2cProductId && o.status === 'pending')
      // As the service orders them (by the field's name, then locale); the screen lists them its own way.
      .sort((a, b) => a.field.localeCompare(b.field) || a.locale.localeCompare(b.locale))
      .map((o) => ({ id: o.id, field: o.field, locale: o.locale })),
  });
  const notFound = () => domainError('NOT_FOUND', REVIEW_MESSAGES.notFound, 'review-not-found');
  const refused = (p: ReviewDetail, action: Parameters<typeof REVIEW_MESSAGES.refused>[1]) =>
    domainError('CONFLICT', REVIEW_MESSAGES.refused(p.status, action), 'review-transition-refused');

  /** The proposals a selection names (those of this env), or every one its filter matches. */
  const selected = (selection: ReviewSelection): ReviewDetail[] =>
    'ids' in selection
      ? selection.ids.flatMap((id) => state.get(id) ?? [])
      : [...state.values()].filter((p) => matchesReviewFilter(p, selection.filter));

  const decide = (
    selection: ReviewSelection,
    action: Extract<ReviewerAction, 'approve' | 'reject'>,
    reason: string | null,
  ): DecisionResult => {
    const chosen = selected(selection);
    const { to } = REVIEWER_ACTIONS[action];
    // What the action may not change (decided meanwhile, say) is skipped.
    const decidable = chosen.filter((p) => mayTake(p.status, action));
    for (const p of decidable) {
      update(p.id, (q) => ({
        ...q,
        status: to,
        decidedBy: maya,
        decidedAt: STORY_NOW,
        rejectReason: to === 'rejected' ? reason : null,
        events: addEvent(q, to === 'approved' ? 'approved' : 'rejected', to, {
          actor: maya,
          note: to === 'rejected' ? reason : null,
        }),
      }));
      if (to === 'approved') approvedHere.set(p.id, Date.now());
    }
    return { changed: decidable.length, skipped: chosen.length - decidable.length };
  };

  const withProposal = <T>(
    id: string,
    answer: (p: ReviewDetail) => T | MockError,
  ): T | MockError => {
    publishDue();
    const p = state.get(id);
    return p ? answer(p) : notFound();
  };

  const scenario: TrpcScenario = {
    // The mock router hands over the parsed input; parsing again gives it its defaults' type.
    'reviews.list': (input) => {
      publishDue();
      const { orgId: _o, envId: _e, page, ...filter } = reviewsListInput.parse(input);
      const matching = [...state.values()]
        .filter((p) => matchesReviewFilter(p, filter))
        .map(asListItem)
        .sort(byQueueOrder);
      const start = (page - 1) * REVIEWS_PAGE_SIZE;
      return {
        items: matching.slice(start, start + REVIEWS_PAGE_SIZE),
        total: matching.length,
        page,
        pageSize: REVIEWS_PAGE_SIZE,
      };
    },
    'reviews.get': (input) => withProposal(input.proposalId, detailOf),
    'reviews.approve': (input) => {
      publishDue();
      return decide(approveInput.parse(input).selection, 'approve', null);
    },
    'reviews.reject': (input) => {
      publishDue();
      const { selection, reason } = rejectInput.parse(input);
      return decide(selection, 'reject', reason?.trim() || null);
    },
    'reviews.approveEdited': (input) => {
      const { proposalId, value } = approveEditedInput.parse(input);
      return withProposal(proposalId, (p) => {
        if (!mayTake(p.status, 'edit')) return refused(p, 'edit');
        if (value === (p.currentValue ?? ''))
          return domainError('INVALID', REVIEW_MESSAGES.editSame);
        approvedHere.set(p.id, Date.now());
        return detailOf(
          update(p.id, (q) => {
            const edited = {
              ...q,
              events: addEvent(q, 'edited', 'pending', { actor: maya, value }),
            };
            return {
              ...edited,
              status: 'approved',
              agentValue: q.agentValue ?? q.proposedValue,
              proposedValue: value,
              decidedBy: maya,
              decidedAt: STORY_NOW,
              events: addEvent(edited, 'approved', 'approved', { actor: maya }),
            };
          }),
        );
      });
    },
    'reviews.retry': (input) =>
      withProposal(input.proposalId, (p) => {
        if (!mayTake(p.status, 'retry')) return refused(p, 'retry');
        approvedHere.set(p.id, Date.now());
        return detailOf(
          update(p.id, (q) => ({
            ...q,
            status: 'approved',
            publishFailure: null,
            events: addEvent(q, 'retried', 'approved', { actor: maya }),
          })),
        );
      }),
    'reviews.repropose': (input) =>
      withProposal(input.proposalId, (p) => {
        if (!mayTake(p.status, 'repropose')) return refused(p, 'repropose');
        return detailOf(
          update(p.id, (q) => ({
            ...q,
            status: 'pending',
            currentValue: q.conflictValue,
            conflictValue: null,
            decidedBy: null,
            decidedAt: null,
            events: addEvent(q, 'reproposed', 'pending', { actor: maya }),
          })),
        );
      }),
    'reviews.events': (input) => {
      const { proposalId, page } = proposalEventsInput.parse(input);
      const all = [...state.values()]
        .filter((p) => !proposalId || p.id === proposalId)
        .flatMap((p) => p.events)
        .sort((a, b) => b.at.getTime() - a.at.getTime());
      const start = (page - 1) * EVENTS_PAGE_SIZE;
      return {
        items: all.slice(start, start + EVENTS_PAGE_SIZE),
        total: all.length,
        page,
        pageSize: EVENTS_PAGE_SIZE,
      };
    },
  };
  return { scenario, reset };
}

/** Maya at acme/prod with the fixture review queue (decisions change it until the mock is reset). */
export function atReviews(options: ReviewsMockOptions = {}): TrpcScenario {
  return { ...atEnv(), ...reviewsMock(options).scenario };
}

/** An env whose agents have proposed nothing yet. */
export const emptyQueue: ReviewDetail[] = [];
