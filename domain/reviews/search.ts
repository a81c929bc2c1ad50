/** The review queue's search parameters: a link reproduces the view. */
import { AGENT_TYPES } from '~/domain/agents/constants';
import {
  fallback,
  flagParam,
  oneOf,
  optionalTextParam,
  pagingParams,
  searchSchema,
  type SearchOutput,
} from '~/domain/shared/search';
import type { ProposalStatus } from './statuses';

/** The queue's status filter; `approved` covers everything approved, published or not. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export type ReviewStatusFilter = ReviewStatus | 'all';
export const REVIEWS_PAGE_SIZE = 48;

/** The proposal statuses each filter shows. */
export const REVIEW_STATUS_FILTER: Record<ReviewStatusFilter, readonly ProposalStatus[]> = {
  pending: ['pending'],
  approved: ['approved', 'published', 'publish-failed', 'conflict'],
  rejected: ['rejected'],
  all: ['pending', 'approved', 'published', 'publish-failed', 'conflict', 'rejected', 'superseded'],
};

const shape = {
  ...pagingParams(REVIEWS_PAGE_SIZE),
  reviewStatus: fallback(oneOf([...REVIEW_STATUSES, 'all']), 'pending'),
  agentType: fallback(oneOf([...AGENT_TYPES, 'all']), 'all'),
  b2cProductId: optionalTextParam,
  showOffline: flagParam,
  /** The proposals of one agent run (a run's history row links here). */
  runId: optionalTextParam,
};
export const reviewsSearch = searchSchema(shape);
export type ReviewsSearch = SearchOutput<typeof shape>;
