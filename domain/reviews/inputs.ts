/** Inputs of the review procedures: the queue's filter, selections, decisions and the audit trail. */
import { z } from 'zod/mini';
import { AGENT_TYPES } from '~/domain/agents/catalogue';
import { idSchema } from '~/domain/shared/ids';
import { REVIEW_STATUSES } from './search';

const envScoped = { orgId: idSchema, envId: idSchema };
const text = z.string().check(z.minLength(1), z.maxLength(200));

/** The queue's filter, as the URL carries it; bulk decisions take it to mean "everything matching". */
export const reviewFilter = z.object({
  reviewStatus: z._default(z.enum([...REVIEW_STATUSES, 'all']), 'pending'),
  agentType: z._default(z.enum([...AGENT_TYPES, 'all']), 'all'),
  b2cProductId: z.optional(text),
  showOffline: z._default(z.boolean(), false),
  runId: z.optional(idSchema),
});
export type ReviewFilter = z.output<typeof reviewFilter>;

export const reviewsListInput = z.object({
  ...envScoped,
  ...reviewFilter.shape,
  page: z._default(z.int().check(z.minimum(1), z.maximum(100_000)), 1),
});
export type ReviewsListInput = z.output<typeof reviewsListInput>;

/** At most this many proposals by id in one decision; more is a selection by filter. */
export const MAX_SELECTED_IDS = 500;
export const REJECT_REASON_MAX = 500;

/** Rows picked one by one, or everything the filter matches. */
export const reviewSelection = z.union([
  z.object({ ids: z.array(idSchema).check(z.minLength(1), z.maxLength(MAX_SELECTED_IDS)) }),
  z.object({ filter: reviewFilter }),
]);
export type ReviewSelection = z.output<typeof reviewSelection>;

export const proposalInput = z.object({ ...envScoped, proposalId: idSchema });

export const approveInput = z.object({ ...envScoped, selection: reviewSelection });
/** One proposal approved with the reviewer's own value in place of the agent's. */
export const approveEditedInput = z.object({
  ...envScoped,
  proposalId: idSchema,
  value: z.string().check(z.maxLength(40_000)),
});
export const rejectInput = z.object({
  ...envScoped,
  selection: reviewSelection,
  reason: z.optional(z.string().check(z.maxLength(REJECT_REASON_MAX))),
});
export const proposalEventsInput = z.object({
  ...envScoped,
  proposalId: z.optional(idSchema),
  page: z._default(z.int().check(z.minimum(1), z.maximum(100_000)), 1),
});
export const reviewsCountInput = z.object({ ...envScoped, ...reviewFilter.shape });

export { text as reviewText };
