import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ocapiDataSettingsSnippet,
  ocapiShopSettingsSnippet,
  parseOcapiSettings,
  parseWebdavPermissions,
  VERIFY_MESSAGES,
  webdavPermissionsSnippet,
} from '~/domain/instances/snippets';
import { type B2CSimulator, createB2CSimulator, SIM_AM_ORG_ID } from '~/simulators/b2c';
import { B2CHostNotAllowedError, B2CPermissionError, B2CUnavailableError } from './errors';
import { createB2CGateway, type RealB2CGateway, WRITE_PROBE_PRODUCT_ID } from './gateway.impl';

const HOST = 'zzte-001.dx.commercecloud.salesforce.com';
let sim: B2CSimulator;
let gateway: RealB2CGateway;
let creds: { clientId: string; secret: string };
let maya: string;

const ocapi = (text: string) => {
  const parsed = parseOcapiSettings(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

beforeAll(async () => {
  sim = await createB2CSimulator({
    instances: [
      { realm: 'zzte', instance: '001', hostname: HOST, tenantType: 'sandbox' },
      // Account Manager returning a host off the allowlist must not reach the app.
      { realm: 'evil', instance: '001', hostname: 'evil.example.com', tenantType: 'sandbox' },
    ],
  });
  gateway = createB2CGateway({ ...sim.gatewayConfig(), retryBaseMs: 1, timeoutMs: 300 });
  maya = await sim.userToken('maya@beacon.test');
  const created = await gateway.ensureApiClient({ orgId: 'org-gw', accountManagerToken: maya });
  creds = { clientId: created.clientId, secret: created.secret ?? '' };
});
afterAll(() => sim.stop());
afterEach(() => sim.faults.clear());

describe('B2C gateway', () => {
  it('lists instances, dropping hosts off the allowlist', async () => {
    const realms = ['zzte', 'evil'];
    expect(await gateway.listInstances({ accountManagerToken: maya, realms })).toEqual([
      {
        externalInstanceId: sim.instance(HOST).id,
        instanceId: 'zzte_001',
        host: HOST,
        tenantType: 'sandbox',
      },
    ]);
  });

  it('refuses to verify a host off the allowlist before any request leaves', async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    const guarded = createB2CGateway({ ...sim.gatewayConfig(), fetch: fetchSpy });
    for (const host of [
      'evil.example.com',
      '127.0.0.1',
      'localhost',
      'zzte-001.dx.commercecloud.salesforce.com.evil.io',
    ]) {
      await expect(guarded.verify({ host }, creds, 'ocapi-data')).rejects.toBeInstanceOf(
        B2CHostNotAllowedError,
      );
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses an Account Manager URL off the allowlist', () => {
    expect(() =>
      createB2CGateway({ ...sim.gatewayConfig(), accountManagerUrl: 'https://example.com' }),
    ).toThrow(B2CHostNotAllowedError);
  });

  it('reports a wrong secret as the client id/secret being wrong, for every capability that uses it', async () => {
    // The Shop probe is a guest call (the client id, no token): a secret shows in the Data step.
    for (const capability of ['ocapi-data', 'webdav'] as const) {
      await expect(
        gateway.verify(
          { host: HOST, siteId: 'RefArch' },
          { ...creds, secret: 'wrong-secret' },
          capability,
        ),
      ).resolves.toEqual({
        status: 'error',
        message: VERIFY_MESSAGES.badCredentials(creds.clientId),
        // What lets the service tell a client not active yet from a wrong one.
        reason: 'bad-credentials',
      });
    }
  });

  it('names the missing block and the refused call for each capability, then passes', async () => {
    const target = { host: HOST, siteId: 'RefArch' };
    expect(await gateway.verify(target, creds, 'ocapi-data')).toEqual({
      status: 'error',
      message: VERIFY_MESSAGES.missingSettings('ocapi-data', 'GET', '/catalogs'),
    });
    expect(await gateway.verify(target, creds, 'ocapi-shop')).toEqual({
      status: 'error',
      message: VERIFY_MESSAGES.missingSettings('ocapi-shop', 'GET', '/site'),
    });
    expect(await gateway.verify(target, creds, 'webdav')).toEqual({
      status: 'error',
      message: VERIFY_MESSAGES.missingSettings('webdav', 'PROPFIND', '/impex/'),
    });

    const settings = sim.instance(HOST).settings;
    // GET only: the product search (POST) is what fails now.
    settings.ocapiData = {
      _v: '21.10',
      clients: [
        { client_id: creds.clientId, resources: [{ resource_id: '/**', methods: ['get'] }] },
      ],
    };
    expect(await gateway.verify(target, creds, 'ocapi-data')).toEqual({
      status: 'error',
      message: VERIFY_MESSAGES.missingSettings('ocapi-data', 'POST', '/product_search'),
    });
    // GET and POST but no PATCH: the write probe is refused, naming the method.
    settings.ocapiData = {
      _v: '21.10',
      clients: [
        {
          client_id: creds.clientId,
          resources: [{ resource_id: '/**', methods: ['get', 'post'] }],
        },
      ],
    };
    expect(await gateway.verify(target, creds, 'ocapi-data')).toEqual({
      status: 'error',
      message: VERIFY_MESSAGES.missingSettings(
        'ocapi-data',
        'PATCH',
        `/products/${WRITE_PROBE_PRODUCT_ID}`,
      ),
    });
    settings.ocapiData = ocapi(ocapiDataSettingsSnippet(creds.clientId));
    settings.ocapiShop = ocapi(ocapiShopSettingsSnippet(creds.clientId));
    const webdav = parseWebdavPermissions(webdavPermissionsSnippet(creds.clientId));
    settings.webdav = webdav.ok ? webdav.value : null;
    const patches = sim.countRequests('PATCH', `/products/${WRITE_PROBE_PRODUCT_ID}`);
    for (const capability of ['ocapi-data', 'ocapi-shop', 'webdav'] as const) {
      expect(await gateway.verify(target, creds, capability)).toEqual({ status: 'ok' });
    }
    // The write probe addressed a product that does not exist (404 once granted): nothing changed.
    expect(sim.countRequests('PATCH', `/products/${WRITE_PROBE_PRODUCT_ID}`)).toBe(patches + 1);
    expect(sim.instance(HOST).data().productsById.has(WRITE_PROBE_PRODUCT_ID)).toBe(false);
    // Without a site id the gateway discovers one through OCAPI Data.
    expect(await gateway.verify({ host: HOST }, creds, 'ocapi-shop')).toEqual({ status: 'ok' });
  });

  it('throws on 5xx after retries, on timeouts and on dropped connections', async () => {
    const target = { host: HOST, siteId: 'RefArch' };
    sim.faults.add({ path: '/dw/data/v25_6/catalogs', status: 503 });
    await expect(gateway.verify(target, creds, 'ocapi-data')).rejects.toBeInstanceOf(
      B2CUnavailableError,
    );
    sim.faults.clear();

    sim.faults.add({ path: '/dw/shop/v25_6/site', latencyMs: 1000 });
    await expect(gateway.verify(target, creds, 'ocapi-shop')).rejects.toThrow(/timed out/);
    sim.faults.clear();

    sim.faults.add({ path: '/webdav/Sites/impex', drop: true });
    await expect(gateway.verify(target, creds, 'webdav')).rejects.toThrow(/network error/);
  });

  it('throws when Account Manager itself is unreachable', async () => {
    sim.faults.add({ path: '/dw/rest/v1/instances', status: 500 });
    await expect(
      gateway.listInstances({ accountManagerToken: maya, realms: ['zzte'] }),
    ).rejects.toBeInstanceOf(B2CUnavailableError);
  });
});

describe('B2C gateway against the default simulator', () => {
  let full: B2CSimulator;
  beforeAll(async () => {
    full = await createB2CSimulator();
  });
  afterAll(() => full.stop());

  it('lists the realms’ tenants with the person’s token: sandboxes with their host, others with a configured host or none', async () => {
    const config = full.gatewayConfig();
    const gw = createB2CGateway({ ...config, retryBaseMs: 1 });
    const maya = await full.userToken('maya@beacon.test');
    const withPrd = createB2CGateway({
      ...config,
      instanceHosts: { ...config.instanceHosts, zzte_prd: 'production-eu01-zzte.demandware.net' },
    });
    const listed = await withPrd.listInstances({ accountManagerToken: maya, realms: ['zzte'] });
    expect(listed.map((i) => [i.instanceId, i.tenantType, i.host, i.externalInstanceId])).toEqual([
      [
        'zzte_001',
        'sandbox',
        'zzte-001.dx.commercecloud.salesforce.com',
        full.instance('zzte_001').id,
      ],
      ['zzte_002', 'development', 'zzte-002.dx.commercecloud.salesforce.com', 'zzte_002'],
      ['zzte_003', 'staging', 'zzte-003.dx.commercecloud.salesforce.com', 'zzte_003'],
      ['zzte_prd', 'production', 'production-eu01-zzte.demandware.net', 'zzte_prd'],
    ]);
    // Account Manager names no host: a tenant without one in the configuration comes without one.
    const withoutPrd = await gw.listInstances({ accountManagerToken: maya, realms: ['zzte'] });
    expect(withoutPrd.map((i) => [i.instanceId, i.host])).toEqual([
      ['zzte_001', 'zzte-001.dx.commercecloud.salesforce.com'],
      ['zzte_002', 'zzte-002.dx.commercecloud.salesforce.com'],
      ['zzte_003', 'zzte-003.dx.commercecloud.salesforce.com'],
      ['zzte_prd', null],
    ]);
    // Another organization's realms: nothing.
    expect(await gw.listInstances({ accountManagerToken: maya, realms: ['abcd'] })).toEqual([]);
    // Sam has no Sandbox API User role: the sandbox API refuses him, so no sandboxes.
    const sam = await full.userToken('sam@beacon.test');
    expect(
      (await gw.listInstances({ accountManagerToken: sam, realms: ['zzte'] })).map(
        (i) => i.instanceId,
      ),
    ).toEqual(['zzte_002', 'zzte_003', 'zzte_prd']);
  });

  it('reads the person’s organizations: names and realms only for an Account Administrator', async () => {
    const gw = createB2CGateway({ ...full.gatewayConfig(), retryBaseMs: 1 });
    expect(await gw.personOrganizations(await full.userToken('ada@beacon.test'))).toEqual({
      listable: true,
      organizations: [{ id: SIM_AM_ORG_ID, name: 'Acme Outfitters', realms: ['zzte'] }],
    });
    expect(await gw.personOrganizations(await full.userToken('maya@beacon.test'))).toEqual({
      listable: false,
      organizations: [{ id: SIM_AM_ORG_ID, name: null, realms: null }],
    });
  });

  it('creates the Beacon client in the person’s organization, active and without roles', async () => {
    const gw = createB2CGateway({ ...full.gatewayConfig(), retryBaseMs: 1 });
    const created = await gw.ensureApiClient({
      orgId: 'org-beacon',
      accountManagerToken: await full.userToken('maya@beacon.test'),
    });
    expect(full.apiClients.get(created.clientId)).toMatchObject({
      name: 'Beacon',
      description: 'Beacon org org-beacon: OCAPI and WebDAV',
      organizations: [SIM_AM_ORG_ID],
      active: true,
      roles: [],
      secret: created.secret,
    });
    await expect(
      gw.ensureApiClient({
        orgId: 'org-beacon',
        accountManagerToken: await full.userToken('sam@beacon.test'),
      }),
    ).rejects.toBeInstanceOf(B2CPermissionError);
    // Linked to an organization the person is not in: refused before anything is created.
    await expect(
      gw.ensureApiClient({
        orgId: 'org-beacon',
        amOrganizationId: 'b2d4f6a8-3c5e-4d7f-9b1c-2d3e4f5a6b7c',
        accountManagerToken: await full.userToken('maya@beacon.test'),
      }),
    ).rejects.toBeInstanceOf(B2CPermissionError);
  });
});
