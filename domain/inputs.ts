/** Procedure inputs, validated with zod on the server and reused by the app's forms and the mocks. */
import { z } from 'zod';
import { B2C_CAPABILITIES } from './constants';
import { idSchema, slugSchema } from './entities';

export const orgIdInput = z.object({ orgId: idSchema });
export const bestRedirectInput = z.object({ orgSlug: z.string().max(64).optional() }).optional();
export const orgContextInput = z.object({
  orgSlug: z.string().min(1).max(64),
  envSlug: z.string().min(1).max(64),
});
export const createOrgInput = z.object({
  name: z.string().trim().min(2).max(80),
  slug: slugSchema,
});
export const createEnvInput = z.object({
  orgId: idSchema,
  name: z.string().trim().min(2).max(80),
  slug: slugSchema,
});
export const inviteInput = z.object({ orgId: idSchema, email: z.email().max(254) });
export const invitationIdInput = z.object({ orgId: idSchema, invitationId: idSchema });
export const acceptInviteInput = z.object({ token: z.string().min(8).max(128) });
export const removeMemberInput = z.object({ orgId: idSchema, userId: idSchema });
export const instanceGetInput = z.object({ orgId: idSchema, instanceId: idSchema });
export const verifyCapabilityInput = z.object({
  orgId: idSchema,
  b2cInstanceId: idSchema,
  capability: z.enum(B2C_CAPABILITIES),
});
export const verifyOnboardedInput = z.object({ orgId: idSchema, envId: idSchema, id: idSchema });
export const selectInstanceInput = z.object({
  orgId: idSchema,
  envId: idSchema,
  b2cInstanceId: idSchema,
});
