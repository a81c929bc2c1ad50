import { deleteAccountInput, leaveOrgInput } from '~/domain/account/inputs';
import {
  createTRPCRouter,
  orgProcedure,
  protectedProcedure,
  protectedQuery,
} from '~/server/trpc/trpc';

export const accountRouter = createTRPCRouter({
  /** The signed-in person's name, email, sign-in methods and orgs (settings → Account). */
  get: protectedQuery.query(({ ctx }) => ctx.services.account.get(ctx.user)),
  /**
   * Members only (the org guard); not gated by the org's verification: anyone may leave an org.
   * Refused to its last owner and its last member.
   */
  leaveOrg: orgProcedure
    .input(leaveOrgInput)
    .mutation(({ ctx, input }) => ctx.services.account.leaveOrg(ctx.user, input.orgId)),
  /** Every session of the person ends, this one's included; their open sockets close. */
  signOutEverywhere: protectedProcedure.mutation(({ ctx }) =>
    ctx.services.account.signOutEverywhere(ctx.user),
  ),
  /** Typing their email; refused while they are the last owner of an org. */
  delete: protectedProcedure
    .input(deleteAccountInput)
    .mutation(({ ctx, input }) => ctx.services.account.delete(ctx.user, input.confirmation)),
});

/** The account area's router, as the root router mounts it. */
export const accountRouters = { account: accountRouter };
