/**
 * The demo identities and records `seed()` writes: fixed ids so tests, the development identity provider
 * and the B2C simulator can refer to them. Together they exercise every gate of the app.
 */
// The people live in domain/ because the development IdP (simulators/idp) offers them too.
import { SEED_USERS } from '~/domain/dev/seed-users';

export { SEED_USERS, type SeedUser, type SeedUserKey } from '~/domain/dev/seed-users';

export const SEED_ORGS = {
  /** Verified, with an onboarded env (prod) and an env with no instance (staging). */
  acme: { id: 'org_acme', slug: 'acme', name: 'Acme Outfitters', verified: true },
  /** Unverified, one env with no instance. */
  globex: { id: 'org_globex', slug: 'globex', name: 'Globex Goods', verified: false },
  /** Verified, no envs; Ivy's only org. */
  initech: { id: 'org_initech', slug: 'initech', name: 'Initech', verified: true },
} as const;

export const SEED_INSTANCES = {
  acmeProd: {
    id: 'b2ci_acme_zzte_001',
    orgId: SEED_ORGS.acme.id,
    instanceId: 'zzte_001',
    externalInstanceId: 'aaaa-zzte-001',
    host: 'zzte-001.dx.commercecloud.salesforce.com',
    tenantType: 'sandbox',
    ocapiDataSettingsVerified: true,
    ocapiShopSettingsVerified: true,
    webdavSettingsVerified: true,
    onboarded: true,
  },
} as const;

export const SEED_ENVS = {
  acmeProd: {
    id: 'env_acme_prod',
    orgId: SEED_ORGS.acme.id,
    slug: 'prod',
    name: 'Production',
    b2cInstanceId: SEED_INSTANCES.acmeProd.id,
  },
  acmeStaging: {
    id: 'env_acme_staging',
    orgId: SEED_ORGS.acme.id,
    slug: 'staging',
    name: 'Staging',
    b2cInstanceId: null,
  },
  globexProd: {
    id: 'env_globex_prod',
    orgId: SEED_ORGS.globex.id,
    slug: 'prod',
    name: 'Production',
    b2cInstanceId: null,
  },
} as const;

/** Acme's API client; the simulator accepts this secret for verification. Demo data only. */
export const SEED_API_CLIENT = {
  orgId: SEED_ORGS.acme.id,
  clientId: 'beacon-demo-acme-client',
  secret: 'demo-secret-acme-not-for-production',
} as const;

export const SEED_MEMBERSHIPS = [
  { userId: SEED_USERS.maya.id, orgId: SEED_ORGS.acme.id, role: 'owner' },
  { userId: SEED_USERS.ada.id, orgId: SEED_ORGS.acme.id, role: 'member' },
  { userId: SEED_USERS.maya.id, orgId: SEED_ORGS.globex.id, role: 'owner' },
  { userId: SEED_USERS.ivy.id, orgId: SEED_ORGS.initech.id, role: 'owner' },
] as const;

/** Acme's prompt library: the questions its AEO monitoring asks AI assistants. */
export const SEED_PROMPTS = [
  {
    orgId: SEED_ORGS.acme.id,
    name: 'Best trail running shoes',
    text: 'What are the best trail running shoes under $150 for rocky terrain? Name specific models and where to buy them.',
  },
  {
    orgId: SEED_ORGS.acme.id,
    name: 'Waterproof hiking jacket',
    text: 'Which waterproof hiking jacket would you recommend for a week of rain in Scotland, and which retailers carry it?',
  },
  {
    orgId: SEED_ORGS.acme.id,
    name: 'Acme Outfitters reputation',
    text: 'Is Acme Outfitters a good place to buy outdoor gear? Summarise what customers say about returns and delivery.',
  },
] as const;
