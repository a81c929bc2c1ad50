/**
 * The catalogue sync: copies an env's instance catalogue into catalog_products through the OCAPI Data
 * client. The first sync (or one asked for) is full: every product by id, page by page, resuming from
 * its checkpoint after a crash, and removing what the instance no longer has. Later syncs are
 * incremental: only products whose last_modified is at or after what the last sync saw (a range
 * filter; product search cannot sort by last_modified), by id. Product search leaves out masters'
 * variations and variants' masters, so each master is read with expand=variations (ADR 0042).
 * OCAPI's quota (429) makes it wait and go on. See docs/product.md#products.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, PRODUCT_FIELDS } from '~/domain/products/entities';
import type { Db } from '~/server/db/client';
import {
  CATALOG_PRODUCT_TYPES,
  catalogCatalogs,
  catalogCategories,
  catalogProducts,
  catalogSyncs,
} from '~/server/db/schema';
import { B2CNotFoundError, B2CRequestError } from '~/server/integrations/b2c/errors';
import {
  type Catalog,
  type Category,
  type OcapiDataClient,
  PRODUCT_SEARCH_MAX_COUNT,
  type Product,
  type ProductSearchRequest,
} from '~/server/integrations/b2c/ocapi-data';
import { placementOf } from './document';

export interface CatalogueSyncOptions {
  db: Db;
  data: OcapiDataClient;
  envId: string;
  /** A full sync even after a first one: the only way to notice products deleted on the instance. */
  full?: boolean;
  pageSize?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** Waits after a 429 before asking again: doubles each time, this many times at most. */
  quotaWaitMs?: number;
  quotaRetries?: number;
  /** After each page: products copied so far, and how many the full sync reads in all. */
  onProgress?: (progress: { done: number; total: number | null }) => Promise<void>;
  /** Stops between pages (the worker is stopping); the checkpoint stays for the next run. */
  signal?: AbortSignal;
}

export interface CatalogueSyncResult {
  mode: 'full' | 'incremental';
  synced: number;
  removed: number;
}

/** The copy keeps whole documents with their category assignments; variations are read per master. */
const COPIED_EXPANSIONS: ProductSearchRequest['expand'] = ['all'];

/** A variant's or variation group's place in its family, as its master lists it. */
interface Family {
  masterId: string;
  variationValues: Record<string, string>;
}

type CatalogProductType = (typeof CATALOG_PRODUCT_TYPES)[number];

function typeOf(product: Product): CatalogProductType {
  return CATALOG_PRODUCT_TYPES.find((type) => product.type[type] === true) ?? 'item';
}

/** A markup attribute as the copy keeps it: the rendered `markup` (what the storefront shows). */
const markupText = (value: Record<string, { markup?: string | undefined }> | undefined) =>
  Object.fromEntries(
    Object.entries(value ?? {}).flatMap(([locale, m]) =>
      typeof m?.markup === 'string' ? [[locale, m.markup]] : [],
    ),
  );

/** Where products sit, by catalog and category: the categories' ancestors come from the tree read first. */
interface Placement {
  catalogIds: string[];
  categoryIds: string[];
}

/** Each category's id path to its catalog's root (the category first, the root left out). */
type CategoryTree = Map<string, string[]>;
const treeKey = (catalogId: string, categoryId: string) => `${catalogId}\u0000${categoryId}`;

function placementFrom(
  product: Product,
  tree: CategoryTree,
  catalogsOf: Map<string, string[]>,
): Placement {
  const { owningCatalogId, assignments, primaryCategoryId, classification } = placementOf(product);
  const catalogs = new Set<string>(owningCatalogId ? [owningCatalogId] : []);
  const categories = new Set<string>();
  const add = (catalogId: string, categoryId: string) => {
    catalogs.add(catalogId);
    for (const id of tree.get(treeKey(catalogId, categoryId)) ?? [categoryId]) categories.add(id);
  };
  for (const a of [...assignments, ...(classification ? [classification] : [])]) {
    add(a.catalogId, a.categoryId);
  }
  // The primary category names no catalog: it is in whichever catalogs have a category by that id.
  if (primaryCategoryId) {
    categories.add(primaryCategoryId);
    for (const catalogId of catalogsOf.get(primaryCategoryId) ?? []) {
      for (const id of tree.get(treeKey(catalogId, primaryCategoryId)) ?? []) categories.add(id);
    }
  }
  return { catalogIds: [...catalogs].sort(), categoryIds: [...categories].sort() };
}

function rowOf(envId: string, product: Product, syncedAt: Date, placement: Placement) {
  const document = product as Product & { _resource_state?: string };
  return {
    ...placement,
    envId,
    b2cProductId: product.id,
    type: typeOf(product),
    online: product.online_flag?.default ?? false,
    primaryCategoryId: product.primary_category_id ?? null,
    masterId: product.master?.master_id ?? null,
    name: product.name ?? {},
    shortDescription: markupText(product.short_description),
    longDescription: markupText(product.long_description),
    pageTitle: product.page_title ?? {},
    pageDescription: product.page_description ?? {},
    pageKeywords: product.page_keywords ?? {},
    lastModified: product.last_modified ? new Date(product.last_modified) : null,
    resourceState: typeof document._resource_state === 'string' ? document._resource_state : null,
    document: product,
    syncedAt,
  };
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

async function upsert(
  db: Db,
  envId: string,
  rows: { product: Product; placement: Placement }[],
  syncedAt: Date,
) {
  if (rows.length === 0) return;
  await db
    .insert(catalogProducts)
    .values(rows.map((r) => rowOf(envId, r.product, syncedAt, r.placement)))
    .onConflictDoUpdate({
      target: [catalogProducts.envId, catalogProducts.b2cProductId],
      set: Object.fromEntries(
        [
          ['type', 'type'],
          ['online', 'online'],
          ['primaryCategoryId', 'primary_category_id'],
          ['masterId', 'master_id'],
          ['name', 'name'],
          ['shortDescription', 'short_description'],
          ['longDescription', 'long_description'],
          ['pageTitle', 'page_title'],
          ['pageDescription', 'page_description'],
          ['pageKeywords', 'page_keywords'],
          ['catalogIds', 'catalog_ids'],
          ['categoryIds', 'category_ids'],
          ['lastModified', 'last_modified'],
          ['resourceState', 'resource_state'],
          ['document', 'document'],
          ['syncedAt', 'synced_at'],
        ].map(([key, column]) => [key, excluded(column!)]),
      ),
    });
}

/**
 * Reads every catalog and its categories, replaces the env's copy of them, and returns the trees and
 * the site the copy's prices are for.
 */
async function syncCategories(
  db: Db,
  data: OcapiDataClient,
  envId: string,
): Promise<Trees & { priceSiteId: string | null }> {
  const catalogs = await data.listCatalogs();
  const categories: Category[] = [];
  for (const catalog of catalogs) {
    for (let start = 0; ;) {
      const page = await data.listCategories(catalog.id, { start, count: 200 });
      categories.push(...page.data);
      start += page.data.length;
      if (page.data.length === 0 || start >= page.total) break;
    }
  }
  await db.transaction(async (tx) => {
    await tx.delete(catalogCatalogs).where(eq(catalogCatalogs.envId, envId));
    await tx.delete(catalogCategories).where(eq(catalogCategories.envId, envId));
    if (catalogs.length > 0) {
      await tx.insert(catalogCatalogs).values(
        catalogs.map((c) => ({
          envId,
          catalogId: c.id,
          name: c.name ?? {},
          // A catalog no site is assigned to holds products, not a storefront (ADR 0042).
          isMaster: (c.assigned_sites ?? []).length === 0,
        })),
      );
    }
    for (let i = 0; i < categories.length; i += 500) {
      await tx.insert(catalogCategories).values(
        categories.slice(i, i + 500).map((c) => ({
          envId,
          catalogId: c.catalog_id,
          categoryId: c.id,
          name: c.name ?? {},
          parentId: c.parent_category_id ?? null,
          position: c.position ?? 0,
          online: c.online ?? true,
        })),
      );
    }
  });

  const trees = treesOf(
    categories.map((c) => ({
      catalogId: c.catalog_id,
      categoryId: c.id,
      parentId: c.parent_category_id ?? null,
    })),
  );
  return { ...trees, priceSiteId: priceSiteOf(catalogs) };
}

interface Trees {
  tree: CategoryTree;
  /** Category id → the catalogs that have a category by that id. */
  catalogsOf: Map<string, string[]>;
}

/**
 * The site whose prices the copy keeps: the first, by id, that a storefront catalog is assigned to
 * (prices live in a site's price books; the Data API gives them in a site context only, ADR 0048).
 */
export function priceSiteOf(catalogs: readonly Catalog[]): string | null {
  const sites = catalogs.flatMap((c) => (c.assigned_sites ?? []).map((s) => s.id));
  return sites.sort()[0] ?? null;
}

function treesOf(
  categories: { catalogId: string; categoryId: string; parentId: string | null }[],
): Trees {
  const parentOf = new Map(categories.map((c) => [treeKey(c.catalogId, c.categoryId), c.parentId]));
  const tree: CategoryTree = new Map();
  const catalogsOf = new Map<string, string[]>();
  for (const c of categories) {
    const path: string[] = [];
    // A catalog's root holds everything: filtering by it filters nothing, so it is left out.
    for (let id: string | null = c.categoryId; id && id !== 'root' && path.length < 50;) {
      path.push(id);
      id = parentOf.get(treeKey(c.catalogId, id)) ?? null;
    }
    tree.set(treeKey(c.catalogId, c.categoryId), path);
    catalogsOf.set(c.categoryId, [...(catalogsOf.get(c.categoryId) ?? []), c.catalogId]);
  }
  return { tree, catalogsOf };
}

export async function syncCatalogue(options: CatalogueSyncOptions): Promise<CatalogueSyncResult> {
  const { db, data, envId } = options;
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  const count = Math.min(options.pageSize ?? PRODUCT_SEARCH_MAX_COUNT, PRODUCT_SEARCH_MAX_COUNT);

  /** One call, waiting out OCAPI's quota (429) a few times before giving up. */
  async function withQuota<T>(call: () => Promise<T>): Promise<T> {
    let wait = options.quotaWaitMs ?? 1_000;
    for (let attempt = 0; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        const quota = error instanceof B2CRequestError && error.status === 429;
        if (!quota || attempt >= (options.quotaRetries ?? 5)) throw error;
        await sleep(wait);
        wait *= 2;
      }
    }
  }
  let siteId: string | null = null;
  const search = (request: ProductSearchRequest) =>
    withQuota(() => data.searchProducts(request, siteId ? { siteId } : {}));
  const withVariations = (id: string) =>
    withQuota(() => data.getProduct(id, { expand: ['variations'] }));

  const [state] = await db.select().from(catalogSyncs).where(eq(catalogSyncs.envId, envId));
  const resuming = state?.status !== 'idle' && state?.mode === 'full' && state.checkpoint !== null;
  const mode: CatalogueSyncResult['mode'] =
    resuming || options.full || !state?.lastSyncedAt ? 'full' : 'incremental';
  const startedAt = resuming && state?.startedAt ? state.startedAt : now();
  const begin = {
    status: 'running' as const,
    mode,
    checkpoint: mode === 'full' ? (resuming ? (state?.checkpoint ?? 0) : 0) : null,
    startedAt,
    syncedCount: mode === 'full' && resuming ? (state?.checkpoint ?? 0) : 0,
    total: mode === 'full' && resuming ? (state?.total ?? null) : null,
    lastError: null,
  };
  await db
    .insert(catalogSyncs)
    .values({ envId, ...begin })
    .onConflictDoUpdate({ target: catalogSyncs.envId, set: begin });

  let synced = 0;
  let newest = state?.cursor ?? null;
  // A full sync learns the locales afresh (a resumed one cannot: it keeps the earlier pages' too).
  const locales = new Set<string>(
    mode === 'incremental' || resuming ? (state?.locales ?? []) : [DEFAULT_LOCALE],
  );
  const seen = (products: Product[]) => {
    for (const p of products) {
      const modified = p.last_modified ? new Date(p.last_modified) : null;
      if (modified && (!newest || modified > newest)) newest = modified;
      for (const field of PRODUCT_FIELDS)
        for (const locale of Object.keys(p[field] ?? {})) locales.add(locale);
    }
  };
  const stopIfAsked = () => {
    if (options.signal?.aborted) throw new Error('The catalogue sync was stopped.');
  };

  try {
    const { tree, catalogsOf, priceSiteId } = await syncCategories(db, data, envId);
    siteId = priceSiteId;
    await db.update(catalogSyncs).set({ priceSiteId }).where(eq(catalogSyncs.envId, envId));
    // What search leaves out: a master's variations (read with expand=variations), and a variant's or
    // group's master, from a master read this run, else the copy, else the product itself.
    const families = new Map<string, Family>();
    const familyVariants = new Map<string, Product['variants']>();
    const withFamilies = async (hits: Product[]): Promise<Product[]> => {
      const masters = new Map<string, Product>();
      for (const hit of hits) {
        if (!hit.type.master) continue;
        const full = await withVariations(hit.id);
        for (const v of [...(full.variants ?? []), ...(full.variation_groups ?? [])]) {
          families.set(v.product_id, {
            masterId: hit.id,
            variationValues: v.variation_values ?? {},
          });
        }
        familyVariants.set(hit.id, full.variants);
        masters.set(hit.id, {
          ...hit,
          variation_attributes: full.variation_attributes,
          variants: full.variants,
          variation_groups: full.variation_groups,
        });
      }
      const inFamily = (p: Product) => p.type.variant === true || p.type.variation_group === true;
      const unknown = hits.filter((p) => inFamily(p) && !families.has(p.id)).map((p) => p.id);
      if (unknown.length > 0) {
        const copied = await db
          .select({
            id: catalogProducts.b2cProductId,
            masterId: catalogProducts.masterId,
            document: catalogProducts.document,
          })
          .from(catalogProducts)
          .where(
            and(eq(catalogProducts.envId, envId), inArray(catalogProducts.b2cProductId, unknown)),
          );
        for (const row of copied) {
          if (!row.masterId) continue;
          const values = (row.document as Product | null)?.variation_values ?? {};
          families.set(row.id, { masterId: row.masterId, variationValues: values });
        }
      }
      for (const id of unknown) {
        if (families.has(id)) continue;
        const full = await withVariations(id);
        if (full.master) {
          families.set(id, {
            masterId: full.master.master_id,
            variationValues: full.variation_values ?? {},
          });
        }
      }
      // A group whose master was not read this run lists its own variants when read itself.
      const groupsRead = new Map<string, Product['variants']>();
      for (const hit of hits) {
        const family = families.get(hit.id);
        if (!hit.type.variation_group || !family || familyVariants.has(family.masterId)) continue;
        groupsRead.set(hit.id, (await withVariations(hit.id)).variants);
      }
      return hits.map((hit) => {
        const master = masters.get(hit.id);
        if (master) return master;
        const family = inFamily(hit) ? families.get(hit.id) : undefined;
        if (!family) return hit;
        const own = Object.entries(family.variationValues);
        // A group's variants are the master's variants that share all of the group's values.
        const groupVariants = hit.type.variation_group
          ? (groupsRead.get(hit.id) ??
            familyVariants
              .get(family.masterId)
              ?.filter((v) => own.every(([k, value]) => v.variation_values?.[k] === value)))
          : undefined;
        return {
          ...hit,
          master: { master_id: family.masterId },
          variation_values: family.variationValues,
          ...(groupVariants ? { variants: groupVariants } : {}),
        };
      });
    };
    // Variants sit where their master does; masters are met first when ids sort that way (as
    // B2C's usually do), else read from the copy, else fixed up once the run has seen them.
    const masterPlacement = new Map<string, Placement>();
    const orphans = new Set<string>();
    const place = async (products: Product[]) => {
      const own = products.map((product) => ({
        product,
        placement: placementFrom(product, tree, catalogsOf),
      }));
      for (const r of own)
        if (r.product.type.master) masterPlacement.set(r.product.id, r.placement);
      const missing = [
        ...new Set(
          own.flatMap((r) =>
            r.product.type.variant &&
            r.product.master &&
            !masterPlacement.has(r.product.master.master_id)
              ? [r.product.master.master_id]
              : [],
          ),
        ),
      ];
      if (missing.length > 0) {
        const masters = await db
          .select({
            id: catalogProducts.b2cProductId,
            catalogIds: catalogProducts.catalogIds,
            categoryIds: catalogProducts.categoryIds,
          })
          .from(catalogProducts)
          .where(
            and(eq(catalogProducts.envId, envId), inArray(catalogProducts.b2cProductId, missing)),
          );
        for (const m of masters) masterPlacement.set(m.id, m);
      }
      return own.map((r) => {
        const masterId = r.product.type.variant ? r.product.master?.master_id : undefined;
        if (!masterId) return r;
        const inherited = masterPlacement.get(masterId);
        if (!inherited) {
          orphans.add(r.product.id);
          return r;
        }
        return { product: r.product, placement: inherited };
      });
    };
    const progress = async (done: number, total: number | null) => {
      await db
        .update(catalogSyncs)
        .set({ syncedCount: done, total })
        .where(eq(catalogSyncs.envId, envId));
      await options.onProgress?.({ done, total });
    };

    let removed = 0;
    if (mode === 'full') {
      let start = begin.checkpoint ?? 0;
      for (;;) {
        stopIfAsked();
        const page = await search({
          query: { match_all_query: {} },
          sorts: [{ field: 'id', sort_order: 'asc' }],
          start,
          count,
          expand: COPIED_EXPANSIONS,
        });
        // A page that arrives after the worker was told to stop is left for the next try.
        stopIfAsked();
        const products = await withFamilies(page.hits);
        stopIfAsked();
        await upsert(db, envId, await place(products), now());
        seen(products);
        synced += products.length;
        start += page.hits.length;
        await db
          .update(catalogSyncs)
          .set({ checkpoint: start })
          .where(eq(catalogSyncs.envId, envId));
        await progress(start, page.total);
        if (page.hits.length === 0 || start >= page.total) break;
      }
      // What this run did not see is gone from the instance.
      const gone = await db
        .delete(catalogProducts)
        .where(and(eq(catalogProducts.envId, envId), lt(catalogProducts.syncedAt, startedAt)))
        .returning({ id: catalogProducts.b2cProductId });
      removed = gone.length;
    } else {
      const since = state?.cursor ?? null;
      // Every product changed since the newest change the last sync saw, by id: a stable order, so
      // pages neither skip nor repeat while products change (they only join the filter's result).
      // From inclusive: one changed in the same millisecond as that one is read again, not lost.
      const query: ProductSearchRequest['query'] = since
        ? {
            filtered_query: {
              query: { match_all_query: {} },
              filter: { range_filter: { field: 'last_modified', from: since.toISOString() } },
            },
          }
        : { match_all_query: {} };
      for (let start = 0; ;) {
        stopIfAsked();
        const page = await search({
          query,
          sorts: [{ field: 'id', sort_order: 'asc' }],
          start,
          count,
          expand: COPIED_EXPANSIONS,
        });
        stopIfAsked();
        const products = await withFamilies(page.hits);
        stopIfAsked();
        await upsert(db, envId, await place(products), now());
        seen(products);
        synced += products.length;
        start += page.hits.length;
        await progress(synced, page.total);
        if (page.hits.length === 0 || start >= page.total) break;
      }
    }
    if (orphans.size > 0) await inheritPlacement(db, envId, [...orphans]);
    // Marks the rewritten pages all-visible, so the list's counts and pages read its index alone
    // (PostgreSQL's autovacuum would get there later; PGlite has none).
    if (synced > 0 || removed > 0) {
      await db.execute(sql`vacuum analyze catalog_products`);
      await db.execute(sql`vacuum analyze catalog_product_categories`);
    }
    await db
      .update(catalogSyncs)
      .set({
        status: 'idle',
        checkpoint: null,
        cursor: newest,
        syncedCount: synced,
        lastSyncedAt: now(),
        locales: [...locales].sort((a, b) =>
          a === DEFAULT_LOCALE ? -1 : b === DEFAULT_LOCALE ? 1 : a.localeCompare(b),
        ),
      })
      .where(eq(catalogSyncs.envId, envId));
    return { mode, synced, removed };
  } catch (error) {
    // The checkpoint stays: the next run of a full sync goes on from there.
    await db
      .update(catalogSyncs)
      .set({ status: 'failed', lastError: error instanceof Error ? error.message : String(error) })
      .where(eq(catalogSyncs.envId, envId));
    throw error;
  }
}

/** Variants whose master came later in the run take its catalogs and categories now. */
async function inheritPlacement(db: Db, envId: string, variantIds: string[]) {
  await db.execute(sql`
    update catalog_products v
       set catalog_ids = m.catalog_ids, category_ids = m.category_ids
      from catalog_products m
     where v.env_id = ${envId} and m.env_id = ${envId}
       and m.b2c_product_id = v.master_id
       and v.b2c_product_id in (${sql.join(
         variantIds.map((id) => sql`${id}`),
         sql`, `,
       )})`);
}

/**
 * Reads one product from the instance now and puts it in the copy (its placement from the category
 * trees the last sync copied; a variant's from its master's row). A product the instance no longer
 * has leaves the copy: the answer is then null.
 */
export async function refreshProduct({
  db,
  data,
  envId,
  b2cProductId,
  now = () => new Date(),
}: {
  db: Db;
  data: OcapiDataClient;
  envId: string;
  b2cProductId: string;
  now?: () => Date;
}): Promise<Product | null> {
  let product: Product;
  const [state] = await db
    .select({ priceSiteId: catalogSyncs.priceSiteId })
    .from(catalogSyncs)
    .where(eq(catalogSyncs.envId, envId));
  try {
    product = await data.getProduct(b2cProductId, {
      expand: ['all'],
      ...(state?.priceSiteId ? { siteId: state.priceSiteId } : {}),
    });
  } catch (error) {
    if (!(error instanceof B2CNotFoundError)) throw error;
    await db
      .delete(catalogProducts)
      .where(and(eq(catalogProducts.envId, envId), eq(catalogProducts.b2cProductId, b2cProductId)));
    return null;
  }
  const categories = await db
    .select({
      catalogId: catalogCategories.catalogId,
      categoryId: catalogCategories.categoryId,
      parentId: catalogCategories.parentId,
    })
    .from(catalogCategories)
    .where(eq(catalogCategories.envId, envId));
  const { tree, catalogsOf } = treesOf(categories);
  let placement = placementFrom(product, tree, catalogsOf);
  const masterId = product.type.variant ? product.master?.master_id : undefined;
  if (masterId) {
    const [master] = await db
      .select({ catalogIds: catalogProducts.catalogIds, categoryIds: catalogProducts.categoryIds })
      .from(catalogProducts)
      .where(and(eq(catalogProducts.envId, envId), eq(catalogProducts.b2cProductId, masterId)));
    if (master) placement = master;
  }
  await upsert(db, envId, [{ product, placement }], now());
  return product;
}
