/** The catalogue copy: products, catalogs, categories and the sync. */
import { sql } from 'drizzle-orm';
import { PRODUCT_KINDS } from '~/domain/products/entities';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, timestampTz, updatedAt } from './columns';
import { envs } from './orgs';

/** OCAPI's product types, as the catalogue copy stores them. */
export const CATALOG_PRODUCT_TYPES = PRODUCT_KINDS;
export const CATALOG_SYNC_STATUSES = ['idle', 'running', 'failed'] as const;
export const CATALOG_SYNC_MODES = ['full', 'incremental'] as const;

/** Text per locale ("default", "fr-FR", …), as OCAPI localizes a product's fields. */
type Localized = Record<string, string>;
const localized = (name: string) => jsonb(name).$type<Localized>().notNull().default({});

/**
 * The env's copy of its instance's catalogue: one row per product, with the localized fields agents
 * work on and the raw OCAPI document. Written by the catalogue sync (server/products/sync.ts).
 */
export const catalogProducts = pgTable(
  'catalog_products',
  {
    envId: belongsTo('env_id', () => envs.id),
    /**
     * Collated "C" (migration 0004): ids sort byte by byte on every database, and the primary key's
     * index serves the list's prefix filter (LIKE 'x%').
     */
    b2cProductId: text('b2c_product_id').notNull(),
    type: text('type', { enum: CATALOG_PRODUCT_TYPES }).notNull(),
    online: boolean('online').notNull(),
    primaryCategoryId: text('primary_category_id'),
    masterId: text('master_id'),
    name: localized('name'),
    shortDescription: localized('short_description'),
    longDescription: localized('long_description'),
    pageTitle: localized('page_title'),
    pageDescription: localized('page_description'),
    pageKeywords: localized('page_keywords'),
    /** The catalogs the product is in: its owning catalog and those of its assigned categories. */
    catalogIds: text('catalog_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Its assigned, primary and classification categories with every ancestor, for category filters. */
    categoryIds: text('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lastModified: timestampTz('last_modified'),
    resourceState: text('resource_state'),
    document: jsonb('document').notNull(),
    syncedAt: timestampTz('synced_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'catalog_products_pk', columns: [t.envId, t.b2cProductId] }),
    // The list's index: id order with every filter column in the tuple, so paging, deep offsets
    // and counts read the index alone (once vacuum has marked the pages all-visible, which the sync
    // does) and never the wide rows. (GIN indexes on the arrays lost to it at 100,000 products: the
    // planner took them for category filters, then read every matching wide row for the count.)
    index('catalog_products_list_idx').on(
      t.envId,
      t.b2cProductId,
      t.online,
      t.type,
      t.catalogIds,
      t.categoryIds,
    ),
    // Variation groups sort among their masters and variants, far into the id order: at a million
    // products the list index read half a million entries before the first one. Their own index,
    // in id order, holds only them (the list asks for `type = 'variation_group'` as a literal, so
    // the planner can tell this index applies).
    index('catalog_products_groups_idx')
      .on(t.envId, t.b2cProductId, t.online, t.catalogIds)
      .where(sql`${t.type} = 'variation_group'`),
    index('catalog_products_env_category_idx').on(t.envId, t.primaryCategoryId),
    index('catalog_products_env_master_idx').on(t.envId, t.masterId),
    index('catalog_products_env_modified_idx').on(t.envId, t.lastModified),
  ],
);

/**
 * A product in each of its categories (its `category_ids`, ancestors included), with the other filter
 * columns: a category filter reads the category's range of this index alone, in id order, instead of
 * testing every product's arrays. Kept by statement triggers on catalog_products (migration 0027), so
 * every writer (the sync, a refresh, a deletion) keeps it without knowing it is there.
 */
export const catalogProductCategories = pgTable(
  'catalog_product_categories',
  {
    envId: belongsTo('env_id', () => envs.id),
    categoryId: text('category_id').notNull(),
    /** Collated "C" like catalog_products.b2c_product_id (migration 0027). */
    b2cProductId: text('b2c_product_id').notNull(),
    online: boolean('online').notNull(),
    type: text('type', { enum: CATALOG_PRODUCT_TYPES }).notNull(),
    catalogIds: text('catalog_ids').array().notNull(),
  },
  (t) => [
    index('catalog_product_categories_list_idx').on(
      t.envId,
      t.categoryId,
      t.b2cProductId,
      t.online,
      t.type,
      t.catalogIds,
    ),
  ],
);

/**
 * How many products the env's copy holds, kept by the same triggers (migration 0027): the screen shows
 * it beside the list, and counting a million rows for it took longer than the list itself.
 */
export const catalogCopyCounts = pgTable('catalog_copy_counts', {
  envId: belongsTo('env_id', () => envs.id).primaryKey(),
  products: integer('products').notNull().default(0),
});

/** The catalogs of an env's instance, as the last sync read them. */
export const catalogCatalogs = pgTable(
  'catalog_catalogs',
  {
    envId: belongsTo('env_id', () => envs.id),
    catalogId: text('catalog_id').notNull(),
    name: localized('name'),
    isMaster: boolean('is_master').notNull(),
  },
  (t) => [primaryKey({ name: 'catalog_catalogs_pk', columns: [t.envId, t.catalogId] })],
);

/** Each catalog's category tree, as the last sync read it. */
export const catalogCategories = pgTable(
  'catalog_categories',
  {
    envId: belongsTo('env_id', () => envs.id),
    catalogId: text('catalog_id').notNull(),
    categoryId: text('category_id').notNull(),
    name: localized('name'),
    parentId: text('parent_id'),
    position: integer('position').notNull().default(0),
    online: boolean('online').notNull(),
  },
  (t) => [
    primaryKey({ name: 'catalog_categories_pk', columns: [t.envId, t.catalogId, t.categoryId] }),
  ],
);

/**
 * Where an env's catalogue sync stands: running (a full sync resumes from `checkpoint` after a
 * crash), failed with its error, or idle; `cursor` is the newest last_modified copied so far.
 */
export const catalogSyncs = pgTable('catalog_syncs', {
  envId: text('env_id')
    .primaryKey()
    .references(() => envs.id, { onDelete: 'cascade' }),
  status: text('status', { enum: CATALOG_SYNC_STATUSES }).notNull().default('idle'),
  mode: text('mode', { enum: CATALOG_SYNC_MODES }),
  checkpoint: integer('checkpoint'),
  cursor: timestampTz('cursor'),
  syncedCount: integer('synced_count').notNull().default(0),
  startedAt: timestampTz('started_at'),
  lastSyncedAt: timestampTz('last_synced_at'),
  lastError: text('last_error'),
  /** Products the running full sync will read (OCAPI's total), when known. */
  total: integer('total'),
  /** Every locale a product has a value in, `default` first; refreshed at the end of each sync. */
  locales: text('locales')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /**
   * The storefront site the copy's prices are for (the Data API's `site_id`): the first site, by id,
   * a storefront catalog is assigned to; null when no catalog is assigned to one (no prices).
   */
  priceSiteId: text('price_site_id'),
  /** The job run of the current or last sync; `requests` numbers them, so one request makes one run. */
  runId: text('run_id'),
  requests: integer('requests').notNull().default(0),
  updatedAt: updatedAt(),
});
