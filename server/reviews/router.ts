/** The review queue: proposals listed, decided and published; every procedure is org-scoped. */
import {
  approveEditedInput,
  approveInput,
  proposalEventsInput,
  proposalInput,
  rejectInput,
  reviewsListInput,
} from '~/domain/reviews/inputs';
import { createTRPCRouter, envProcedure, envQuery } from '~/server/trpc/trpc';

/** A reviewer's action on one proposal, by its id. */
const onOneProposal = (action: 'retry' | 'repropose') =>
  envProcedure('reviews')
    .input(proposalInput)
    .mutation(({ ctx, input }) =>
      ctx.services.reviews[action](input.orgId, input.envId, ctx.user.id, input.proposalId),
    );

export const reviewsRouter = createTRPCRouter({
  list: envQuery('reviews')
    .input(reviewsListInput)
    .query(({ ctx, input }) => {
      const { orgId, envId, page, ...filter } = input;
      return ctx.services.reviews.list(orgId, envId, filter, page);
    }),
  get: envQuery('reviews')
    .input(proposalInput)
    .query(({ ctx, input }) =>
      ctx.services.reviews.get(input.orgId, input.envId, input.proposalId),
    ),
  /** Pending proposals picked by id, or every pending one the filter matches, approved and queued to publish. */
  approve: envProcedure('reviews')
    .input(approveInput)
    .mutation(({ ctx, input }) =>
      ctx.services.reviews.approve(input.orgId, input.envId, ctx.user.id, input.selection),
    ),
  /** One pending proposal approved with the reviewer's value in place of the agent's. */
  approveEdited: envProcedure('reviews')
    .input(approveEditedInput)
    .mutation(({ ctx, input }) =>
      ctx.services.reviews.approveEdited(
        input.orgId,
        input.envId,
        ctx.user.id,
        input.proposalId,
        input.value,
      ),
    ),
  reject: envProcedure('reviews')
    .input(rejectInput)
    .mutation(({ ctx, input }) =>
      ctx.services.reviews.reject(
        input.orgId,
        input.envId,
        ctx.user.id,
        input.selection,
        input.reason?.trim() || null,
      ),
    ),
  /** A failed publish queued again. */
  retry: onOneProposal('retry'),
  /** A conflicting proposal made pending again, against the instance's value now. */
  repropose: onOneProposal('repropose'),
  /** The audit trail: an env's proposal events, newest first, or one proposal's. */
  events: envQuery('reviews')
    .input(proposalEventsInput)
    .query(({ ctx, input }) =>
      ctx.services.reviews.events(input.orgId, input.envId, input.proposalId ?? null, input.page),
    ),
});

export const reviewsRouters = { reviews: reviewsRouter };
