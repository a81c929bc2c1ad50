/**
 * A proposal's life: pending until a person approves or rejects it (or a newer run supersedes it);
 * an approved one is published to the instance, fails to publish (retryable), or meets a conflict
 * when the instance's value changed since the agent read it.
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
