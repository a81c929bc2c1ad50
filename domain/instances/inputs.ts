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
export const verifyOnboardedInput = z.object({
  orgId: idSchema,
  envId: idSchema,
  b2cInstanceId: idSchema,
});
