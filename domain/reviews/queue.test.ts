import { describe, expect, it } from 'vitest';
import type { ReviewListItem } from './entities';
import { reviewFilter } from './inputs';
import { byQueueOrder, matchesReviewFilter, mayTake, REVIEWER_ACTIONS } from './queue';
import { canTransition, PROPOSAL_STATUSES } from './statuses';

describe('reviewer actions', () => {
  it('each moves a proposal only by a transition the statuses allow', () => {
    for (const { from, to } of Object.values(REVIEWER_ACTIONS)) {
      expect(from.length).toBeGreaterThan(0);
      for (const status of from) expect(canTransition(status, to)).toBe(true);
    }
  });

  it('approve and edit take pending proposals; reject whatever may still be rejected', () => {
    const takes = (action: keyof typeof REVIEWER_ACTIONS) =>
      PROPOSAL_STATUSES.filter((s) => mayTake(s, action));
    expect(takes('approve')).toEqual(['pending']);
    expect(takes('edit')).toEqual(['pending']);
    expect(takes('reject')).toEqual(['pending', 'publish-failed', 'conflict']);
    expect(takes('retry')).toEqual(['publish-failed']);
    expect(takes('repropose')).toEqual(['conflict']);
  });
});

describe('the queue filter', () => {
  const p = {
    status: 'pending',
    agentType: 'seo',
    b2cProductId: 'alpine-rain-jacket',
    productOnline: null,
    runId: 'run_1',
  } as const;
  const filter = (more: object) => reviewFilter.parse(more);

  it('matches by status group, agent, product and run', () => {
    expect(matchesReviewFilter(p, filter({}))).toBe(true);
    expect(matchesReviewFilter(p, filter({ reviewStatus: 'approved' }))).toBe(false);
    expect(matchesReviewFilter(p, filter({ agentType: 'translation' }))).toBe(false);
    expect(matchesReviewFilter(p, filter({ b2cProductId: 'alpine' }))).toBe(false);
    expect(matchesReviewFilter(p, filter({ runId: 'run_2' }))).toBe(false);
  });

  it('hides offline products unless asked; a product the copy lacks is not offline', () => {
    expect(matchesReviewFilter({ ...p, productOnline: false }, filter({}))).toBe(false);
    expect(matchesReviewFilter({ ...p, productOnline: false }, filter({ showOffline: true }))).toBe(
      true,
    );
    expect(matchesReviewFilter({ ...p, productOnline: null }, filter({}))).toBe(true);
  });
});

describe('the queue order', () => {
  const row = (more: Partial<ReviewListItem>) =>
    ({
      id: 'a',
      b2cProductId: 'p',
      field: 'name',
      locale: 'en-US',
      createdAt: new Date('2026-03-01T09:00:00Z'),
      ...more,
    }) as ReviewListItem;

  it('lists newest first, then by product, field, locale and id', () => {
    const rows = [
      row({ id: 'old', createdAt: new Date('2026-02-01T09:00:00Z') }),
      row({ id: 'b' }),
      row({ id: 'loc', locale: 'de-DE' }),
      row({ id: 'title', field: 'page_title' }),
      row({ id: 'q', b2cProductId: 'q' }),
      row({ id: 'new', createdAt: new Date('2026-03-02T09:00:00Z') }),
      row({ id: 'a' }),
    ];
    expect(rows.sort(byQueueOrder).map((r) => r.id)).toEqual([
      'new',
      'loc',
      'a',
      'b',
      'title',
      'q',
      'old',
    ]);
  });
});
