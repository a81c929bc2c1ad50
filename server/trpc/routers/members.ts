import {
  acceptInviteInput,
  invitationIdInput,
  inviteInput,
  removeMemberInput,
} from '../../../domain/inputs';
import { createTRPCRouter, orgProcedure, protectedProcedure } from '../trpc';

export const usersRouter = createTRPCRouter({
  list: orgProcedure.query(({ ctx, input }) => ctx.services.users.list(input.orgId)),
  remove: orgProcedure
    .input(removeMemberInput)
    .mutation(({ ctx, input }) => ctx.services.users.remove(ctx.user, input.orgId, input.userId)),
});

export const invitationsRouter = createTRPCRouter({
  create: orgProcedure
    .input(inviteInput)
    .mutation(({ ctx, input }) =>
      ctx.services.invitations.create(ctx.user, input.orgId, input.email),
    ),
  list: orgProcedure.query(({ ctx, input }) => ctx.services.invitations.list(input.orgId)),
  revoke: orgProcedure
    .input(invitationIdInput)
    .mutation(({ ctx, input }) => ctx.services.invitations.revoke(input.orgId, input.invitationId)),
  /** Any signed-in user may try a token; the service checks its email, expiry and use. */
  accept: protectedProcedure
    .input(acceptInviteInput)
    .mutation(({ ctx, input }) => ctx.services.invitations.accept(ctx.user, input.token)),
});
