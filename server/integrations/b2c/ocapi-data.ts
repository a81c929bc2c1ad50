/** OCAPI Data API v21_10: catalogs, categories, sites, products, product search and content assets. */
import { z } from 'zod';
import { type TokenSource, withBearer } from './account-manager';
import type { B2CCallContext } from './errors';
import { type HttpClient, parseBody } from './http';

export const OCAPI_DATA_PATH = '/s/-/dw/data/v21_10';
export const PRODUCT_SEARCH_MAX_COUNT = 200;

const localizedString = z.record(z.string(), z.string());
const markupText = z.object({ markup: z.string().optional(), source: z.string().optional() });
const localizedMarkup = z.record(z.string(), markupText);

export const catalogSchema = z.looseObject({
  id: z.string(),
  name: localizedString.optional(),
  online: z.boolean().optional(),
  is_master_catalog: z.boolean().optional(),
});
export type Catalog = z.infer<typeof catalogSchema>;

export const categorySchema = z.looseObject({
  id: z.string(),
  catalog_id: z.string(),
  name: localizedString.optional(),
  parent_category_id: z.string().optional(),
  online: z.boolean().optional(),
  position: z.number().optional(),
});
export type Category = z.infer<typeof categorySchema>;

export const siteSchema = z.looseObject({
  id: z.string(),
  display_name: localizedString.optional(),
});
export type Site = z.infer<typeof siteSchema>;

export const productTypeSchema = z.looseObject({
  item: z.boolean().optional(),
  master: z.boolean().optional(),
  variant: z.boolean().optional(),
  variation_group: z.boolean().optional(),
  set: z.boolean().optional(),
  bundle: z.boolean().optional(),
});

const variationValues = z.record(z.string(), z.string());

export const variationAttributeSchema = z.looseObject({
  id: z.string(),
  name: localizedString.optional(),
  values: z
    .array(z.looseObject({ value: z.string(), name: localizedString.optional() }))
    .optional(),
});

/** A variant or variation group as a master (or group) lists it. */
const productRef = z.looseObject({
  product_id: z.string(),
  variation_values: variationValues.optional(),
});

export const productSchema = z.looseObject({
  id: z.string(),
  name: localizedString.optional(),
  page_title: localizedString.optional(),
  page_description: localizedString.optional(),
  page_keywords: localizedString.optional(),
  short_description: localizedMarkup.optional(),
  long_description: localizedMarkup.optional(),
  online_flag: z.record(z.string(), z.boolean()).optional(),
  type: productTypeSchema,
  master: z.looseObject({ master_id: z.string() }).optional(),
  owning_catalog_id: z.string().optional(),
  primary_category_id: z.string().optional(),
  creation_date: z.string().optional(),
  last_modified: z.string().optional(),
  /** The product's version: send it back with a PATCH to apply it only if nothing changed since. */
  _resource_state: z.string().optional(),
  // With expand=variations:
  variation_attributes: z.array(variationAttributeSchema).optional(),
  variants: z.array(productRef).optional(),
  variation_groups: z.array(productRef).optional(),
  variation_values: variationValues.optional(),
  // With expand=categories:
  assigned_categories: z
    .array(z.looseObject({ catalog_id: z.string(), category_id: z.string() }))
    .optional(),
});
export type Product = z.infer<typeof productSchema>;

/** What OCAPI adds to a product document on request; without it those fields are left out. */
export type ProductExpand = 'variations' | 'categories' | 'all';

/**
 * OCAPI's property selector, e.g. `(id,name,type)` or, on a search, `(hits.(id,type,name),total)`.
 * The answer is still parsed as a product (or search result), so a selection keeps `id` and `type`
 * (and a search's `hits` and `total`).
 */
export type PropertySelector = string;

export interface ProductGetOptions {
  expand?: ProductExpand[];
  select?: PropertySelector;
}

/** The editable fields; localized maps merge per locale, as OCAPI's PATCH does. */
export interface ProductPatch {
  name?: Record<string, string>;
  page_title?: Record<string, string>;
  page_description?: Record<string, string>;
  page_keywords?: Record<string, string>;
  short_description?: Record<string, { markup: string }>;
  long_description?: Record<string, { markup: string }>;
  online_flag?: Record<string, boolean>;
}

export interface ProductPatchOptions {
  /**
   * The `_resource_state` the change was made against (from getProduct): OCAPI applies the PATCH
   * only while the product is still in that state, and answers 409 ResourceStateConflictException
   * (a B2CRequestError) otherwise. Required: without it a PATCH would apply over whatever changed
   * meanwhile, so none is ever sent without one (docs/security.md, rule 8).
   */
  resourceState: string;
}

export type ProductQuery =
  | { match_all_query: Record<string, never> }
  | { term_query: { fields: string[]; operator: 'is' | 'one_of'; values: (string | boolean)[] } }
  | { text_query: { fields: string[]; search_phrase: string } };

export interface ProductSearchRequest {
  query: ProductQuery;
  sorts?: { field: string; sort_order?: 'asc' | 'desc' }[];
  start?: number;
  /** At most 200 (OCAPI's limit). */
  count?: number;
  expand?: ProductExpand[];
  select?: PropertySelector;
}

/** A content asset in a library (OCAPI's `content` document); `c_body` is the custom HTML body attribute. */
export const contentSchema = z.looseObject({
  id: z.string(),
  name: localizedString.optional(),
  online: z.record(z.string(), z.boolean()).optional(),
  c_body: localizedMarkup.optional(),
  creation_date: z.string().optional(),
  last_modified: z.string().optional(),
});
export type Content = z.infer<typeof contentSchema>;

/** A content asset as PUT creates or replaces it: what it leaves out is cleared. */
export interface ContentPut {
  name: Record<string, string>;
  online: Record<string, boolean>;
  c_body: Record<string, { markup: string }>;
}

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number(),
    data: z.array(item).default([]),
    start: z.number().optional(),
    total: z.number(),
  });

const searchResultSchema = z.object({
  // A `select` may leave count and start out.
  count: z.number().optional(),
  hits: z.array(productSchema).default([]),
  start: z.number().optional(),
  total: z.number(),
});
export type ProductSearchResult = z.infer<typeof searchResultSchema>;

export interface OcapiDataClient {
  listCatalogs(): Promise<Catalog[]>;
  listCategories(
    catalogId: string,
    page?: { start?: number; count?: number },
  ): Promise<{ data: Category[]; total: number }>;
  listSites(): Promise<Site[]>;
  getProduct(id: string, options?: ProductGetOptions): Promise<Product>;
  /**
   * The product document after the change; a 429 is B2CUnavailableError, as the PATCH is sent once.
   * Refuses (TypeError, nothing sent) without a resource state.
   */
  patchProduct(id: string, patch: ProductPatch, options: ProductPatchOptions): Promise<Product>;
  searchProducts(request: ProductSearchRequest): Promise<ProductSearchResult>;
  /** A content asset of a library; B2CNotFoundError when the library or the asset is missing. */
  getContent(libraryId: string, contentId: string): Promise<Content>;
  /** Creates the content asset, or replaces it whole. */
  putContent(libraryId: string, contentId: string, content: ContentPut): Promise<Content>;
  /** Removes the content asset; B2CNotFoundError when it is not there. */
  deleteContent(libraryId: string, contentId: string): Promise<void>;
}

export function createOcapiDataClient(options: {
  http: HttpClient;
  /** The instance's base URL, e.g. "https://zzte-001.dx.commercecloud.salesforce.com". */
  baseUrl: string;
  tokens: TokenSource;
}): OcapiDataClient {
  const root = `${options.baseUrl}${OCAPI_DATA_PATH}`;
  const send = (
    method: string,
    resource: string,
    init: { query?: Record<string, string>; json?: unknown; idempotent?: boolean } = {},
  ) => {
    const call: B2CCallContext = { api: 'ocapi-data', method, resource };
    const qs = init.query ? `?${new URLSearchParams(init.query)}` : '';
    return {
      call,
      response: withBearer(options.tokens, (token) =>
        options.http({
          call,
          url: `${root}${resource}${qs}`,
          json: init.json,
          idempotent: init.idempotent,
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    };
  };
  const get = async <T>(resource: string, schema: z.ZodType<T>, query?: Record<string, string>) => {
    const { call, response } = send('GET', resource, { query });
    return parseBody(await response, call, schema);
  };
  const segment = encodeURIComponent;

  return {
    async listCatalogs() {
      return (await get('/catalogs', listOf(catalogSchema), { count: '200' })).data;
    },
    async listCategories(catalogId, page = {}) {
      const result = await get(
        `/catalogs/${segment(catalogId)}/categories`,
        listOf(categorySchema),
        {
          start: String(page.start ?? 0),
          count: String(Math.min(page.count ?? 200, 200)),
        },
      );
      return { data: result.data, total: result.total };
    },
    async listSites() {
      return (await get('/sites', listOf(siteSchema))).data;
    },
    getProduct(id, options = {}) {
      const query: Record<string, string> = {};
      if (options.expand?.length) query.expand = options.expand.join(',');
      if (options.select) query.select = options.select;
      return get(
        `/products/${segment(id)}`,
        productSchema,
        Object.keys(query).length > 0 ? query : undefined,
      );
    },
    async patchProduct(id, patch, options) {
      const resourceState = (options as Partial<ProductPatchOptions> | undefined)?.resourceState;
      if (typeof resourceState !== 'string' || resourceState === '') {
        throw new TypeError(
          `A PATCH of product ${id} needs the _resource_state it was made against.`,
        );
      }
      const json = { ...patch, _resource_state: resourceState };
      const { call, response } = send('PATCH', `/products/${segment(id)}`, { json });
      return parseBody(await response, call, productSchema);
    },
    async searchProducts(request) {
      const count = request.count ?? 25;
      if (!Number.isInteger(count) || count < 1 || count > PRODUCT_SEARCH_MAX_COUNT) {
        throw new RangeError(`count must be 1..${PRODUCT_SEARCH_MAX_COUNT}, got ${count}`);
      }
      // Searching has no side effect, so the POST is safe to retry.
      const { call, response } = send('POST', '/product_search', {
        json: { ...request, start: request.start ?? 0, count },
        idempotent: true,
      });
      return parseBody(await response, call, searchResultSchema);
    },
    getContent(libraryId, contentId) {
      return get(`/libraries/${segment(libraryId)}/content/${segment(contentId)}`, contentSchema);
    },
    async putContent(libraryId, contentId, content) {
      const { call, response } = send(
        'PUT',
        `/libraries/${segment(libraryId)}/content/${segment(contentId)}`,
        { json: { id: contentId, ...content } },
      );
      return parseBody(await response, call, contentSchema);
    },
    async deleteContent(libraryId, contentId) {
      await send('DELETE', `/libraries/${segment(libraryId)}/content/${segment(contentId)}`)
        .response;
    },
  };
}
