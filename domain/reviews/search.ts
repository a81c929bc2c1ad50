/** The review queue's search parameters: a link reproduces the view. */
import * as z from 'zod/mini';
import { AGENT_TYPES } from '~/domain/agents/catalogue';
import type { ProposalStatus } from './statuses';
import { fallback, flagParam, optionalTextParam, pagingParams } from '~/domain/shared/search';

export const REVIEW_STATUSES = [
  'pending',
  'approved',
  'rejected',
] as const satisfies readonly ProposalStatus[];
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEWS_PAGE_SIZE = 48;

export const reviewsSearch = z.object({
  ...pagingParams(REVIEWS_PAGE_SIZE),
  reviewStatus: fallback(z.enum([...REVIEW_STATUSES, 'all']), 'pending'),
  agentType: fallback(z.enum([...AGENT_TYPES, 'all']), 'all'),
  b2cProductId: optionalTextParam,
  showOffline: flagParam,
  /** The proposals of one agent run (a run's history row links here). */
  runId: optionalTextParam,
});
