import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { ProductKind } from '~/domain/products/entities';
import { productFiltersInput } from '~/domain/products/inputs';
import { PRODUCT_MESSAGES } from '~/domain/products/messages';
import { DomainError } from '~/domain/shared/errors';
import type { Db } from '~/server/db/client';
import {
  catalogCatalogs,
  catalogCategories,
  catalogProductCategories,
  catalogProducts,
  catalogSyncs,
  jobRuns as jobRunsTable,
  proposals,
} from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import { addEnv, makeOrg } from '~/server/test-support';
import { createProductsService } from './service';

const MASTER = 'master-cat';
const STORE = 'store-cat';

interface Seed {
  id: string;
  kind: ProductKind;
  online?: boolean;
  name?: Record<string, string>;
  catalogs?: string[];
  categories?: string[];
  masterId?: string;
  document?: object;
}

async function seedCopy(db: Db, envId: string, products: Seed[]) {
  await db.insert(catalogProducts).values(
    products.map((p) => ({
      envId,
      b2cProductId: p.id,
      type: p.kind,
      online: p.online ?? true,
      name: p.name ?? { default: `Name of ${p.id}` },
      catalogIds: p.catalogs ?? [MASTER],
      categoryIds: p.categories ?? [],
      masterId: p.masterId ?? null,
      document: p.document ?? { id: p.id },
      syncedAt: new Date(),
    })),
  );
}

/** A catalogue with one of each kind and placement, enough to tell every filter apart. */
const CATALOGUE: Seed[] = [
  {
    id: 'A-1',
    kind: 'master',
    catalogs: [MASTER, STORE],
    categories: ['womens', 'womens-dresses'],
  },
  {
    id: 'A-1-RED',
    kind: 'variation_group',
    masterId: 'A-1',
    catalogs: [MASTER, STORE],
    categories: ['womens', 'womens-dresses'],
    name: { default: 'Red dress', 'fr-FR': 'Robe rouge' },
  },
  {
    id: 'A-1-RED-S',
    kind: 'variant',
    masterId: 'A-1',
    catalogs: [MASTER, STORE],
    categories: ['womens', 'womens-dresses'],
  },
  {
    id: 'B-1',
    kind: 'item',
    catalogs: [MASTER, STORE],
    categories: ['mens', 'mens-shirts'],
    name: { default: 'Shirt', 'fr-FR': 'Chemise' },
  },
  {
    id: 'B-2',
    kind: 'item',
    online: false,
    catalogs: [MASTER, STORE],
    categories: ['mens', 'mens-shirts'],
  },
  { id: 'C-1', kind: 'item', catalogs: [MASTER], categories: [] },
  { id: 'C_1', kind: 'set', catalogs: [MASTER], categories: [] },
];

const eqProduct = (envId: string, id: string) =>
  and(eq(catalogProducts.envId, envId), eq(catalogProducts.b2cProductId, id));
const eqRun = (id: string) => eq(jobRunsTable.id, id);

describeEachDriver('products service', (get) => {
  const db = () => get().db;
  const setUp = async () => {
    const org = await makeOrg(db());
    const env = await addEnv(db(), org.id, 'prod', { onboarded: true });
    await seedCopy(db(), env.id, CATALOGUE);
    const service = createProductsService({ db: db() });
    const list = (filters: Record<string, unknown> = {}) =>
      service.list(org.id, productFiltersInput.parse({ orgId: org.id, envId: env.id, ...filters }));
    const ids = async (filters: Record<string, unknown> = {}) =>
      (await list(filters)).items.map((i) => i.b2cProductId);
    return { org, env, service, list, ids };
  };

  it('lists online products but variants, by id, with the name in the chosen language', async () => {
    const { list, ids } = await setUp();
    expect(await ids()).toEqual(['A-1', 'A-1-RED', 'B-1', 'C-1', 'C_1']);
    const page = await list({ language: 'fr-FR' });
    expect(page.total).toBe(5);
    expect(page.items.find((i) => i.b2cProductId === 'B-1')).toMatchObject({
      name: 'Chemise',
      defaultName: 'Shirt',
      kind: 'item',
      online: true,
      pendingProposals: 0,
    });
    // No fr-FR name: null, with the default one beside it for the screen to mark.
    expect(page.items.find((i) => i.b2cProductId === 'C-1')).toMatchObject({
      name: null,
      defaultName: 'Name of C-1',
    });
  });

  it('applies each filter, and any combination of them', async () => {
    const { ids } = await setUp();
    expect(await ids({ showOffline: true })).toEqual([
      'A-1',
      'A-1-RED',
      'B-1',
      'B-2',
      'C-1',
      'C_1',
    ]);
    expect(await ids({ catalog: STORE })).toEqual(['A-1', 'A-1-RED', 'B-1']);
    expect(await ids({ categoryId: 'mens' })).toEqual(['B-1']);
    expect(await ids({ categoryId: 'womens-dresses' })).toEqual(['A-1', 'A-1-RED']);
    expect(await ids({ productType: 'base' })).toEqual(['A-1', 'B-1', 'C-1', 'C_1']);
    expect(await ids({ productType: 'variation-group' })).toEqual(['A-1-RED']);
    // An id typed in finds any kind, variants too, by prefix; LIKE's wildcards are plain text.
    expect(await ids({ b2cProductId: 'A-1-RED' })).toEqual(['A-1-RED', 'A-1-RED-S']);
    expect(await ids({ b2cProductId: 'C_' })).toEqual(['C_1']);
    expect(await ids({ b2cProductId: '%' })).toEqual([]);

    expect(await ids({ catalog: STORE, categoryId: 'mens', showOffline: true })).toEqual([
      'B-1',
      'B-2',
    ]);
    expect(await ids({ catalog: STORE, productType: 'base' })).toEqual(['A-1', 'B-1']);
    expect(await ids({ catalog: MASTER, productType: 'base', categoryId: 'womens' })).toEqual([
      'A-1',
    ]);
    expect(await ids({ b2cProductId: 'A-1', productType: 'variation-group' })).toEqual(['A-1-RED']);
    expect(
      await ids({
        b2cProductId: 'B',
        showOffline: true,
        catalog: STORE,
        categoryId: 'mens-shirts',
      }),
    ).toEqual(['B-1', 'B-2']);
    expect(await ids({ catalog: 'nothing' })).toEqual([]);
  });

  it('category filters and the copy’s total follow every change: placement, online, type, deletion', async () => {
    const { org, env, ids, service } = await setUp();
    const inCopy = async () => (await service.syncState(org.id, env.id)).productCount;
    expect(await inCopy()).toBe(CATALOGUE.length);
    await db()
      .update(catalogProducts)
      .set({ categoryIds: ['womens', 'womens-dresses'] })
      .where(eqProduct(env.id, 'B-1'));
    expect(await ids({ categoryId: 'mens' })).toEqual([]);
    expect(await ids({ categoryId: 'womens-dresses' })).toEqual(['A-1', 'A-1-RED', 'B-1']);
    // A change to copy only (a publish) leaves the placement as it is.
    await db()
      .update(catalogProducts)
      .set({ name: { default: 'Renamed' } })
      .where(eqProduct(env.id, 'A-1'));
    expect(await ids({ categoryId: 'womens' })).toEqual(['A-1', 'A-1-RED', 'B-1']);
    await db()
      .update(catalogProducts)
      .set({ online: false, catalogIds: [MASTER] })
      .where(eqProduct(env.id, 'A-1-RED'));
    expect(await ids({ categoryId: 'womens' })).toEqual(['A-1', 'B-1']);
    expect(await ids({ categoryId: 'womens', showOffline: true, catalog: STORE })).toEqual([
      'A-1',
      'B-1',
    ]);
    expect(await ids({ categoryId: 'womens', showOffline: true })).toEqual([
      'A-1',
      'A-1-RED',
      'B-1',
    ]);
    await db().update(catalogProducts).set({ type: 'set' }).where(eqProduct(env.id, 'B-1'));
    expect(await ids({ categoryId: 'womens', productType: 'base' })).toEqual(['A-1', 'B-1']);
    expect(await inCopy()).toBe(CATALOGUE.length);
    await db().delete(catalogProducts).where(eqProduct(env.id, 'A-1'));
    expect(await ids({ categoryId: 'womens', showOffline: true })).toEqual(['A-1-RED', 'B-1']);
    expect(await inCopy()).toBe(CATALOGUE.length - 1);
    // Every product's placement, as the copy has it, and nothing else.
    const placed = await db()
      .select({ id: catalogProductCategories.b2cProductId, c: catalogProductCategories.categoryId })
      .from(catalogProductCategories)
      .where(eq(catalogProductCategories.envId, env.id));
    expect(placed.map((p) => `${p.id} ${p.c}`).sort()).toEqual([
      'A-1-RED womens',
      'A-1-RED womens-dresses',
      'A-1-RED-S womens',
      'A-1-RED-S womens-dresses',
      'B-1 womens',
      'B-1 womens-dresses',
      'B-2 mens',
      'B-2 mens-shirts',
    ]);
  });

  it('pages 24 at a time with the total of every page', async () => {
    const org = await makeOrg(db());
    const env = await addEnv(db(), org.id, 'big', { onboarded: true });
    await seedCopy(
      db(),
      env.id,
      Array.from({ length: 50 }, (_, i) => ({
        id: `P-${String(i).padStart(3, '0')}`,
        kind: 'item' as const,
      })),
    );
    const service = createProductsService({ db: db() });
    const page = (n: number) =>
      service.list(org.id, productFiltersInput.parse({ orgId: org.id, envId: env.id, page: n }));
    const third = await page(3);
    expect(third).toMatchObject({ total: 50, page: 3, pageSize: 24 });
    expect(third.items.map((i) => i.b2cProductId)).toEqual(['P-048', 'P-049']);
    expect((await page(1)).items).toHaveLength(24);
    expect((await page(9)).items).toEqual([]);
  });

  it('counts up to 10,000 past the page, then says there are more', async () => {
    const org = await makeOrg(db());
    const env = await addEnv(db(), org.id, 'huge', { onboarded: true });
    // 10,030 items, inserted by the database itself (a statement, not 10,030 parameters).
    await db().execute(sql`
      insert into catalog_products
        (env_id, b2c_product_id, type, online, name, catalog_ids, category_ids, document, synced_at)
      select ${env.id}, 'P-' || lpad(i::text, 5, '0'), 'item', true, '{}'::jsonb,
             array[${MASTER}]::text[], '{}'::text[], '{}'::jsonb, now()
        from generate_series(1, 10030) as i`);
    const service = createProductsService({ db: db() });
    const page = (filters: Record<string, unknown>) =>
      service.list(org.id, productFiltersInput.parse({ orgId: org.id, envId: env.id, ...filters }));
    expect(await page({})).toMatchObject({ total: 10_000, totalIsExact: false, page: 1 });
    // From page 3 the count reaches 10,048 past the start: every product is counted.
    expect(await page({ page: 3 })).toMatchObject({ total: 10_030, totalIsExact: true });
    const last = await page({ page: 418 });
    expect(last).toMatchObject({ total: 10_030, totalIsExact: true });
    expect(last.items).toHaveLength(22);
    expect([last.items[0]!.b2cProductId, last.items.at(-1)!.b2cProductId]).toEqual([
      'P-10009',
      'P-10030',
    ]);
    // A filter narrower than the limit is counted exactly.
    expect(await page({ b2cProductId: 'P-1' })).toMatchObject({ total: 31, totalIsExact: true });
  });

  it('counts pending proposals per product, and only pending ones', async () => {
    const { env, list, service, org } = await setUp();
    const proposal = (
      locale: string,
      field: 'name' | 'page_title',
      status: 'pending' | 'rejected',
    ) => ({
      envId: env.id,
      b2cProductId: 'B-1',
      locale,
      field,
      agentType: 'translation' as const,
      status,
      proposedValue: 'x',
    });
    await db()
      .insert(proposals)
      .values([
        proposal('fr-FR', 'name', 'pending'),
        proposal('de-DE', 'name', 'pending'),
        proposal('de-DE', 'page_title', 'rejected'),
      ]);
    const item = (await list()).items.find((i) => i.b2cProductId === 'B-1');
    expect(item?.pendingProposals).toBe(2);
    expect((await service.get(org.id, env.id, 'B-1')).pendingProposals).toBe(2);
  });

  it('reads one product with every locale, its variations and master, or says it is not there', async () => {
    const { env, org, service } = await setUp();
    await db()
      .insert(catalogSyncs)
      .values({ envId: env.id, locales: ['default', 'de-DE', 'fr-FR'] });
    const detail = await service.get(org.id, env.id, 'A-1');
    expect(detail.locales).toEqual(['default', 'de-DE', 'fr-FR']);
    expect(detail.fields.name).toEqual({ default: 'Name of A-1' });

    const group = CATALOGUE[1]!;
    await db()
      .update(catalogProducts)
      .set({
        document: {
          id: group.id,
          variation_values: { color: 'RED' },
          variation_attributes: [
            {
              id: 'color',
              name: { default: 'Color' },
              values: [{ value: 'RED', name: { default: 'Red', 'fr-FR': 'rouge' } }],
            },
          ],
          variants: [
            { product_id: 'A-1-RED-S', variation_values: { color: 'RED', size: 'S' } },
            { product_id: 'A-1-RED-XL', variation_values: { color: 'RED', size: 'XL' } },
          ],
        },
      })
      .where(eqProduct(env.id, group.id));
    const red = await service.get(org.id, env.id, group.id);
    expect(red.master).toEqual({ b2cProductId: 'A-1', name: { default: 'Name of A-1' } });
    expect(red.variationValues).toEqual({ color: 'RED' });
    expect(red.variationAttributes[0]?.values[0]).toEqual({
      value: 'RED',
      name: { default: 'Red', 'fr-FR': 'rouge' },
    });
    // A variant the copy does not have (yet) is listed without a name.
    expect(red.variants).toEqual([
      {
        b2cProductId: 'A-1-RED-S',
        variationValues: { color: 'RED', size: 'S' },
        name: { default: 'Name of A-1-RED-S' },
        online: true,
      },
      {
        b2cProductId: 'A-1-RED-XL',
        variationValues: { color: 'RED', size: 'XL' },
        name: null,
        online: null,
      },
    ]);

    const missing = await service.get(org.id, env.id, 'nope').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(DomainError);
    expect(missing).toMatchObject({
      kind: 'NOT_FOUND',
      reason: 'product-not-found',
      message: PRODUCT_MESSAGES.productNotFound('nope'),
    });
  });

  it('keeps envs and orgs apart', async () => {
    const { service } = await setUp();
    const stranger = await makeOrg(db());
    // Another org's env is refused once, by the env guard (server/trpc/authz.test.ts, cross-org walk).
    const other = await addEnv(db(), stranger.id, 'other', { onboarded: true });
    const list = await service.list(
      stranger.id,
      productFiltersInput.parse({ orgId: stranger.id, envId: other.id }),
    );
    expect(list).toMatchObject({ items: [], total: 0 });
  });

  it('offers the catalogs, each category tree in order, and the locales as filters', async () => {
    const { env, org, service } = await setUp();
    await db()
      .insert(catalogCatalogs)
      .values([
        { envId: env.id, catalogId: STORE, name: { default: 'Storefront' }, isMaster: false },
        { envId: env.id, catalogId: MASTER, name: {}, isMaster: true },
      ]);
    const category = (id: string, parentId: string | null, position: number) => ({
      envId: env.id,
      catalogId: STORE,
      categoryId: id,
      parentId,
      position,
      online: true,
      name: { default: id.toUpperCase() },
    });
    await db()
      .insert(catalogCategories)
      .values([
        category('root', null, 0),
        category('mens', 'root', 1),
        category('womens', 'root', 0),
        category('womens-dresses', 'womens', 0),
      ]);
    await db()
      .insert(catalogSyncs)
      .values({ envId: env.id, locales: ['fr-FR', 'default'] });
    const facets = await service.facets(org.id, env.id);
    expect(facets.catalogs).toEqual([
      { id: MASTER, name: MASTER, isMaster: true },
      { id: STORE, name: 'Storefront', isMaster: false },
    ]);
    expect(facets.categories.map((c) => [c.id, c.depth, c.parentId])).toEqual([
      ['womens', 0, null],
      ['womens-dresses', 1, 'womens'],
      ['mens', 0, null],
    ]);
    expect(facets.locales).toEqual(['default', 'fr-FR']);
  });

  it('will not sync an env without an instance, nor without background jobs', async () => {
    const org = await makeOrg(db());
    const bare = await addEnv(db(), org.id, 'bare');
    const linked = await addEnv(db(), org.id, 'linked', { onboarded: true });
    const service = createProductsService({ db: db() });
    await expect(service.syncNow(org.id, bare.id)).rejects.toMatchObject({
      kind: 'CONFLICT',
      reason: 'no-instance',
    });
    await expect(service.syncNow(org.id, linked.id)).rejects.toMatchObject({
      kind: 'UNAVAILABLE',
      reason: 'jobs-unavailable',
    });
    expect(await service.syncState(org.id, linked.id)).toMatchObject({
      status: 'never',
      productCount: 0,
    });
  });

  it('starts one sync run per request, and answers the running one while it lasts', async () => {
    const org = await makeOrg(db());
    const env = await addEnv(db(), org.id, 'queued', { onboarded: true });
    const enqueued: { key: string; payload: unknown }[] = [];
    let status: 'queued' | 'completed' = 'queued';
    const runId = () => `run-${enqueued.length}`;
    const service = createProductsService({
      db: db(),
      jobs: {
        enqueue: async (kind, payload, { orgId, key }) => {
          enqueued.push({ key, payload });
          const [run] = await db()
            .insert(jobRunsTable)
            .values({ id: `${env.id}-${runId()}`, orgId, kind, key, payload, status })
            .returning();
          return { run: run!, created: true };
        },
      },
    });
    const first = await service.syncNow(org.id, env.id);
    expect(first).toMatchObject({ status: 'queued', runId: `${env.id}-run-1` });
    // Asked again while queued: the same run.
    expect(await service.syncNow(org.id, env.id, { full: true })).toMatchObject({
      runId: `${env.id}-run-1`,
    });
    expect(enqueued).toEqual([{ key: `${env.id}:1`, payload: { envId: env.id, full: false } }]);
    // Once it finished, a new request is a new run.
    await db()
      .update(jobRunsTable)
      .set({ status: 'completed' })
      .where(eqRun(`${env.id}-run-1`));
    status = 'completed';
    await service.syncNow(org.id, env.id, { full: true });
    expect(enqueued[1]).toEqual({ key: `${env.id}:2`, payload: { envId: env.id, full: true } });
  });
});
