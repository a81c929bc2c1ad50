/**
 * The catalogue sync: copies an env's instance catalogue into catalog_products through the OCAPI Data
 * client. The first sync (or one asked for) is full: every product by id, page by page, resuming from
 * its checkpoint after a crash, and removing what the instance no longer has. Later syncs are
 * incremental: newest last_modified first, down to what the last sync saw. OCAPI's quota (429) makes
 * it wait and go on. See docs/product.md#products.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { CATALOG_PRODUCT_TYPES, catalogProducts, catalogSyncs } from '~/server/db/schema';
import { B2CRequestError } from '~/server/integrations/b2c/errors';
import {
  type OcapiDataClient,
  PRODUCT_SEARCH_MAX_COUNT,
  type Product,
  type ProductExpand,
  type ProductSearchRequest,
  type ProductSearchResult,
} from '~/server/integrations/b2c/ocapi-data';

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
}

export interface CatalogueSyncResult {
  mode: 'full' | 'incremental';
  synced: number;
  removed: number;
}

/** The copy keeps whole documents, variations and category assignments included. */
const COPIED_EXPANSIONS: ProductExpand[] = ['all'];

type CatalogProductType = (typeof CATALOG_PRODUCT_TYPES)[number];

function typeOf(product: Product): CatalogProductType {
  return CATALOG_PRODUCT_TYPES.find((type) => product.type[type] === true) ?? 'item';
}

const markupText = (value: Record<string, { markup?: string | undefined }> | undefined) =>
  Object.fromEntries(
    Object.entries(value ?? {}).flatMap(([locale, m]) =>
      typeof m?.markup === 'string' ? [[locale, m.markup]] : [],
    ),
  );

function rowOf(envId: string, product: Product, syncedAt: Date) {
  const document = product as Product & { _resource_state?: string };
  return {
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

async function upsert(db: Db, envId: string, products: Product[], syncedAt: Date) {
  if (products.length === 0) return;
  await db
    .insert(catalogProducts)
    .values(products.map((p) => rowOf(envId, p, syncedAt)))
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
          ['lastModified', 'last_modified'],
          ['resourceState', 'resource_state'],
          ['document', 'document'],
          ['syncedAt', 'synced_at'],
        ].map(([key, column]) => [key, excluded(column!)]),
      ),
    });
}

export async function syncCatalogue(options: CatalogueSyncOptions): Promise<CatalogueSyncResult> {
  const { db, data, envId } = options;
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  const count = Math.min(options.pageSize ?? PRODUCT_SEARCH_MAX_COUNT, PRODUCT_SEARCH_MAX_COUNT);

  /** One search, waiting out OCAPI's quota (429) a few times before giving up. */
  async function search(request: ProductSearchRequest): Promise<ProductSearchResult> {
    let wait = options.quotaWaitMs ?? 1_000;
    for (let attempt = 0; ; attempt++) {
      try {
        return await data.searchProducts(request);
      } catch (error) {
        const quota = error instanceof B2CRequestError && error.status === 429;
        if (!quota || attempt >= (options.quotaRetries ?? 5)) throw error;
        await sleep(wait);
        wait *= 2;
      }
    }
  }

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
    lastError: null,
  };
  await db
    .insert(catalogSyncs)
    .values({ envId, ...begin })
    .onConflictDoUpdate({ target: catalogSyncs.envId, set: begin });

  let synced = 0;
  let newest = state?.cursor ?? null;
  const seen = (products: Product[]) => {
    for (const p of products) {
      const modified = p.last_modified ? new Date(p.last_modified) : null;
      if (modified && (!newest || modified > newest)) newest = modified;
    }
  };
  try {
    let removed = 0;
    if (mode === 'full') {
      let start = begin.checkpoint ?? 0;
      for (;;) {
        const page = await search({
          query: { match_all_query: {} },
          sorts: [{ field: 'id', sort_order: 'asc' }],
          start,
          count,
          expand: COPIED_EXPANSIONS,
        });
        await upsert(db, envId, page.hits, now());
        seen(page.hits);
        synced += page.hits.length;
        start += page.hits.length;
        await db
          .update(catalogSyncs)
          .set({ checkpoint: start, syncedCount: start })
          .where(eq(catalogSyncs.envId, envId));
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
      let start = 0;
      for (let more = true; more;) {
        const page = await search({
          query: { match_all_query: {} },
          sorts: [{ field: 'last_modified', sort_order: 'desc' }],
          start,
          count,
          expand: COPIED_EXPANSIONS,
        });
        const newer = page.hits.filter(
          (p) => !since || !p.last_modified || new Date(p.last_modified) > since,
        );
        await upsert(db, envId, newer, now());
        seen(newer);
        synced += newer.length;
        start += page.hits.length;
        more = newer.length === page.hits.length && page.hits.length > 0 && start < page.total;
      }
    }
    await db
      .update(catalogSyncs)
      .set({
        status: 'idle',
        checkpoint: null,
        cursor: newest,
        syncedCount: synced,
        lastSyncedAt: now(),
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
