import {
  bestRedirectInput,
  createEnvInput,
  createOrgInput,
  orgContextInput,
  orgIdInput,
} from '~/domain/orgs/inputs';
import {
  createTRPCRouter,
  orgProcedure,
  orgQuery,
  protectedQuery,
  superuserProcedure,
} from '~/server/trpc/trpc';

export const orgsRouter = createTRPCRouter({
  bestRedirectForUser: protectedQuery
    .input(bestRedirectInput)
    .query(({ ctx, input }) => ctx.services.orgs.bestRedirectForUser(ctx.user, input?.orgSlug)),
  /** Membership is checked inside: the slug is the only handle the client has. */
  getContext: protectedQuery
    .input(orgContextInput)
    .query(({ ctx, input }) =>
      ctx.services.orgs.getContext(ctx.user, input.orgSlug, input.envSlug),
    ),
  allOrgsForUser: protectedQuery.query(({ ctx }) => ctx.services.orgs.allForUser(ctx.user)),
  verify: superuserProcedure
    .input(orgIdInput)
    .mutation(({ ctx, input }) => ctx.services.orgs.verify(input.orgId)),
  create: superuserProcedure
    .input(createOrgInput)
    .mutation(({ ctx, input }) => ctx.services.orgs.create(ctx.user, input)),
});

export const envsRouter = createTRPCRouter({
  list: orgQuery.query(({ ctx, input }) => ctx.services.envs.list(input.orgId)),
  create: orgProcedure
    .input(createEnvInput)
    .mutation(({ ctx, input }) => ctx.services.envs.create(input.orgId, input)),
});

/** The orgs area's routers, as the root router mounts them. */
export const orgsRouters = { orgs: orgsRouter, envs: envsRouter };
