/**
 * OCAPI Data and Shop as Salesforce documents them: the version Beacon speaks, and zod schemas of
 * every request body Beacon sends and of the parts of answers it reads. Beacon's client builds its
 * requests through these, and the simulator accepts what they accept. Source: the OCAPI Data API
 * spec `packages/b2c-tooling-sdk/specs/data-api.json` (info.version 25.6) in
 * SalesforceCommerceCloud/b2c-developer-tooling at 4dee938; JSON paths and the facts no spec holds
 * are listed in docs/decisions/0042-ocapi-as-documented.md.
 */
import { z } from 'zod';

/**
 * The API version in URLs (`/dw/data/v25_6`): the spec's own, and the SDK's default
 * (`src/clients/ocapi.ts`, `DEFAULT_API_VERSION`). Supported at least two years from its release
 * (the versioning policy), so until mid-2027 at the earliest; see ADR 0042.
 */
export const OCAPI_API_VERSION = 'v25_6';
/** The same version as documents write it (`_v`). */
export const OCAPI_DOCUMENT_VERSION = '25.6';
export const OCAPI_DATA_PATH = `/s/-/dw/data/${OCAPI_API_VERSION}`;
export const ocapiShopPath = (siteId: string) =>
  `/s/${encodeURIComponent(siteId)}/dw/shop/${OCAPI_API_VERSION}`;

/** `search_request.count`: minimum 1, maximum 200; `start`: minimum 0. */
export const SEARCH_MAX_COUNT = 200;

const localizedString = z.record(z.string(), z.string());

/**
 * `markup_text`: `markup` is "The rendered HTML (read only)", `source` "The raw markup text (only
 * this needs to be provided in update request)".
 */
export const markupTextSchema = z.looseObject({
  markup: z.string().optional(),
  source: z.string().optional(),
});
/** A markup attribute as an update sends it: the source only. */
export const markupWriteSchema = z.strictObject({ source: z.string() });
const localizedMarkup = z.record(z.string(), markupTextSchema);
const localizedMarkupWrite = z.record(z.string(), markupWriteSchema);

/** `catalog_category_id`: a category is named with its catalog. */
export const catalogCategoryIdSchema = z.looseObject({
  catalog_id: z.string(),
  category_id: z.string(),
});

/** `site`. No field names the site's catalog or content library. */
export const siteSchema = z.looseObject({
  id: z.string(),
  display_name: localizedString.optional(),
});
export type Site = z.infer<typeof siteSchema>;

/**
 * `catalog`. There is no `is_master_catalog` field; a storefront catalog is one with
 * `assigned_sites` (read only).
 */
export const catalogSchema = z.looseObject({
  id: z.string(),
  name: localizedString.optional(),
  online: z.boolean().optional(),
  assigned_sites: z.array(siteSchema).optional(),
});
export type Catalog = z.infer<typeof catalogSchema>;

/** `category`. */
export const categorySchema = z.looseObject({
  id: z.string(),
  catalog_id: z.string(),
  name: localizedString.optional(),
  parent_category_id: z.string().optional(),
  online: z.boolean().optional(),
  position: z.number().optional(),
});
export type Category = z.infer<typeof categorySchema>;

/** `product_type`: one flag set. */
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

/** `variant` (and `variation_group`): a product a master lists. */
export const variantSchema = z.looseObject({
  product_id: z.string(),
  variation_values: variationValues.optional(),
});
export type Variant = z.infer<typeof variantSchema>;

/** `product`, the fields Beacon reads. */
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
  owning_catalog_id: z.string().optional(),
  primary_category_id: z.string().optional(),
  creation_date: z.string().optional(),
  last_modified: z.string().optional(),
  /** The product's version: send it back with a PATCH to apply it only if nothing changed since. */
  _resource_state: z.string().optional(),
  // expand=variations (products/{id} only; product_search never returns these):
  master: z.looseObject({ master_id: z.string() }).optional(),
  variation_attributes: z.array(variationAttributeSchema).optional(),
  variants: z.array(variantSchema).optional(),
  variation_groups: z.array(variantSchema).optional(),
  variation_values: variationValues.optional(),
  // expand=categories:
  assigned_categories: z.array(catalogCategoryIdSchema).optional(),
  classification_category: catalogCategoryIdSchema.optional(),
  // expand=prices (or all) with a site context (`site_id`): the site's sales price; a master's is
  // its variants' lowest ([SPEC] `components.schemas.product.properties.price`, ADR 0048).
  price: z.number().optional(),
  price_currency: z.string().optional(),
});
export type Product = z.infer<typeof productSchema>;

/** `GET /products/{id}` expand values (its `expand` parameter's description). */
export const PRODUCT_EXPANDS = [
  'all',
  'availability',
  'images',
  'all_images',
  'categories',
  'options',
  'prices',
  'variations',
  'sets',
  'bundles',
] as const;
export type ProductExpand = (typeof PRODUCT_EXPANDS)[number];

/** `POST /product_search` expand values: no `variations` ("does not return … relationships"). */
export const PRODUCT_SEARCH_EXPANDS = [
  'all',
  'availability',
  'categories',
  'images',
  'all_images',
  'prices',
  'sets',
  'bundles',
] as const satisfies readonly ProductExpand[];
export type ProductSearchExpand = (typeof PRODUCT_SEARCH_EXPANDS)[number];

/** "The sortable properties are: id, name, creation_date." */
export const PRODUCT_SEARCH_SORT_FIELDS = ['id', 'name', 'creation_date'] as const;
/** The searchable attributes, by bucket (Main, Catalog, Category). */
export const PRODUCT_SEARCH_FIELDS = [
  'id',
  'name',
  'online',
  'searchable',
  'valid_from',
  'valid_to',
  'type',
  'creation_date',
  'last_modified',
  'catalog_id',
  'category_id',
] as const;

/**
 * PATCH `/products/{id}` "Fields that can be updated" that Beacon writes: name, page_description,
 * long_description, page_title, page_keywords, online_flag. short_description is not in that list
 * (ADR 0042, unknowns); Beacon still sends it as the other markup field is sent.
 */
export const productPatchSchema = z.strictObject({
  _resource_state: z.string().min(1),
  name: localizedString.optional(),
  page_title: localizedString.optional(),
  page_description: localizedString.optional(),
  page_keywords: localizedString.optional(),
  short_description: localizedMarkupWrite.optional(),
  long_description: localizedMarkupWrite.optional(),
  online_flag: z.record(z.string(), z.boolean()).optional(),
});
export type ProductPatchDocument = z.infer<typeof productPatchSchema>;

const termOperator = z.enum([
  'is',
  'one_of',
  'is_null',
  'is_not_null',
  'less',
  'greater',
  'not_in',
  'neq',
]);
const searchValue = z.union([z.string(), z.number(), z.boolean()]);

/** `range_filter`: bounds inclusive unless said otherwise; at least one bound. */
export const rangeFilterSchema = z
  .strictObject({
    field: z.string(),
    from: searchValue.optional(),
    to: searchValue.optional(),
    from_inclusive: z.boolean().optional(),
    to_inclusive: z.boolean().optional(),
  })
  .refine((f) => f.from !== undefined || f.to !== undefined, {
    message: "A range_filter can't leave both bounds open.",
  });

export type SearchFilter =
  | { range_filter: z.infer<typeof rangeFilterSchema> }
  | {
      term_filter: {
        field: string;
        operator: z.infer<typeof termOperator>;
        values?: (string | number | boolean)[];
      };
    }
  | { bool_filter: { operator: 'and' | 'or' | 'not'; filters?: SearchFilter[] } };

export type SearchQuery =
  | { match_all_query: Record<string, never> }
  | {
      term_query: {
        fields: string[];
        operator: z.infer<typeof termOperator>;
        values?: (string | number | boolean)[];
      };
    }
  | { text_query: { fields: string[]; search_phrase: string } }
  | { bool_query: { must?: SearchQuery[]; must_not?: SearchQuery[]; should?: SearchQuery[] } }
  | { filtered_query: { query: SearchQuery; filter: SearchFilter } };

export const searchFilterSchema: z.ZodType<SearchFilter> = z.lazy(() =>
  z.union([
    z.strictObject({ range_filter: rangeFilterSchema }),
    z.strictObject({
      term_filter: z.strictObject({
        field: z.string(),
        operator: termOperator,
        values: z.array(searchValue).optional(),
      }),
    }),
    z.strictObject({
      bool_filter: z.strictObject({
        operator: z.enum(['and', 'or', 'not']),
        filters: z.array(searchFilterSchema).optional(),
      }),
    }),
  ]),
);

/** `query`: exactly one kind. */
export const searchQuerySchema: z.ZodType<SearchQuery> = z.lazy(() =>
  z.union([
    z.strictObject({ match_all_query: z.strictObject({}) }),
    z.strictObject({
      term_query: z.strictObject({
        fields: z.array(z.string()).min(1),
        operator: termOperator,
        values: z.array(searchValue).optional(),
      }),
    }),
    z.strictObject({
      text_query: z.strictObject({
        fields: z.array(z.string()).min(1),
        search_phrase: z.string(),
      }),
    }),
    z.strictObject({
      bool_query: z.strictObject({
        must: z.array(searchQuerySchema).optional(),
        must_not: z.array(searchQuerySchema).optional(),
        should: z.array(searchQuerySchema).optional(),
      }),
    }),
    z.strictObject({
      filtered_query: z.strictObject({ query: searchQuerySchema, filter: searchFilterSchema }),
    }),
  ]),
);

/** `search_request` for `POST /product_search`, kept to what that resource documents. */
export const productSearchRequestSchema = z.strictObject({
  query: searchQuerySchema,
  sorts: z
    .array(
      z.strictObject({
        field: z.enum(PRODUCT_SEARCH_SORT_FIELDS),
        sort_order: z.enum(['asc', 'desc']).optional(),
      }),
    )
    .optional(),
  start: z.number().int().min(0).optional(),
  count: z.number().int().min(1).max(SEARCH_MAX_COUNT).optional(),
  expand: z.array(z.enum(PRODUCT_SEARCH_EXPANDS)).optional(),
  select: z.string().optional(),
});
export type ProductSearchRequest = z.infer<typeof productSearchRequestSchema>;

/** `product_search_result`. A `select` may leave count and start out. */
export const productSearchResultSchema = z.object({
  count: z.number().optional(),
  hits: z.array(productSchema).default([]),
  start: z.number().optional(),
  total: z.number(),
});
export type ProductSearchResult = z.infer<typeof productSearchResultSchema>;

/** A paged list (`catalogs`, `categories`, `sites`, `variants`). */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number(),
    data: z.array(item).default([]),
    start: z.number().optional(),
    total: z.number(),
  });

/**
 * `content_asset`. Its `library_id` path parameter is "ID of the shared library or the site-id in
 * case of a private library"; `c_body` is the custom body attribute, markup text.
 */
export const contentAssetSchema = z.looseObject({
  id: z.string(),
  name: localizedString.optional(),
  online: z.record(z.string(), z.boolean()).optional(),
  c_body: localizedMarkup.optional(),
  creation_date: z.string().optional(),
  last_modified: z.string().optional(),
});
export type ContentAsset = z.infer<typeof contentAssetSchema>;

/** A content asset as PUT creates or replaces it ("completely overwrites"). */
export const contentAssetPutSchema = z.strictObject({
  id: z.string().min(1).max(256),
  name: localizedString,
  online: z.record(z.string(), z.boolean()),
  c_body: localizedMarkupWrite,
});
export type ContentAssetPut = z.infer<typeof contentAssetPutSchema>;

/**
 * The content asset attribute landing pages write their HTML to: `c_body`, a custom attribute (the
 * `c_` prefix) of the system object type `Content`. The spec's `content_asset` has it as localized
 * `markup_text`, but a custom attribute exists only on storefronts that define it, so Beacon reads its
 * definition before the first publish. `{id}` is the definition's own id (`body`); `effective_id` is
 * "c_id if the attribute is custom" (`object_attribute_definition`).
 */
export const CONTENT_BODY_ATTRIBUTE = {
  objectType: 'Content',
  id: 'body',
  effectiveId: 'c_body',
} as const;
/** `GET /system_object_definitions/{object_type}/attribute_definitions/{id}`. */
export const attributeDefinitionPath = (objectType: string, id: string) =>
  `/system_object_definitions/${encodeURIComponent(objectType)}/attribute_definitions/${encodeURIComponent(id)}`;
export const CONTENT_BODY_DEFINITION_PATH = attributeDefinitionPath(
  CONTENT_BODY_ATTRIBUTE.objectType,
  CONTENT_BODY_ATTRIBUTE.id,
);

/** `object_attribute_definition`, the fields Beacon reads. */
export const attributeDefinitionSchema = z.looseObject({
  id: z.string(),
  effective_id: z.string().optional(),
  value_type: z.string().optional(),
  localizable: z.boolean().optional(),
});
export type AttributeDefinition = z.infer<typeof attributeDefinitionSchema>;

/** The Shop API's `site` (not in the Data spec; ADR 0042): the fields Beacon reads. */
export const shopSiteSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  default_currency: z.string().optional(),
  default_locale: z.string().optional(),
  status: z.string().optional(),
});
export type ShopSite = z.infer<typeof shopSiteSchema>;

/** `fault`: `{ _v, fault: { type, message, arguments } }` for 4xx and 5xx. */
export const faultSchema = z.looseObject({
  _v: z.string().optional(),
  fault: z.looseObject({
    type: z.string(),
    message: z.string(),
    arguments: z.record(z.string(), z.unknown()).optional(),
  }),
});
