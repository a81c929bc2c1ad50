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
import { PRODUCTS_PAGE_SIZE } from '~/domain/products/search';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import { DomainError } from '~/domain/shared/errors';
import type { Db } from '~/server/db/client';
import {
  catalogCatalogs,
  catalogCategories,
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

  const pendingCount = sql<number>`(
    select count(*)::int from ${proposals}
     where ${proposals.envId} = ${catalogProducts.envId}
       and ${proposals.b2cProductId} = ${catalogProducts.b2cProductId}
       and ${proposals.status} = 'pending')`;

  function filtersOf(envId: string, f: ProductFiltersInput): SQL[] {
    const where: SQL[] = [eq(catalogProducts.envId, envId)];
    if (!f.showOffline) where.push(eq(catalogProducts.online, true));
    if (f.catalog) where.push(arrayContains(catalogProducts.catalogIds, [f.catalog]));
    if (f.categoryId) where.push(arrayContains(catalogProducts.categoryIds, [f.categoryId]));
    if (f.b2cProductId) {
      where.push(like(catalogProducts.b2cProductId, `${escapeLike(f.b2cProductId)}%`));
    }
    if (f.productType === 'base') where.push(inArray(catalogProducts.type, [...BASE_KINDS]));
    else if (f.productType === 'variation-group') {
      where.push(eq(catalogProducts.type, 'variation_group'));
    } else if (!f.b2cProductId) {
      // Variants are seen through their master; an id typed in finds any product.
      where.push(ne(catalogProducts.type, 'variant'));
    }
    return where;
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
      db.select({ n: count() }).from(catalogProducts).where(eq(catalogProducts.envId, envId)),
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
      const where = and(...filtersOf(filters.envId, filters));
      const language = filters.language;
      // The page's ids come from the list index alone; only those 24 rows are read whole.
      const pageIds = db
        .select({ id: catalogProducts.b2cProductId })
        .from(catalogProducts)
        .where(where)
        .orderBy(asc(catalogProducts.b2cProductId))
        .limit(PRODUCTS_PAGE_SIZE)
        .offset((filters.page - 1) * PRODUCTS_PAGE_SIZE);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            b2cProductId: catalogProducts.b2cProductId,
            kind: catalogProducts.type,
            online: catalogProducts.online,
            name: sql<string | null>`${catalogProducts.name} ->> ${language}`,
            defaultName: sql<string | null>`${catalogProducts.name} ->> ${DEFAULT_LOCALE}`,
            masterId: catalogProducts.masterId,
            pendingProposals: pendingCount,
          })
          .from(catalogProducts)
          .where(
            and(
              eq(catalogProducts.envId, filters.envId),
              inArray(catalogProducts.b2cProductId, pageIds),
            ),
          )
          .orderBy(asc(catalogProducts.b2cProductId)),
        db.select({ n: count() }).from(catalogProducts).where(where),
      ]);
      return {
        items: rows.map((r) => ({ ...r, pendingProposals: Number(r.pendingProposals) })),
        total: total?.n ?? 0,
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
