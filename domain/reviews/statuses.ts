/**
 * A proposal's life: pending until a person approves or rejects it (or a newer run supersedes it);
 * an approved one is published to the instance, fails to publish (retryable), or meets a conflict
 * when the instance's value changed since the agent read it. The server enforces these transitions
 * (server/reviews/service.ts); screens offer only what they allow.
 */
export const PROPOSAL_STATUSES = [
  'pending',
  'approved',
  'published',
  'publish-failed',
  'conflict',
  'rejected',
  'superseded',
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/**
 * Every transition a proposal may take. Retry sends a failed publish back to approved (a new publish
 * job); Re-propose makes a conflicting proposal pending again against the instance's new value.
 */
export const PROPOSAL_TRANSITIONS: Readonly<Record<ProposalStatus, readonly ProposalStatus[]>> = {
  pending: ['approved', 'rejected', 'superseded'],
  approved: ['published', 'publish-failed', 'conflict'],
  'publish-failed': ['approved', 'rejected'],
  conflict: ['pending', 'rejected'],
  published: [],
  rejected: [],
  superseded: [],
};

export function canTransition(from: ProposalStatus, to: ProposalStatus): boolean {
  return PROPOSAL_TRANSITIONS[from].includes(to);
}

/** The statuses a transition to `to` may start from (the server's `where status in (…)`). */
export function statusesBefore(to: ProposalStatus): ProposalStatus[] {
  return PROPOSAL_STATUSES.filter((from) => canTransition(from, to));
}

export const PROPOSAL_STATUS_LABEL: Record<ProposalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  published: 'Published',
  'publish-failed': 'Publish failed',
  conflict: 'Conflict',
  rejected: 'Rejected',
  superseded: 'Superseded',
};
