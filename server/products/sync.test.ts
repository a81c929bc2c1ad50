import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ocapiDataSettingsSnippet, parseOcapiSettings } from '~/domain/instances/snippets';
import { type B2CSimulator, createB2CSimulator } from '~/simulators/b2c';
import {
  categoryAssignmentsOf,
  SIM_MASTER_CATALOG_ID,
  SIM_SITE_ID,
  SIM_STOREFRONT_CATALOG_ID,
  simPriceOf,
} from '~/simulators/b2c/data';
import { catalogCategories, catalogProducts, catalogSyncs } from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import { B2CPermissionError } from '~/server/integrations/b2c/errors';
import { createB2CGateway } from '~/server/integrations/b2c/gateway.impl';
import type { OcapiDataClient } from '~/server/integrations/b2c/ocapi-data';
import { addEnv, makeOrg } from '~/server/test-support';
import { syncCatalogue } from './sync';

const HOST = 'zzte-002.dx.commercecloud.salesforce.com';
let sim: B2CSimulator;
let data: OcapiDataClient;
let granted: string;
let clientId: string;

beforeAll(async () => {
  sim = await createB2CSimulator({ seed: 3 });
  const gateway = createB2CGateway({ ...sim.gatewayConfig(), retryBaseMs: 1 });
  const created = await gateway.ensureApiClient({
    orgId: 'org-sync',
    accountManagerToken: await sim.userToken('maya@beacon.test'),
  });
  clientId = created.clientId;
  const secret = created.secret;
  data = gateway.instanceClients(HOST, { clientId, secret: secret ?? '' }).data;
  granted = ocapiDataSettingsSnippet(clientId);
});
afterAll(() => sim.stop());
// Every test starts from the settings Business Manager would hold after onboarding, and no faults.
beforeEach(() => {
  sim.faults.clear();
  sim.instance(HOST).settings.ocapiData = parseOk(granted);
});

/** Full syncs read every page of the simulator's catalogue (2,000+ products). */
const SYNC_TIMEOUT_MS = 60_000;

const instanceProducts = () => sim.instance(HOST).data().products;

describeEachDriver('catalogue sync', (get) => {
  const db = () => get().db;
  const newEnv = async (slug: string) => (await addEnv(db(), (await makeOrg(db())).id, slug)).id;
  const copy = (envId: string) =>
    db().select().from(catalogProducts).where(eq(catalogProducts.envId, envId));
  const stateOf = async (envId: string) =>
    (await db().select().from(catalogSyncs).where(eq(catalogSyncs.envId, envId)))[0];

  it(
    'copies every product with its type, links and localized fields, then goes incremental',
    async () => {
      const envId = await newEnv('full');
      const first = await syncCatalogue({ db: db(), data, envId });
      const products = instanceProducts();
      expect(first).toEqual({ mode: 'full', synced: products.length, removed: 0 });
      const rows = await copy(envId);
      expect(rows).toHaveLength(products.length);
      const variant = products.find((p) => p.type === 'variant' && p.name['fr-FR'])!;
      const row = rows.find((r) => r.b2cProductId === variant.id)!;
      expect(row.type).toBe('variant');
      expect(row.masterId).toBe(variant.masterId);
      expect(row.name['fr-FR']).toBe(variant.name['fr-FR']);
      expect(row.resourceState).toMatch(/^[0-9a-f]{64}$/);
      // The stored document is the whole one: variations and category assignments included.
      expect(row.document).toHaveProperty('variation_values.size');
      const masterRow = rows.find((r) => r.b2cProductId === variant.masterId)!;
      expect(masterRow.document).toHaveProperty('variants');
      expect(masterRow.document).toHaveProperty('variation_attributes');
      expect(
        rows.filter((r) => Object.hasOwn(r.document as object, 'assigned_categories')),
      ).not.toEqual([]);
      expect(await stateOf(envId)).toMatchObject({
        status: 'idle',
        checkpoint: null,
        lastError: null,
        // The storefront catalog's site: its price books give the copy's prices.
        priceSiteId: SIM_SITE_ID,
      });
      const data0 = sim.instance(HOST).data();
      expect(masterRow.document).toMatchObject({
        price: simPriceOf(
          data0,
          products.find((p) => p.id === variant.masterId)!,
        ),
        price_currency: 'USD',
      });

      // A change on the instance: the next sync reads only what changed since.
      const { _resource_state: version } = await data.getProduct(variant.id);
      await data.patchProduct(
        variant.id,
        { page_title: { 'fr-FR': 'Titre retravaillé' } },
        { resourceState: version! },
      );
      const searches = sim.countRequests('POST', '/product_search');
      const reads = sim.countRequests('GET', '/products/');
      const second = await syncCatalogue({ db: db(), data, envId });
      expect(second).toMatchObject({ mode: 'incremental', removed: 0 });
      // The changed product, and at most the one the last sync saw last (the bound is inclusive):
      // one search page, and no product read (the variant's master comes from the copy).
      expect(second.synced).toBeGreaterThanOrEqual(1);
      expect(second.synced).toBeLessThanOrEqual(2);
      expect(sim.countRequests('POST', '/product_search') - searches).toBe(1);
      expect(sim.countRequests('GET', '/products/') - reads).toBeLessThanOrEqual(1);
      const [updated] = await db()
        .select()
        .from(catalogProducts)
        .where(and(eq(catalogProducts.envId, envId), eq(catalogProducts.b2cProductId, variant.id)));
      expect(updated?.pageTitle['fr-FR']).toBe('Titre retravaillé');
      // Search does not name a variant's master: the copy keeps it, and its variation values.
      expect(updated?.masterId).toBe(variant.masterId);
      expect(updated?.document).toHaveProperty('variation_values.size');

      // A changed variation group keeps its master and its variants (read with the group).
      const group = products.find((p) => p.type === 'variation_group')!;
      const { _resource_state: groupVersion } = await data.getProduct(group.id);
      await data.patchProduct(
        group.id,
        { page_title: { default: 'Group title' } },
        { resourceState: groupVersion! },
      );
      await syncCatalogue({ db: db(), data, envId });
      const [groupRow] = await db()
        .select()
        .from(catalogProducts)
        .where(and(eq(catalogProducts.envId, envId), eq(catalogProducts.b2cProductId, group.id)));
      expect(groupRow?.pageTitle.default).toBe('Group title');
      expect(groupRow?.masterId).toBe(group.masterId);
      expect((groupRow?.document as { variants?: unknown[] }).variants).not.toEqual([]);
      expect(groupRow?.document).toHaveProperty('variants.0.product_id');
    },
    SYNC_TIMEOUT_MS,
  );

  it(
    'places each product in its catalogs and categories with their ancestors; variants where their master is',
    async () => {
      const envId = await newEnv('placed');
      await syncCatalogue({ db: db(), data, envId });
      const rows = new Map((await copy(envId)).map((r) => [r.b2cProductId, r]));
      const products = instanceProducts();
      const assigned = products.find(
        (p) =>
          p.type === 'item' &&
          categoryAssignmentsOf(p).length > 0 &&
          p.primaryCategoryId === 'womens-clothing-dresses',
      )!;
      expect(rows.get(assigned.id)).toMatchObject({
        catalogIds: [SIM_MASTER_CATALOG_ID, SIM_STOREFRONT_CATALOG_ID],
        categoryIds: ['womens', 'womens-clothing', 'womens-clothing-dresses'],
      });
      const masterOnly = products.find(
        (p) => p.type === 'item' && categoryAssignmentsOf(p).length === 0,
      )!;
      expect(rows.get(masterOnly.id)?.catalogIds).toEqual([SIM_MASTER_CATALOG_ID]);
      const variant = products.find((p) => p.type === 'variant')!;
      const master = rows.get(variant.masterId!)!;
      expect(rows.get(variant.id)).toMatchObject({
        catalogIds: master.catalogIds,
        categoryIds: master.categoryIds,
      });
      // The category trees are copied for the filters.
      const categories = await db()
        .select()
        .from(catalogCategories)
        .where(eq(catalogCategories.envId, envId));
      expect(categories.find((c) => c.categoryId === 'womens-clothing-dresses')).toMatchObject({
        catalogId: SIM_STOREFRONT_CATALOG_ID,
        parentId: 'womens-clothing',
      });
    },
    SYNC_TIMEOUT_MS,
  );

  it(
    'resumes a full sync from its checkpoint after a crash, reading no page twice',
    async () => {
      const envId = await newEnv('resume');
      let calls = 0;
      const crashing: OcapiDataClient = {
        ...data,
        searchProducts: async (request) => {
          calls += 1;
          if (calls === 3) throw new Error('worker killed');
          return data.searchProducts(request);
        },
      };
      await expect(
        syncCatalogue({ db: db(), data: crashing, envId, pageSize: 100 }),
      ).rejects.toThrow('worker killed');
      expect(await stateOf(envId)).toMatchObject({
        status: 'failed',
        checkpoint: 200,
        lastError: 'worker killed',
      });
      const starts: number[] = [];
      const watching: OcapiDataClient = {
        ...data,
        searchProducts: (request) => {
          starts.push(request.start ?? 0);
          return data.searchProducts(request);
        },
      };
      const resumed = await syncCatalogue({ db: db(), data: watching, envId, pageSize: 100 });
      expect(resumed.mode).toBe('full');
      expect(starts[0]).toBe(200);
      expect(await copy(envId)).toHaveLength(instanceProducts().length);
    },
    SYNC_TIMEOUT_MS,
  );

  it(
    'waits out the quota (429) mid-sync and goes on',
    async () => {
      const envId = await newEnv('quota');
      const waits: number[] = [];
      sim.faults.add({ path: '/product_search', method: 'POST', status: 429, times: 2 });
      const result = await syncCatalogue({
        db: db(),
        data,
        envId,
        quotaWaitMs: 50,
        sleep: async (ms) => void waits.push(ms),
      });
      expect(waits).toEqual([50, 100]);
      expect(result.synced).toBe(instanceProducts().length);
    },
    SYNC_TIMEOUT_MS,
  );

  it(
    'fails naming product_search when the OCAPI settings do not grant it',
    async () => {
      const envId = await newEnv('denied');
      sim.instance(HOST).settings.ocapiData = {
        _v: '21.10',
        clients: [
          {
            client_id: clientId,
            resources: [
              { resource_id: '/catalogs', methods: ['get'] },
              { resource_id: '/catalogs/*/categories', methods: ['get'] },
              { resource_id: '/products/*', methods: ['get', 'patch'] },
            ],
          },
        ],
      };
      const error = await syncCatalogue({ db: db(), data, envId }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(B2CPermissionError);
      expect((error as Error).message).toContain('/product_search');
      expect((await stateOf(envId))?.lastError).toContain('/product_search');
    },
    SYNC_TIMEOUT_MS,
  );

  it(
    'removes a product deleted on the instance at the next full sync',
    async () => {
      const envId = await newEnv('deleted');
      await syncCatalogue({ db: db(), data, envId });
      const instance = sim.instance(HOST).data();
      const doomed = instance.products.find((p) => p.type === 'item')!;
      instance.products.splice(instance.products.indexOf(doomed), 1);
      instance.productsById.delete(doomed.id);
      const result = await syncCatalogue({ db: db(), data, envId, full: true });
      expect(result).toMatchObject({ mode: 'full', removed: 1 });
      const ids = (await copy(envId)).map((r) => r.b2cProductId);
      expect(ids).not.toContain(doomed.id);
      expect(ids).toHaveLength(instance.products.length);
    },
    SYNC_TIMEOUT_MS,
  );
});

function parseOk(text: string) {
  const parsed = parseOcapiSettings(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}
