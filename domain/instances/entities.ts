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
  z.object({
    status: z.literal('error'),
    message: z.optional(z.string()),
    /** Salesforce refused the client's id and secret (401). */
    reason: z.optional(z.literal('bad-credentials')),
  }),
  /**
   * A new API client Salesforce does not accept yet (a new client can take a few minutes to work):
   * the screen asks again after `retryInMs`, until `until` (epoch ms), then it is an error.
   */
  z.object({
    status: z.literal('activating'),
    message: z.string(),
    retryInMs: z.number(),
    until: z.number(),
  }),
]);

/**
 * Whether the signed-in person can have Beacon create the org's API client: `allowed` (their Account
 * Manager token carries Account Administrator or API Administrator), `no-role`, or `sign-in-needed`
 * (no live Account Manager token: signed in with Google, or it expired). Otherwise they paste one.
 */
export const apiClientSetupSchema = z.object({
  create: z.enum(['allowed', 'no-role', 'sign-in-needed']),
});
export type ApiClientSetup = z.infer<typeof apiClientSetupSchema>;
export type VerifyResult = z.infer<typeof verifyResultSchema>;
