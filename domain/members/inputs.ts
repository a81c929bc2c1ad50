/** Inputs of the members and invitations procedures. */
import { z } from 'zod/mini';
import { idSchema } from '~/domain/shared/ids';

export const inviteInput = z.object({
  orgId: idSchema,
  email: z
    .email('Enter an email address, e.g. name@company.com')
    .check(z.maxLength(254, 'At most 254 characters')),
});
export const invitationIdInput = z.object({ orgId: idSchema, invitationId: idSchema });
/** Tokens are base64url (server-made, 43 characters); anything else is nobody's invitation. */
export const acceptInviteInput = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/)),
});
export const removeMemberInput = z.object({ orgId: idSchema, userId: idSchema });
