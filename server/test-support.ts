/** Test helpers for the services: a controllable fake B2C gateway, users and orgs with unique names. */
import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { DomainError } from '~/domain/shared/errors';
import type { SessionUser } from '~/domain/shared/session';
import type { Db } from './db/client';
import { ACCOUNT_MANAGER_PROVIDER, accountManagerTokenContext } from './auth/account-manager-token';
import { accounts, b2cInstances, envs, memberships, orgs, users } from './db/schema';
import type {
  ApiClientCredentials,
  B2CGateway,
  B2CInstanceClients,
  DiscoveredInstance,
} from './integrations/b2c/gateway';
import type { CacheOptions } from './read-through-cache';
import { createSecrets, type Secrets } from './secrets';
import { type BeaconServices, createServices } from './services';

let counter = 0;
/** A unique, slug-safe suffix. */
export const uniq = (prefix = 't') =>
  `${prefix}-${(++counter).toString(36)}-${randomBytes(3).toString('hex')}`;

export function fakeGateway() {
  const state = {
    instances: [] as DiscoveredInstance[],
    apiClient: { clientId: 'client-1', secret: 'secret-1' } as ApiClientCredentials,
    clients: null as B2CInstanceClients | null,
    organizations: [] as Awaited<ReturnType<B2CGateway['personOrganizations']>>['organizations'],
    listable: true,
  };
  const gateway = {
    instanceBaseUrl: (host: string) => `https://${host}`,
    allowedHostSuffixes: ['.commercecloud.salesforce.com', '.demandware.net'],
    isAllowedHost: (host: string) =>
      /\.(commercecloud\.salesforce\.com|demandware\.net)$/.test(host),
    personOrganizations: vi.fn<B2CGateway['personOrganizations']>(async () => ({
      organizations: state.organizations,
      listable: state.listable,
    })),
    listInstances: vi.fn<B2CGateway['listInstances']>(async () => state.instances),
    ensureApiClient: vi.fn<B2CGateway['ensureApiClient']>(async () => state.apiClient),
    verify: vi.fn<B2CGateway['verify']>(async () => ({ status: 'ok' as const })),
    /** Set `state.clients` to give services an instance to read. */
    instanceClients: vi.fn<B2CGateway['instanceClients']>(() => {
      if (!state.clients) throw new DomainError('UNAVAILABLE', 'No B2C instance in this test.');
      return state.clients;
    }),
  };
  return { gateway, state };
}

export function testServices(db: Db, options: { now?: () => Date; cache?: CacheOptions } = {}) {
  const { gateway, state } = fakeGateway();
  const secrets = createSecrets(randomBytes(32));
  const services: BeaconServices = createServices({ db, b2c: gateway, secrets, ...options });
  return { services, gateway, state, secrets };
}

/**
 * Keeps an Account Manager token on the user's Salesforce account, as their Salesforce sign-in does
 * (valid for `expiresInSeconds`).
 */
/** Links the org to an Account Manager organization with `realms`, as onboarding's first choice does. */
export async function linkedToAccountManager(db: Db, orgId: string, realms = ['zzte']) {
  await db
    .update(orgs)
    .set({ amOrganizationId: `am-org-${orgId}`, amOrganizationName: null, amRealms: realms })
    .where(eq(orgs.id, orgId));
}

export async function signedInToAccountManager(
  db: Db,
  secrets: Secrets,
  userId: string,
  accessToken = `am-token-${userId}`,
  expiresInSeconds = 1799,
) {
  const providerAccountId = uniq('am-user');
  await db.insert(accounts).values({
    userId,
    type: 'oauth',
    provider: ACCOUNT_MANAGER_PROVIDER,
    providerAccountId,
    // Encrypted, as sign-in keeps it (server/auth/account-manager-token.ts).
    access_token: secrets.encrypt(accessToken, accountManagerTokenContext(providerAccountId)),
    token_type: 'bearer',
    expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
  });
  return accessToken;
}

export async function makeUser(
  db: Db,
  overrides: Partial<{ name: string; email: string; isSuperUser: boolean }> = {},
): Promise<SessionUser> {
  const handle = uniq('user');
  const [row] = await db
    .insert(users)
    .values({
      name: overrides.name ?? `User ${handle}`,
      email: overrides.email ?? `${handle}@example.test`,
      isSuperUser: overrides.isSuperUser ?? false,
    })
    .returning({
      id: users.id,
      name: users.name,
      email: users.email,
      isSuperUser: users.isSuperUser,
    });
  if (!row) throw new Error('No user inserted.');
  return row;
}

export async function makeOrg(
  db: Db,
  options: {
    members?: { user: SessionUser; role?: 'owner' | 'member' }[];
    name?: string;
    verified?: boolean;
  } = {},
) {
  const slug = uniq('org');
  const [org] = await db
    .insert(orgs)
    .values({ slug, name: options.name ?? `Org ${slug}`, verified: options.verified ?? false })
    .returning({ id: orgs.id, slug: orgs.slug, name: orgs.name, verified: orgs.verified });
  if (!org) throw new Error('No org inserted.');
  for (const { user, role } of options.members ?? []) {
    await db.insert(memberships).values({ userId: user.id, orgId: org.id, role: role ?? 'member' });
  }
  return org;
}

/** An env, with an instance (onboarded or not) when asked. */
export async function addEnv(
  db: Db,
  orgId: string,
  slug: string,
  instance?: { onboarded: boolean },
) {
  let b2cInstanceId: string | null = null;
  if (instance) {
    const [row] = await db
      .insert(b2cInstances)
      .values({
        orgId,
        instanceId: `${slug}_001`,
        externalInstanceId: uniq('ext'),
        host: `${slug}.example.test`,
        tenantType: 'sandbox',
        onboarded: instance.onboarded,
      })
      .returning({ id: b2cInstances.id });
    b2cInstanceId = row!.id;
  }
  const [env] = await db
    .insert(envs)
    .values({ orgId, slug, name: slug.toUpperCase(), b2cInstanceId })
    .returning();
  return env!;
}

/** Resolves to the DomainError a promise rejects with. */
export async function domainError(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError))
    throw new Error(`Expected a DomainError, got ${String(error)}`);
  return error;
}

/** The tRPC error a procedure call rejects with: its code, message and domain reason. */
export async function trpcRefusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw new Error(`Expected a TRPCError, got ${String(error)}`);
  const reason = (error.cause as { reason?: string } | undefined)?.reason ?? null;
  return { code: error.code, message: error.message, reason };
}
