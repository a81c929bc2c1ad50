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
  /**
   * Null for a tenant Account Manager lists without one (production, staging, development) until
   * someone gives it (`b2cInstances.setHost`); such an instance cannot be chosen yet.
   */
  host: z.nullable(z.string()),
  /** Where this instance's Business Manager and APIs are reached: https://{host}, or the simulator in development. */
  baseUrl: z.nullable(z.string()),
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

/** The customer's Account Manager organization an org onboards from. */
export const accountManagerOrganizationSchema = z.object({
  id: z.string(),
  /** Null where the person's roles could not read it (only Account Administrators may). */
  name: z.nullable(z.string()),
  /** Realm ids ("zzte"); null where they could not be read, so the person types them. */
  realms: z.nullable(z.array(z.string())),
});
export type AccountManagerOrganization = z.infer<typeof accountManagerOrganizationSchema>;

/**
 * The select-organization step: the linked organization, or the ones the signed-in person belongs to
 * (`choices`, from their Account Manager sign-in), with `listable` false when their roles cannot read
 * the organizations' names and realms, and `signIn: 'needed'` without a live Account Manager sign-in.
 */
export const organizationStepSchema = z.object({
  linked: z.nullable(
    z.object({ id: z.string(), name: z.nullable(z.string()), realms: z.array(z.string()) }),
  ),
  signIn: z.enum(['ok', 'needed']),
  choices: z.array(accountManagerOrganizationSchema),
  listable: z.boolean(),
  /** Host name endings a typed instance host must have, e.g. ".demandware.net". */
  allowedHostSuffixes: z.array(z.string()),
});
export type OrganizationStep = z.infer<typeof organizationStepSchema>;
