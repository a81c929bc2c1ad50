/** Entities shared by server, app and mocks (spec §3), as zod schemas with their types. */
import { z } from 'zod/mini';
import { APP_THEMES, DEFAULT_APP_THEME } from './constants';
import { MESSAGES } from './errors';
import { SLUG_MAX_LENGTH } from './slug';

/**
 * Slugs that would collide with the app's own routes (spec §2): /app/{orgSlug} sits beside
 * create-org, accept-invite, auth and sp; /app/{orgSlug}/{envSlug} beside create-env; and an env's
 * screens are named settings, onboarding, products, …. One list for org and env slugs, so a slug
 * never has to be renamed when it moves, and no future route at either level is shadowed.
 */
export const RESERVED_SLUGS: readonly string[] = [
  'create-org',
  'accept-invite',
  'auth',
  'sp',
  'create-env',
  'settings',
  'onboarding',
  'products',
  'reviews',
  'agents',
  'analyst',
  'landing-pages',
  'pages',
];

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.includes(slug.trim().toLowerCase());
}

/** An org or env slug: lowercase letters, digits and single hyphens, not a reserved route name. */
export const slugSchema = z.string().check(
  z.trim(),
  z.minLength(2, 'At least 2 characters'),
  z.maxLength(SLUG_MAX_LENGTH, `At most ${SLUG_MAX_LENGTH} characters`),
  z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lowercase letters, digits and single hyphens only'),
  z.refine((slug) => !isReservedSlug(slug), {
    error: (issue) => MESSAGES.reservedSlug(String(issue.input)),
  }),
);

export const idSchema = z.string().check(z.minLength(1), z.maxLength(64));

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  email: z.string(),
  image: z.optional(z.nullable(z.string())),
  isSuperUser: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionSchema = z.object({
  user: sessionUserSchema,
  expires: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const orgSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  verified: z.boolean(),
});
export type Org = z.infer<typeof orgSchema>;

export const envInstanceSummarySchema = z.object({
  id: z.string(),
  instanceId: z.string(),
  onboarded: z.boolean(),
});

export const envSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  b2cInstance: z.nullable(envInstanceSummarySchema),
});
export type Env = z.infer<typeof envSchema>;

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

export const membershipRoleSchema = z.enum(['owner', 'member']);
export type MembershipRole = z.infer<typeof membershipRoleSchema>;

export const appThemeSchema = z.catch(z.enum(APP_THEMES), DEFAULT_APP_THEME);

export const bestRedirectSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), org: orgSchema, env: envSchema }),
  z.object({ status: z.literal('no-org-memberships'), org: z.null(), env: z.null() }),
  z.object({ status: z.literal('no-envs'), org: orgSchema, env: z.null() }),
]);
export type BestRedirect = z.infer<typeof bestRedirectSchema>;

export const verifyResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok') }),
  z.object({ status: z.literal('error'), message: z.optional(z.string()) }),
]);
export type VerifyResult = z.infer<typeof verifyResultSchema>;

/** A saved prompt of the org's library (settings → Prompts). */
export const promptSchema = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Prompt = z.infer<typeof promptSchema>;
