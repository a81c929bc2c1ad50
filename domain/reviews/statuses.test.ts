import { describe, expect, it } from 'vitest';
import { canTransition, PROPOSAL_STATUSES, type ProposalStatus, statusesBefore } from './statuses';

/** The life of a proposal, written out: every pair not listed is refused. */
const ALLOWED: [ProposalStatus, ProposalStatus][] = [
  ['pending', 'approved'],
  ['pending', 'rejected'],
  ['pending', 'superseded'],
  ['approved', 'published'],
  ['approved', 'publish-failed'],
  ['approved', 'conflict'],
  ['publish-failed', 'approved'],
  ['publish-failed', 'rejected'],
  ['conflict', 'pending'],
  ['conflict', 'rejected'],
];

describe('proposal transitions', () => {
  it.each(PROPOSAL_STATUSES.flatMap((from) => PROPOSAL_STATUSES.map((to) => [from, to] as const)))(
    '%s → %s',
    (from, to) => {
      const allowed = ALLOWED.some(([f, t]) => f === from && t === to);
      expect(canTransition(from, to)).toBe(allowed);
    },
  );

  it('published, rejected and superseded are final', () => {
    for (const end of ['published', 'rejected', 'superseded'] as const) {
      expect(PROPOSAL_STATUSES.filter((to) => canTransition(end, to))).toEqual([]);
    }
  });

  it('names the statuses a decision may start from', () => {
    expect(statusesBefore('approved')).toEqual(['pending', 'publish-failed']);
    expect(statusesBefore('rejected')).toEqual(['pending', 'publish-failed', 'conflict']);
  });
});
