/** The review mock decides as the service does: only what the transitions allow, the rest skipped. */
import { describe, expect, it } from 'vitest';
import { reviewFilter } from '~/domain/reviews/inputs';
import {
  byQueueOrder,
  matchesReviewFilter,
  mayTake,
  type ReviewerAction,
} from '~/domain/reviews/queue';
import { REVIEW_STATUS_FILTER } from '~/domain/reviews/search';
import { REVIEW_IDS, reviewProposals, reviewsMock } from '.';

const scope = { orgId: 'org_acme', envId: 'env_prod' };
type Fn = (input: unknown, call: { count: number }) => unknown;
const call = (mock: ReturnType<typeof reviewsMock>, path: string, input: object) =>
  (mock.scenario[path as keyof typeof mock.scenario] as Fn)({ ...scope, ...input }, { count: 1 });

describe('the reviews mock', () => {
  it('has one pending proposal per product, field and locale', () => {
    const pending = reviewProposals().filter((p) => p.status === 'pending');
    const keys = pending.map((p) => `${p.b2cProductId}/${p.field}/${p.locale}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists by the status filter the domain defines, 48 a page', () => {
    const mock = reviewsMock();
    const all = call(mock, 'reviews.list', { reviewStatus: 'all', showOffline: true }) as {
      total: number;
      items: { status: string }[];
    };
    expect(all.total).toBe(reviewProposals().length);
    expect(all.items).toHaveLength(48);
    const approved = call(mock, 'reviews.list', { reviewStatus: 'approved' }) as {
      items: { status: string }[];
    };
    for (const item of approved.items) expect(REVIEW_STATUS_FILTER.approved).toContain(item.status);
  });

  it('approves pending proposals by id and skips the decided ones', () => {
    const mock = reviewsMock();
    expect(
      call(mock, 'reviews.approve', {
        selection: { ids: [REVIEW_IDS.pending, REVIEW_IDS.rejected] },
      }),
    ).toEqual({ changed: 1, skipped: 1 });
    expect(call(mock, 'reviews.get', { proposalId: REVIEW_IDS.pending })).toMatchObject({
      status: 'approved',
    });
    mock.reset();
    expect(call(mock, 'reviews.get', { proposalId: REVIEW_IDS.pending })).toMatchObject({
      status: 'pending',
    });
  });

  it('rejects everything a filter matches that is pending, with the reason', () => {
    const mock = reviewsMock();
    const result = call(mock, 'reviews.reject', {
      selection: { filter: { b2cProductId: 'alpine-rain-jacket' } },
      reason: ' Off brand ',
    });
    expect(result).toEqual({ changed: 8, skipped: 0 });
    expect(call(mock, 'reviews.get', { proposalId: REVIEW_IDS.pending })).toMatchObject({
      status: 'rejected',
      rejectReason: 'Off brand',
    });
  });

  it('agrees with the domain: lists what its filter matches, in its order', () => {
    const filters = [
      { reviewStatus: 'all', showOffline: true },
      { reviewStatus: 'approved' },
      { agentType: 'translation' },
      { b2cProductId: 'alpine-rain-jacket', reviewStatus: 'all' },
    ];
    for (const more of filters) {
      const filter = reviewFilter.parse(more);
      const listed = call(reviewsMock(), 'reviews.list', { ...more, page: 1 }) as {
        items: { id: string }[];
      };
      const expected = reviewProposals()
        .filter((p) => matchesReviewFilter(p, filter))
        .sort(byQueueOrder)
        .slice(0, 48)
        .map((p) => p.id);
      expect(listed.items.map((p) => p.id)).toEqual(expected);
    }
  });

  it('agrees with the domain: each action changes exactly the statuses it may take', () => {
    const byStatus = new Map(reviewProposals().map((p) => [p.status, p.id]));
    const actions: [ReviewerAction, string, object][] = [
      ['approve', 'reviews.approve', {}],
      ['reject', 'reviews.reject', { reason: 'No' }],
      ['edit', 'reviews.approveEdited', { value: 'Edited by a reviewer' }],
      ['retry', 'reviews.retry', {}],
      ['repropose', 'reviews.repropose', {}],
    ];
    for (const [action, path, more] of actions) {
      for (const [status, id] of byStatus) {
        const mock = reviewsMock({ publishAfterMs: null });
        const input =
          path === 'reviews.approve' || path === 'reviews.reject'
            ? { selection: { ids: [id] }, ...more }
            : { proposalId: id, ...more };
        const answer = call(mock, path, input) as { changed?: number; status?: string };
        const changed = 'changed' in answer ? answer.changed === 1 : answer.status !== undefined;
        expect({ action, status, changed }).toEqual({
          action,
          status,
          changed: mayTake(status, action),
        });
      }
    }
  });
});
