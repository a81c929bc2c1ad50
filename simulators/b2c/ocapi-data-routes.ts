/**
 * The simulated OCAPI Data API over one instance's seeded data, as the spec Beacon's client is built
 * from documents it (domain/instances/ocapi.ts; facts and unknowns in ADR 0042).
 */
import { createHash } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  markupWriteSchema,
  OCAPI_API_VERSION,
  OCAPI_DOCUMENT_VERSION as OCAPI_VERSION,
  PRODUCT_EXPANDS,
  PRODUCT_SEARCH_EXPANDS,
  PRODUCT_SEARCH_SORT_FIELDS,
  productPatchSchema,
  productSearchRequestSchema,
  type SearchFilter,
  type SearchQuery,
  SEARCH_MAX_COUNT,
} from '~/domain/instances/ocapi';
import {
  categoryAssignmentsOf,
  mergeLocalized,
  type Localized,
  type Markup,
  SIM_MASTER_CATALOG_ID,
  SIM_VARIATION_ATTRIBUTES,
  type SimInstanceData,
  type SimContentAsset,
  type SimProduct,
  simPriceOf,
  storedMarkups,
  touchProduct,
  variationValuesFromIds,
  variationValuesOf,
} from './data';
import { applySelection, parseSelector, type Selection, SelectorError } from './property-selector';

export { SEARCH_MAX_COUNT };

type SimSite = SimInstanceData['sites'][number];

export function sendFault(
  res: Response,
  status: number,
  type: string,
  message: string,
  args: Record<string, unknown> = {},
) {
  res.status(status).json({ _v: OCAPI_VERSION, fault: { arguments: args, type, message } });
}

/**
 * The simulator plays one version, the spec's (ADR 0042): any other, malformed or not, gets the
 * documented InvalidVersionException rather than documents of a version it does not know. Data and
 * Shop alike.
 */
export function refuseOtherVersions(req: Request, res: Response, next: NextFunction) {
  if (req.params.version !== OCAPI_API_VERSION) {
    sendFault(
      res,
      400,
      'InvalidVersionException',
      'Version is missing or malformed in request URL.',
    );
    return;
  }
  next();
}

const nonEmpty = <T>(value: Localized<T>) => (Object.keys(value).length > 0 ? value : undefined);
const markupDoc = (value: Localized<Markup>) =>
  nonEmpty(
    Object.fromEntries(
      Object.entries(value).map(([locale, m]) => [locale, { _type: 'markup_text', ...m }]),
    ),
  );

/** The document's version, as OCAPI's `_resource_state`: a digest that changes whenever the product does. */
export function resourceStateOf(document: object): string {
  return createHash('sha256').update(JSON.stringify(document)).digest('hex');
}

/** What `expand` adds to a product document; nothing by default, as OCAPI does. */
export interface Expansions {
  variations: boolean;
  categories: boolean;
  /** `price` and `price_currency`, in the site context a request names (`site_id`) only. */
  prices: boolean;
}
export const NO_EXPANSIONS: Expansions = { variations: false, categories: false, prices: false };

/**
 * The expand values a resource documents; the simulator serves `variations`, `categories` and
 * `prices` and accepts the others (images, availability…) without adding anything. `all` on a product search adds no
 * variations: that resource "does not return … master and … variation relationships".
 */
export function expansionsOf(
  values: readonly string[],
  resource: 'product' | 'product_search' = 'product',
): Expansions {
  const all = values.includes('all');
  return {
    variations: resource === 'product' && (all || values.includes('variations')),
    categories: all || values.includes('categories'),
    prices: all || values.includes('prices'),
  };
}

/** The first expand value the resource does not document, if any. */
function unknownExpand(values: readonly string[], allowed: readonly string[]) {
  return values.find((v) => !allowed.includes(v));
}

type AttributeId = keyof typeof SIM_VARIATION_ATTRIBUTES;

/** `variation_attributes` with only the values the product has, in first-seen order. */
function variationAttributes(values: Record<AttributeId, Set<string>>) {
  return (Object.keys(SIM_VARIATION_ATTRIBUTES) as AttributeId[])
    .filter((id) => values[id].size > 0)
    .map((id) => {
      const attribute = SIM_VARIATION_ATTRIBUTES[id];
      return {
        _type: 'variation_attribute',
        id,
        name: attribute.name,
        values: [...values[id]].map((value) => ({
          _type: 'variation_attribute_value',
          value,
          name: attribute.values.get(value) ?? { default: value },
        })),
      };
    });
}

/** The variation part of a master, variation group or variant document (expand=variations). */
function variationsOf(p: SimProduct, data: SimInstanceData) {
  if (p.type === 'variant') return { variation_values: variationValuesOf(p) };
  if (p.type !== 'master' && p.type !== 'variation_group') return {};
  const masterId = p.masterId ?? p.id;
  // A master's variants all start with its id, a variation group's with its own.
  const variantIds = (data.productsById.get(masterId)?.variantIds ?? []).filter((id) =>
    id.startsWith(`${p.id}-`),
  );
  const variants = variantIds.map((id) => ({
    _type: 'variant',
    product_id: id,
    variation_values: variationValuesFromIds(masterId, id),
  }));
  const values = { color: new Set<string>(), size: new Set<string>() };
  for (const { variation_values: v } of variants) {
    if (v.color) values.color.add(v.color);
    if (v.size) values.size.add(v.size);
  }
  if (p.type === 'variation_group') {
    return {
      variation_attributes: variationAttributes(values),
      variants,
      variation_values: variationValuesOf(p),
    };
  }
  const groupIds = [...values.color]
    .map((color) => `${masterId}-${color}`)
    .filter((id) => data.productsById.has(id));
  return {
    variation_attributes: variationAttributes(values),
    variants,
    variation_groups: groupIds.map((id) => ({
      _type: 'variation_group',
      product_id: id,
      variation_values: variationValuesFromIds(masterId, id),
    })),
  };
}

function assignedCategoriesOf(p: SimProduct) {
  const assignments = categoryAssignmentsOf(p);
  if (assignments.length === 0) return {};
  return {
    assigned_categories: assignments.map((a) => ({
      _type: 'catalog_category_id',
      catalog_id: a.catalogId,
      category_id: a.categoryId,
    })),
  };
}

/**
 * A product as OCAPI documents it. `_resource_state` digests the product's own fields (and its
 * variants' ids), so it is the same whatever is expanded.
 */
export function toOcapiProduct(
  p: SimProduct,
  data: SimInstanceData,
  expand: Expansions = NO_EXPANSIONS,
  site?: SimSite,
) {
  const document = {
    _v: OCAPI_VERSION,
    _type: 'product',
    id: p.id,
    name: nonEmpty(p.name),
    page_title: nonEmpty(p.page_title),
    page_description: nonEmpty(p.page_description),
    page_keywords: nonEmpty(p.page_keywords),
    short_description: markupDoc(p.short_description),
    long_description: markupDoc(p.long_description),
    online_flag: p.online,
    type: { _type: 'product_type', [p.type]: true },
    owning_catalog_id: p.owningCatalogId,
    primary_category_id: p.primaryCategoryId,
    creation_date: p.creationDate,
    last_modified: p.lastModified,
  };
  // The master comes with expand=variations; the classification with expand=categories, as a
  // catalog_category_id.
  return {
    ...document,
    ...(expand.variations && p.masterId
      ? { master: { _type: 'master', master_id: p.masterId } }
      : {}),
    ...(expand.variations ? variationsOf(p, data) : {}),
    ...(expand.categories
      ? {
          ...assignedCategoriesOf(p),
          classification_category: {
            _type: 'catalog_category_id',
            catalog_id: SIM_MASTER_CATALOG_ID,
            category_id: p.classificationCategoryId,
          },
        }
      : {}),
    // Prices live in the site's price books, not on the product: only a site context has them.
    ...(expand.prices && site ? { price: simPriceOf(data, p), price_currency: site.currency } : {}),
    _resource_state: resourceStateOf(
      p.masterId || p.variantIds ? [document, p.masterId, p.variantIds] : document,
    ),
  };
}

/**
 * `start` (default 0) and `count` (default 25) of a paged resource; a 400 MalformedParameterException
 * (and null) when either is no integer or out of range. The spec gives lists no maximum count; the
 * simulator keeps search's 200 and refuses more (ADR 0042).
 */
export function paging(req: Request, res: Response): { start: number; count: number } | null {
  for (const [parameter, min, max, fallback] of [
    ['start', 0, Number.MAX_SAFE_INTEGER, '0'],
    ['count', 1, SEARCH_MAX_COUNT, '25'],
  ] as const) {
    const raw = req.query[parameter] ?? fallback;
    const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      sendFault(
        res,
        400,
        'MalformedParameterException',
        `The value '${String(raw)}' of parameter '${parameter}' is malformed.`,
        { parameter, value: String(raw) },
      );
      return null;
    }
  }
  return { start: Number(req.query.start ?? 0), count: Number(req.query.count ?? 25) };
}

/** One page of a collection; while more remain, `next` is the URL of the following page, as OCAPI gives it. */
function page<T>(req: Request, items: T[], start: number, count: number) {
  const data = items.slice(start, start + count);
  const more = start + count < items.length;
  const next = new URL(req.originalUrl, 'http://simulator.invalid');
  next.searchParams.set('start', String(start + count));
  next.searchParams.set('count', String(count));
  return {
    _v: OCAPI_VERSION,
    count: data.length,
    data,
    ...(more
      ? { next: `${req.protocol}://${req.get('host') ?? ''}${next.pathname}${next.search}` }
      : {}),
    start,
    total: items.length,
  };
}

type Predicate = (p: SimProduct) => boolean;
type SearchValue = string | number | boolean;

/**
 * The searchable attributes product_search documents that the simulator plays (searchable,
 * valid_from and valid_to it does not model, so it refuses them). `online` is the default site's.
 */
const SEARCH_FIELDS: Record<
  string,
  { kind: 'string' | 'boolean' | 'date'; of: (p: SimProduct) => SearchValue[] }
> = {
  id: { kind: 'string', of: (p) => [p.id] },
  name: { kind: 'string', of: (p) => Object.values(p.name) as string[] },
  online: { kind: 'boolean', of: (p) => [p.online.default ?? false] },
  type: { kind: 'string', of: (p) => [p.type] },
  creation_date: { kind: 'date', of: (p) => [p.creationDate] },
  last_modified: { kind: 'date', of: (p) => [p.lastModified] },
  // Only explicit assignments: the owning catalog and the catalogs of assigned categories.
  catalog_id: {
    kind: 'string',
    of: (p) => [p.owningCatalogId, ...categoryAssignmentsOf(p).map((a) => a.catalogId)],
  },
  category_id: {
    kind: 'string',
    of: (p) => [
      p.primaryCategoryId,
      p.classificationCategoryId,
      ...categoryAssignmentsOf(p).map((a) => a.categoryId),
    ],
  },
};

const SORT_FIELDS: Record<(typeof PRODUCT_SEARCH_SORT_FIELDS)[number], (p: SimProduct) => string> =
  {
    id: (p) => p.id,
    name: (p) => p.name.default ?? '',
    creation_date: (p) => p.creationDate,
  };

class QueryError extends Error {}

function fieldOf(name: string) {
  const field = SEARCH_FIELDS[name];
  if (!field) throw new QueryError(`The field '${name}' is not searchable.`);
  return field;
}

/** A value as the field compares it: dates by their instant. */
function comparable(kind: 'string' | 'boolean' | 'date', value: SearchValue): SearchValue {
  if (kind !== 'date') return value;
  const time = Date.parse(String(value));
  if (Number.isNaN(time)) throw new QueryError(`'${String(value)}' is not a date.`);
  return time;
}

function termPredicate(
  fields: string[],
  operator: string,
  values: readonly SearchValue[] = [],
): Predicate {
  const getters = fields.map(fieldOf);
  const needs = ['is', 'less', 'greater', 'neq'].includes(operator) ? 1 : null;
  if (needs !== null && values.length !== needs) {
    throw new QueryError(`Operator '${operator}' takes one value.`);
  }
  return (p) =>
    getters.some((g) => {
      const own = g.of(p).map((v) => comparable(g.kind, v));
      const wanted = values.map((v) => comparable(g.kind, v));
      switch (operator) {
        case 'is':
        case 'one_of':
          return own.some((v) => wanted.includes(v));
        case 'not_in':
        case 'neq':
          return !own.some((v) => wanted.includes(v));
        case 'is_null':
          return own.length === 0;
        case 'is_not_null':
          return own.length > 0;
        case 'less':
          return own.some((v) => v < wanted[0]!);
        case 'greater':
          return own.some((v) => v > wanted[0]!);
        default:
          throw new QueryError(`Unsupported operator '${operator}'.`);
      }
    });
}

function compileFilter(filter: SearchFilter): Predicate {
  if ('range_filter' in filter) {
    const { field, from, to, from_inclusive = true, to_inclusive = true } = filter.range_filter;
    const g = fieldOf(field);
    const low = from === undefined ? undefined : comparable(g.kind, from);
    const high = to === undefined ? undefined : comparable(g.kind, to);
    return (p) =>
      g.of(p).some((raw) => {
        const v = comparable(g.kind, raw);
        const aboveLow = low === undefined || (from_inclusive ? v >= low : v > low);
        const belowHigh = high === undefined || (to_inclusive ? v <= high : v < high);
        return aboveLow && belowHigh;
      });
  }
  if ('term_filter' in filter) {
    const { field, operator, values } = filter.term_filter;
    return termPredicate([field], operator, values);
  }
  const parts = (filter.bool_filter.filters ?? []).map(compileFilter);
  switch (filter.bool_filter.operator) {
    case 'and':
      return (p) => parts.every((f) => f(p));
    case 'or':
      return (p) => parts.some((f) => f(p));
    case 'not':
      return (p) => !parts.some((f) => f(p));
  }
}

function compileQuery(query: SearchQuery): Predicate {
  if ('match_all_query' in query) return () => true;
  if ('term_query' in query) {
    const { fields, operator, values } = query.term_query;
    return termPredicate(fields, operator, values);
  }
  if ('text_query' in query) {
    const { fields, search_phrase: phrase } = query.text_query;
    const getters = fields.map((f) => {
      const g = fieldOf(f);
      if (g.kind !== 'string') throw new QueryError(`The field '${f}' is not text.`);
      return g;
    });
    const words = phrase.toLowerCase().split(/\s+/).filter(Boolean);
    return (p) => {
      const text = getters
        .flatMap((g) => g.of(p))
        .join(' ')
        .toLowerCase();
      return words.every((word) => text.includes(word));
    };
  }
  if ('bool_query' in query) {
    const list = (qs: SearchQuery[] | undefined) => (qs ?? []).map(compileQuery);
    const must = list(query.bool_query.must);
    const mustNot = list(query.bool_query.must_not);
    const should = list(query.bool_query.should);
    return (p) =>
      must.every((q) => q(p)) &&
      !mustNot.some((q) => q(p)) &&
      (should.length === 0 || should.some((q) => q(p)));
  }
  const inner = compileQuery(query.filtered_query.query);
  const filter = compileFilter(query.filtered_query.filter);
  return (p) => inner(p) && filter(p);
}

type Sort = { field: string; sort_order?: string };

const collator = new Intl.Collator();

/** The products matching, in the order asked: each key computed once, not per comparison. */
function matching(products: readonly SimProduct[], predicate: Predicate, sorts: Sort[]) {
  const hits = products.filter(predicate);
  if (sorts.length === 0) return hits;
  const keys = sorts.map((s) => SORT_FIELDS[s.field as keyof typeof SORT_FIELDS] ?? SORT_FIELDS.id);
  const directions = sorts.map((s) => (s.sort_order === 'desc' ? -1 : 1));
  const rows = hits.map((p) => ({ p, k: keys.map((key) => key(p)) }));
  rows.sort((a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const cmp = collator.compare(a.k[i]!, b.k[i]!);
      if (cmp !== 0) return cmp * directions[i]!;
    }
    return 0;
  });
  return rows.map((r) => r.p);
}

const SEARCH_CACHE_SIZE = 32;

/**
 * Search results per instance data and (query, sorts): a full sync pages through the same search
 * hundreds of times, which must not filter and sort the whole catalogue each time. A product change
 * bumps the data's version; the length catches callers who splice the products list directly.
 */
const searchCache = new WeakMap<
  SimInstanceData,
  { stamp: string; results: Map<string, SimProduct[]> }
>();

function cachedSearch(data: SimInstanceData, key: string, run: () => SimProduct[]) {
  const stamp = `${data.version}:${data.products.length}`;
  let entry = searchCache.get(data);
  if (!entry || entry.stamp !== stamp) {
    entry = { stamp, results: new Map() };
    searchCache.set(data, entry);
  }
  let hits = entry.results.get(key);
  if (!hits) {
    hits = run();
    // Oldest first out: a Map iterates in insertion order.
    if (entry.results.size >= SEARCH_CACHE_SIZE) {
      entry.results.delete(entry.results.keys().next().value!);
    }
    entry.results.set(key, hits);
  }
  return hits;
}

const selectSchema = z.string().min(1);

function invalidExpand(res: Response, expandValue: string) {
  sendFault(
    res,
    400,
    'InvalidExpandValueException',
    `The expand value '${expandValue}' is not allowed.`,
    { expandValue },
  );
}

/** product_search's documented 400: "the search query is ill-formed". */
function malformedSearch(res: Response, message: string) {
  sendFault(res, 400, 'MalformedSearchParameterException', message);
}

/** `select` parsed, or a 400 fault sent (null); undefined when there is none. */
function selectionOr400(res: Response, raw: unknown): Selection | null | undefined {
  if (raw === undefined) return undefined;
  const text = selectSchema.safeParse(raw);
  try {
    if (!text.success) throw new SelectorError('select must be a non-empty string.');
    return parseSelector(text.data);
  } catch (error) {
    if (!(error instanceof SelectorError)) throw error;
    sendFault(res, 400, 'MalformedSelectorException', error.message, { selector: String(raw) });
    return null;
  }
}

/**
 * A PATCH as the spec takes it: the document Beacon's client builds, plus OCAPI's `_v` and `_type`;
 * `_resource_state` optional (without it the change is not checked against a version).
 */
const productPatchBody = productPatchSchema.partial({ _resource_state: true }).extend({
  _v: z.string().optional(),
  _type: z.string().optional(),
});

/**
 * A markup attribute written with `markup`, which is read only (`markup_text.markup`): the path of
 * the first, or undefined. The fault a real instance answers is not documented (ADR 0042).
 */
function markupWritten(body: unknown, fields: readonly string[]): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  for (const field of fields) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value !== 'object' || value === null) continue;
    for (const [locale, m] of Object.entries(value)) {
      if (typeof m === 'object' && m !== null && 'markup' in m) return `${field}.${locale}.markup`;
    }
  }
  return undefined;
}

function refuseReadOnly(res: Response, property: string) {
  sendFault(res, 400, 'ReadOnlyPropertyException', `The property '${property}' is read only.`, {
    property,
  });
}

/** A content asset create/replace document (PUT): what it does not name is cleared, as a replace does. */
const contentPutSchema = z.strictObject({
  _v: z.string().optional(),
  _type: z.string().optional(),
  _resource_state: z.string().optional(),
  id: z.string().optional(),
  name: z.record(z.string(), z.string()).optional(),
  online: z.record(z.string(), z.boolean()).optional(),
  c_body: z.record(z.string(), markupWriteSchema).optional(),
});

/** A content asset as OCAPI Data documents it (`content`), its custom HTML body as `c_body` markup text. */
export function toOcapiContent(asset: SimContentAsset) {
  const document = {
    _v: OCAPI_VERSION,
    _type: 'content',
    id: asset.id,
    name: nonEmpty(asset.name),
    online: nonEmpty(asset.online),
    c_body: markupDoc(asset.body),
    creation_date: asset.creationDate,
    last_modified: asset.lastModified,
  };
  return { ...document, _resource_state: resourceStateOf(document) };
}

/** `site`: no field names its catalog or content library. */
const siteDocument = (s: SimInstanceData['sites'][number]) => ({
  _type: 'site',
  id: s.id,
  display_name: { default: s.name },
  storefront_status: 'online',
});

/** `instanceData` reads the instance the request is for (set by the host router). */
export function ocapiDataRouter(instanceData: (res: Response) => SimInstanceData): express.Router {
  const router = express.Router();

  /**
   * The site context a request names (`site_id`), undefined when it names none; a 404
   * SiteNotFoundException (and null) for a site the instance does not have.
   */
  const siteContext = (req: Request, res: Response): SimSite | undefined | null => {
    const id = req.query.site_id;
    if (id === undefined) return undefined;
    const site = instanceData(res).sites.find((s) => s.id === id);
    if (site) return site;
    sendFault(res, 404, 'SiteNotFoundException', `No site with ID '${String(id)}' was found.`, {
      siteId: String(id),
    });
    return null;
  };

  router.get('/catalogs', (req, res) => {
    const p = paging(req, res);
    if (!p) return;
    const data = instanceData(res);
    // No `is_master_catalog`: a catalog tells its storefronts by `assigned_sites` (read only).
    const catalogs = data.catalogs.map((c) => ({
      _type: 'catalog',
      id: c.id,
      name: c.name,
      online: true,
      assigned_sites: data.sites
        .filter((s) => s.storefrontCatalogId === c.id)
        .map((s) => siteDocument(s)),
      category_count: data.categories.filter((cat) => cat.catalogId === c.id).length,
    }));
    res.json({ _type: 'catalogs', ...page(req, catalogs, p.start, p.count) });
  });

  router.get('/catalogs/:catalogId/categories', (req, res) => {
    const catalogId = req.params.catalogId;
    if (!instanceData(res).catalogs.some((c) => c.id === catalogId)) {
      sendFault(
        res,
        404,
        'CatalogNotFoundException',
        `No catalog with ID '${catalogId}' was found.`,
        { catalogId },
      );
      return;
    }
    const p = paging(req, res);
    if (!p) return;
    const categories = instanceData(res)
      .categories.filter((c) => c.catalogId === catalogId)
      .map((c) => ({
        _type: 'category',
        id: c.id,
        catalog_id: c.catalogId,
        name: c.name,
        parent_category_id: c.parentId ?? undefined,
        position: c.position,
        online: c.online,
      }));
    res.json({ _type: 'categories', ...page(req, categories, p.start, p.count) });
  });

  router.get('/sites', (req, res) => {
    const p = paging(req, res);
    if (!p) return;
    const sites = instanceData(res).sites.map(siteDocument);
    res.json({ _type: 'sites', ...page(req, sites, p.start, p.count) });
  });

  const productOr404 = (req: Request, res: Response) => {
    const id = String(req.params.id);
    const product = instanceData(res).productsById.get(id);
    if (!product) {
      sendFault(res, 404, 'ProductNotFoundException', `No product with ID '${id}' was found.`, {
        productId: id,
      });
    }
    return product;
  };

  router.get('/products/:id', (req, res) => {
    const product = productOr404(req, res);
    if (!product) return;
    const selection = selectionOr400(res, req.query.select);
    if (selection === null) return;
    // `expand=variations,categories`, or the parameter repeated.
    const expand = [req.query.expand]
      .flat()
      .flatMap((value) => (typeof value === 'string' ? value.split(',') : []));
    const unknown = unknownExpand(expand, PRODUCT_EXPANDS);
    if (unknown !== undefined) return invalidExpand(res, unknown);
    const site = siteContext(req, res);
    if (site === null) return;
    const document = toOcapiProduct(product, instanceData(res), expansionsOf(expand), site);
    res.json(selection ? applySelection(document, selection) : document);
  });

  router.patch('/products/:id', (req, res) => {
    const product = productOr404(req, res);
    if (!product) return;
    const readOnly = markupWritten(req.body, ['short_description', 'long_description']);
    if (readOnly) return refuseReadOnly(res, readOnly);
    const parsed = productPatchBody.safeParse(req.body);
    if (!parsed.success) {
      sendFault(
        res,
        400,
        'InvalidDocumentException',
        `The product document is invalid: ${parsed.error.issues[0]?.message ?? ''}`,
      );
      return;
    }
    const patch = parsed.data;
    // Optimistic locking, as OCAPI does it: a write that carries a `_resource_state` applies only
    // while the product is still in that state; one that carries none is not checked.
    if (patch._resource_state !== undefined) {
      const current = toOcapiProduct(product, instanceData(res))._resource_state;
      if (patch._resource_state !== current) {
        sendFault(
          res,
          409,
          'ResourceStateConflictException',
          `The resource state '${patch._resource_state}' does not match the current resource state '${current}'.`,
        );
        return;
      }
    }
    const unstored = instanceData(res).unstoredProductFields;
    for (const field of ['name', 'page_title', 'page_description', 'page_keywords'] as const) {
      const value = patch[field];
      if (value && !unstored?.has(field)) mergeLocalized(product[field], value);
    }
    for (const field of ['short_description', 'long_description'] as const) {
      const value = patch[field];
      if (!value || unstored?.has(field)) continue;
      mergeLocalized(
        product[field],
        storedMarkups(Object.fromEntries(Object.entries(value).map(([l, m]) => [l, m.source]))),
      );
    }
    if (patch.online_flag) mergeLocalized(product.online, patch.online_flag);
    touchProduct(instanceData(res), product);
    res.json(toOcapiProduct(product, instanceData(res)));
  });

  /** The library, or a 404 fault (site libraries are named after their site, as SFCC names them). */
  const libraryOr404 = (req: Request, res: Response) => {
    const libraryId = String(req.params.libraryId);
    const library = instanceData(res).libraries.get(libraryId);
    if (!library) {
      sendFault(
        res,
        404,
        'LibraryNotFoundException',
        `No library with ID '${libraryId}' was found.`,
        {
          libraryId,
        },
      );
    }
    return library;
  };
  const contentNotFound = (res: Response, contentId: string) =>
    sendFault(
      res,
      404,
      'ContentNotFoundException',
      `No content with ID '${contentId}' was found.`,
      {
        contentId,
      },
    );

  router.get('/libraries/:libraryId/content/:contentId', (req, res) => {
    const library = libraryOr404(req, res);
    if (!library) return;
    const asset = library.get(req.params.contentId);
    if (!asset) return contentNotFound(res, req.params.contentId);
    res.json(toOcapiContent(asset));
  });

  router.put('/libraries/:libraryId/content/:contentId', (req, res) => {
    const library = libraryOr404(req, res);
    if (!library) return;
    const contentId = req.params.contentId;
    const readOnly = markupWritten(req.body, ['c_body']);
    if (readOnly) return refuseReadOnly(res, readOnly);
    const parsed = contentPutSchema.safeParse(req.body);
    if (!parsed.success) {
      sendFault(
        res,
        400,
        'InvalidDocumentException',
        `The content document is invalid: ${parsed.error.issues[0]?.message ?? ''}`,
      );
      return;
    }
    const body = parsed.data;
    if (body.id !== undefined && body.id !== contentId) {
      sendFault(
        res,
        400,
        'IdConflictException',
        `The document's id '${body.id}' differs from the id '${contentId}' in the path.`,
      );
      return;
    }
    const existing = library.get(contentId);
    const now = new Date().toISOString();
    const asset: SimContentAsset = {
      id: contentId,
      name: { ...body.name },
      online: { ...body.online },
      // Stored as sent; the simulator renders markup as its source.
      body: Object.fromEntries(
        Object.entries(body.c_body ?? {}).map(([locale, { source }]) => [
          locale,
          { markup: source, source },
        ]),
      ),
      creationDate: existing?.creationDate ?? now,
      lastModified: now,
    };
    library.set(contentId, asset);
    res.status(existing ? 200 : 201).json(toOcapiContent(asset));
  });

  router.delete('/libraries/:libraryId/content/:contentId', (req, res) => {
    const library = libraryOr404(req, res);
    if (!library) return;
    const contentId = req.params.contentId;
    if (!library.delete(contentId)) return contentNotFound(res, contentId);
    res.status(204).end();
  });

  /**
   * `GET /system_object_definitions/{object_type}/attribute_definitions/{id}` for content assets'
   * custom attributes. The spec documents AttributeDefinitionNotFoundException for an unknown id;
   * what the simulator does not model (other object types, a definition asked by its `c_` effective
   * id) it refuses, naming the gap (ADR 0042).
   */
  router.get('/system_object_definitions/:objectType/attribute_definitions/:id', (req, res) => {
    const { objectType, id } = req.params;
    if (objectType !== 'Content' || id.startsWith('c_')) {
      sendFault(
        res,
        501,
        'NotModelledBySimulatorException',
        objectType !== 'Content'
          ? `The simulator models the attribute definitions of Content only, not of '${objectType}'.`
          : `No source says whether a definition is found by its effective id '${id}'; ask by its id.`,
        { objectType, id },
      );
      return;
    }
    const definition = instanceData(res).contentAttributes.get(id);
    if (!definition) {
      sendFault(
        res,
        404,
        'AttributeDefinitionNotFoundException',
        `No attribute definition with ID '${id}' was found for object type '${objectType}'.`,
        { objectType, attributeDefinitionId: id },
      );
      return;
    }
    res.json({
      _v: OCAPI_VERSION,
      _type: 'object_attribute_definition',
      id: definition.id,
      effective_id: `c_${definition.id}`,
      display_name: definition.displayName,
      value_type: definition.valueType,
      localizable: definition.localizable,
      mandatory: false,
      system: false,
      read_only: false,
      searchable: false,
      site_specific: false,
      visible: true,
      multi_value_type: false,
      set_value_type: false,
    });
  });

  router.post('/product_search', (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    // The documented faults first: an unsortable field, an expand the resource does not take.
    for (const sort of Array.isArray(body.sorts) ? (body.sorts as unknown[]) : []) {
      const field = (sort as { field?: unknown } | null)?.field;
      if (
        typeof field === 'string' &&
        !(PRODUCT_SEARCH_SORT_FIELDS as readonly string[]).includes(field)
      ) {
        sendFault(res, 400, 'FieldNotSortableException', `The field '${field}' is not sortable.`, {
          field,
        });
        return;
      }
    }
    if (Array.isArray(body.expand)) {
      const unknown = unknownExpand(
        body.expand.filter((e): e is string => typeof e === 'string'),
        PRODUCT_SEARCH_EXPANDS,
      );
      if (unknown !== undefined) return invalidExpand(res, unknown);
    }
    const parsed = productSearchRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      malformedSearch(res, `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`);
      return;
    }
    const request = parsed.data;
    const start = request.start ?? 0;
    const count = request.count ?? 25;
    const selection = selectionOr400(res, request.select);
    if (selection === null) return;
    let predicate: Predicate;
    try {
      predicate = compileQuery(request.query);
    } catch (error) {
      if (!(error instanceof QueryError)) throw error;
      malformedSearch(res, error.message);
      return;
    }
    const sorts = request.sorts ?? [];
    const data = instanceData(res);
    const hits = cachedSearch(data, JSON.stringify([request.query, sorts]), () =>
      matching(data.products, predicate, sorts),
    );
    const site = siteContext(req, res);
    if (site === null) return;
    const expansions = expansionsOf(request.expand ?? [], 'product_search');
    const slice = hits
      .slice(start, start + count)
      .map((p) => toOcapiProduct(p, data, expansions, site));
    const result = {
      _v: OCAPI_VERSION,
      _type: 'product_search_result',
      count: slice.length,
      hits: slice,
      // While more hits remain, the page that follows (OCAPI's result_page).
      ...(start + count < hits.length
        ? { next: { _type: 'result_page', count, start: start + count } }
        : {}),
      query: request.query,
      start,
      total: hits.length,
    };
    res.json(selection ? applySelection(result, selection) : result);
  });

  return router;
}
