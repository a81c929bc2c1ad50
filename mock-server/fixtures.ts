/** Named, typed fixture data for mocks: the same cast of users, orgs and envs the seed uses. */
import type { B2CInstance, Env, Org, Session, SessionUser } from '../domain/entities';
import type { OutputOf } from './trpc/scenario';

export const users = {
  maya: {
    id: 'u_maya',
    name: 'Maya Member',
    email: 'maya@beacon.test',
    image: null,
    isSuperUser: false,
  },
  ada: { id: 'u_ada', name: 'Ada Admin', email: 'ada@beacon.test', image: null, isSuperUser: true },
} satisfies Record<string, SessionUser>;

export function sessionFor(user: SessionUser): Session {
  return { user, expires: '2099-01-01T00:00:00.000Z' };
}

export const orgs = {
  acme: { id: 'org_acme', slug: 'acme', name: 'Acme Outfitters', verified: true },
  globex: { id: 'org_globex', slug: 'globex', name: 'Globex Goods', verified: false },
  initech: { id: 'org_initech', slug: 'initech', name: 'Initech', verified: true },
} satisfies Record<string, Org>;

export const instances = {
  onboarded: {
    id: 'inst_1',
    instanceId: 'zzte_001',
    externalInstanceId: 'a1b2c3d4-0001',
    host: 'zzte-001.dx.commercecloud.salesforce.com',
    baseUrl: 'https://zzte-001.dx.commercecloud.salesforce.com',
    tenantType: 'sandbox',
    apiClient: { clientId: '3f1c2a9e-5b7d-4e2f-9a61-0c8d7e6b5a41' },
    ocapiDataSettingsVerified: true,
    ocapiShopSettingsVerified: true,
    webdavSettingsVerified: true,
    onboarded: true,
  },
  fresh: {
    id: 'inst_2',
    instanceId: 'zzte_002',
    externalInstanceId: 'a1b2c3d4-0002',
    host: 'zzte-002.dx.commercecloud.salesforce.com',
    baseUrl: 'https://zzte-002.dx.commercecloud.salesforce.com',
    tenantType: 'development',
    apiClient: null,
    ocapiDataSettingsVerified: false,
    ocapiShopSettingsVerified: false,
    webdavSettingsVerified: false,
    onboarded: false,
  },
} satisfies Record<string, B2CInstance>;

export const envs = {
  prod: {
    id: 'env_prod',
    slug: 'prod',
    name: 'Production',
    b2cInstance: { id: 'inst_1', instanceId: 'zzte_001', onboarded: true },
  },
  staging: { id: 'env_staging', slug: 'staging', name: 'Staging', b2cInstance: null },
} satisfies Record<string, Env>;

export const orgList = [
  { ...orgs.acme, role: 'owner' },
  { ...orgs.globex, role: 'member' },
] satisfies OutputOf<'orgs.allOrgsForUser'>;
