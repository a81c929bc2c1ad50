/**
 * OCAPI Data API client: catalogs, categories, sites, products, product search and content assets. Every request body is built through the spec-derived schemas in
 * domain/instances/ocapi.ts, and every answer read through them (ADR 0042).
 */
import type { z } from 'zod';
import {
  type AttributeDefinition,
  attributeDefinitionPath,
  attributeDefinitionSchema,
  type Catalog,
  type Category,
  type ContentAsset,
  type ContentAssetPut,
  catalogSchema,
  categorySchema,
  contentAssetPutSchema,
  contentAssetSchema,
  listOf,
  OCAPI_DATA_PATH,
  type Product,
  type ProductExpand,
  type ProductSearchRequest,
  type ProductSearchResult,
  productPatchSchema,
  productSchema,
  productSearchRequestSchema,
  productSearchResultSchema,
  SEARCH_MAX_COUNT,
  type Site,
  siteSchema,
} from '~/domain/instances/ocapi';
import { type TokenSource, withBearer } from './account-manager';
import type { B2CCallContext } from './errors';
import { type HttpClient, parseBody } from './http';

export { OCAPI_DATA_PATH };
export type {
  Catalog,
  Category,
  Product,
  ProductExpand,
  ProductSearchRequest,
  ProductSearchResult,
  Site,
};
export const PRODUCT_SEARCH_MAX_COUNT = SEARCH_MAX_COUNT;

/**
 * OCAPI's property selector, e.g. `(id,name,type)` or, on a search, `(hits.(id,type,name),total)`.
 * The answer is still parsed as a product (or search result), so a selection keeps `id` and `type`
 * (and a search's `hits` and `total`).
 */
export type PropertySelector = string;

export interface ProductGetOptions {
  expand?: ProductExpand[];
  select?: PropertySelector;
  /** The site context (`site_id`): with `prices` (or `all`) expanded, the site's sales price. */
  siteId?: string;
}

export interface ProductSearchOptions {
  /** The site context (`site_id`): with `prices` (or `all`) expanded, each hit's sales price. */
  siteId?: string;
}

/**
 * The editable fields, as text: localized maps merge per locale, as OCAPI's PATCH does. The markup
 * fields are sent as their `source` (`markup` is read only) and read back as `markup`.
 */
export interface ProductPatch {
  name?: Record<string, string>;
  page_title?: Record<string, string>;
  page_description?: Record<string, string>;
  page_keywords?: Record<string, string>;
  short_description?: Record<string, string>;
  long_description?: Record<string, string>;
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

/** A content asset, as Beacon writes it: the body as HTML text, sent as its markup source. */
export interface ContentPut {
  name: Record<string, string>;
  online: Record<string, boolean>;
  body: Record<string, string>;
}
export type Content = ContentAsset;

const asSource = (value: Record<string, string>) =>
  Object.fromEntries(Object.entries(value).map(([locale, source]) => [locale, { source }]));

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
  /** Refuses (ZodError, nothing sent) what the resource does not document: sorts, expands, count. */
  searchProducts(
    request: ProductSearchRequest,
    options?: ProductSearchOptions,
  ): Promise<ProductSearchResult>;
  /** A content asset of a library; B2CNotFoundError when the library or the asset is missing. */
  getContent(libraryId: string, contentId: string): Promise<Content>;
  /** Creates the content asset, or replaces it whole. */
  putContent(libraryId: string, contentId: string, content: ContentPut): Promise<Content>;
  /** Removes the content asset; B2CNotFoundError when it is not there. */
  deleteContent(libraryId: string, contentId: string): Promise<void>;
  /**
   * A system object's attribute definition, e.g. `Content` / `body`; B2CNotFoundError when the
   * instance has no such attribute (AttributeDefinitionNotFoundException) or type.
   */
  getAttributeDefinition(objectType: string, id: string): Promise<AttributeDefinition>;
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
      return (await get('/sites', listOf(siteSchema), { count: '200' })).data;
    },
    getProduct(id, options = {}) {
      const query: Record<string, string> = {};
      if (options.expand?.length) query.expand = options.expand.join(',');
      if (options.select) query.select = options.select;
      if (options.siteId) query.site_id = options.siteId;
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
      const { short_description, long_description, ...plain } = patch;
      const json = productPatchSchema.parse({
        ...plain,
        ...(short_description ? { short_description: asSource(short_description) } : {}),
        ...(long_description ? { long_description: asSource(long_description) } : {}),
        _resource_state: resourceState,
      });
      const { call, response } = send('PATCH', `/products/${segment(id)}`, { json });
      return parseBody(await response, call, productSchema);
    },
    async searchProducts(request, options = {}) {
      const json = productSearchRequestSchema.parse({
        ...request,
        start: request.start ?? 0,
        count: request.count ?? 25,
      });
      // Searching has no side effect, so the POST is safe to retry.
      const { call, response } = send('POST', '/product_search', {
        json,
        idempotent: true,
        ...(options.siteId ? { query: { site_id: options.siteId } } : {}),
      });
      return parseBody(await response, call, productSearchResultSchema);
    },
    getContent(libraryId, contentId) {
      return get(
        `/libraries/${segment(libraryId)}/content/${segment(contentId)}`,
        contentAssetSchema,
      );
    },
    async putContent(libraryId, contentId, content) {
      const json: ContentAssetPut = contentAssetPutSchema.parse({
        id: contentId,
        name: content.name,
        online: content.online,
        c_body: asSource(content.body),
      });
      const { call, response } = send(
        'PUT',
        `/libraries/${segment(libraryId)}/content/${segment(contentId)}`,
        { json },
      );
      return parseBody(await response, call, contentAssetSchema);
    },
    async deleteContent(libraryId, contentId) {
      await send('DELETE', `/libraries/${segment(libraryId)}/content/${segment(contentId)}`)
        .response;
    },
    getAttributeDefinition(objectType, id) {
      return get(attributeDefinitionPath(objectType, id), attributeDefinitionSchema);
    },
  };
}
