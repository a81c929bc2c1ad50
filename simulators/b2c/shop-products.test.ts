/**
 * The Shop API's product resources as a storefront (or a crawler) reads them: keyword search and
 * products in a locale, behind the same client checks as `/site`; and the live storefronts listed
 * for crawlers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocapiShopSettingsSnippet, parseOcapiSettings } from '~/domain/instances/snippets';
import { SIM_SITE_ID } from './data';
import { type B2CSimulator, createB2CSimulator } from './simulator';

const HOST = 'zzte-001.dx.commercecloud.salesforce.com';
const SHOP_CLIENT = 'shop-client';
/** Known to Account Manager, but not in the Shop settings. */
const OTHER_CLIENT = 'other-client';

let sim: B2CSimulator;
let shop: string;

function shopSettings(clientId: string) {
  const parsed = parseOcapiSettings(ocapiShopSettingsSnippet(clientId));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

beforeAll(async () => {
  sim = await createB2CSimulator({ seed: 1 });
  for (const id of [SHOP_CLIENT, OTHER_CLIENT]) {
    sim.apiClients.set(id, { id, name: id, secret: 'secret', organizations: [], active: true });
  }
  sim.instance(HOST).settings.ocapiShop = shopSettings(SHOP_CLIENT);
  shop = `${sim.baseUrlFor(HOST)}/s/${SIM_SITE_ID}/dw/shop/v25_6`;
});
afterAll(() => sim.stop());

const get = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

interface SearchResult {
  _v: string;
  _type: string;
  count: number;
  start: number;
  total: number;
  query: string;
  hits: { _type: string; product_id: string; product_name: string; link: string }[];
}

describe('product_search', () => {
  it("answers OCAPI's shape, names in the locale, best matches first, no variants", async () => {
    const { status, body } = await get(
      `${shop}/product_search?q=${encodeURIComponent('sacs en cuir')}&locale=fr-FR&client_id=${SHOP_CLIENT}`,
    );
    expect(status).toBe(200);
    const result = body as unknown as SearchResult;
    expect(result).toMatchObject({
      _v: '25.6',
      _type: 'product_search_result',
      start: 0,
      query: 'sacs en cuir',
    });
    expect(result.count).toBe(result.hits.length);
    expect(result.count).toBeLessThanOrEqual(25);
    expect(result.total).toBeGreaterThan(result.count);
    const top = result.hits[0]!;
    expect(top).toEqual({
      _type: 'product_search_hit',
      product_id: expect.any(String),
      product_name: expect.any(String),
      link: `${shop}/products/${top.product_id}`,
    });
    // "sacs" meets "Sac" (a plural dropped), and both words beat one.
    expect(top.product_name).toMatch(/^Sac en cuir/);
    const data = sim.instance(HOST).data();
    const product = data.productsById.get(top.product_id)!;
    expect(top.product_name).toBe(product.name['fr-FR']);
    for (const hit of result.hits) {
      expect(['master', 'item']).toContain(data.productsById.get(hit.product_id)?.type);
    }
    // Ties go by id.
    const ids = result.hits.map((h) => h.product_id);
    const tied = ids.filter((id) =>
      /^Sac en cuir/.test(data.productsById.get(id)!.name['fr-FR'] ?? ''),
    );
    expect(tied).toEqual([...tied].sort());
  });

  it('pages with count and start, and refuses a count over 200', async () => {
    const first = (await get(`${shop}/product_search?q=dress&count=2&client_id=${SHOP_CLIENT}`))
      .body as unknown as SearchResult;
    const second = (
      await get(`${shop}/product_search?q=dress&count=2&start=2&client_id=${SHOP_CLIENT}`)
    ).body as unknown as SearchResult;
    expect(first.hits).toHaveLength(2);
    expect(second.start).toBe(2);
    expect(second.hits[0]?.product_id).not.toBe(first.hits[0]?.product_id);
    expect(second.total).toBe(first.total);
    const tooMany = await get(`${shop}/product_search?q=dress&count=201&client_id=${SHOP_CLIENT}`);
    expect(tooMany.status).toBe(400);
  });

  it('finds nothing for words of fewer than three letters or matching nothing', async () => {
    const { body } = await get(`${shop}/product_search?q=a%20of%20zzzz&client_id=${SHOP_CLIENT}`);
    expect(body).toMatchObject({ count: 0, total: 0, hits: [] });
  });
});

describe('products', () => {
  it('answers several products in the locale, falling back to the default, leaving out unknown ids', async () => {
    const data = sim.instance(HOST).data();
    const search = (await get(`${shop}/product_search?q=linen+dress&client_id=${SHOP_CLIENT}`))
      .body as unknown as SearchResult;
    const ids = search.hits.slice(0, 3).map((h) => h.product_id);
    const { status, body } = await get(
      `${shop}/products/(${ids.join(',')},NO-SUCH-ID)?locale=de-DE&client_id=${SHOP_CLIENT}`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ _v: '25.6', _type: 'products_result', count: ids.length });
    const documents = body.data as Record<string, unknown>[];
    expect(documents.map((d) => d.id)).toEqual(ids);
    for (const document of documents) {
      const p = data.productsById.get(String(document.id))!;
      expect(document).toEqual({
        _type: 'product',
        id: p.id,
        name: p.name['de-DE'] ?? p.name.default,
        short_description: (p.short_description['de-DE'] ?? p.short_description.default)?.markup,
        long_description: (p.long_description['de-DE'] ?? p.long_description.default)?.markup,
        page_title: p.page_title['de-DE'] ?? p.page_title.default,
        page_description: p.page_description['de-DE'] ?? p.page_description.default,
      });
    }
  });

  it('answers one product by id, and an unknown one with ProductNotFoundException', async () => {
    const search = (await get(`${shop}/product_search?q=wool&client_id=${SHOP_CLIENT}`))
      .body as unknown as SearchResult;
    const id = search.hits[0]!.product_id;
    const one = await get(`${shop}/products/${id}?locale=en-US&client_id=${SHOP_CLIENT}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ _v: '25.6', _type: 'product', id });
    const missing = await get(`${shop}/products/NO-SUCH-ID?client_id=${SHOP_CLIENT}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ fault: { type: 'ProductNotFoundException' } });
  });
});

describe('the Shop API client checks', () => {
  const routes = [
    ['site', '/site', '/site'],
    ['product_search', '/product_search?q=dress', '/product_search'],
    ['products', '/products/(I-00001)', '/products/(I-00001)'],
  ] as const;

  it.each(routes)('%s: 400 without a client id, 401 for an unknown one', async (_name, path) => {
    const join = path.includes('?') ? '&' : '?';
    const missing = await get(`${shop}${path}`);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ fault: { type: 'MissingClientIdException' } });
    const unknown = await get(`${shop}${path}${join}client_id=nobody`);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ fault: { type: 'InvalidClientIdException' } });
  });

  it.each(routes)(
    '%s: 401 for an Account Manager token (a customer JWT or none)',
    async (_name, path) => {
      const join = path.includes('?') ? '&' : '?';
      // The Shop API is called as a guest or a customer, never with Account Manager's tokens.
      const token = await sim.token();
      const response = await get(`${shop}${path}${join}client_id=${SHOP_CLIENT}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ fault: { type: 'InvalidAccessTokenException' } });
    },
  );

  it.each(routes)(
    '%s: 403 for a client the Shop settings do not grant',
    async (_name, path, resource) => {
      const join = path.includes('?') ? '&' : '?';
      const response = await get(`${shop}${path}${join}client_id=${OTHER_CLIENT}`);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        _v: '25.6',
        fault: {
          type: 'ClientAccessForbiddenException',
          message: `Access to resource 'GET ${resource}' is not allowed for the current client.`,
          arguments: { method: 'GET', resource, clientId: OTHER_CLIENT },
        },
      });
    },
  );

  it.each(routes)('%s: 404 for an unknown site', async (_name, path) => {
    const join = path.includes('?') ? '&' : '?';
    const response = await get(
      `${sim.baseUrlFor(HOST)}/s/NoSuchSite/dw/shop/v25_6${path}${join}client_id=${SHOP_CLIENT}`,
    );
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ fault: { type: 'SiteNotFoundException' } });
  });
});

describe('/__sim/storefronts', () => {
  it('lists the sites of instances whose Shop settings grant a known client', async () => {
    const other = sim.instance('zzte_002');
    expect((await get(`${sim.url}/__sim/storefronts`)).body).toEqual([
      {
        host: HOST,
        baseUrl: sim.baseUrlFor(HOST),
        siteId: SIM_SITE_ID,
        siteName: 'Reference Architecture',
        clientId: SHOP_CLIENT,
      },
    ]);
    // A client Account Manager does not know cannot crawl.
    other.settings.ocapiShop = shopSettings('unregistered');
    try {
      const listed = (await get(`${sim.url}/__sim/storefronts`)).body as unknown as {
        host: string;
      }[];
      expect(listed.map((s) => s.host)).toEqual([HOST]);
      other.settings.ocapiShop = shopSettings(OTHER_CLIENT);
      const both = (await get(`${sim.url}/__sim/storefronts`)).body as unknown as {
        host: string;
        clientId: string;
      }[];
      expect(both.map((s) => [s.host, s.clientId])).toEqual([
        [HOST, SHOP_CLIENT],
        [other.hostname, OTHER_CLIENT],
      ]);
    } finally {
      other.settings.ocapiShop = null;
    }
  });
});
