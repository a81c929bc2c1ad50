/**
 * Tests and benchmarks that run the real B2C clients against the simulator link an env the way
 * onboarding does: its instance row points at a simulated host, the org's API client exists (created
 * by a person signed in to the simulated Account Manager), and the instance grants it the OCAPI Data
 * settings onboarding has a person paste. (No vitest import: the benchmark scripts use it too.)
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ocapiDataSettingsSnippet, parseOcapiSettings } from '~/domain/instances/snippets';
import type { B2CSimulator } from '~/simulators/b2c';
import { createAiRegistry } from './ai/registry';
import { type AiService, createAiService } from './ai/service';
import { ACCOUNT_MANAGER_PROVIDER, accountManagerTokenContext } from './auth/account-manager-token';
import type { Db } from './db/client';
import { accounts, b2cInstances, envs, orgs, users } from './db/schema';
import type { Secrets } from './secrets';
import type { Services } from './services';

/**
 * Signs `login` in to the simulated Account Manager (authorization code with PKCE) and keeps the
 * token on a Beacon user's Salesforce account, as a Salesforce sign-in does: a new user unless
 * `userId` is given. Maya administers the demo customer's API clients.
 */
export async function signInToAccountManager({
  db,
  secrets,
  simulator,
  login = 'maya@beacon.test',
  userId,
}: {
  db: Db;
  /** Encrypts the token as sign-in does (server/auth/account-manager-token.ts). */
  secrets: Secrets;
  simulator: B2CSimulator;
  login?: string;
  userId?: string;
}): Promise<{ userId: string; accessToken: string }> {
  const accessToken = await simulator.userToken(login);
  let id = userId;
  if (!id) {
    const [user] = await db
      .insert(users)
      .values({ email: `am-${randomBytes(4).toString('hex')}@beacon.test`, name: login })
      .returning({ id: users.id });
    id = user!.id;
  }
  const amUser = simulator.accountManager.users.find((u) => u.mail === login);
  // Unique per Beacon user: several test users may stand for one Account Manager person.
  const providerAccountId = `${amUser?.id ?? login}#${randomBytes(4).toString('hex')}`;
  await db.insert(accounts).values({
    userId: id,
    type: 'oauth',
    provider: ACCOUNT_MANAGER_PROVIDER,
    providerAccountId,
    access_token: secrets.encrypt(accessToken, accountManagerTokenContext(providerAccountId)),
    token_type: 'bearer',
    expires_at: Math.floor(Date.now() / 1000) + 1799,
  });
  return { userId: id, accessToken };
}

export async function linkToSimulator({
  db,
  services,
  secrets,
  simulator,
  orgId,
  b2cInstanceId,
  host,
}: {
  db: Db;
  services: Pick<Services, 'b2cAPIClients'>;
  /** The secrets box the services were made with. */
  secrets: Secrets;
  simulator: B2CSimulator;
  orgId: string;
  b2cInstanceId: string;
  host: string;
}): Promise<{ clientId: string }> {
  await db.update(b2cInstances).set({ host }).where(eq(b2cInstances.id, b2cInstanceId));
  const { userId } = await signInToAccountManager({ db, secrets, simulator });
  const client = await services.b2cAPIClients.getOrCreate(orgId, userId);
  const settings = parseOcapiSettings(ocapiDataSettingsSnippet(client.clientId));
  if (!settings.ok) throw new Error(settings.error);
  simulator.instance(host).settings.ocapiData = settings.value;
  return { clientId: client.clientId };
}

/**
 * A new org (with one user) whose `prod` env is onboarded on the simulated `host`, linked as above:
 * what a benchmark starts from.
 */
export async function linkedOrgOnSimulator({
  db,
  services,
  secrets,
  simulator,
  host,
}: {
  db: Db;
  services: Pick<Services, 'b2cAPIClients'>;
  secrets: Secrets;
  simulator: B2CSimulator;
  host: string;
}): Promise<{ orgId: string; userId: string; envId: string }> {
  const orgId = `org_${randomBytes(4).toString('hex')}`;
  // Verified, as an org is once a customer uses it: the server refuses an unverified org's env work.
  await db.insert(orgs).values({ id: orgId, slug: orgId, name: 'Bench', verified: true });
  const [user] = await db
    .insert(users)
    .values({ email: `${orgId}@bench.test`, name: 'Bench' })
    .returning({ id: users.id });
  const [instance] = await db
    .insert(b2cInstances)
    .values({
      orgId,
      instanceId: simulator.instance(host).instanceId,
      externalInstanceId: `bench-${orgId}`,
      host,
      tenantType: 'sandbox',
      onboarded: true,
    })
    .returning({ id: b2cInstances.id });
  const [env] = await db
    .insert(envs)
    .values({ orgId, slug: 'prod', name: 'Prod', b2cInstanceId: instance!.id })
    .returning({ id: envs.id });
  await linkToSimulator({
    db,
    services,
    secrets,
    simulator,
    orgId,
    b2cInstanceId: instance!.id,
    host,
  });
  return { orgId, userId: user!.id, envId: env!.id };
}

/** The AI service as tests and benchmarks use it: every vendor answered by the AI simulator at `url`. */
export function aiOnSimulator(url: string, timeoutMs: number): AiService {
  return createAiService({
    registry: createAiRegistry({ provider: 'anthropic', keys: {}, simulatorUrl: url }),
    timeoutMs,
  });
}
