/**
 * End to end at API level: from no instance to onboarded, through the real gateway against the
 * simulator, pasting the snippets through its Business Manager pages as a person would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ocapiDataSettingsSnippet,
  ocapiShopSettingsSnippet,
  SETTINGS_BLOCK_LABEL,
  VERIFY_MESSAGES,
  webdavPermissionsSnippet,
} from '../../domain/b2c-snippets';
import { B2C_CAPABILITIES, type B2CCapability } from '../../domain/constants';
import {
  createB2CSimulator,
  pasteInBusinessManager,
  type B2CSimulator,
} from '../../mock-server/b2c';
import { createB2CGateway, type RealB2CGateway } from '../../server/integrations/b2c/gateway.impl';
import type { DiscoveredInstance } from '../../server/integrations/b2c/gateway';

const ORG = 'org-onboarding';
const SNIPPET: Record<B2CCapability, (clientId: string) => string> = {
  'ocapi-data': ocapiDataSettingsSnippet,
  'ocapi-shop': ocapiShopSettingsSnippet,
  webdav: webdavPermissionsSnippet,
};

let sim: B2CSimulator;
let gateway: RealB2CGateway;

beforeAll(async () => {
  sim = await createB2CSimulator();
  gateway = createB2CGateway({ ...sim.gatewayConfig(), retryBaseMs: 1 });
});
afterAll(() => sim.stop());

describe('B2C onboarding through the gateway', () => {
  let instance: DiscoveredInstance;
  let creds: { clientId: string; secret: string };
  const verified = new Set<B2CCapability>();

  it('syncs the instances the org may link and chooses the sandbox', async () => {
    const instances = await gateway.listInstances({ orgId: ORG });
    expect(instances.map((i) => [i.instanceId, i.tenantType])).toEqual(
      expect.arrayContaining([
        ['zzte_001', 'sandbox'],
        ['zzte_002', 'development'],
        ['zzte_003', 'staging'],
      ]),
    );
    instance = instances.find((i) => i.instanceId === 'zzte_001')!;
    expect(instance.host).toBe('zzte-001.dx.commercecloud.salesforce.com');
  });

  it('creates the Beacon API client, showing its secret once', async () => {
    const created = await gateway.ensureApiClient({ orgId: ORG });
    expect(created.secret).toEqual(expect.any(String));
    creds = { clientId: created.clientId, secret: created.secret! };
    expect(await gateway.ensureApiClient({ orgId: ORG })).toEqual({
      clientId: created.clientId,
      secret: null,
    });
  });

  it('fails every capability before the snippets are pasted, naming the missing block', async () => {
    const target = { host: instance.host, siteId: 'RefArch' };
    for (const capability of B2C_CAPABILITIES) {
      const result = await gateway.verify(target, creds, capability);
      expect(result.status).toBe('error');
      expect(result.status === 'error' && result.message).toContain(
        SETTINGS_BLOCK_LABEL[capability],
      );
    }
    expect(await gateway.verify(target, { ...creds, secret: 'typo' }, 'ocapi-data')).toEqual({
      status: 'error',
      message: VERIFY_MESSAGES.badCredentials(creds.clientId),
    });
  });

  // The onboarding steps in order: each fails, the snippet is pasted in Business Manager, it passes.
  it.each(B2C_CAPABILITIES)(
    '%s: fails, then passes once the snippet is pasted',
    async (capability) => {
      const target = { host: instance.host };
      const before = await gateway.verify(target, creds, capability);
      expect(before).toMatchObject({ status: 'error' });
      expect(before.status === 'error' && before.message).toMatch(
        new RegExp(`^${SETTINGS_BLOCK_LABEL[capability]} missing: `),
      );

      const page = sim.businessManagerUrl(instance.host, capability);
      const saved = await pasteInBusinessManager(
        page,
        capability,
        SNIPPET[capability](creds.clientId),
      );
      expect(saved.status).toBe(200);
      expect(saved.html).toContain('role="status"');

      expect(await gateway.verify(target, creds, capability)).toEqual({ status: 'ok' });
      verified.add(capability);
    },
  );

  it('is onboarded: client exists and all three capabilities verified', async () => {
    expect([...verified].sort()).toEqual([...B2C_CAPABILITIES].sort());
    for (const capability of B2C_CAPABILITIES) {
      expect(await gateway.verify({ host: instance.host }, creds, capability)).toEqual({
        status: 'ok',
      });
    }
    // The granted client can now read and write the catalogue.
    const { data } = gateway.instanceClients(instance.host, creds);
    const search = await data.searchProducts({ query: { match_all_query: {} }, count: 1 });
    expect(search.total).toBeGreaterThanOrEqual(2000);
    const id = search.hits[0]!.id;
    const patched = await data.patchProduct(id, { page_title: { 'de-DE': 'Neuer Titel' } });
    expect(patched.page_title?.['de-DE']).toBe('Neuer Titel');
  });
});
