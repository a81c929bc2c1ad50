import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUSINESS_MANAGER_PATH, ocapiDataSettingsSnippet } from '~/domain/instances/snippets';
import { SIM_AM_ORG_ID } from './account-manager-data';
import { businessManagerUrl, pasteInBusinessManager } from './business-manager';
import { generateInstanceData, SIM_MIN_PRODUCTS, SIM_STOREFRONT_CATALOG_ID } from './data';
import { type B2CSimulator, createB2CSimulator, SIM_ADMIN_CLIENT } from './simulator';

const HOST = 'zzte-001.dx.commercecloud.salesforce.com';
let sim: B2CSimulator;
beforeAll(async () => {
  sim = await createB2CSimulator({ seed: 1 });
});
afterAll(() => sim.stop());
afterEach(() => sim.faults.clear());

describe('seeded data', () => {
  it('is deterministic per seed and never uses Math.random', () => {
    const random = vi.spyOn(Math, 'random');
    const a = generateInstanceData(42);
    const b = generateInstanceData(42);
    const c = generateInstanceData(43);
    expect(random).not.toHaveBeenCalled();
    random.mockRestore();
    expect(JSON.stringify(a.products)).toBe(JSON.stringify(b.products));
    expect(JSON.stringify(a.products)).not.toBe(JSON.stringify(c.products));
  });

  it('has 2,000+ products of every type, localized, with gaps and some offline', () => {
    const { products, categories, catalogs } = generateInstanceData(7);
    expect(products.length).toBeGreaterThanOrEqual(SIM_MIN_PRODUCTS);
    const types = new Set(products.map((p) => p.type));
    expect([...types].sort()).toEqual(['item', 'master', 'variant', 'variation_group']);
    for (const locale of ['default', 'en-US', 'fr-FR', 'de-DE']) {
      expect(products.some((p) => p.name[locale] && p.page_title[locale])).toBe(true);
    }
    expect(products.some((p) => !p.name['fr-FR'])).toBe(true);
    expect(products.some((p) => Object.keys(p.page_description).length === 0)).toBe(true);
    const offline = products.filter((p) => p.online.default === false).length;
    expect(offline).toBeGreaterThan(0);
    expect(offline).toBeLessThan(products.length / 4);
    expect(catalogs.map((c) => c.isMaster)).toEqual([true, false]);
    const storefront = categories.filter((c) => c.catalogId === SIM_STOREFRONT_CATALOG_ID);
    const depth = (id: string): number => {
      const parent = storefront.find((c) => c.id === id)?.parentId;
      return parent ? 1 + depth(parent) : 0;
    };
    expect(Math.max(...storefront.map((c) => depth(c.id)))).toBe(3);
  });
});

describe('Account Manager', () => {
  it('answers a wrong secret with 401 and a right one with a bearer token', async () => {
    const token = (secret: string) =>
      fetch(`${sim.accountManagerUrl}/dwsso/oauth2/access_token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${SIM_ADMIN_CLIENT.clientId}:${secret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
    expect((await token('wrong')).status).toBe(401);
    const ok = await token(SIM_ADMIN_CLIENT.clientSecret);
    expect(await ok.json()).toMatchObject({ token_type: 'Bearer', expires_in: 1799 });
  });

  it('answers at its own host from the root, as the sandbox API does at its own', async () => {
    const { request } = await import('node:http');
    const status = (path: string, host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${sim.url}${path}`, { headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    // Without a token each API refuses (401): it is theirs that answered, not a missing route (404).
    expect(await status('/dw/rest/v1/users/current', 'account.demandware.com')).toBe(401);
    expect(await status('/api/v1/me', 'admin.us01.dx.commercecloud.salesforce.com')).toBe(401);
    expect(await status('/api/v1/me', 'admin.dx.commercecloud.salesforce.com')).toBe(401);
    expect(await status('/dw/rest/v1/users/current', '127.0.0.1')).toBe(404);
    expect(await status('/api/v1/me', 'account.demandware.com')).toBe(404);
  });
});

describe('enforcement', () => {
  it("answers an ungranted OCAPI call with 403 in OCAPI's fault shape", async () => {
    const tokenResponse = await fetch(`${sim.accountManagerUrl}/dwsso/oauth2/access_token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${SIM_ADMIN_CLIENT.clientId}:${SIM_ADMIN_CLIENT.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    const { access_token } = (await tokenResponse.json()) as { access_token: string };
    const response = await fetch(`${sim.baseUrlFor(HOST)}/s/-/dw/data/v25_6/catalogs`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      _v: '25.6',
      fault: {
        arguments: expect.objectContaining({ method: 'GET', resource: '/catalogs' }),
        type: 'ClientAccessForbiddenException',
        message: "Access to resource 'GET /catalogs' is not allowed for the current client.",
      },
    });
  });

  it('answers an unknown host with 404', async () => {
    expect(
      (await fetch(`${sim.url}/hosts/nowhere.demandware.net/s/-/dw/data/v25_6/catalogs`)).status,
    ).toBe(404);
  });
});

describe('OCAPI as real clients meet it', () => {
  /** A bearer token for the admin client, granted every Data resource on HOST. */
  async function grantedToken(): Promise<string> {
    sim.instance(HOST).settings.ocapiData = {
      _v: '21.10',
      clients: [
        {
          client_id: SIM_ADMIN_CLIENT.clientId,
          resources: [{ resource_id: '/**', methods: ['get', 'post', 'patch'] }],
        },
      ],
    };
    return sim.token();
  }
  afterEach(() => {
    sim.instance(HOST).settings.ocapiData = null;
  });

  it('gives product_search a next page while hits remain, and none on the last page', async () => {
    const headers = {
      authorization: `Bearer ${await grantedToken()}`,
      'content-type': 'application/json',
    };
    const search = async (start: number) =>
      (await (
        await fetch(`${sim.baseUrlFor(HOST)}/s/-/dw/data/v25_6/product_search`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ query: { match_all_query: {} }, start, count: 200 }),
        })
      ).json()) as { total: number; next?: unknown; hits: unknown[] };
    const first = await search(0);
    expect(first.next).toEqual({ _type: 'result_page', count: 200, start: 200 });
    const last = await search(Math.floor((first.total - 1) / 200) * 200);
    expect(last.next).toBeUndefined();
    expect(last.hits.length).toBeGreaterThan(0);
  });

  it("gives a collection's next page as a URL, and a product a _resource_state that changes with it", async () => {
    const token = await grantedToken();
    const get = async (path: string) =>
      (await (
        await fetch(`${sim.baseUrlFor(HOST)}/s/-/dw/data/v25_6${path}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as Record<string, unknown>;
    const catalogs = await get('/catalogs?count=1');
    expect(catalogs.next).toBe(
      `${sim.baseUrlFor(HOST)}/s/-/dw/data/v25_6/catalogs?count=1&start=1`,
    );
    const before = await get('/products/I-00003');
    expect(before._resource_state).toMatch(/^[0-9a-f]{64}$/);
    expect((await get('/products/I-00003'))._resource_state).toBe(before._resource_state);
    await fetch(`${sim.baseUrlFor(HOST)}/s/-/dw/data/v25_6/products/I-00003`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ page_title: { 'fr-FR': 'Nouveau titre' } }),
    });
    expect((await get('/products/I-00003'))._resource_state).not.toBe(before._resource_state);
  });

  it("applies a PATCH carrying the product's current _resource_state, and refuses a stale one with 409", async () => {
    const token = await grantedToken();
    const url = `${sim.baseUrlFor(HOST)}/s/-/dw/data/v25_6/products/I-00004`;
    const get = async () =>
      (await (
        await fetch(url, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as Record<string, unknown> & { _resource_state: string };
    const patch = (body: object) =>
      fetch(url, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const read = await get();
    const applied = await patch({
      _resource_state: read._resource_state,
      page_title: { default: 'Locked write' },
    });
    expect(applied.status).toBe(200);
    const after = (await applied.json()) as Record<string, unknown> & { _resource_state: string };
    expect(after.page_title).toMatchObject({ default: 'Locked write' });
    expect(after._resource_state).not.toBe(read._resource_state);
    // The answer is the product document, its state the one a GET gives (expansions aside).
    expect(await get()).toEqual(after);

    // The state read before that write is stale now: refused, nothing changed.
    const stale = await patch({
      _resource_state: read._resource_state,
      page_title: { default: 'Lost update' },
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({
      _v: '25.6',
      fault: {
        arguments: {},
        type: 'ResourceStateConflictException',
        message: `The resource state '${read._resource_state}' does not match the current resource state '${after._resource_state}'.`,
      },
    });
    expect(await get()).toEqual(after);

    // Without a state nothing is checked, as in OCAPI, where the check is the client's choice.
    const unchecked = await patch({ page_title: { default: 'Unchecked write' } });
    expect(unchecked.status).toBe(200);
    expect((await get()).page_title).toMatchObject({ default: 'Unchecked write' });
  });

  it('plays one version, refusing others and malformed ones; faults in JSON for an unknown resource', async () => {
    const headers = { authorization: `Bearer ${await grantedToken()}` };
    const at = (path: string) => fetch(`${sim.baseUrlFor(HOST)}/s/-/dw/data${path}`, { headers });
    const current = await at('/v25_6/catalogs');
    expect(current.status).toBe(200);
    expect(((await current.json()) as { total: number }).total).toBe(2);
    for (const version of ['v21_10', 'latest']) {
      const refused = await at(`/${version}/catalogs`);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        fault: {
          type: 'InvalidVersionException',
          message: 'Version is missing or malformed in request URL.',
        },
      });
    }
    const unknown = await at('/v25_6/no-such-resource');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/application\/json/);
    expect(await unknown.json()).toMatchObject({
      fault: {
        type: 'ResourcePathNotFoundException',
        arguments: { resourcePath: '/no-such-resource' },
      },
    });
  });

  it('answers by the Host header too, with no /hosts prefix', async () => {
    const { request } = await import('node:http');
    const token = await grantedToken();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${sim.url}/s/-/dw/data/v25_6/catalogs`,
        { headers: { host: HOST, authorization: `Bearer ${token}` } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as { total: number }).total).toBe(2);
  });
});

describe('Business Manager stand-in', () => {
  it('links each capability to its page', () => {
    expect(businessManagerUrl(`https://${HOST}`, 'webdav')).toBe(
      `https://${HOST}${BUSINESS_MANAGER_PATH.webdav}`,
    );
    expect(sim.businessManagerUrl('zzte_001', 'ocapi-data')).toBe(
      `${sim.url}/hosts/${HOST}${BUSINESS_MANAGER_PATH['ocapi-data']}`,
    );
  });

  it.each([
    ['ocapi-data', 'OCAPI Data settings (JSON)'],
    ['ocapi-shop', 'OCAPI Shop settings (JSON)'],
    ['webdav', 'WebDAV client permissions for /impex (JSON)'],
  ] as const)(
    '%s: an accessible form with a labelled textarea and a Save button',
    async (capability, label) => {
      const html = await (await fetch(sim.businessManagerUrl(HOST, capability))).text();
      const field = capability === 'webdav' ? 'permissions' : 'settings';
      expect(html).toContain('<html lang="en">');
      expect(html).toContain(`<label for="${field}">${label}</label>`);
      expect(html).toMatch(new RegExp(`<textarea id="${field}" name="${field}"`));
      expect(html).toContain('<button type="submit">Save</button>');
    },
  );

  it('rejects text that is not settings, keeping what was saved, and saves valid settings', async () => {
    const url = sim.businessManagerUrl(HOST, 'ocapi-data');
    const bad = await pasteInBusinessManager(url, 'ocapi-data', '{"_v": "21.10"');
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('<p role="alert">Not saved: The settings are not valid JSON.</p>');
    expect(sim.instance(HOST).settings.ocapiData).toBeNull();

    const good = await pasteInBusinessManager(url, 'ocapi-data', ocapiDataSettingsSnippet('abc'));
    expect(good.status).toBe(200);
    expect(good.html).toContain('role="status"');
    expect(sim.instance(HOST).settings.ocapiData?.clients[0]?.client_id).toBe('abc');
    // The page shows what is in effect.
    expect(await (await fetch(url)).text()).toContain('&quot;client_id&quot;: &quot;abc&quot;');
  });
});

describe('state file', () => {
  it('keeps API clients and pasted settings across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'b2c-sim-'));
    const statePath = join(dir, 'state.json');
    try {
      const first = await createB2CSimulator({ statePath });
      const created = await fetch(`${first.accountManagerUrl}/dw/rest/v1/apiclients`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await first.userToken('maya@beacon.test')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          name: 'Beacon',
          password: 'Secret-123456!',
          organizations: [SIM_AM_ORG_ID],
        }),
      });
      const { id } = (await created.json()) as { id: string };
      await pasteInBusinessManager(
        first.businessManagerUrl(HOST, 'ocapi-shop'),
        'ocapi-shop',
        ocapiDataSettingsSnippet(id),
      );
      await first.stop();

      const second = await createB2CSimulator({ statePath });
      expect(second.apiClients.get(id)).toMatchObject({ name: 'Beacon', secret: 'Secret-123456!' });
      expect(second.instance(HOST).settings.ocapiShop?.clients[0]?.client_id).toBe(id);
      await second.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('fault injection', () => {
  it('injects a status a number of times, per route and method', async () => {
    const url = `${sim.baseUrlFor(HOST)}/s/-/dw/data/v25_6/sites`;
    sim.faults.add({ path: '/v25_6/sites', method: 'GET', status: 503, times: 2 });
    expect((await fetch(url)).status).toBe(503);
    expect((await fetch(url)).status).toBe(503);
    expect((await fetch(url)).status).toBe(401);
  });

  it('adds latency and drops connections', async () => {
    const url = `${sim.baseUrlFor(HOST)}/s/-/dw/data/v25_6/catalogs`;
    sim.faults.add({ path: /\/catalogs$/, latencyMs: 150, times: 1 });
    const started = Date.now();
    expect((await fetch(url)).status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    sim.faults.add({ path: /\/catalogs$/, drop: true, times: 1 });
    await expect(fetch(url)).rejects.toThrow();
  });

  it('answers with the fault type asked for, and Retry-After on 429 and 503', async () => {
    const url = `${sim.baseUrlFor(HOST)}/s/-/dw/data/v25_6/products/M-00001`;
    sim.faults.add({
      path: '/products/M-00001',
      method: 'PATCH',
      status: 409,
      faultType: 'ConcurrentModificationException',
      times: 1,
    });
    const conflict = await fetch(url, { method: 'PATCH' });
    expect(conflict.status).toBe(409);
    expect(conflict.headers.get('retry-after')).toBeNull();
    expect(await conflict.json()).toMatchObject({
      fault: { type: 'ConcurrentModificationException', message: 'Injected fault (simulator).' },
    });
    for (const status of [429, 503]) {
      sim.faults.add({ path: '/products/M-00001', status, times: 1 });
      const answer = await fetch(url);
      expect(answer.status).toBe(status);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(await answer.json()).toMatchObject({
        fault: { type: 'InternalServerErrorException' },
      });
    }
    // Spent: the route answers as itself again.
    expect((await fetch(url)).status).toBe(401);
  });

  it('is driven over HTTP too, for browser tests', async () => {
    const url = `${sim.baseUrlFor(HOST)}/s/-/dw/data/v25_6/catalogs`;
    const added = await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pathRegex: '/catalogs$', status: 500 }),
    });
    expect(added.status).toBe(201);
    expect((await fetch(url)).status).toBe(500);
    expect((await fetch(`${sim.url}/__sim/faults`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(url)).status).toBe(401);

    const add = (rule: object) =>
      fetch(`${sim.url}/__sim/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(rule),
      });
    const typed = await add({
      path: '/v25_6/catalogs',
      method: 'GET',
      status: 409,
      faultType: 'ConcurrentModificationException',
      times: 1,
    });
    expect(typed.status).toBe(201);
    const answer = await fetch(url);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({
      fault: { type: 'ConcurrentModificationException' },
    });
    // A mistyped rule is refused rather than injected half-understood.
    for (const bad of [
      { status: 500 },
      { path: '/catalogs', status: '500' },
      { path: '/catalogs', fault_type: 'X' },
      { pathRegex: '(' },
    ]) {
      expect((await add(bad)).status).toBe(400);
    }
    expect((await fetch(url)).status).toBe(401);
  });
});
