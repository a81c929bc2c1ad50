import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { OCAPI_API_VERSION } from '~/domain/instances/ocapi';
import {
  ocapiDataSettingsSnippet,
  type OcapiSettings,
  parseOcapiSettings,
} from '~/domain/instances/snippets';
import {
  type B2CSimulator,
  createB2CSimulator,
  SIM_MASTER_CATALOG_ID,
  SIM_SITE_ID,
  SIM_STOREFRONT_CATALOG_ID,
} from '~/simulators/b2c';
import {
  B2CAuthError,
  B2CNotFoundError,
  B2CPermissionError,
  B2CRequestError,
  B2CUnavailableError,
} from './errors';
import { createB2CGateway } from './gateway.impl';
import type { OcapiDataClient } from './ocapi-data';

const HOST = 'zzte-001.dx.commercecloud.salesforce.com';
let sim: B2CSimulator;
let data: OcapiDataClient;
let clientId: string;
let secret: string;

const settings = (text: string): OcapiSettings => {
  const parsed = parseOcapiSettings(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

beforeAll(async () => {
  sim = await createB2CSimulator();
  const gateway = createB2CGateway({ ...sim.gatewayConfig(), retryBaseMs: 1 });
  const created = await gateway.ensureApiClient({
    orgId: 'org-data',
    accountManagerToken: await sim.userToken('maya@beacon.test'),
  });
  clientId = created.clientId;
  secret = created.secret ?? '';
  data = gateway.instanceClients(HOST, { clientId, secret }).data;
  sim.instance(HOST).settings.ocapiData = settings(ocapiDataSettingsSnippet(clientId));
});
afterAll(() => sim.stop());
afterEach(() => {
  sim.instance(HOST).settings.ocapiData = settings(ocapiDataSettingsSnippet(clientId));
});

describe('OCAPI Data client', () => {
  it('lists the catalogs, the storefront one naming its site in assigned_sites', async () => {
    const catalogs = await data.listCatalogs();
    expect(catalogs.map((c) => [c.id, c.assigned_sites?.map((s) => s.id)])).toEqual([
      [SIM_MASTER_CATALOG_ID, []],
      [SIM_STOREFRONT_CATALOG_ID, [SIM_SITE_ID]],
    ]);
    expect(catalogs[0]).not.toHaveProperty('is_master_catalog');
  });

  it('lists nested storefront categories with localized names', async () => {
    const { data: categories, total } = await data.listCategories(SIM_STOREFRONT_CATALOG_ID);
    expect(total).toBe(categories.length);
    const byId = new Map(categories.map((c) => [c.id, c]));
    const leaf = byId.get('mens-clothing-shirts');
    expect(leaf?.parent_category_id).toBe('mens-clothing');
    expect(byId.get('mens-clothing')?.parent_category_id).toBe('mens');
    expect(byId.get('mens')?.parent_category_id).toBe('root');
    expect(leaf?.name).toMatchObject({ default: 'Shirt', 'fr-FR': 'Chemise', 'de-DE': 'Hemd' });
    await expect(data.listCategories('no-such-catalog')).rejects.toBeInstanceOf(B2CNotFoundError);
  });

  it('finds the storefront site', async () => {
    expect((await data.listSites()).map((s) => s.id)).toEqual(['RefArch']);
  });

  it('gets a product with localized name and SEO fields and its type', async () => {
    const master = await data.getProduct('M-00001');
    expect(master.type.master).toBe(true);
    expect(master.name?.default).toEqual(expect.any(String));
    expect(master.online_flag?.default).toEqual(expect.any(Boolean));
    // The SEO fields come through per locale, as the instance holds them (seeded, so fixed).
    const seeded = sim.instance(HOST).data().productsById.get('M-00001')!;
    expect(master.page_title).toEqual(seeded.page_title);
    expect(master.page_description).toEqual(seeded.page_description);
    expect(master.page_keywords).toEqual(seeded.page_keywords);
    expect(master.page_title?.['fr-FR']).toBe('Pantalon en coton léger | Beacon Outfitters');
    expect(master.page_keywords?.default).toBe('trousers, cotton, lightweight');
    expect(master.page_description?.['fr-FR']).toMatch(/^Achetez Pantalon en coton léger/);
    expect(master.short_description?.['fr-FR']).toMatchObject({
      markup: '<p>Pantalon léger en coton doux.</p>',
    });
    expect(Object.keys(master.short_description ?? {}).sort()).toEqual(
      Object.keys(seeded.short_description).sort(),
    );
    expect(master.variants).toBeUndefined();
    const expanded = await data.getProduct('M-00001', { expand: ['variations'] });
    const variantId = `${expanded.variants?.[0]?.product_id}`;
    const variant = await data.getProduct(variantId);
    expect(variant.type.variant).toBe(true);
    // The master comes with expand=variations only.
    expect(variant.master).toBeUndefined();
    expect((await data.getProduct(variantId, { expand: ['variations'] })).master).toEqual({
      _type: 'master',
      master_id: 'M-00001',
    });
    await expect(data.getProduct('nope')).rejects.toBeInstanceOf(B2CNotFoundError);
  });

  it('patches localized fields per locale, keeping the others', async () => {
    const before = await data.getProduct('I-00002');
    const patched = await data.patchProduct(
      'I-00002',
      {
        page_title: { 'fr-FR': 'Titre SEO' },
        long_description: { 'de-DE': '<p>Neu</p>' },
        online_flag: { default: false },
      },
      { resourceState: before._resource_state! },
    );
    expect(patched.page_title?.['fr-FR']).toBe('Titre SEO');
    expect(patched.name).toEqual(before.name);
    // Sent as the source (markup is read only), read back as markup.
    expect(patched.long_description?.['de-DE']).toMatchObject({
      markup: '<p>Neu</p>',
      source: '<p>Neu</p>',
    });
    expect(patched.online_flag?.default).toBe(false);
    expect((await data.getProduct('I-00002')).page_title?.['fr-FR']).toBe('Titre SEO');
  });

  it('sends the resource state a change was made against, and is refused when it is stale', async () => {
    const read = await data.getProduct('I-00005');
    expect(read._resource_state).toMatch(/^[0-9a-f]{64}$/);
    const patched = await data.patchProduct(
      'I-00005',
      { page_description: { default: 'Approved text' } },
      { resourceState: read._resource_state! },
    );
    expect(patched.page_description?.default).toBe('Approved text');
    expect(patched._resource_state).not.toBe(read._resource_state);

    // The product changed since `read`: the instance refuses, naming the conflict.
    const error = await data
      .patchProduct(
        'I-00005',
        { page_description: { default: 'Overwrites the approved text' } },
        { resourceState: read._resource_state! },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(B2CRequestError);
    expect(error).toMatchObject({
      status: 409,
      faultType: 'ResourceStateConflictException',
      faultMessage: `The resource state '${read._resource_state}' does not match the current resource state '${patched._resource_state}'.`,
      call: { api: 'ocapi-data', method: 'PATCH', resource: '/products/I-00005' },
    });
    expect((await data.getProduct('I-00005')).page_description?.default).toBe('Approved text');
  });

  it('puts the resource state in every PATCH body, and sends no PATCH without one', async () => {
    const bodies: unknown[] = [];
    const recording: typeof fetch = async (input, init) => {
      if (init?.method === 'PATCH') bodies.push(JSON.parse(String(init.body)));
      return fetch(input, init);
    };
    const gateway = createB2CGateway({ ...sim.gatewayConfig(), retryBaseMs: 1, fetch: recording });
    const recorded = gateway.instanceClients(HOST, { clientId, secret }).data;
    const { _resource_state: state } = await recorded.getProduct('I-00006');
    await recorded.patchProduct('I-00006', { name: { 'fr-FR': 'Nom' } }, { resourceState: state! });
    for (const options of [undefined, {}, { resourceState: '' }]) {
      await expect(
        recorded.patchProduct(
          'I-00006',
          { name: { 'fr-FR': 'Nom 2' } },
          options as unknown as { resourceState: string },
        ),
      ).rejects.toThrow('needs the _resource_state');
    }
    expect(bodies).toEqual([{ name: { 'fr-FR': 'Nom' }, _resource_state: state }]);
  });

  it('searches with match_all, paging and sorts', async () => {
    const first = await data.searchProducts({
      query: { match_all_query: {} },
      count: 200,
      sorts: [{ field: 'id', sort_order: 'desc' }],
    });
    expect(first.total).toBeGreaterThanOrEqual(2000);
    expect(first.hits).toHaveLength(200);
    const ids = first.hits.map((h) => h.id);
    expect(ids).toEqual([...ids].sort().reverse());
    const second = await data.searchProducts({
      query: { match_all_query: {} },
      start: 200,
      count: 5,
      sorts: [{ field: 'id', sort_order: 'desc' }],
    });
    expect(second.start).toBe(200);
    expect(second.hits[0]?.id).not.toBe(first.hits[199]?.id);
  });

  it('asks for expansions and a property selection', async () => {
    const masters = await data.searchProducts({
      query: { term_query: { fields: ['type'], operator: 'is', values: ['master'] } },
      count: 5,
      expand: ['all'],
    });
    // Product search returns no master/variation relationships, whatever is expanded.
    expect(masters.hits.every((h) => h.variants === undefined && h.master === undefined)).toBe(
      true,
    );
    expect(masters.hits.some((h) => h.assigned_categories?.length)).toBe(true);
    expect(masters.hits[0]?.classification_category).toEqual({
      _type: 'catalog_category_id',
      catalog_id: SIM_MASTER_CATALOG_ID,
      category_id: expect.any(String),
    });
    const withVariations = await data.getProduct(masters.hits[0]!.id, { expand: ['variations'] });
    expect(withVariations.variants?.[0]?.variation_values).toMatchObject({
      color: expect.any(String),
      size: expect.any(String),
    });
    expect(withVariations.variation_attributes?.map((a) => a.id)).toContain('color');

    const narrowed = await data.searchProducts({
      query: { match_all_query: {} },
      count: 3,
      select: '(hits.(id,type),total)',
    });
    expect(narrowed.hits).toHaveLength(3);
    expect(narrowed.hits[0]?.name).toBeUndefined();
    expect(narrowed.total).toBeGreaterThan(2000);

    const master = await data.getProduct('M-00001', { expand: ['all'] });
    const variant = await data.getProduct(master.variants?.[0]?.product_id ?? '', {
      expand: ['variations'],
      select: '(id,type,variation_values)',
    });
    expect(Object.keys(variant).sort()).toEqual(['_type', '_v', 'id', 'type', 'variation_values']);
  });

  it('gives prices in a site context only: the site sales price and its currency', async () => {
    const request = {
      query: { term_query: { fields: ['id'], operator: 'is' as const, values: ['M-00001'] } },
      expand: ['prices' as const],
    };
    const [priced] = (await data.searchProducts(request, { siteId: SIM_SITE_ID })).hits;
    expect(priced).toMatchObject({ id: 'M-00001', price_currency: 'USD' });
    expect(priced?.price).toEqual(expect.any(Number));
    // Without a site there is no price book to read: no price, as OCAPI documents.
    const [bare] = (await data.searchProducts(request)).hits;
    expect(bare?.price).toBeUndefined();
    // A master's variants share its price; `all` includes prices.
    const master = await data.getProduct('M-00001', { expand: ['all'], siteId: SIM_SITE_ID });
    const variant = await data.getProduct(master.variants?.[0]?.product_id ?? '', {
      expand: ['prices'],
      siteId: SIM_SITE_ID,
    });
    expect([master.price, variant.price]).toEqual([priced?.price, priced?.price]);
    // A price book entry set on the instance is what the site sells at.
    sim.instance(HOST).data().prices.set('M-00001', 42.5);
    expect(
      (await data.getProduct('M-00001', { expand: ['prices'], siteId: SIM_SITE_ID })).price,
    ).toBe(42.5);
    sim.instance(HOST).data().prices.delete('M-00001');
    await expect(
      data.getProduct('M-00001', { expand: ['prices'], siteId: 'Nowhere' }),
    ).rejects.toThrow(B2CNotFoundError);
  });

  it('searches with term and text queries', async () => {
    const variationGroups = await data.searchProducts({
      query: { term_query: { fields: ['type'], operator: 'is', values: ['variation_group'] } },
      count: 10,
    });
    expect(variationGroups.total).toBeGreaterThan(0);
    expect(variationGroups.hits.every((h) => h.type.variation_group)).toBe(true);

    const offline = await data.searchProducts({
      query: { term_query: { fields: ['online'], operator: 'is', values: [false] } },
      count: 1,
    });
    expect(offline.total).toBeGreaterThan(0);

    const french = await data.searchProducts({
      query: { text_query: { fields: ['name'], search_phrase: 'chemise lin' } },
      count: 50,
    });
    expect(french.total).toBeGreaterThan(0);
    for (const hit of french.hits) {
      expect(
        Object.values(hit.name ?? {})
          .join(' ')
          .toLowerCase(),
      ).toMatch(/chemise/);
    }
  });

  it('refuses before sending what product search does not document', async () => {
    const before = sim.countRequests('POST', '/product_search');
    const refused = [
      { query: { match_all_query: {} }, count: 201 },
      { query: { match_all_query: {} }, start: -1 },
      { query: { match_all_query: {} }, sorts: [{ field: 'last_modified' }] },
      { query: { match_all_query: {} }, expand: ['variations'] },
    ] as unknown as Parameters<OcapiDataClient['searchProducts']>[0][];
    for (const request of refused) {
      await expect(data.searchProducts(request)).rejects.toBeInstanceOf(ZodError);
    }
    expect(sim.countRequests('POST', '/product_search')).toBe(before);
  });

  it('filters on last_modified with a range, sorted by id', async () => {
    const since = '2000-01-01T00:00:00.000Z';
    const result = await data.searchProducts({
      query: {
        filtered_query: {
          query: { match_all_query: {} },
          filter: { range_filter: { field: 'last_modified', from: since } },
        },
      },
      sorts: [{ field: 'id', sort_order: 'asc' }],
      count: 3,
    });
    expect(result.total).toBeGreaterThan(2000);
    const none = await data.searchProducts({
      query: {
        filtered_query: {
          query: { match_all_query: {} },
          filter: { range_filter: { field: 'last_modified', from: '2999-01-01T00:00:00Z' } },
        },
      },
    });
    expect(none.total).toBe(0);
  });

  it('surfaces a malformed query as B2CRequestError (MalformedSearchParameterException)', async () => {
    await expect(
      data.searchProducts({
        query: { term_query: { fields: ['color'], operator: 'is', values: ['x'] } },
      }),
    ).rejects.toMatchObject({
      name: 'B2CRequestError',
      faultType: 'MalformedSearchParameterException',
    });
  });

  it('answers 403 with the resource and method when the settings do not grant it', async () => {
    // Read-only settings: GETs pass, PATCH is refused.
    sim.instance(HOST).settings.ocapiData = {
      _v: '21.10',
      clients: [
        { client_id: clientId, resources: [{ resource_id: '/products/*', methods: ['get'] }] },
      ],
    };
    await expect(data.getProduct('M-00001')).resolves.toMatchObject({ id: 'M-00001' });
    const error = await data
      .patchProduct('M-00001', { name: { default: 'x' } }, { resourceState: 'any' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(B2CPermissionError);
    expect(error).toMatchObject({
      faultType: 'ClientAccessForbiddenException',
      call: { api: 'ocapi-data', method: 'PATCH', resource: '/products/M-00001' },
    });
    await expect(data.listCatalogs()).rejects.toMatchObject({
      call: { method: 'GET', resource: '/catalogs' },
    });
  });

  it('answers a wrong secret with B2CAuthError', async () => {
    const gateway = createB2CGateway({ ...sim.gatewayConfig(), retryBaseMs: 1 });
    const wrong = gateway.instanceClients(HOST, { clientId, secret: `${secret}x` }).data;
    await expect(wrong.listCatalogs()).rejects.toBeInstanceOf(B2CAuthError);
  });
});

describe('OCAPI Data client on a flaky instance', () => {
  afterEach(() => sim.faults.clear());

  it('retries reads through 5xx answers and dropped connections', async () => {
    sim.faults.add({ path: `/dw/data/${OCAPI_API_VERSION}/catalogs`, status: 503, times: 1 });
    sim.faults.add({ path: `/dw/data/${OCAPI_API_VERSION}/catalogs`, drop: true, times: 1 });
    const before = sim.countRequests('GET', '/catalogs');
    await expect(data.listCatalogs()).resolves.toHaveLength(2);
    expect(sim.countRequests('GET', '/catalogs') - before).toBe(3);
  });

  it('retries a product search, which changes nothing, like a read', async () => {
    sim.faults.add({ path: '/product_search', method: 'POST', status: 502, times: 2 });
    const before = sim.countRequests('POST', '/product_search');
    const result = await data.searchProducts({ query: { match_all_query: {} }, count: 1 });
    expect(result.hits).toHaveLength(1);
    expect(sim.countRequests('POST', '/product_search') - before).toBe(3);
  });

  it('sends a product PATCH once, whatever the instance answers', async () => {
    sim.faults.add({
      path: `/dw/data/${OCAPI_API_VERSION}/products/`,
      method: 'PATCH',
      status: 500,
    });
    const before = sim.countRequests('PATCH', '/products/');
    await expect(
      data.patchProduct(
        'M-00001',
        { page_title: { default: 'Never sent twice' } },
        { resourceState: 'any' },
      ),
    ).rejects.toBeInstanceOf(B2CUnavailableError);
    expect(sim.countRequests('PATCH', '/products/') - before).toBe(1);
  });

  it('makes a rate-limited product PATCH B2CUnavailableError (429), sent once', async () => {
    sim.faults.add({
      path: `/dw/data/${OCAPI_API_VERSION}/products/`,
      method: 'PATCH',
      status: 429,
    });
    const before = sim.countRequests('PATCH', '/products/');
    await expect(
      data.patchProduct('M-00001', { page_title: { default: 'Later' } }, { resourceState: 'any' }),
    ).rejects.toMatchObject({ name: 'B2CUnavailableError', status: 429, retryAfterSeconds: 1 });
    expect(sim.countRequests('PATCH', '/products/') - before).toBe(1);
  });

  it('gives up after its retries with B2CUnavailableError', async () => {
    const gateway = createB2CGateway({ ...sim.gatewayConfig(), retryBaseMs: 1, retries: 2 });
    const flaky = gateway.instanceClients(HOST, { clientId, secret }).data;
    sim.faults.add({ path: `/dw/data/${OCAPI_API_VERSION}/catalogs`, status: 503 });
    const before = sim.countRequests('GET', '/catalogs');
    await expect(flaky.listCatalogs()).rejects.toMatchObject({
      name: 'B2CUnavailableError',
      status: 503,
    });
    // The first attempt and two retries: never endless.
    expect(sim.countRequests('GET', '/catalogs') - before).toBe(3);
  });
});

describe('OCAPI Data content assets', () => {
  const library = SIM_SITE_ID;
  const content = {
    name: { default: 'Sale' },
    online: { default: true },
    body: { default: '<div>Sale</div>' },
  };

  it('puts, gets and deletes a content asset; a missing one is B2CNotFoundError', async () => {
    const put = await data.putContent(library, 'beacon-lp-client', content);
    expect(put).toMatchObject({ id: 'beacon-lp-client', name: { default: 'Sale' } });
    const read = await data.getContent(library, 'beacon-lp-client');
    // Sent as the body's source, read back as its markup.
    expect(read.c_body?.default).toMatchObject({
      markup: '<div>Sale</div>',
      source: '<div>Sale</div>',
    });
    expect(read.online).toEqual({ default: true });
    await data.deleteContent(library, 'beacon-lp-client');
    await expect(data.getContent(library, 'beacon-lp-client')).rejects.toBeInstanceOf(
      B2CNotFoundError,
    );
    await expect(data.deleteContent(library, 'beacon-lp-client')).rejects.toBeInstanceOf(
      B2CNotFoundError,
    );
    await expect(data.getContent('NoSuchLibrary', 'x')).rejects.toBeInstanceOf(B2CNotFoundError);
  });

  it('is refused (B2CPermissionError) when the instance grants no Data settings', async () => {
    sim.instance(HOST).settings.ocapiData = null;
    const error = await data
      .putContent(library, 'beacon-lp-client', content)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(B2CPermissionError);
    expect((error as B2CPermissionError).faultType).toBe('ClientAccessForbiddenException');
  });
});
