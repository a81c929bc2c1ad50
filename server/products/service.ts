/**
 * The Products area over the env's catalogue copy: the list with every filter (one indexed query and
 * its count), one product with its variations and every locale's values, the filters' choices, the
 * sync's state, and starting a sync (one run at a time per env). See docs/product.md#products.
 */
import { and, arrayContains, asc, count, eq, inArray, like, ne, type SQL, sql } from 'drizzle-orm';
import type { JobRunStatus } from '~/domain/jobs/runs';
import {
  type CatalogueFacets,
  type CatalogueSyncState,
  DEFAULT_LOCALE,
  BASE_KINDS,
  type LocalizedText,
  PRODUCT_FIELDS,
  type ProductDetail,
  type ProductField,
  type ProductPage,
  type ProductVariation,
} from '~/domain/products/entities';
import type { ProductFiltersInput } from '~/domain/products/inputs';
import { PRODUCT_MESSAGES } from '~/domain/products/messages';
import { PRODUCTS_PAGE_SIZE, productCountLimit, productTotalOf } from '~/domain/products/search';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import { DomainError } from '~/domain/shared/errors';
import type { Db } from '~/server/db/client';
import {
  catalogCatalogs,
  catalogCategories,
  catalogCopyCounts,
  catalogProductCategories,
  catalogProducts,
  catalogSyncs,
  envs,
  jobRuns,
  proposals,
} from '~/server/db/schema';
import { B2CError, B2CPermissionError } from '~/server/integrations/b2c/errors';
import type { B2CInstanceClients } from '~/server/integrations/b2c/gateway';
import type { JobQueue } from '~/server/jobs/queue';
import { variationsOf } from './document';
import { refreshProduct } from './sync';

export const PRODUCTS_SYNC_JOB = 'products.sync';

/** Every kind but variation groups and variants: what `productType=base` lists. */

export interface ProductsService {
  list(orgId: string, filters: ProductFiltersInput): Promise<ProductPage>;
  facets(orgId: string, envId: string): Promise<CatalogueFacets>;
  get(orgId: string, envId: string, b2cProductId: string): Promise<ProductDetail>;
  syncState(orgId: string, envId: string): Promise<CatalogueSyncState>;
  /**
   * Reads the product from the instance now into the copy and answers it; NOT_FOUND when the instance
   * no longer has it (it leaves the copy too).
   */
  refresh(orgId: string, envId: string, b2cProductId: string): Promise<ProductDetail>;
  /** Starts a sync unless one is queued or running (then answers that one's state). */
  syncNow(orgId: string, envId: string, options?: { full?: boolean }): Promise<CatalogueSyncState>;
}

export interface ProductsServiceDeps {
  db: Db;
  /** Absent where no background jobs run: syncing answers UNAVAILABLE. */
  jobs?: Pick<JobQueue, 'enqueue'>;
  /** The env's instance clients (live reads); absent, a refresh is UNAVAILABLE. */
  clientsForEnv?: (orgId: string, envId: string) => Promise<B2CInstanceClients>;
}

/** `LIKE` treats `%`, `_` and `\` specially; a product id is matched as typed. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const localizedOf = (value: unknown): LocalizedText =>
  value && typeof value === 'object' ? (value as LocalizedText) : {};

/** `default` first, then the others alphabetically. */
export function sortLocales(locales: Iterable<string>): string[] {
  return [...new Set(locales)].sort((a, b) =>
    a === DEFAULT_LOCALE ? -1 : b === DEFAULT_LOCALE ? 1 : a.localeCompare(b),
  );
}

/**
 * What a screen says of the sync: the job run knows whether it waits or runs; the sync's own row knows
 * how the last one ended (a sync called outside a job has only the row).
 */
function syncStatusOf(
  status: CatalogueSyncRow['status'],
  runStatus: JobRunStatus | null,
  lastSyncedAt: Date | null,
  lastError: string | null,
): Pick<CatalogueSyncState, 'status' | 'lastError'> {
  if (runStatus === 'queued' || runStatus === 'retrying') {
    return { status: status === 'running' ? 'running' : 'queued', lastError: null };
  }
  if (runStatus === 'running') return { status: 'running', lastError: null };
  if (status === 'running' && runStatus === null) return { status: 'running', lastError: null };
  if (status === 'failed' || runStatus === 'failed' || status === 'running') {
    return { status: 'failed', lastError: lastError ?? PRODUCT_MESSAGES.syncStopped };
  }
  return { status: lastSyncedAt ? 'synced' : 'never', lastError: null };
}

type CatalogueSyncRow = typeof catalogSyncs.$inferSelect;

/**
 * A product's pending proposals, as a column of its row. The copy's ids are collated "C" and the
 * proposals' are not: compared in the proposals' collation, the lookup uses their pending index
 * (product id included) instead of reading every pending proposal of the env for each row.
 */
const pendingCount = sql<number>`(
  select count(*)::int from ${proposals}
   where ${proposals.envId} = ${catalogProducts.envId}
     and ${proposals.b2cProductId} = ${catalogProducts.b2cProductId} collate "default"
     and ${proposals.status} = 'pending')`;

/** The list's filter columns, on catalog_products or on catalog_product_categories. */
type FilterColumns = Pick<
  typeof catalogProducts | typeof catalogProductCategories,
  'envId' | 'b2cProductId' | 'online' | 'type' | 'catalogIds'
>;

function filtersOf(columns: FilterColumns, f: ProductFiltersInput): SQL[] {
  const where: SQL[] = [eq(columns.envId, f.envId)];
  if (!f.showOffline) where.push(eq(columns.online, true));
  if (f.catalog) where.push(arrayContains(columns.catalogIds, [f.catalog]));
  if (f.b2cProductId) {
    where.push(like(columns.b2cProductId, `${escapeLike(f.b2cProductId)}%`));
  }
  if (f.productType === 'base') where.push(inArray(columns.type, [...BASE_KINDS]));
  else if (f.productType === 'variation-group') {
    // A literal, not a parameter: the planner proves catalog_products_groups_idx's predicate from it.
    where.push(sql`${columns.type} = 'variation_group'`);
  } else if (!f.b2cProductId) {
    // Variants are seen through their master; an id typed in finds any product.
    where.push(ne(columns.type, 'variant'));
  }
  return where;
}

/**
 * The matching products' ids in id order, from the index that serves the filters alone: with a
 * category, that category's range of catalog_product_categories (its products, not every product's
 * arrays).
 */
function matchingIds(db: Db, filters: ProductFiltersInput) {
  const { categoryId } = filters;
  const t = categoryId ? catalogProductCategories : catalogProducts;
  const where = filtersOf(t, filters);
  if (categoryId) where.push(eq(catalogProductCategories.categoryId, categoryId));
  return db
    .select({ id: t.b2cProductId })
    .from(t)
    .where(and(...where))
    .orderBy(asc(t.b2cProductId));
}

/**
 * The list's statements for `filters`, unexecuted: the service runs them, and `npm run bench:products`
 * explains them. `page` reads the matches in id order once, up to the count's limit (10,000 past the
 * page's first product, productCountLimit): a window counts them before the page's 24 are cut, and
 * only those 24 rows are read whole. `total` counts alone, for a page past the last one (which has no
 * row to carry the count).
 */
export function productListQueries(db: Db, filters: ProductFiltersInput) {
  const limit = productCountLimit(filters.page) + 1;
  const matching = matchingIds(db, filters).limit(limit).as('matching');
  const pageIds = db
    .select({ id: matching.id, matched: sql<number>`count(*) over ()`.as('matched') })
    .from(matching)
    .orderBy(asc(matching.id))
    .limit(PRODUCTS_PAGE_SIZE)
    .offset((filters.page - 1) * PRODUCTS_PAGE_SIZE)
    .as('page_ids');
  return {
    page: db
      .select({
        b2cProductId: catalogProducts.b2cProductId,
        kind: catalogProducts.type,
        online: catalogProducts.online,
        name: sql<string | null>`${catalogProducts.name} ->> ${filters.language}`,
        defaultName: sql<string | null>`${catalogProducts.name} ->> ${DEFAULT_LOCALE}`,
        masterId: catalogProducts.masterId,
        pendingProposals: pendingCount,
        matched: sql<number>`${pageIds.matched}`.mapWith(Number),
      })
      .from(pageIds)
      .innerJoin(
        catalogProducts,
        and(eq(catalogProducts.envId, filters.envId), eq(catalogProducts.b2cProductId, pageIds.id)),
      )
      .orderBy(asc(catalogProducts.b2cProductId)),
    total: db.select({ n: count() }).from(matching),
  };
}

export function createProductsService({
  db,
  jobs,
  clientsForEnv,
}: ProductsServiceDeps): ProductsService {
  /** The env's row; its org was checked once, by the env guard (server/trpc/trpc.ts). */
  async function envRow(envId: string) {
    const [env] = await db
      .select({ id: envs.id, b2cInstanceId: envs.b2cInstanceId })
      .from(envs)
      .where(eq(envs.id, envId));
    if (!env) throw new DomainError('NOT_FOUND', INSTANCE_MESSAGES.envNotInOrg, 'env-not-in-org');
    return env;
  }

  async function syncState(orgId: string, envId: string): Promise<CatalogueSyncState> {
    const [[state], [products]] = await Promise.all([
      db
        .select({
          status: catalogSyncs.status,
          mode: catalogSyncs.mode,
          syncedCount: catalogSyncs.syncedCount,
          total: catalogSyncs.total,
          lastSyncedAt: catalogSyncs.lastSyncedAt,
          lastError: catalogSyncs.lastError,
          runId: catalogSyncs.runId,
          runStatus: jobRuns.status,
          runError: jobRuns.error,
        })
        .from(catalogSyncs)
        .leftJoin(jobRuns, and(eq(jobRuns.id, catalogSyncs.runId), eq(jobRuns.orgId, orgId)))
        .where(eq(catalogSyncs.envId, envId)),
      // Kept by the copy's triggers (migration 0027): counting a million rows took longer than the list.
      db
        .select({ n: catalogCopyCounts.products })
        .from(catalogCopyCounts)
        .where(eq(catalogCopyCounts.envId, envId)),
    ]);
    const productCount = products?.n ?? 0;
    if (!state) {
      return {
        status: 'never',
        mode: null,
        syncedCount: 0,
        total: null,
        productCount,
        lastSyncedAt: null,
        lastError: null,
        runId: null,
        runStatus: null,
      };
    }
    const runStatus = state.runStatus ?? null;
    return {
      ...syncStatusOf(
        state.status,
        runStatus,
        state.lastSyncedAt,
        state.lastError ?? state.runError,
      ),
      mode: state.mode ?? null,
      syncedCount: state.syncedCount,
      total: state.total ?? null,
      productCount,
      lastSyncedAt: state.lastSyncedAt ?? null,
      runId: state.runId ?? null,
      runStatus,
    };
  }

  async function get(orgId: string, envId: string, b2cProductId: string): Promise<ProductDetail> {
    const [row] = await db
      .select({ product: catalogProducts, pendingProposals: pendingCount })
      .from(catalogProducts)
      .where(and(eq(catalogProducts.envId, envId), eq(catalogProducts.b2cProductId, b2cProductId)));
    if (!row) {
      throw new DomainError(
        'NOT_FOUND',
        PRODUCT_MESSAGES.productNotFound(b2cProductId),
        'product-not-found',
      );
    }
    const p = row.product;
    const variations = variationsOf(p.document);
    const linkedIds = [
      ...variations.variants.map((v) => v.b2cProductId),
      ...variations.variationGroups.map((v) => v.b2cProductId),
      ...(p.masterId ? [p.masterId] : []),
    ];
    const [linked, [state]] = await Promise.all([
      linkedIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: catalogProducts.b2cProductId,
              name: catalogProducts.name,
              online: catalogProducts.online,
            })
            .from(catalogProducts)
            .where(
              and(
                eq(catalogProducts.envId, envId),
                inArray(catalogProducts.b2cProductId, linkedIds),
              ),
            ),
      db
        .select({ locales: catalogSyncs.locales })
        .from(catalogSyncs)
        .where(eq(catalogSyncs.envId, envId)),
    ]);
    const byId = new Map(linked.map((l) => [l.id, l]));
    const withCopy = (v: Omit<ProductVariation, 'name' | 'online'>): ProductVariation => {
      const found = byId.get(v.b2cProductId);
      return {
        ...v,
        name: found ? localizedOf(found.name) : null,
        online: found?.online ?? null,
      };
    };
    const fields = {
      name: localizedOf(p.name),
      short_description: localizedOf(p.shortDescription),
      long_description: localizedOf(p.longDescription),
      page_title: localizedOf(p.pageTitle),
      page_description: localizedOf(p.pageDescription),
      page_keywords: localizedOf(p.pageKeywords),
    } satisfies Record<ProductField, LocalizedText>;
    const master = p.masterId ? byId.get(p.masterId) : undefined;
    return {
      b2cProductId: p.b2cProductId,
      kind: p.type,
      online: p.online,
      fields,
      locales: sortLocales([
        DEFAULT_LOCALE,
        ...(state?.locales ?? []),
        ...PRODUCT_FIELDS.flatMap((f) => Object.keys(fields[f])),
      ]),
      masterId: p.masterId,
      master: p.masterId
        ? { b2cProductId: p.masterId, name: master ? localizedOf(master.name) : {} }
        : null,
      primaryCategoryId: p.primaryCategoryId,
      catalogIds: p.catalogIds,
      categoryIds: p.categoryIds,
      variationAttributes: variations.attributes,
      variationValues: variations.values,
      variationGroups: variations.variationGroups.map(withCopy),
      variants: variations.variants.map(withCopy),
      lastModified: p.lastModified,
      syncedAt: p.syncedAt,
      pendingProposals: Number(row.pendingProposals),
      document: p.document,
    };
  }

  return {
    async list(orgId, filters) {
      const { page, total } = productListQueries(db, filters);
      const rows = await page;
      // A page past the last has no row to carry the count: count alone.
      const counted = rows[0]?.matched ?? (filters.page > 1 ? ((await total)[0]?.n ?? 0) : 0);
      return {
        items: rows.map(({ matched: _, ...r }) => ({
          ...r,
          pendingProposals: Number(r.pendingProposals),
        })),
        ...productTotalOf(counted, filters.page),
        page: filters.page,
        pageSize: PRODUCTS_PAGE_SIZE,
      };
    },

    async facets(orgId, envId) {
      const [catalogs, categories, [state]] = await Promise.all([
        db
          .select()
          .from(catalogCatalogs)
          .where(eq(catalogCatalogs.envId, envId))
          .orderBy(asc(catalogCatalogs.catalogId)),
        db
          .select()
          .from(catalogCategories)
          .where(eq(catalogCategories.envId, envId))
          .orderBy(asc(catalogCategories.catalogId), asc(catalogCategories.position)),
        db
          .select({ locales: catalogSyncs.locales })
          .from(catalogSyncs)
          .where(eq(catalogSyncs.envId, envId)),
      ]);
      const name = (value: LocalizedText, fallback: string) => value[DEFAULT_LOCALE] ?? fallback;
      // Depth-first per catalog, so a category follows its parent; the root itself is not a filter.
      const children = new Map<string, typeof categories>();
      for (const c of categories) {
        const key = `${c.catalogId}\u0000${c.parentId ?? ''}`;
        children.set(key, [...(children.get(key) ?? []), c]);
      }
      const ordered: CatalogueFacets['categories'] = [];
      const walk = (catalogId: string, parentId: string, depth: number) => {
        for (const c of children.get(`${catalogId}\u0000${parentId}`) ?? []) {
          ordered.push({
            id: c.categoryId,
            catalogId,
            name: name(c.name, c.categoryId),
            parentId: c.parentId === 'root' ? null : c.parentId,
            depth,
          });
          if (depth < 20) walk(catalogId, c.categoryId, depth + 1);
        }
      };
      for (const catalog of catalogs) walk(catalog.catalogId, 'root', 0);
      return {
        catalogs: catalogs.map((c) => ({
          id: c.catalogId,
          name: name(c.name, c.catalogId),
          isMaster: c.isMaster,
        })),
        categories: ordered,
        locales: sortLocales([DEFAULT_LOCALE, ...(state?.locales ?? [])]),
      };
    },

    get,

    async refresh(orgId, envId, b2cProductId) {
      if (!clientsForEnv) {
        throw new DomainError('UNAVAILABLE', PRODUCT_MESSAGES.noInstance, 'no-instance');
      }
      const { data } = await clientsForEnv(orgId, envId);
      let found;
      try {
        found = await refreshProduct({ db, data, envId, b2cProductId });
      } catch (error) {
        if (error instanceof B2CPermissionError) {
          throw new DomainError(
            'UNAVAILABLE',
            PRODUCT_MESSAGES.readForbidden,
            'B2CPermissionError',
          );
        }
        if (error instanceof B2CError) {
          throw new DomainError('UNAVAILABLE', INSTANCE_MESSAGES.b2cUnavailable, 'b2c-unavailable');
        }
        throw error;
      }
      if (!found) {
        throw new DomainError(
          'NOT_FOUND',
          PRODUCT_MESSAGES.productGone(b2cProductId),
          'product-not-found',
        );
      }
      return get(orgId, envId, b2cProductId);
    },

    syncState,

    async syncNow(orgId, envId, options = {}) {
      const env = await envRow(envId);
      if (!env.b2cInstanceId) {
        throw new DomainError('CONFLICT', PRODUCT_MESSAGES.noInstance, 'no-instance');
      }
      if (!jobs) {
        throw new DomainError('UNAVAILABLE', PRODUCT_MESSAGES.jobsUnavailable, 'jobs-unavailable');
      }
      const current = await syncState(orgId, envId);
      if (current.status === 'queued' || current.status === 'running') return current;
      const [row] = await db
        .select({ requests: catalogSyncs.requests })
        .from(catalogSyncs)
        .where(eq(catalogSyncs.envId, envId));
      // Numbered requests: two people pressing Sync now at once name the same run.
      const request = (row?.requests ?? 0) + 1;
      const { run } = await jobs.enqueue(
        PRODUCTS_SYNC_JOB,
        { envId, full: options.full ?? false },
        { orgId, key: `${envId}:${request}` },
      );
      await db
        .insert(catalogSyncs)
        .values({ envId, requests: request, runId: run.id })
        .onConflictDoUpdate({
          target: catalogSyncs.envId,
          set: { requests: request, runId: run.id },
        });
      return syncState(orgId, envId);
    },
  };
}
