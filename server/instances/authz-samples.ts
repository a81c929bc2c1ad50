/** The instances area's procedures as the authorization walk (server/trpc/authz.test.ts) calls them. */
import { SEED_ENVS, SEED_INSTANCES } from '~/server/seed-data';
import { type AuthzSamples } from '~/server/trpc/authz-sample';

export const authzSamples: AuthzSamples = {
  'b2cInstances.sync': { input: (f) => ({ orgId: f.acme }) },
  'b2cInstances.list': { input: (f) => ({ orgId: f.acme }) },
  'b2cInstances.organizationStep': { input: (f) => ({ orgId: f.acme }) },
  'b2cInstances.linkOrganization': {
    input: (f) => ({ orgId: f.acme, amOrganizationId: 'a1c3e5f7-2b4d-4c6e-8a0b-1c2d3e4f5a6b' }),
  },
  'b2cInstances.setHost': {
    input: (f) => ({
      orgId: f.acme,
      b2cInstanceId: SEED_INSTANCES.acmeProd.id,
      host: 'zzte-001.dx.commercecloud.salesforce.com',
    }),
  },
  'b2cInstances.get': {
    input: (f) => ({ orgId: f.acme, b2cInstanceId: SEED_INSTANCES.acmeProd.id }),
  },
  'b2cInstances.verifyOnboarded': {
    input: (f) => ({
      orgId: f.acme,
      envId: SEED_ENVS.acmeProd.id,
      b2cInstanceId: SEED_INSTANCES.acmeProd.id,
    }),
  },
  'b2cAPIClients.getOrCreate': { input: (f) => ({ orgId: f.acme }) },
  'b2cAPIClients.setup': { input: (f) => ({ orgId: f.acme }) },
  'b2cAPIClients.paste': {
    input: (f) => ({ orgId: f.acme, clientId: 'pasted-client', secret: 'pasted-secret-1234' }),
  },
  'b2cAPIClients.verify': {
    input: (f) => ({
      orgId: f.acme,
      b2cInstanceId: SEED_INSTANCES.acmeProd.id,
      capability: 'ocapi-data',
    }),
  },
};
