/** Inputs of the b2cInstances and b2cAPIClients procedures. An instance's row id is always `b2cInstanceId`. */
import { z } from 'zod/mini';
import { idSchema } from '~/domain/shared/ids';
import { B2C_CAPABILITIES } from './capabilities';

export const b2cInstanceInput = z.object({ orgId: idSchema, b2cInstanceId: idSchema });
export const verifyCapabilityInput = z.object({
  orgId: idSchema,
  b2cInstanceId: idSchema,
  capability: z.enum(B2C_CAPABILITIES),
});
/** A client created in Account Manager by someone else, pasted: its id and its secret (12–128). */
export const pasteApiClientInput = z.object({
  orgId: idSchema,
  clientId: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter the API client ID.'),
      z.maxLength(100, 'An API client ID is at most 100 characters.'),
      z.regex(
        /^[\w.-]+$/,
        'An API client ID has letters, digits, dashes, dots or underscores only.',
      ),
    ),
  secret: z
    .string()
    .check(
      z.minLength(12, 'An API client secret has at least 12 characters.'),
      z.maxLength(128, 'An API client secret has at most 128 characters.'),
    ),
});

export const verifyOnboardedInput = z.object({
  orgId: idSchema,
  envId: idSchema,
  b2cInstanceId: idSchema,
});
