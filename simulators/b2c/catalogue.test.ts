import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categoryAssignmentsOf,
  generateInstanceData,
  SIM_MASTER_CATALOG_ID,
  SIM_STOREFRONT_CATALOG_ID,
} from './data';
import { hashSeed } from './prng';
import { type B2CSimulator, createB2CSimulator, SIM_ADMIN_CLIENT } from './simulator';

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

describe('catalogue size', () => {
  it('keeps the default catalogue byte for byte', () => {
    // Recorded before the products option existed: ids, names and every other field.
    expect(sha256(generateInstanceData(1).products)).toBe(
      'e1f30586933fbe776d149b5b0d80cff1a3226020e4db8c71f1fd6662cdf09606',
    );
    const defaultInstance = generateInstanceData(hashSeed(20_26, 'zzte_001'));
    expect(defaultInstance.products).toHaveLength(2394);
    expect(sha256(defaultInstance.products)).toBe(
      'd1423e89329e107d765fd30396db2a6444faaa4a68f860bd59311ffb9fbd5c9d',
    );
    expect(sha256(generateInstanceData(1, { products: 100 }).products)).toBe(
      sha256(generateInstanceData(1).products),
    );
  });

  it('appends more of the same mix after the default products, deterministic per seed', () => {
    const base = generateInstanceData(3).products;
    const big = generateInstanceData(3, { products: 12_000 }).products;
    expect(big.length).toBeGreaterThanOrEqual(12_000);
    expect(big.length).toBeLessThan(12_020);
    expect(sha256(big.slice(0, base.length))).toBe(sha256(base));
    expect(sha256(generateInstanceData(3, { products: 12_000 }).products)).toBe(sha256(big));
    expect(sha256(generateInstanceData(4, { products: 12_000 }).products)).not.toBe(sha256(big));

    const extra = big.slice(base.length);
    const share = (type: string) => extra.filter((p) => p.type === type).length / extra.length;
    expect(share('item')).toBeGreaterThan(0.15);
    expect(share('item')).toBeLessThan(0.35);
    expect(share('variant')).toBeGreaterThan(0.35);
    expect(share('master')).toBeGreaterThan(0.05);
    expect(share('variation_group')).toBeGreaterThan(0.05);
    expect(new Set(big.map((p) => p.id)).size).toBe(big.length);
    // Localized with gaps, as the default ones are.
    expect(extra.some((p) => p.name['fr-FR'] && p.name['de-DE'] && p.name['en-US'])).toBe(true);
    expect(extra.some((p) => !p.name['de-DE'])).toBe(true);
    expect(extra.some((p) => p.online.default === false)).toBe(true);
    const master = extra.find((p) => p.type === 'master')!;
    expect(master.variantIds?.every((id) => id.startsWith(`${master.id}-`))).toBe(true);
  });

  it('builds 100,000 products', () => {
    const { products, productsById } = generateInstanceData(5, { products: 100_000 });
    expect(products.length).toBeGreaterThanOrEqual(100_000);
    expect(productsById.size).toBe(products.length);
  }, 30_000);
});

const HOST = 'zzte-001.dx.commercecloud.salesforce.com';
/** The instance tests change products on, so the others see the seeded catalogue. */
const EDITED_HOST = 'zzte-002.dx.commercecloud.salesforce.com';

type Doc = Record<string, unknown> & { id: string };
interface SearchResult {
  _type: string;
  count: number;
  start: number;
  total: number;
  next?: { start: number; count: number };
  hits: Doc[];
}

let sim: B2CSimulator;
let token: string;
beforeAll(async () => {
  sim = await createB2CSimulator({ seed: 1 });
  for (const host of [HOST, EDITED_HOST]) {
    sim.instance(host).settings.ocapiData = {
      _v: '21.10',
      clients: [
        {
          client_id: SIM_ADMIN_CLIENT.clientId,
          resources: [{ resource_id: '/**', methods: ['get', 'post', 'patch'] }],
        },
      ],
    };
  }
  token = await sim.token();
});
afterAll(() => sim.stop());

const dataUrl = (host: string, path: string) => `${sim.baseUrlFor(host)}/s/-/dw/data/v25_6${path}`;

async function searchRaw(body: object, host = HOST) {
  return fetch(dataUrl(host, '/product_search'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function search(body: object, host = HOST): Promise<SearchResult> {
  const response = await searchRaw(body, host);
  expect(response.status).toBe(200);
  return (await response.json()) as SearchResult;
}

/** Every hit of a search, page by page. */
async function searchAll(query: object, host = HOST, extra: object = {}): Promise<Doc[]> {
  const hits: Doc[] = [];
  for (let start = 0; ; start += 200) {
    const page = await search({ query, start, count: 200, ...extra }, host);
    hits.push(...page.hits);
    if (!page.next) return hits;
  }
}

async function getProduct(id: string, query = '', host = HOST) {
  return fetch(dataUrl(host, `/products/${id}${query}`), {
    headers: { authorization: `Bearer ${token}` },
  });
}

async function productDoc(id: string, query = '', host = HOST): Promise<Doc> {
  const response = await getProduct(id, query, host);
  expect(response.status).toBe(200);
  return (await response.json()) as Doc;
}

const term = (field: string, ...values: (string | boolean)[]) => ({
  term_query: { fields: [field], operator: values.length > 1 ? 'one_of' : 'is', values },
});

describe('product_search', () => {
  it('matches catalog_id by owning catalog and catalog assignments', async () => {
    const products = sim.instance(HOST).data().products;
    const inMaster = await search({ query: term('catalog_id', SIM_MASTER_CATALOG_ID), count: 1 });
    expect(inMaster.total).toBe(products.length);
    const storefront = await searchAll(term('catalog_id', SIM_STOREFRONT_CATALOG_ID), HOST, {
      expand: ['categories'],
    });
    const masterOnly = products.filter((p) => categoryAssignmentsOf(p).length === 0);
    expect(masterOnly.length / products.length).toBeGreaterThan(0.03);
    expect(masterOnly.length / products.length).toBeLessThan(0.15);
    expect(storefront).toHaveLength(products.length - masterOnly.length);
    for (const hit of storefront) {
      expect(hit.assigned_categories).toEqual([
        {
          _type: 'catalog_category_id',
          catalog_id: SIM_STOREFRONT_CATALOG_ID,
          category_id: hit.primary_category_id,
        },
      ]);
    }
    // Variants and variation groups follow their master.
    const onlyInMaster = new Set(masterOnly.map((p) => p.id));
    for (const p of masterOnly) if (p.masterId) expect(onlyInMaster).toContain(p.masterId);
  });

  it('matches category_id by primary, classification and assigned categories', async () => {
    const leaf = await searchAll(term('category_id', 'mens-clothing-shirts'));
    expect(leaf.length).toBeGreaterThan(0);
    expect(leaf.every((p) => p.primary_category_id === 'mens-clothing-shirts')).toBe(true);
    const department = await search({
      query: term('category_id', 'mens'),
      count: 200,
      expand: ['categories'],
    });
    expect(department.total).toBeGreaterThan(leaf.length);
    expect(
      department.hits.every(
        (p) => (p.classification_category as { category_id: string }).category_id === 'mens',
      ),
    ).toBe(true);
  });

  it('matches type and online', async () => {
    const variants = await search({ query: term('type', 'variant'), count: 200 });
    expect(variants.hits.every((p) => (p.type as Record<string, boolean>).variant)).toBe(true);
    const kinds = await search({ query: term('type', 'master', 'item'), count: 1 });
    const data = sim.instance(HOST).data().products;
    expect(kinds.total).toBe(data.filter((p) => p.type === 'master' || p.type === 'item').length);
    const offline = await searchAll(term('online', false));
    expect(offline.length).toBe(data.filter((p) => p.online.default === false).length);
    expect(offline.every((p) => (p.online_flag as { default: boolean }).default === false)).toBe(
      true,
    );
  });

  it('combines must and must_not in a bool_query', async () => {
    const hits = await searchAll({
      bool_query: { must: [term('type', 'master')], must_not: [term('online', false)] },
    });
    const data = sim.instance(HOST).data().products;
    expect(hits).toHaveLength(
      data.filter((p) => p.type === 'master' && p.online.default !== false).length,
    );
    expect(hits.every((p) => (p.type as Record<string, boolean>).master)).toBe(true);
    expect(hits.every((p) => (p.online_flag as { default: boolean }).default)).toBe(true);
  });

  it('sorts by one field or several, either way', async () => {
    const byName = await search({
      query: term('type', 'item'),
      sorts: [{ field: 'name', sort_order: 'asc' }],
      count: 200,
    });
    const names = byName.hits.map((p) => (p.name as { default: string }).default);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const twoKeys = await search({
      query: { match_all_query: {} },
      sorts: [{ field: 'creation_date' }, { field: 'id', sort_order: 'desc' }],
      count: 200,
    });
    const keys = twoKeys.hits.map((p) => [String(p.creation_date), p.id] as const);
    expect(keys).toEqual(
      [...keys].sort(([da, ia], [db, ib]) => da.localeCompare(db) || ib.localeCompare(ia)),
    );
    // Only id, name and creation_date are sortable; last_modified can be filtered on, not sorted by.
    for (const field of ['last_modified', 'type', 'x']) {
      const refused = await searchRaw({ query: { match_all_query: {} }, sorts: [{ field }] });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        fault: { type: 'FieldNotSortableException', arguments: { field } },
      });
    }
  });

  it('pages with start and count, giving next while hits remain and the total', async () => {
    const query = term('type', 'variation_group');
    const all = await search({ query, sorts: [{ field: 'id' }], count: 200 });
    const first = await search({ query, sorts: [{ field: 'id' }], start: 0, count: 7 });
    expect(first).toMatchObject({ start: 0, count: 7, total: all.total });
    expect(first.next).toEqual({ _type: 'result_page', start: 7, count: 7 });
    const second = await search({ query, sorts: [{ field: 'id' }], start: 7, count: 7 });
    expect([...first.hits, ...second.hits].map((p) => p.id)).toEqual(
      all.hits.slice(0, 14).map((p) => p.id),
    );
    const last = await search({ query, sorts: [{ field: 'id' }], start: all.total - 3, count: 7 });
    expect(last.count).toBe(3);
    expect(last.next).toBeUndefined();
    const beyond = await search({ query, start: all.total + 10, count: 7 });
    expect(beyond).toMatchObject({ count: 0, hits: [], total: all.total });
  });

  it('narrows the result with select', async () => {
    const result = (await search({
      query: term('type', 'item'),
      count: 3,
      select: '(hits.(id,name,last_modified),total)',
    })) as unknown as Record<string, unknown>;
    expect(Object.keys(result).sort()).toEqual(['_type', '_v', 'hits', 'total']);
    const hits = result.hits as Record<string, unknown>[];
    expect(hits).toHaveLength(3);
    for (const hit of hits) {
      expect(Object.keys(hit).sort()).toEqual(['_type', '_v', 'id', 'last_modified', 'name']);
    }
    const ids = (await search({ query: term('type', 'item'), count: 3, select: '(hits.id)' })).hits;
    expect(ids.map((hit) => Object.keys(hit).sort())).toEqual([
      ['_type', '_v', 'id'],
      ['_type', '_v', 'id'],
      ['_type', '_v', 'id'],
    ]);
    const everything = await search({ query: term('id', 'I-00001'), select: '(**)' });
    expect(everything.hits[0]?.page_title).toBeDefined();
  });

  it.each(['hits.(id)', '(hits.(id)', '(hits.(id)))', '(,)', '(hits.)', ''])(
    'answers the malformed selector %j with a 400 fault',
    async (select) => {
      const response = await searchRaw({ query: { match_all_query: {} }, select });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        fault: { type: 'MalformedSelectorException' },
      });
    },
  );

  it('adds categories only when expanded, and never master/variation relationships', async () => {
    const plain = await search({ query: term('id', 'M-00001') });
    expect(plain.hits[0]).not.toHaveProperty('assigned_categories');
    expect(plain.hits[0]).not.toHaveProperty('classification_category');
    const all = (await search({ query: term('id', 'M-00001'), expand: ['all'] })).hits[0]!;
    const assigned = categoryAssignmentsOf(sim.instance(HOST).data().productsById.get('M-00001')!);
    expect(all.assigned_categories ?? []).toHaveLength(assigned.length);
    for (const field of ['variants', 'variation_groups', 'variation_attributes', 'master']) {
      expect(all).not.toHaveProperty(field);
    }
    const variant = (await search({ query: term('type', 'variant'), count: 1, expand: ['all'] }))
      .hits[0]!;
    expect(variant).not.toHaveProperty('master');
    // The version is the product's, whatever is expanded.
    expect(all._resource_state).toBe(plain.hits[0]?._resource_state);
    const variations = await searchRaw({ query: term('id', 'M-00001'), expand: ['variations'] });
    expect(variations.status).toBe(400);
    expect(await variations.json()).toMatchObject({
      fault: { type: 'InvalidExpandValueException', arguments: { expandValue: 'variations' } },
    });
    const bad = await searchRaw({ query: { match_all_query: {} }, expand: 'all' });
    expect(bad.status).toBe(400);
  });

  it('filters by a last_modified range, refusing what is ill-formed', async () => {
    const data = sim.instance(HOST).data().products;
    const times = data.map((p) => p.lastModified).sort();
    const since = times[Math.floor(times.length / 2)]!;
    const recent = await searchAll(
      {
        filtered_query: {
          query: { match_all_query: {} },
          filter: { range_filter: { field: 'last_modified', from: since } },
        },
      },
      HOST,
      { sorts: [{ field: 'id' }] },
    );
    expect(recent.map((p) => p.id).sort()).toEqual(
      data
        .filter((p) => p.lastModified >= since)
        .map((p) => p.id)
        .sort(),
    );
    for (const query of [
      { term_query: { fields: ['color'], operator: 'is', values: ['x'] } },
      { term_query: { fields: ['id'], values: ['x'] } },
      {
        filtered_query: {
          query: { match_all_query: {} },
          filter: { range_filter: { field: 'id' } },
        },
      },
      { match_all_query: {}, term_query: { fields: ['id'], operator: 'is', values: ['x'] } },
    ]) {
      const refused = await searchRaw({ query });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        fault: { type: 'MalformedSearchParameterException' },
      });
    }
  });
});

describe('GET /products/{id}', () => {
  it('takes expand and select as query parameters', async () => {
    expect(await productDoc('I-00001')).not.toHaveProperty('assigned_categories');
    const narrowed = await productDoc('I-00001', '?select=(id,name)');
    expect(Object.keys(narrowed).sort()).toEqual(['_type', '_v', 'id', 'name']);
    const expanded = await productDoc('M-00002', '?expand=variations,categories');
    expect(expanded.variation_attributes).toEqual(expect.any(Array));
    const malformed = await getProduct('I-00001', '?select=id,name');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ fault: { type: 'MalformedSelectorException' } });
    const unknown = await getProduct('I-00001', '?expand=variations,colours');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      fault: { type: 'InvalidExpandValueException', arguments: { expandValue: 'colours' } },
    });
  });

  it('pages lists with start and count, refusing values out of bounds', async () => {
    const list = (query: string) =>
      fetch(dataUrl(HOST, `/sites${query}`), { headers: { authorization: `Bearer ${token}` } });
    const sites = (await (await list('?start=0&count=1')).json()) as { total: number };
    expect(sites.total).toBe(1);
    for (const query of ['?start=-1', '?count=0', '?count=201', '?start=x']) {
      const refused = await list(query);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        fault: { type: 'MalformedParameterException' },
      });
    }
  });

  it('documents a master, its variation groups and variants as OCAPI does', async () => {
    const data = sim.instance(HOST).data();
    const master = data.products.find(
      (p) => p.type === 'master' && data.productsById.has(`${p.id}-NVY`),
    )!;
    const doc = await productDoc(master.id, '?expand=variations');
    const variantIds = master.variantIds!;
    expect(doc.variants).toEqual(
      variantIds.map((id) => {
        const [color, size] = id.slice(master.id.length + 1).split('-');
        return { _type: 'variant', product_id: id, variation_values: { color, size } };
      }),
    );
    const colors = [...new Set(variantIds.map((id) => id.split('-')[2]))];
    expect(doc.variation_groups).toEqual(
      colors.map((color) => ({
        _type: 'variation_group',
        product_id: `${master.id}-${color}`,
        variation_values: { color },
      })),
    );
    const [color, size] = doc.variation_attributes as {
      id: string;
      values: { value: string }[];
    }[];
    expect(color).toMatchObject({
      _type: 'variation_attribute',
      id: 'color',
      name: { default: 'Color', 'fr-FR': 'Couleur', 'de-DE': 'Farbe' },
    });
    expect(color?.values.map((v) => v.value)).toEqual(colors);
    expect(color?.values).toContainEqual({
      _type: 'variation_attribute_value',
      value: 'NVY',
      name: { default: 'Navy', 'fr-FR': 'marine', 'de-DE': 'Marineblau' },
    });
    expect(size?.id).toBe('size');
    const sizes = new Set(variantIds.map((id) => id.split('-')[3]));
    expect(size?.values.map((v) => v.value)).toEqual(
      ['S', 'M', 'L', 'XL'].filter((s) => sizes.has(s)),
    );

    const group = await productDoc(`${master.id}-NVY`, '?expand=variations');
    expect(group.variation_values).toEqual({ color: 'NVY' });
    expect(group.master).toEqual({ _type: 'master', master_id: master.id });
    expect((group.variants as { product_id: string }[]).map((v) => v.product_id)).toEqual(
      variantIds.filter((id) => id.startsWith(`${master.id}-NVY-`)),
    );
    expect(
      (group.variation_attributes as { id: string; values: { value: string }[] }[])[0]?.values,
    ).toEqual([expect.objectContaining({ value: 'NVY' })]);

    const variantId = variantIds.find((id) => id.startsWith(`${master.id}-NVY-`))!;
    const variant = await productDoc(variantId, '?expand=variations');
    expect(variant.variation_values).toEqual({ color: 'NVY', size: variantId.split('-')[3] });
    expect(variant.master).toEqual({ _type: 'master', master_id: master.id });
    expect(variant).not.toHaveProperty('variants');
  });
});

describe('control routes', () => {
  const control = (path: string, init: RequestInit = {}) =>
    fetch(`${sim.url}/__sim/hosts/${EDITED_HOST}${path}`, init);

  it('edits a product as Business Manager would: new last_modified and _resource_state', async () => {
    const before = await productDoc('I-00010', '', EDITED_HOST);
    const edited = await control('/products/I-00010', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: { 'fr-FR': 'Nom retravaillé', 'de-DE': null },
        page_title: { default: 'New title' },
        online: { default: false },
      }),
    });
    expect(edited.status).toBe(200);
    const after = await productDoc('I-00010', '', EDITED_HOST);
    expect(after.name).toMatchObject({ 'fr-FR': 'Nom retravaillé' });
    expect(after.name).not.toHaveProperty('de-DE');
    expect(after.page_title).toMatchObject({ default: 'New title' });
    expect(after.online_flag).toEqual({ default: false });
    expect(Date.parse(String(after.last_modified))).toBeGreaterThan(
      Date.parse(String(before.last_modified)),
    );
    expect(after._resource_state).not.toBe(before._resource_state);
    // Searches see the change at once: changed since just before the edit.
    const changed = await searchAll(
      {
        filtered_query: {
          query: { match_all_query: {} },
          filter: {
            range_filter: {
              field: 'last_modified',
              from: String(before.last_modified),
              from_inclusive: false,
            },
          },
        },
      },
      EDITED_HOST,
    );
    expect(changed.map((p) => p.id)).toContain('I-00010');

    for (const body of [{ short_description: { default: 42 } }, { brand: { default: 'no' } }]) {
      const invalid = await control('/products/I-00010', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(invalid.status).toBe(400);
    }
    const missing = await control('/products/nope', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(missing.status).toBe(404);
  });

  it('edits descriptions as markup, as OCAPI stores them, moving the resource state', async () => {
    const before = await productDoc('I-00012', '', EDITED_HOST);
    const edited = await control('/products/I-00012', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        long_description: { default: '<p>Rewritten in Business Manager.</p>' },
        short_description: { 'de-DE': null },
      }),
    });
    expect(edited.status).toBe(200);
    const after = await productDoc('I-00012', '', EDITED_HOST);
    expect(after.long_description).toMatchObject({
      default: {
        _type: 'markup_text',
        markup: '<p>Rewritten in Business Manager.</p>',
        source: '<p>Rewritten in Business Manager.</p>',
      },
    });
    expect(after.short_description ?? {}).not.toHaveProperty('de-DE');
    expect(after.name).toEqual(before.name);
    expect(after._resource_state).not.toBe(before._resource_state);
    expect(Date.parse(String(after.last_modified))).toBeGreaterThan(
      Date.parse(String(before.last_modified)),
    );
    // A write made against the state read before the edit is refused: the edit is not lost.
    const stale = await fetch(dataUrl(EDITED_HOST, '/products/I-00012'), {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        _resource_state: before._resource_state,
        long_description: { default: { source: '<p>Agent text</p>' } },
      }),
    });
    expect(stale.status).toBe(409);
    expect((await productDoc('I-00012', '', EDITED_HOST)).long_description).toEqual(
      after.long_description,
    );
    // markup is read only: a write of it is refused, whatever the state.
    const readOnly = await fetch(dataUrl(EDITED_HOST, '/products/I-00012'), {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        _resource_state: after._resource_state,
        long_description: { default: { markup: '<p>Agent text</p>' } },
      }),
    });
    expect(readOnly.status).toBe(400);
    expect(await readOnly.json()).toMatchObject({
      fault: {
        type: 'ReadOnlyPropertyException',
        arguments: { property: 'long_description.default.markup' },
      },
    });
    const written = await fetch(dataUrl(EDITED_HOST, '/products/I-00012'), {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        _resource_state: after._resource_state,
        long_description: { default: { source: '<p>Agent text</p>' } },
      }),
    });
    expect(written.status).toBe(200);
    expect(((await written.json()) as Doc).long_description).toMatchObject({
      default: { markup: '<p>Agent text</p>', source: '<p>Agent text</p>' },
    });
  });

  it('deletes a product: gone from GET and search', async () => {
    const total = (await search({ query: { match_all_query: {} }, count: 1 }, EDITED_HOST)).total;
    expect((await control('/products/I-00011', { method: 'DELETE' })).status).toBe(204);
    const gone = await getProduct('I-00011', '', EDITED_HOST);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ fault: { type: 'ProductNotFoundException' } });
    expect((await search({ query: { match_all_query: {} }, count: 1 }, EDITED_HOST)).total).toBe(
      total - 1,
    );
    expect((await search({ query: term('id', 'I-00011') }, EDITED_HOST)).total).toBe(0);
    expect((await control('/products/I-00011', { method: 'DELETE' })).status).toBe(404);
  });

  it('removes a product from unit tests too, and from its master', async () => {
    const instance = sim.instance(EDITED_HOST);
    const master = instance.data().productsById.get('M-00003')!;
    const variantId = master.variantIds![0]!;
    expect(instance.removeProduct(variantId)).toBe(true);
    expect(instance.removeProduct(variantId)).toBe(false);
    expect((await getProduct(variantId, '', EDITED_HOST)).status).toBe(404);
    const doc = await productDoc('M-00003', '?expand=variations', EDITED_HOST);
    expect((doc.variants as { product_id: string }[]).map((v) => v.product_id)).not.toContain(
      variantId,
    );
  });
});

describe('a large catalogue', () => {
  it('pages through 20,000 products by id, each once', async () => {
    const big = await createB2CSimulator({ seed: 9, products: 20_000 });
    try {
      big.instance(HOST).settings.ocapiData = {
        _v: '21.10',
        clients: [
          {
            client_id: SIM_ADMIN_CLIENT.clientId,
            resources: [{ resource_id: '/**', methods: ['post'] }],
          },
        ],
      };
      const bigToken = await big.token();
      const ids: string[] = [];
      let total = 0;
      for (let start = 0; ; start += 200) {
        const response = await fetch(`${big.baseUrlFor(HOST)}/s/-/dw/data/v25_6/product_search`, {
          method: 'POST',
          headers: { authorization: `Bearer ${bigToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            query: { match_all_query: {} },
            sorts: [{ field: 'id', sort_order: 'asc' }],
            start,
            count: 200,
            select: '(hits.(id),total)',
          }),
        });
        const page = (await response.json()) as { hits: { id: string }[]; total: number };
        total = page.total;
        ids.push(...page.hits.map((h) => h.id));
        if (start + 200 >= total) break;
      }
      expect(total).toBeGreaterThanOrEqual(20_000);
      expect(ids).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
    } finally {
      await big.stop();
    }
  }, 60_000);
});
