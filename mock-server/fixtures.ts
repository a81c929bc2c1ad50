/** Named, typed fixture data for mocks: the same cast of users, orgs and envs the seed uses. */
import type { B2CInstance, OrganizationStep } from '~/domain/instances/entities';
import type { Env, Org } from '~/domain/orgs/entities';
import type { Prompt } from '~/domain/prompts/entities';
import type { Session, SessionUser } from '~/domain/shared/session';
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
  sam: {
    id: 'u_sam',
    name: 'Sam Second',
    email: 'sam@beacon.test',
    image: null,
    isSuperUser: false,
  },
} satisfies Record<string, SessionUser>;

export function sessionFor(user: SessionUser): Session {
  return { user, expires: '2099-01-01T00:00:00.000Z' };
}

export const orgs = {
  acme: { id: 'org_acme', slug: 'acme', name: 'Acme Outfitters', verified: true },
  globex: { id: 'org_globex', slug: 'globex', name: 'Globex Goods', verified: false },
  initech: { id: 'org_initech', slug: 'initech', name: 'Initech', verified: true },
} satisfies Record<string, Org>;

/** Acme's Account Manager organization (the simulator's id). */
export const AM_ORGANIZATION = {
  id: 'a1c3e5f7-2b4d-4c6e-8a0b-1c2d3e4f5a6b',
  name: 'Acme Outfitters',
  realms: ['zzte'],
} as const;

const ALLOWED_HOST_SUFFIXES = ['.commercecloud.salesforce.com', '.demandware.net'];

/** The select-organization step's answers (b2cInstances.organizationStep). */
export const organizationSteps = {
  /** Linked to Acme's organization: the instances show. */
  linked: {
    linked: {
      id: AM_ORGANIZATION.id,
      name: AM_ORGANIZATION.name,
      realms: [...AM_ORGANIZATION.realms],
    },
    signIn: 'ok',
    choices: [],
    listable: false,
    allowedHostSuffixes: ALLOWED_HOST_SUFFIXES,
  },
  /** Not linked; Maya (API Administrator) may not read the organization's name or realms. */
  unlinkedIdsOnly: {
    linked: null,
    signIn: 'ok',
    choices: [{ id: AM_ORGANIZATION.id, name: null, realms: null }],
    listable: false,
    allowedHostSuffixes: ALLOWED_HOST_SUFFIXES,
  },
  /** Not linked; an Account Administrator sees names and realms. */
  unlinkedListable: {
    linked: null,
    signIn: 'ok',
    choices: [
      { id: AM_ORGANIZATION.id, name: AM_ORGANIZATION.name, realms: [...AM_ORGANIZATION.realms] },
      { id: 'c3e5a7b9-4d6f-4e8a-8c2d-3e4f5a6b7c8d', name: 'Acme Outfitters EU', realms: ['abcd'] },
    ],
    listable: true,
    allowedHostSuffixes: ALLOWED_HOST_SUFFIXES,
  },
} satisfies Record<string, OrganizationStep>;

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

/**
 * Every org as the superusers' list shows it (orgs.overview), newest first: Globex waits for
 * verification, which Maya asked for (its instance half onboarded), Acme is verified with more members than are named,
 * Initech has no environments.
 */
export const orgOverviews = [
  {
    ...orgs.globex,
    createdAt: new Date('2026-11-20T09:15:00Z'),
    verificationRequest: {
      requestedAt: new Date('2026-11-21T14:40:00Z'),
      requestedBy: users.maya.email,
    },
    memberCount: 1,
    members: [{ name: users.maya.name, email: users.maya.email, role: 'owner' }],
    envs: [
      {
        id: 'env_globex_prod',
        slug: 'prod',
        name: 'Production',
        b2cInstance: { instanceId: 'zzte_002', host: instances.fresh.host, onboarded: false },
      },
    ],
  },
  {
    ...orgs.acme,
    createdAt: new Date('2026-01-05T10:00:00Z'),
    verificationRequest: null,
    memberCount: 7,
    members: [
      { name: users.maya.name, email: users.maya.email, role: 'owner' },
      { name: users.ada.name, email: users.ada.email, role: 'member' },
      { name: 'Jordan Lee', email: 'jordan@acme.test', role: 'member' },
      { name: 'Priya Shah', email: 'priya@acme.test', role: 'member' },
      { name: users.sam.name, email: users.sam.email, role: 'member' },
    ],
    envs: [
      {
        id: envs.prod.id,
        slug: envs.prod.slug,
        name: envs.prod.name,
        b2cInstance: { instanceId: 'zzte_001', host: instances.onboarded.host, onboarded: true },
      },
      { id: envs.staging.id, slug: envs.staging.slug, name: envs.staging.name, b2cInstance: null },
    ],
  },
  {
    ...orgs.initech,
    createdAt: new Date('2025-12-01T08:30:00Z'),
    verificationRequest: null,
    memberCount: 1,
    members: [{ name: 'Ivy Initech', email: 'ivy@beacon.test', role: 'owner' }],
    envs: [],
  },
] satisfies OutputOf<'orgs.overview'>;

export const orgList = [
  { ...orgs.acme, role: 'owner' },
  { ...orgs.globex, role: 'member' },
] satisfies OutputOf<'orgs.allOrgsForUser'>;

/** Acme's prompt library: what AEO monitoring asks the AI assistants about. */
export const prompts = {
  trailShoes: {
    id: 'prompt_trail_shoes',
    name: 'Trail running shoes',
    text: 'What are the best trail running shoes under $150 for rocky, muddy terrain? Compare grip, cushioning and durability.',
    createdAt: new Date('2026-01-12T09:30:00Z'),
    updatedAt: new Date('2026-02-03T14:05:00Z'),
  },
  rainJacket: {
    id: 'prompt_rain_jacket',
    name: 'Waterproof hiking jacket',
    text: 'Which waterproof jacket should I buy for multi-day hikes in the rain? I want something breathable and packable.',
    createdAt: new Date('2026-01-14T11:00:00Z'),
    updatedAt: new Date('2026-01-14T11:00:00Z'),
  },
  campingGift: {
    id: 'prompt_camping_gift',
    name: 'Gift for a camper',
    text: 'Suggest a gift under $75 for someone who loves camping and already owns a tent.',
    createdAt: new Date('2026-01-20T16:45:00Z'),
    updatedAt: new Date('2026-01-21T08:10:00Z'),
  },
} satisfies Record<string, Prompt>;

export const promptList = [
  prompts.campingGift,
  prompts.trailShoes,
  prompts.rainJacket,
] satisfies OutputOf<'prompts.list'>;

/** Acme's people: Maya (owner), Ada (superuser, member) and, in some stories, Sam (member). */
export const members = {
  maya: {
    userId: users.maya.id,
    name: users.maya.name,
    email: users.maya.email,
    role: 'owner',
    isSuperUser: false,
  },
  ada: {
    userId: users.ada.id,
    name: users.ada.name,
    email: users.ada.email,
    role: 'member',
    isSuperUser: true,
  },
  sam: {
    userId: users.sam.id,
    name: users.sam.name,
    email: users.sam.email,
    role: 'member',
    isSuperUser: false,
  },
} satisfies Record<string, OutputOf<'members.list'>[number]>;

/** Acme's invitations: one pending (expiring far ahead, so stories stay stable), one accepted, one expired. */
export const invitations = {
  pending: {
    id: 'inv_pending',
    email: 'jordan@acme.test',
    expiresAt: new Date('2099-03-08T10:00:00Z'),
    acceptedAt: null,
    createdAt: new Date('2026-03-01T10:00:00Z'),
  },
  accepted: {
    id: 'inv_accepted',
    email: 'priya@acme.test',
    expiresAt: new Date('2026-02-22T10:00:00Z'),
    acceptedAt: new Date('2026-02-16T08:20:00Z'),
    createdAt: new Date('2026-02-15T10:00:00Z'),
  },
  expired: {
    id: 'inv_expired',
    email: 'lee@acme.test',
    expiresAt: new Date('2026-01-08T10:00:00Z'),
    acceptedAt: null,
    createdAt: new Date('2026-01-01T10:00:00Z'),
  },
} satisfies Record<string, OutputOf<'invitations.list'>[number]>;

/**
 * Maya's account: she signs in with Salesforce and Google, is Acme's last owner (Ada is a member there)
 * and a member of Globex, as `orgList` has it: she may leave Globex, but neither leave Acme nor delete
 * her account.
 */
export const account = {
  name: users.maya.name,
  email: users.maya.email,
  signInMethods: [
    { provider: 'google', label: 'Google' },
    { provider: 'salesforce', label: 'Salesforce' },
  ],
  orgs: [
    { ...orgs.acme, role: 'owner', lastOwner: true },
    { ...orgs.globex, role: 'member', lastOwner: false },
  ],
} satisfies OutputOf<'account.get'>;
