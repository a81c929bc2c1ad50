import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocapiShopSettingsSnippet, parseOcapiSettings } from '~/domain/instances/snippets';
import { type B2CSimulator, createB2CSimulator, SIM_SITE_ID } from '~/simulators/b2c';
import { B2CNotFoundError, B2CPermissionError, B2CUnavailableError } from './errors';
import { createB2CGateway, type RealB2CGateway } from './gateway.impl';

const HOST = 'zzte-002.dx.commercecloud.salesforce.com';
let sim: B2CSimulator;
let gateway: RealB2CGateway;
let creds: { clientId: string; secret: string };

beforeAll(async () => {
  sim = await createB2CSimulator();
  gateway = createB2CGateway({ ...sim.gatewayConfig(), retryBaseMs: 1 });
  const created = await gateway.ensureApiClient({
    orgId: 'org-shop',
    accountManagerToken: await sim.userToken('maya@beacon.test'),
  });
  creds = { clientId: created.clientId, secret: created.secret ?? '' };
});
afterAll(() => sim.stop());

/** The instance's Shop settings as Business Manager would save them: granting the client, or none. */
function shopSettings(granted: boolean) {
  if (!granted) {
    sim.instance(HOST).settings.ocapiShop = null;
    return;
  }
  const parsed = parseOcapiSettings(ocapiShopSettingsSnippet(creds.clientId));
  if (!parsed.ok) throw new Error(parsed.error);
  sim.instance(HOST).settings.ocapiShop = parsed.value;
}

describe('OCAPI Shop client', () => {
  it('is refused with 403 until the Shop settings grant the client, then reads the site', async () => {
    shopSettings(false);
    const shop = gateway.instanceClients(HOST, creds).shop;
    const error = await shop.getSite(SIM_SITE_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(B2CPermissionError);
    expect(error).toMatchObject({
      faultType: 'ClientAccessForbiddenException',
      call: { api: 'ocapi-shop', method: 'GET', resource: '/site' },
    });

    shopSettings(true);
    await expect(shop.getSite(SIM_SITE_ID)).resolves.toMatchObject({
      id: SIM_SITE_ID,
      default_currency: 'USD',
    });
    await expect(shop.getSite('NoSuchSite')).rejects.toBeInstanceOf(B2CNotFoundError);
    // Data settings are a separate block: Shop settings alone do not open OCAPI Data.
    await expect(gateway.instanceClients(HOST, creds).data.listCatalogs()).rejects.toBeInstanceOf(
      B2CPermissionError,
    );
  });

  it('retries the site read through a 5xx, and times out a stalled one as unavailable', async () => {
    shopSettings(true);
    const shop = gateway.instanceClients(HOST, creds).shop;
    sim.faults.add({ path: '/dw/shop/v25_6/site', status: 503, times: 1 });
    const before = sim.countRequests('GET', '/dw/shop/v25_6/site');
    await expect(shop.getSite(SIM_SITE_ID)).resolves.toMatchObject({ id: SIM_SITE_ID });
    expect(sim.countRequests('GET', '/dw/shop/v25_6/site') - before).toBe(2);
    sim.faults.clear();

    const impatient = createB2CGateway({ ...sim.gatewayConfig(), retryBaseMs: 1, timeoutMs: 50 });
    sim.faults.add({ path: '/dw/shop/v25_6/site', latencyMs: 1000 });
    const error = await impatient
      .instanceClients(HOST, creds)
      .shop.getSite(SIM_SITE_ID)
      .catch((e: unknown) => e);
    sim.faults.clear();
    expect(error).toBeInstanceOf(B2CUnavailableError);
    expect((error as Error).message).toContain('timed out');
  });

  it('calls as a guest: the client id, no token (a wrong secret does not matter here)', async () => {
    shopSettings(true);
    const sent: Headers[] = [];
    const watched = createB2CGateway({
      ...sim.gatewayConfig(),
      retryBaseMs: 1,
      fetch: (input, init) => {
        if (String(input).includes('/dw/shop/')) sent.push(new Headers(init?.headers));
        return fetch(input, init);
      },
    });
    const shop = watched.instanceClients(HOST, { ...creds, secret: 'not-the-secret' }).shop;
    await expect(shop.getSite(SIM_SITE_ID)).resolves.toMatchObject({ id: SIM_SITE_ID });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.has('authorization')).toBe(false);
  });
});
