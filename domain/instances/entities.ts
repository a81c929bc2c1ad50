/**
 * A B2C Commerce instance as Beacon knows it. `id` is Beacon's row id (inputs call it `b2cInstanceId`);
 * `instanceId` is the realm's own instance name, e.g. "zzte_001".
 */
import { z } from 'zod/mini';

export const tenantTypeSchema = z.enum(['sandbox', 'development', 'staging', 'production']);

export const b2cInstanceSchema = z.object({
  id: z.string(),
  instanceId: z.string(),
  externalInstanceId: z.string(),
  host: z.string(),
  /** Where this instance's Business Manager and APIs are reached: https://{host}, or the simulator in development. */
  baseUrl: z.string(),
  tenantType: tenantTypeSchema,
  apiClient: z.nullable(z.object({ clientId: z.string() })),
  ocapiDataSettingsVerified: z.boolean(),
  ocapiShopSettingsVerified: z.boolean(),
  webdavSettingsVerified: z.boolean(),
  onboarded: z.boolean(),
});
export type B2CInstance = z.infer<typeof b2cInstanceSchema>;

/** Beacon's API client in the org's Account Manager. */
export interface ApiClient {
  clientId: string;
  name: string;
}

export const verifyResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok') }),
  z.object({ status: z.literal('error'), message: z.optional(z.string()) }),
]);
export type VerifyResult = z.infer<typeof verifyResultSchema>;
