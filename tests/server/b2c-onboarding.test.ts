/**
 * End to end at API level: an env goes from no instance to onboarded through the tRPC procedures,
 * over the real services and database, the real B2C gateway and the simulator (started as `npm start`
 * starts it, with the demo org's client pre-granted on zzte_001). The person is signed in to the
 * simulated Account Manager (their token kept as a Salesforce sign-in keeps it) and creates the API
 * client with it. The snippets are pasted through the simulator's Business Manager forms, as a
 * person does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { B2C_CAPABILITIES, type B2CCapability } from '~/domain/instances/capabilities';
import { API_CLIENT_NAME } from '~/domain/instances/constants';
import type { B2CInstance } from '~/domain/instances/entities';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import {
  BUSINESS_MANAGER_PATH,
  ocapiDataSettingsSnippet,
  ocapiShopSettingsSnippet,
  SETTINGS_BLOCK_LABEL,
  VERIFY_MESSAGES,
  webdavPermissionsSnippet,
} from '~/domain/instances/snippets';
import type { SessionUser } from '~/domain/shared/session';
import { type B2CSimulator, pasteInBusinessManager, SIM_AM_ORG_ID } from '~/mock-server/b2c';
import { startDevB2CSimulator } from '~/mock-server/b2c/dev';
import { b2cApiClients, b2cInstances, envs, jobRuns } from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import { apiClientSecretContext } from '~/server/instances/service';
import { createB2CGateway } from '~/server/integrations/b2c/gateway.impl';
import { createSecrets, type Secrets } from '~/server/secrets';
import { SEED_API_CLIENT, SEED_USERS } from '~/server/seed-data';
import { signInToAccountManager } from '~/server/simulator-link';
import { type BeaconServices, createServices } from '~/server/services';
import type { EnqueueOptions } from '~/server/jobs/queue';
import { addEnv, makeOrg, makeUser } from '~/server/test-support';
import { appRouter } from '~/server/trpc/router';
import { createCallerFactory } from '~/server/trpc/trpc';

const PRE_GRANTED = 'zzte_001';
const SNIPPET: Record<B2CCapability, (clientId: string) => string> = {
  'ocapi-data': ocapiDataSettingsSnippet,
  'ocapi-shop': ocapiShopSettingsSnippet,
  webdav: webdavPermissionsSnippet,
};
/** The first call each capability's probe makes, refused before its snippet is pasted. */
const REFUSED = {
  'ocapi-data': VERIFY_MESSAGES.missingSettings('ocapi-data', 'GET', '/catalogs'),
  // Before the Data settings the Shop step cannot even find the site; it says so.
  'ocapi-shop': VERIFY_MESSAGES.shopNeedsDataSettings('GET', '/sites'),
  webdav: VERIFY_MESSAGES.missingSettings('webdav', 'PROPFIND', '/impex/'),
} as const;

describeEachDriver('B2C onboarding through the API', (get) => {
  const db = () => get().db;
  let dataDir: string;
  let sim: B2CSimulator;
  let services: BeaconServices;
  let secrets: Secrets;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-b2c-'));
    sim = await startDevB2CSimulator({
      dataDir,
      demoClient: { ...SEED_API_CLIENT, instanceId: PRE_GRANTED },
    });
    secrets = createSecrets(randomBytes(32));
    const b2c = createB2CGateway({ ...sim.gatewayConfig(), retryBaseMs: 1, timeoutMs: 2_000 });
    services = createServices({
      db: db(),
      b2c,
      secrets,
      jobs: {
        enqueue: recordEnqueue,
        enqueueMany: async () => undefined,
        schedule: async () => undefined,
        unschedule: async () => undefined,
      },
    });
  });
  /** Jobs the procedures queued: completing onboarding starts the env's catalogue sync. */
  const enqueued: { kind: string; payload: unknown }[] = [];
  async function recordEnqueue(kind: string, payload: unknown, { orgId, key, tx }: EnqueueOptions) {
    enqueued.push({ kind, payload });
    // In the caller's transaction, as the real queue does (a run starts with its job in one).
    const [run] = await (tx ?? db())
      .insert(jobRuns)
      .values({ orgId, kind, key, payload })
      .returning();
    return { run: run!, created: true };
  }
  afterAll(async () => {
    await sim.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = (user: SessionUser) =>
    createCallerFactory(appRouter)({ user, services, requestId: 'b2c-onboarding-test' });

  /** A verified org's owner, signed in with Salesforce as `login` in Account Manager. */
  async function ownerWithEnv(login = 'maya@beacon.test') {
    const owner = await makeUser(db());
    // Verified: onboarding is behind the org gate (SCREEN_GATES.onboarding), on the server too.
    const org = await makeOrg(db(), { members: [{ user: owner, role: 'owner' }], verified: true });
    const env = await addEnv(db(), org.id, 'staging');
    await signInToAccountManager({ db: db(), secrets, simulator: sim, login, userId: owner.id });
    return { caller: api(owner), orgId: org.id, env };
  }

  const storedInstance = async (id: string) =>
    (await db().select().from(b2cInstances).where(eq(b2cInstances.id, id)))[0];

  it('takes an env from no instance to onboarded', async () => {
    const { caller, orgId, env } = await ownerWithEnv();
    expect(env.b2cInstanceId).toBeNull();
    expect(await caller.b2cInstances.list({ orgId })).toEqual([]);

    // Sync: the sandbox API's sandboxes and Account Manager's other tenants, none verified yet.
    const synced = await caller.b2cInstances.sync({ orgId });
    expect(synced.map((i) => [i.instanceId, i.tenantType])).toEqual([
      ['zzte_001', 'sandbox'],
      ['zzte_002', 'development'],
      ['zzte_003', 'staging'],
      ['zzte_prd', 'production'],
    ]);
    for (const i of synced) {
      expect(i).toMatchObject({
        apiClient: null,
        ocapiDataSettingsVerified: false,
        ocapiShopSettingsVerified: false,
        webdavSettingsVerified: false,
        onboarded: false,
        baseUrl: sim.baseUrlFor(i.host),
      });
    }

    // Choose an instance nobody has granted anything on (zzte_001 is the demo org's).
    const untouched = synced.filter((i) => {
      const { ocapiData, ocapiShop, webdav } = sim.instance(i.host).settings;
      return !ocapiData && !ocapiShop && !webdav;
    });
    expect(untouched.map((i) => i.instanceId)).not.toContain(PRE_GRANTED);
    const instance: B2CInstance = untouched[0]!;
    expect(instance.instanceId).toBe('zzte_002');

    // The API client: created by Maya in her Account Manager organization, active, no roles, its
    // secret stored encrypted, never returned.
    const client = await caller.b2cAPIClients.getOrCreate({ orgId });
    expect(client).toEqual({ clientId: expect.any(String), name: API_CLIENT_NAME });
    const inAccountManager = sim.apiClients.get(client.clientId);
    expect(inAccountManager).toMatchObject({
      name: 'Beacon',
      organizations: [SIM_AM_ORG_ID],
      active: true,
      roles: [],
      tokenEndpointAuthMethod: 'client_secret_basic',
    });
    const [row] = await db().select().from(b2cApiClients).where(eq(b2cApiClients.orgId, orgId));
    expect(row?.secretCiphertext).not.toContain(inAccountManager!.secret);
    expect(secrets.decrypt(row!.secretCiphertext!, apiClientSecretContext(orgId))).toBe(
      inAccountManager!.secret,
    );
    expect(await caller.b2cAPIClients.getOrCreate({ orgId })).toEqual(client);

    // Every capability fails before its snippet is pasted, naming the missing block.
    const b2cInstanceId = instance.id;
    for (const capability of B2C_CAPABILITIES) {
      const result = await caller.b2cAPIClients.verify({ orgId, b2cInstanceId, capability });
      expect(result).toEqual({ status: 'error', message: REFUSED[capability] });
      expect(result.status === 'error' && result.message).toContain(
        SETTINGS_BLOCK_LABEL[capability],
      );
    }
    expect(
      await caller.b2cInstances.verifyOnboarded({ orgId, envId: env.id, b2cInstanceId }),
    ).toMatchObject({ status: 'error' });
    expect(enqueued).toEqual([]);

    // A person opens each Business Manager link the onboarding shows, pastes, saves.
    for (const capability of B2C_CAPABILITIES) {
      const saved = await pasteInBusinessManager(
        `${instance.baseUrl}${BUSINESS_MANAGER_PATH[capability]}`,
        capability,
        SNIPPET[capability](client.clientId),
      );
      expect(saved.status).toBe(200);
      expect(saved.html).toContain(`Saved. The ${SETTINGS_BLOCK_LABEL[capability]} are in effect.`);
    }

    for (const capability of B2C_CAPABILITIES) {
      expect(await caller.b2cAPIClients.verify({ orgId, b2cInstanceId, capability })).toEqual({
        status: 'ok',
      });
    }
    expect(await storedInstance(b2cInstanceId)).toMatchObject({
      ocapiDataSettingsVerified: true,
      ocapiShopSettingsVerified: true,
      webdavSettingsVerified: true,
      onboarded: false,
    });

    expect(
      await caller.b2cInstances.verifyOnboarded({ orgId, envId: env.id, b2cInstanceId }),
    ).toEqual({ status: 'ok' });
    expect((await storedInstance(b2cInstanceId))?.onboarded).toBe(true);
    // The newly linked env starts copying its catalogue.
    expect(enqueued).toEqual([{ kind: 'products.sync', payload: { envId: env.id, full: false } }]);
    expect(await caller.products.syncState({ orgId, envId: env.id })).toMatchObject({
      status: 'queued',
    });
    const [linked] = await db().select().from(envs).where(eq(envs.id, env.id));
    expect(linked?.b2cInstanceId).toBe(b2cInstanceId);
    expect(await caller.b2cInstances.get({ orgId, b2cInstanceId })).toMatchObject({
      id: b2cInstanceId,
      apiClient: { clientId: client.clientId },
      onboarded: true,
    });
    // Other instances were left alone.
    expect((await storedInstance(synced[2]!.id))?.onboarded).toBe(false);

    // Salesforce failing unexpectedly is an exception with the documented text; the flag stays set.
    sim.faults.add({ path: '/webdav/Sites/impex', status: 503 });
    try {
      const error = await caller.b2cAPIClients
        .verify({ orgId, b2cInstanceId, capability: 'webdav' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCError);
      expect(error).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: INSTANCE_MESSAGES.verifyException('webdav'),
      });
    } finally {
      sim.faults.clear();
    }
    expect((await storedInstance(b2cInstanceId))?.webdavSettingsVerified).toBe(true);
  });

  it('someone who came for the free AEO report finds monitoring set up from the instance and a first run started', async () => {
    const owner = await makeUser(db());
    // Verified: onboarding is behind the org gate (SCREEN_GATES.onboarding), on the server too.
    const org = await makeOrg(db(), { members: [{ user: owner, role: 'owner' }], verified: true });
    const env = await addEnv(db(), org.id, 'prod');
    await signInToAccountManager({ db: db(), secrets, simulator: sim, userId: owner.id });
    const orgId = org.id;
    const caller = api(owner);
    await caller.monitoring.noteCampaign({ campaign: 'aeo' });

    const [instance] = (await caller.b2cInstances.sync({ orgId })).filter(
      (i) => i.instanceId === 'zzte_prd',
    );
    const client = await caller.b2cAPIClients.getOrCreate({ orgId });
    for (const capability of B2C_CAPABILITIES) {
      await pasteInBusinessManager(
        sim.businessManagerUrl(instance!.host, capability),
        capability,
        SNIPPET[capability](client.clientId),
      );
      await caller.b2cAPIClients.verify({ orgId, b2cInstanceId: instance!.id, capability });
    }
    enqueued.length = 0;
    expect(
      await caller.b2cInstances.verifyOnboarded({
        orgId,
        envId: env.id,
        b2cInstanceId: instance!.id,
      }),
    ).toEqual({ status: 'ok' });

    // The brand from the storefront site, prompts from the storefront catalogue's top categories.
    const { config } = await caller.monitoring.getConfig({ orgId, envId: env.id });
    expect(config).toMatchObject({
      brandName: 'Reference Architecture',
      brandDomain: instance!.host,
      engines: ['anthropic', 'openai', 'google'],
      samples: 10,
      schedule: 'weekly',
    });
    expect(config!.newPrompts.length).toBeGreaterThan(0);
    expect(config!.newPrompts.every((p) => /^What are the best .+ to buy online\?$/.test(p))).toBe(
      true,
    );
    const runs = await caller.monitoring.runs({ orgId, envId: env.id });
    expect(runs.map((r) => [r.trigger, r.status])).toEqual([['onboarding', 'queued']]);
    expect(enqueued.map((j) => j.kind)).toEqual(['products.sync', 'monitoring.plan']);

    // Someone else's env, onboarded without the campaign, is left alone.
    const other = await ownerWithEnv();
    expect(
      await other.caller.monitoring.getConfig({ orgId: other.orgId, envId: other.env.id }),
    ).toMatchObject({ config: null });
  });

  it('an org whose stored secret was lost gets a new Beacon client; the old one stays in Account Manager', async () => {
    const { caller, orgId } = await ownerWithEnv();
    const first = await caller.b2cAPIClients.getOrCreate({ orgId });
    // The database was reset, or the key changed: the secret cannot be read any more.
    await db()
      .update(b2cApiClients)
      .set({ secretCiphertext: null })
      .where(eq(b2cApiClients.orgId, orgId));
    const [instance] = (await caller.b2cInstances.sync({ orgId })).filter(
      (i) => i.instanceId === 'zzte_003',
    );
    const client = await caller.b2cAPIClients.getOrCreate({ orgId });
    expect(client.clientId).not.toBe(first.clientId);
    expect(sim.apiClients.get(first.clientId)).toMatchObject({ name: 'Beacon', active: true });
    const [row] = await db().select().from(b2cApiClients).where(eq(b2cApiClients.orgId, orgId));
    expect(secrets.decrypt(row!.secretCiphertext!, apiClientSecretContext(orgId))).toBe(
      sim.apiClients.get(client.clientId)!.secret,
    );

    // The stored secret works: with the settings pasted, verification passes.
    const saved = await pasteInBusinessManager(
      sim.businessManagerUrl(instance!.host, 'ocapi-data'),
      'ocapi-data',
      ocapiDataSettingsSnippet(client.clientId),
    );
    expect(saved.status).toBe(200);
    expect(
      await caller.b2cAPIClients.verify({
        orgId,
        b2cInstanceId: instance!.id,
        capability: 'ocapi-data',
      }),
    ).toEqual({ status: 'ok' });
  });

  it('someone without an Account Manager role that may create API clients is told which role', async () => {
    const { caller, orgId } = await ownerWithEnv('sam@beacon.test');
    const before = sim.apiClients.size;
    const error = await caller.b2cAPIClients.getOrCreate({ orgId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect(error).toMatchObject({ code: 'FORBIDDEN', message: INSTANCE_MESSAGES.apiClientNoRole });
    expect(sim.apiClients.size).toBe(before);
  });

  it('plays the seeded people in Account Manager, so a sign-in names the same person on both sides', () => {
    const seeded = new Set<string>(Object.values(SEED_USERS).map((u) => u.email));
    expect(sim.accountManager.users.map((u) => u.mail).filter((m) => !seeded.has(m))).toEqual([]);
  });
});
