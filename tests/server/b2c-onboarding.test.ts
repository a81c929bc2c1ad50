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
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
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
import { type B2CSimulator, pasteInBusinessManager, SIM_AM_ORG_ID } from '~/simulators/b2c';
import { startDevB2CSimulator } from '~/simulators/b2c/dev';
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
  beforeEach(() => {
    enqueued.length = 0;
  });
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

  /**
   * A verified org's owner, signed in with Salesforce as `login` in Account Manager, the org linked to
   * Acme's Account Manager organization (realm typed: only Account Administrators can read it).
   */
  async function ownerWithEnv(login = 'maya@beacon.test', { link = true } = {}) {
    const owner = await makeUser(db());
    // Verified: onboarding is behind the org gate (SCREEN_GATES.onboarding), on the server too.
    const org = await makeOrg(db(), { members: [{ user: owner, role: 'owner' }], verified: true });
    const env = await addEnv(db(), org.id, 'staging');
    await signInToAccountManager({ db: db(), secrets, simulator: sim, login, userId: owner.id });
    const caller = api(owner);
    if (link) {
      await caller.b2cInstances.linkOrganization({
        orgId: org.id,
        amOrganizationId: SIM_AM_ORG_ID,
        realms: ['zzte'],
      });
    }
    return { caller, orgId: org.id, env, owner };
  }

  const failure = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (e: unknown) => e,
    );

  const storedInstance = async (id: string) =>
    (await db().select().from(b2cInstances).where(eq(b2cInstances.id, id)))[0];

  it('takes an env from no instance to onboarded', async () => {
    const { caller, orgId, env } = await ownerWithEnv('maya@beacon.test', { link: false });
    expect(env.b2cInstanceId).toBeNull();
    expect(await caller.b2cInstances.list({ orgId })).toEqual([]);

    // Nothing to list before the org is linked to an Account Manager organization.
    expect(await failure(caller.b2cInstances.sync({ orgId }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: INSTANCE_MESSAGES.organizationNotLinked,
    });
    // Maya (API Administrator) belongs to Acme's organization but may not read its name or realms.
    const step = await caller.b2cInstances.organizationStep({ orgId });
    expect(step).toMatchObject({
      linked: null,
      signIn: 'ok',
      listable: false,
      choices: [{ id: SIM_AM_ORG_ID, name: null, realms: null }],
    });
    expect(step.allowedHostSuffixes).toContain('.demandware.net');
    expect(
      await failure(
        caller.b2cInstances.linkOrganization({ orgId, amOrganizationId: SIM_AM_ORG_ID }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: INSTANCE_MESSAGES.realmsNeeded });
    // Initech is not hers.
    expect(
      await failure(
        caller.b2cInstances.linkOrganization({
          orgId,
          amOrganizationId: 'b2d4f6a8-3c5e-4d7f-9b1c-2d3e4f5a6b7c',
          realms: ['zzte'],
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: INSTANCE_MESSAGES.organizationNotYours });
    expect(
      await caller.b2cInstances.linkOrganization({
        orgId,
        amOrganizationId: SIM_AM_ORG_ID,
        realms: ['ZZTE'],
      }),
    ).toEqual({ id: SIM_AM_ORG_ID, name: null, realms: ['zzte'] });
    expect((await caller.b2cInstances.organizationStep({ orgId })).linked).toEqual({
      id: SIM_AM_ORG_ID,
      name: null,
      realms: ['zzte'],
    });

    // Sync with Maya's sign-in: the sandbox API's sandboxes and Account Manager's other tenants of
    // the realm, none verified yet. Production comes without a host: Account Manager names none.
    const synced = await caller.b2cInstances.sync({ orgId });
    expect(synced.map((i) => [i.instanceId, i.tenantType, i.host])).toEqual([
      ['zzte_001', 'sandbox', 'zzte-001.dx.commercecloud.salesforce.com'],
      ['zzte_002', 'development', 'zzte-002.dx.commercecloud.salesforce.com'],
      ['zzte_003', 'staging', 'zzte-003.dx.commercecloud.salesforce.com'],
      ['zzte_prd', 'production', null],
    ]);
    for (const i of synced) {
      expect(i).toMatchObject({
        apiClient: null,
        ocapiDataSettingsVerified: false,
        ocapiShopSettingsVerified: false,
        webdavSettingsVerified: false,
        onboarded: false,
        baseUrl: i.host === null ? null : sim.baseUrlFor(i.host),
      });
    }

    // Choose an instance nobody has granted anything on (zzte_001 is the demo org's).
    const untouched = synced.filter((i) => {
      if (i.host === null) return false;
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
    await caller.b2cInstances.linkOrganization({
      orgId,
      amOrganizationId: SIM_AM_ORG_ID,
      realms: ['zzte'],
    });

    const [listed] = (await caller.b2cInstances.sync({ orgId })).filter(
      (i) => i.instanceId === 'zzte_prd',
    );
    // Production is listed without a host: a host off Salesforce's domains is refused and nothing
    // is stored; the real one is kept, and the next sync keeps it.
    for (const host of ['shop.example.com', '127.0.0.1.nip.io']) {
      expect(
        await failure(caller.b2cInstances.setHost({ orgId, b2cInstanceId: listed!.id, host })),
      ).toMatchObject({
        code: 'BAD_REQUEST',
        message: INSTANCE_MESSAGES.hostNotAllowed([
          '.commercecloud.salesforce.com',
          '.demandware.net',
        ]),
      });
    }
    expect((await storedInstance(listed!.id))?.host).toBeNull();
    expect(
      await failure(
        caller.b2cAPIClients.verify({ orgId, b2cInstanceId: listed!.id, capability: 'webdav' }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: INSTANCE_MESSAGES.hostNeeded });
    const instance = await caller.b2cInstances.setHost({
      orgId,
      b2cInstanceId: listed!.id,
      host: ' Production-EU01-zzte.demandware.net ',
    });
    expect(instance).toMatchObject({
      host: 'production-eu01-zzte.demandware.net',
      baseUrl: sim.baseUrlFor('production-eu01-zzte.demandware.net'),
    });
    await caller.b2cInstances.sync({ orgId });
    expect((await storedInstance(listed!.id))?.host).toBe('production-eu01-zzte.demandware.net');
    const client = await caller.b2cAPIClients.getOrCreate({ orgId });
    for (const capability of B2C_CAPABILITIES) {
      await pasteInBusinessManager(
        sim.businessManagerUrl(instance.host!, capability),
        capability,
        SNIPPET[capability](client.clientId),
      );
      await caller.b2cAPIClients.verify({ orgId, b2cInstanceId: instance.id, capability });
    }
    enqueued.length = 0;
    expect(
      await caller.b2cInstances.verifyOnboarded({
        orgId,
        envId: env.id,
        b2cInstanceId: instance.id,
      }),
    ).toEqual({ status: 'ok' });

    // The brand from the storefront site, prompts from the storefront catalogue's top categories.
    const { config } = await caller.monitoring.getConfig({ orgId, envId: env.id });
    expect(config).toMatchObject({
      brandName: 'Reference Architecture',
      brandDomain: instance.host,
      engines: ['anthropic', 'openai', 'google', 'perplexity'],
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
      sim.businessManagerUrl(instance!.host!, 'ocapi-data'),
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

  it('an Account Administrator picks the organization by name, its realms read from Account Manager; Ivy’s has none', async () => {
    const { caller, orgId } = await ownerWithEnv('ada@beacon.test', { link: false });
    expect(await caller.b2cInstances.organizationStep({ orgId })).toMatchObject({
      listable: true,
      choices: [{ id: SIM_AM_ORG_ID, name: 'Acme Outfitters', realms: ['zzte'] }],
    });
    // Realms she types are not needed and not used: Account Manager's count.
    expect(
      await caller.b2cInstances.linkOrganization({
        orgId,
        amOrganizationId: SIM_AM_ORG_ID,
        realms: ['abcd'],
      }),
    ).toEqual({ id: SIM_AM_ORG_ID, name: 'Acme Outfitters', realms: ['zzte'] });
    // Ada has no Sandbox API User role: no sandboxes, the realm's other tenants.
    expect((await caller.b2cInstances.sync({ orgId })).map((i) => i.instanceId)).toEqual([
      'zzte_002',
      'zzte_003',
      'zzte_prd',
    ]);

    const ivy = await ownerWithEnv('ivy@beacon.test', { link: false });
    const ivyStep = await ivy.caller.b2cInstances.organizationStep({ orgId: ivy.orgId });
    expect(ivyStep.choices).toEqual([
      { id: 'b2d4f6a8-3c5e-4d7f-9b1c-2d3e4f5a6b7c', name: null, realms: null },
    ]);
  });

  it('someone signed in without Account Manager is asked to sign in with Salesforce', async () => {
    const owner = await makeUser(db());
    const org = await makeOrg(db(), { members: [{ user: owner, role: 'owner' }], verified: true });
    const caller = api(owner);
    expect(await caller.b2cInstances.organizationStep({ orgId: org.id })).toMatchObject({
      signIn: 'needed',
      choices: [],
    });
    expect(
      await failure(
        caller.b2cInstances.linkOrganization({ orgId: org.id, amOrganizationId: SIM_AM_ORG_ID }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN', message: INSTANCE_MESSAGES.organizationSignInNeeded });
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
