import {
  b2cInstanceInput,
  linkOrganizationInput,
  pasteApiClientInput,
  setInstanceHostInput,
  verifyCapabilityInput,
  verifyOnboardedInput,
} from '~/domain/instances/inputs';
import {
  createTRPCRouter,
  envProcedure,
  orgScreenProcedure,
  orgScreenQuery,
} from '~/server/trpc/trpc';

export const b2cInstancesRouter = createTRPCRouter({
  /** Refreshes the org's copy of Account Manager's instance list: a write, so a mutation. */
  sync: orgScreenProcedure('onboarding')
    .meta({ limit: 'instance' })
    .mutation(({ ctx, input }) => ctx.services.b2cInstances.sync(input.orgId, ctx.user.id)),
  /** The select-organization step; reads Account Manager with the person's sign-in, writes nothing. */
  organizationStep: orgScreenQuery('onboarding').query(({ ctx, input }) =>
    ctx.services.b2cInstances.organizationStep(input.orgId, ctx.user.id),
  ),
  linkOrganization: orgScreenProcedure('onboarding')
    .meta({ limit: 'instance' })
    .input(linkOrganizationInput)
    .mutation(({ ctx, input }) =>
      ctx.services.b2cInstances.linkOrganization(input.orgId, ctx.user.id, {
        amOrganizationId: input.amOrganizationId,
        realms: input.realms,
      }),
    ),
  setHost: orgScreenProcedure('onboarding')
    .input(setInstanceHostInput)
    .mutation(({ ctx, input }) =>
      ctx.services.b2cInstances.setHost(input.orgId, input.b2cInstanceId, input.host),
    ),
  list: orgScreenQuery('onboarding').query(({ ctx, input }) =>
    ctx.services.b2cInstances.list(input.orgId),
  ),
  get: orgScreenQuery('settings', 'onboarding', 'landingPages')
    .input(b2cInstanceInput)
    .query(({ ctx, input }) => ctx.services.b2cInstances.get(input.orgId, input.b2cInstanceId)),
  verifyOnboarded: envProcedure('onboarding')
    .meta({ limit: 'instance' })
    .input(verifyOnboardedInput)
    .mutation(async ({ ctx, input }) => {
      const result = await ctx.services.b2cInstances.verifyOnboarded(
        input.orgId,
        input.envId,
        input.b2cInstanceId,
      );
      // A newly linked env starts copying its catalogue at once. Should that not start (no job
      // workers here), the schedule and the Products screen's Sync now still will.
      if (result.status === 'ok') {
        await ctx.services.products.syncNow(input.orgId, input.envId).catch(() => undefined);
        // Someone who came for the free AEO report gets monitoring set up and its first run started;
        // onboarding has succeeded either way.
        const { orgId, envId } = input;
        await ctx.services.monitoring
          .startCampaignRun({ orgId, envId, userId: ctx.user.id }, () =>
            ctx.services.b2cInstances.clientsForEnv(orgId, envId),
          )
          .catch(() => undefined);
      }
      return result;
    }),
});

export const b2cAPIClientsRouter = createTRPCRouter({
  setup: orgScreenQuery('onboarding').query(({ ctx, input }) =>
    ctx.services.b2cAPIClients.setup(input.orgId, ctx.user.id),
  ),
  paste: orgScreenProcedure('onboarding')
    .input(pasteApiClientInput)
    .mutation(({ ctx, input }) =>
      ctx.services.b2cAPIClients.paste(input.orgId, {
        clientId: input.clientId,
        secret: input.secret,
      }),
    ),
  getOrCreate: orgScreenProcedure('onboarding')
    .meta({ limit: 'instance' })
    .mutation(({ ctx, input }) => ctx.services.b2cAPIClients.getOrCreate(input.orgId, ctx.user.id)),
  verify: orgScreenProcedure('onboarding')
    .meta({ limit: 'instance' })
    .input(verifyCapabilityInput)
    .mutation(({ ctx, input }) =>
      ctx.services.b2cAPIClients.verify(input.orgId, input.b2cInstanceId, input.capability),
    ),
});

/** The instances area's routers, as the root router mounts them. */
export const instancesRouters = {
  b2cInstances: b2cInstancesRouter,
  b2cAPIClients: b2cAPIClientsRouter,
};
