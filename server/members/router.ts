import {
  acceptInviteInput,
  invitationIdInput,
  inviteInput,
  removeMemberInput,
} from '~/domain/members/inputs';
import {
  createTRPCRouter,
  orgScreenProcedure,
  orgScreenQuery,
  protectedProcedure,
} from '~/server/trpc/trpc';

export const membersRouter = createTRPCRouter({
  list: orgScreenQuery('settings').query(({ ctx, input }) =>
    ctx.services.members.list(input.orgId),
  ),
  remove: orgScreenProcedure('settings')
    .input(removeMemberInput)
    .mutation(({ ctx, input }) => ctx.services.members.remove(ctx.user, input.orgId, input.userId)),
});

export const invitationsRouter = createTRPCRouter({
  create: orgScreenProcedure('settings')
    .input(inviteInput)
    .mutation(({ ctx, input }) =>
      ctx.services.invitations.create(ctx.user, input.orgId, input.email),
    ),
  list: orgScreenQuery('settings').query(({ ctx, input }) =>
    ctx.services.invitations.list(input.orgId),
  ),
  revoke: orgScreenProcedure('settings')
    .input(invitationIdInput)
    .mutation(({ ctx, input }) => ctx.services.invitations.revoke(input.orgId, input.invitationId)),
  /** Any signed-in user may try a token; the service checks its email, expiry and use. */
  accept: protectedProcedure
    .input(acceptInviteInput)
    .mutation(({ ctx, input }) => ctx.services.invitations.accept(ctx.user, input.token)),
});

/** The members area's routers, as the root router mounts them. */
export const membersRouters = { members: membersRouter, invitations: invitationsRouter };
