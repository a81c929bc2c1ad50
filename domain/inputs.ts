/** Procedure inputs, validated with zod on the server and reused by the app's forms and the mocks. */
import { z } from 'zod/mini';
import { B2C_CAPABILITIES } from './constants';
import { idSchema, slugSchema } from './entities';

export const orgIdInput = z.object({ orgId: idSchema });
export const bestRedirectInput = z.optional(
  z.object({ orgSlug: z.optional(z.string().check(z.maxLength(64))) }),
);
export const orgContextInput = z.object({
  orgSlug: z.string().check(z.minLength(1), z.maxLength(64)),
  envSlug: z.string().check(z.minLength(1), z.maxLength(64)),
});
const nameInput = z
  .string()
  .check(
    z.trim(),
    z.minLength(2, 'At least 2 characters'),
    z.maxLength(80, 'At most 80 characters'),
  );
/** What the create-org and create-env forms ask for (the env's org comes from the route). */
export const nameSlugInput = z.object({ name: nameInput, slug: slugSchema });
export const createOrgInput = nameSlugInput;
export const createEnvInput = z.object({ orgId: idSchema, name: nameInput, slug: slugSchema });
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

/** Prompt library (settings → Prompts): a name to pick it by and the text agents and AEO monitoring send. */
export const PROMPT_NAME_MAX = 80;
export const PROMPT_TEXT_MAX = 4000;
const promptFields = {
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Give the prompt a name'),
      z.maxLength(PROMPT_NAME_MAX, `At most ${PROMPT_NAME_MAX} characters`),
    ),
  text: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Write the prompt text'),
      z.maxLength(PROMPT_TEXT_MAX, `At most ${PROMPT_TEXT_MAX} characters`),
    ),
};
export const createPromptInput = z.object({ orgId: idSchema, ...promptFields });
export const promptIdInput = z.object({ orgId: idSchema, promptId: idSchema });
export const updatePromptInput = z.object({ orgId: idSchema, promptId: idSchema, ...promptFields });
