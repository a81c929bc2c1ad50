import { deleteEnvInput, deleteOrgInput } from '~/domain/orgs/deletion';
import { EXPORT_MESSAGES, mayExportOrg, orgExportInput } from '~/domain/orgs/export';
import {
  bestRedirectInput,
  createEnvInput,
  createOrgInput,
  orgContextInput,
  orgIdInput,
  orgOverviewInput,
} from '~/domain/orgs/inputs';
import type { MembershipRole } from '~/domain/orgs/entities';
import { DomainError } from '~/domain/shared/errors';
import {
  createTRPCRouter,
  envProcedure,
  orgProcedure,
  orgScreenProcedure,
  orgQuery,
  protectedProcedure,
  protectedQuery,
  spQuery,
  superuserProcedure,
} from '~/server/trpc/trpc';

/** Exports are the owners' (domain/orgs/export.ts): FORBIDDEN for members and superusers alike. */
function ownersOnly(role: MembershipRole | null) {
  if (!mayExportOrg({ role })) {
    throw new DomainError('FORBIDDEN', EXPORT_MESSAGES.ownersOnly, 'export-owners-only');
  }
}

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
  /** Whether the user may create an org: superusers any, a newcomer from the AEO campaign a first. */
  creation: protectedQuery.query(({ ctx }) => ctx.services.orgs.creationFor(ctx.user)),
  /** The rule is the service's (domain/orgs/creation.ts), checked in the transaction that creates. */
  create: protectedProcedure
    .input(createOrgInput)
    .mutation(({ ctx, input }) => ctx.services.orgs.create(ctx.user, input)),
  /** A member's request that a superuser verify the org, or null. */
  verificationRequest: orgQuery.query(({ ctx, input }) =>
    ctx.services.orgs.verificationRequest(input.orgId),
  ),
  /** Any member asks a superuser to verify the org (the Onboarding needed block). */
  requestVerification: orgProcedure.mutation(({ ctx, input }) =>
    ctx.services.orgs.requestVerification(ctx.user, input.orgId),
  ),
  /** Superusers' list of every org (/app/sp/orgs); NOT_FOUND for anyone else. */
  overview: spQuery
    .input(orgOverviewInput)
    .query(({ ctx, input }) => ctx.services.orgs.overview(input.show)),
  /** Superusers or the org's last owner, typing its slug; refused while work runs in it (settings). */
  delete: orgScreenProcedure('settings')
    .input(deleteOrgInput)
    .mutation(({ ctx, input }) =>
      ctx.services.orgs.delete(ctx.user, input.orgId, input.confirmation),
    ),
  /** The org's newest data export, or null (settings → Organization); owners only. */
  latestExport: orgQuery.input(orgExportInput).query(({ ctx, input }) => {
    ownersOnly(ctx.role);
    return ctx.services.orgExports.latest(input.orgId);
  }),
  /** Starts an export of the org's data, or answers the one being made; owners only. */
  requestExport: orgProcedure.input(orgExportInput).mutation(({ ctx, input }) => {
    ownersOnly(ctx.role);
    return ctx.services.orgExports.request(ctx.user, input.orgId);
  }),
});

export const envsRouter = createTRPCRouter({
  list: orgQuery.query(({ ctx, input }) => ctx.services.envs.list(input.orgId)),
  create: orgProcedure
    .input(createEnvInput)
    .mutation(({ ctx, input }) => ctx.services.envs.create(input.orgId, input)),
  /** Owners and superusers, typing the env's slug; refused while work runs in it (settings). */
  delete: envProcedure('settings')
    .input(deleteEnvInput)
    .mutation(({ ctx, input }) =>
      ctx.services.envs.delete(ctx.user, input.orgId, input.envId, input.confirmation),
    ),
});

/** The orgs area's routers, as the root router mounts them. */
export const orgsRouters = { orgs: orgsRouter, envs: envsRouter };
