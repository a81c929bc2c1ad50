import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it, onTestFinished } from 'vitest';
import { b2cApiClients, b2cInstances, prompts, users } from './db/schema';
import { describeEachDriver } from './db/test-db';
import { apiClientSecretContext } from './instances/service';
import { createSecrets } from './secrets';
import { seed } from './seed';
import { SEED_API_CLIENT, SEED_ENVS, SEED_INSTANCES, SEED_ORGS, SEED_USERS } from './seed-data';
import { createServices } from './services';
import { fakeGateway, linkedToAccountManager, signedInToAccountManager } from './test-support';

const secrets = createSecrets(randomBytes(32));

describeEachDriver('seed', (get) => {
  const db = () => get().db;
  const services = () => createServices({ db: db(), b2c: fakeGateway().gateway, secrets });

  // The first seed of this database: every test reads what it wrote.
  let first: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    first = await seed(db(), { secrets });
  });

  it('writes the demo data once; a second run changes nothing', async () => {
    expect(first).toEqual({ seeded: true });
    expect(await seed(db(), { secrets })).toEqual({ seeded: false });
    const [row] = await db().select({ n: count() }).from(users);
    expect(row?.n).toBe(4);
    const emails = (
      await db().select({ email: users.email, su: users.isSuperUser }).from(users)
    ).sort((a, b) => a.email.localeCompare(b.email));
    expect(emails).toEqual([
      { email: 'ada@beacon.test', su: true },
      { email: 'ivy@beacon.test', su: false },
      { email: 'maya@beacon.test', su: false },
      { email: 'sam@beacon.test', su: false },
    ]);
    const library = await db().select({ org: prompts.orgId, name: prompts.name }).from(prompts);
    expect(library.map((p) => p.name).sort()).toEqual([
      'Acme Outfitters reputation',
      'Best trail running shoes',
      'Waterproof hiking jacket',
    ]);
    expect(new Set(library.map((p) => p.org))).toEqual(new Set(['org_acme']));
  });

  it('Maya lands on acme/prod (verified org, onboarded env)', async () => {
    const redirect = await services().orgs.bestRedirectForUser(SEED_USERS.maya, undefined);
    expect(redirect).toEqual({
      status: 'ok',
      org: { id: SEED_ORGS.acme.id, slug: 'acme', name: 'Acme Outfitters', verified: true },
      env: {
        id: SEED_ENVS.acmeProd.id,
        slug: 'prod',
        name: 'Production',
        b2cInstance: { id: SEED_INSTANCES.acmeProd.id, instanceId: 'zzte_001', onboarded: true },
      },
    });
    const orgs = await services().orgs.allForUser(SEED_USERS.maya);
    expect(orgs.map((o) => [o.slug, o.verified])).toEqual([
      ['acme', true],
      ['globex', false],
    ]);
  });

  it('every gate has data: unverified org, env with no instance, no memberships, no envs', async () => {
    const s = services();
    const globex = await s.orgs.getContext(SEED_USERS.maya, 'globex', 'prod');
    expect(globex.org.verified).toBe(false);
    expect(globex.env.b2cInstance).toBeNull();
    const staging = await s.orgs.getContext(SEED_USERS.maya, 'acme', 'staging');
    expect(staging.env.b2cInstance).toBeNull();
    expect(await s.orgs.bestRedirectForUser(SEED_USERS.sam, undefined)).toMatchObject({
      status: 'no-org-memberships',
    });
    expect(await s.orgs.bestRedirectForUser(SEED_USERS.ada, undefined)).toMatchObject({
      status: 'ok',
      org: { slug: 'acme' },
    });
    expect(await s.envs.list(SEED_ORGS.initech.id)).toEqual([]);
    // Ivy's only org, Initech, has no envs: /app/ and /app/initech show the "no environments" screen.
    const initech = { id: SEED_ORGS.initech.id, slug: 'initech', name: 'Initech', verified: true };
    for (const orgSlug of [undefined, 'initech']) {
      expect(await s.orgs.bestRedirectForUser(SEED_USERS.ivy, orgSlug)).toEqual({
        status: 'no-envs',
        org: initech,
        env: null,
      });
    }
    // Maya is no member of Initech: asking for it still lands her on acme/prod.
    expect(await s.orgs.bestRedirectForUser(SEED_USERS.maya, 'initech')).toMatchObject({
      status: 'ok',
      org: { slug: 'acme' },
      env: { slug: 'prod' },
    });
    expect((await s.orgs.getContext(SEED_USERS.ada, 'globex', 'prod')).org.slug).toBe('globex');
    await expect(s.orgs.getContext(SEED_USERS.sam, 'acme', 'prod')).rejects.toThrow(
      'You are not a member of the org "acme"',
    );
  });

  it('acme’s instance is fully onboarded with an API client whose secret decrypts', async () => {
    const instance = await services().b2cInstances.get(
      SEED_ORGS.acme.id,
      SEED_INSTANCES.acmeProd.id,
    );
    expect(instance).toEqual({
      id: SEED_INSTANCES.acmeProd.id,
      instanceId: 'zzte_001',
      externalInstanceId: SEED_INSTANCES.acmeProd.externalInstanceId,
      host: 'zzte-001.dx.commercecloud.salesforce.com',
      baseUrl: 'https://zzte-001.dx.commercecloud.salesforce.com',
      tenantType: 'sandbox',
      apiClient: { clientId: SEED_API_CLIENT.clientId },
      ocapiDataSettingsVerified: true,
      ocapiShopSettingsVerified: true,
      webdavSettingsVerified: true,
      onboarded: true,
    });
    const [client] = await db()
      .select()
      .from(b2cApiClients)
      .where(eq(b2cApiClients.orgId, SEED_ORGS.acme.id));
    expect(
      secrets.decrypt(client!.secretCiphertext!, apiClientSecretContext(SEED_ORGS.acme.id)),
    ).toBe(SEED_API_CLIENT.secret);
  });

  it('a B2C sync adopts the seeded instance by its realm id (the simulator has its own external ids)', async () => {
    // The sync adopts the seeded instance under the simulator's external id: the seed's own id is
    // put back after, for the tests that read the seed as written.
    onTestFinished(async () => {
      await db()
        .update(b2cInstances)
        .set({ externalInstanceId: SEED_INSTANCES.acmeProd.externalInstanceId })
        .where(eq(b2cInstances.id, SEED_INSTANCES.acmeProd.id));
    });
    const { gateway, state } = fakeGateway();
    const s = createServices({ db: db(), b2c: gateway, secrets });
    state.instances = [
      {
        externalInstanceId: 'sim-generated-uuid',
        instanceId: 'zzte_001',
        host: 'zzte-001.dx.commercecloud.salesforce.com',
        tenantType: 'sandbox',
      },
    ];
    // Maya links Acme to its Account Manager organization and lists with her sign-in.
    await linkedToAccountManager(db(), SEED_ORGS.acme.id);
    await signedInToAccountManager(db(), secrets, SEED_USERS.maya.id);
    const synced = await s.b2cInstances.sync(SEED_ORGS.acme.id, SEED_USERS.maya.id);
    expect(synced).toHaveLength(1);
    expect(synced[0]).toMatchObject({
      id: SEED_INSTANCES.acmeProd.id,
      externalInstanceId: 'sim-generated-uuid',
      onboarded: true,
    });
  });
});
