/** The products area's procedures as the authorization walk (server/trpc/authz.test.ts) calls them. */
import { SEED_ENVS } from '~/server/seed-data';
import { type AuthzSamples, WALK_PRODUCT_ID } from '~/server/trpc/authz-sample';

export const authzSamples: AuthzSamples = {
  'products.list': { input: (f) => ({ orgId: f.acme, envId: SEED_ENVS.acmeProd.id }) },
  'products.facets': { input: (f) => ({ orgId: f.acme, envId: SEED_ENVS.acmeProd.id }) },
  'products.get': {
    input: (f) => ({ orgId: f.acme, envId: SEED_ENVS.acmeProd.id, b2cProductId: WALK_PRODUCT_ID }),
  },
  'products.refresh': {
    input: (f) => ({ orgId: f.acme, envId: SEED_ENVS.acmeProd.id, b2cProductId: WALK_PRODUCT_ID }),
  },
  'products.syncState': { input: (f) => ({ orgId: f.acme, envId: SEED_ENVS.acmeProd.id }) },
  'products.syncNow': { input: (f) => ({ orgId: f.acme, envId: SEED_ENVS.acmeProd.id }) },
};
