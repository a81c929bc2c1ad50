/**
 * The catalogue copy as screens see it: products of the env's linked instance, their localized fields
 * per locale, variations, and where the sync that keeps the copy fresh stands.
 */
import type { JobRunStatus } from '~/domain/jobs/runs';
import type { ProductViewGroup } from './constants';

/** OCAPI's product types, as the catalogue copy stores them. */
export const PRODUCT_KINDS = [
  'master',
  'variation_group',
  'variant',
  'item',
  'set',
  'bundle',
] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
/** What a shopper sees as one product: not a variant, nor a variation group of one. */
export const BASE_KINDS: readonly ProductKind[] = ['master', 'item', 'set', 'bundle'];

/** The localized fields agents work on, in OCAPI's names. */
export const PRODUCT_FIELDS = [
  'name',
  'short_description',
  'long_description',
  'page_title',
  'page_description',
  'page_keywords',
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

/** Fields OCAPI stores as markup (`{ markup, source }`); the others are plain strings. */
export const MARKUP_FIELDS: ReadonlySet<ProductField> = new Set([
  'short_description',
  'long_description',
]);

export const PRODUCT_FIELD_LABEL: Record<ProductField, string> = {
  name: 'Name',
  short_description: 'Short description',
  long_description: 'Long description',
  page_title: 'Page title',
  page_description: 'Page description',
  page_keywords: 'Page keywords',
};

export const PRODUCT_KIND_LABEL: Record<ProductKind, string> = {
  master: 'Master',
  variation_group: 'Variation group',
  variant: 'Variant',
  item: 'Product',
  set: 'Product set',
  bundle: 'Bundle',
};

export { PRODUCT_VIEW_GROUPS, type ProductViewGroup } from './constants';
export const PRODUCT_VIEW_GROUP_LABEL: Record<ProductViewGroup, string> = {
  content: 'Content',
  seo: 'SEO',
  attributes: 'Attributes',
  variations: 'Variations',
};
export const VIEW_GROUP_FIELDS: Record<'content' | 'seo', readonly ProductField[]> = {
  content: ['name', 'short_description', 'long_description'],
  seo: ['page_title', 'page_description', 'page_keywords'],
};

export { DEFAULT_LOCALE } from './constants';

/** Text per locale ("default", "fr-FR", …). */
export type LocalizedText = Partial<Record<string, string>>;

export interface ProductListItem {
  b2cProductId: string;
  kind: ProductKind;
  online: boolean;
  /** The name in the chosen language; null when the product has none there. */
  name: string | null;
  /** The default locale's name, shown (marked) when the chosen language has none. */
  defaultName: string | null;
  masterId: string | null;
  /** Proposals waiting for review for this product, every locale and field. */
  pendingProposals: number;
}

export interface ProductPage {
  items: ProductListItem[];
  /**
   * Products matching the filters, every page; when `totalIsExact` is false, how many the count read
   * before it stopped (10,000 past the page's first product, domain/products/search.ts): there are more.
   */
  total: number;
  totalIsExact: boolean;
  page: number;
  pageSize: number;
}

export interface CatalogSummary {
  id: string;
  name: string;
  isMaster: boolean;
}

export interface CategorySummary {
  id: string;
  catalogId: string;
  name: string;
  parentId: string | null;
  /** 0 for a catalog's top categories. */
  depth: number;
}

/** What the list's filters offer: the copy's catalogs, categories and locales. */
export interface CatalogueFacets {
  catalogs: CatalogSummary[];
  categories: CategorySummary[];
  /** Every locale some product has a value in, `default` first. */
  locales: string[];
}

export const CATALOGUE_SYNC_STATES = ['never', 'queued', 'running', 'synced', 'failed'] as const;
export type CatalogueSyncStatus = (typeof CATALOGUE_SYNC_STATES)[number];

export interface CatalogueSyncState {
  status: CatalogueSyncStatus;
  mode: 'full' | 'incremental' | null;
  /** Products copied by the running (or last) sync. */
  syncedCount: number;
  /** Products the running full sync will read, when known. */
  total: number | null;
  /** Products in the copy now. */
  productCount: number;
  lastSyncedAt: Date | null;
  /** The last sync's failure, in words a person can act on. */
  lastError: string | null;
  /** The job run of the current or last sync, for its live progress. */
  runId: string | null;
  runStatus: JobRunStatus | null;
}

export interface VariationAttributeValue {
  value: string;
  name: LocalizedText;
}

export interface VariationAttribute {
  id: string;
  name: LocalizedText;
  values: VariationAttributeValue[];
}

export interface ProductVariation {
  b2cProductId: string;
  /** Attribute id → value, e.g. { color: 'NVY', size: 'M' }. */
  variationValues: Record<string, string>;
  /** From the copy; null when the copy does not have the product (yet). */
  name: LocalizedText | null;
  online: boolean | null;
}

export interface ProductDetail {
  b2cProductId: string;
  kind: ProductKind;
  online: boolean;
  fields: Record<ProductField, LocalizedText>;
  /** Every locale this product or the catalogue has a value in, `default` first. */
  locales: string[];
  masterId: string | null;
  master: { b2cProductId: string; name: LocalizedText } | null;
  primaryCategoryId: string | null;
  catalogIds: string[];
  categoryIds: string[];
  variationAttributes: VariationAttribute[];
  /** This product's own values, for a variant or variation group. */
  variationValues: Record<string, string>;
  variationGroups: ProductVariation[];
  variants: ProductVariation[];
  lastModified: Date | null;
  syncedAt: Date;
  pendingProposals: number;
  /** The OCAPI document as last read from the instance. */
  document: unknown;
}
