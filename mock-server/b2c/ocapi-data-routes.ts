/** The simulated OCAPI Data API v21_10 over one instance's seeded data. */
import { createHash } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { OCAPI_VERSION } from '~/domain/instances/constants';
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
  storedMarkups,
  touchProduct,
  variationValuesFromIds,
  variationValuesOf,
} from './data';
import { applySelection, parseSelector, type Selection, SelectorError } from './property-selector';

export const SEARCH_MAX_COUNT = 200;

export function sendFault(
  res: Response,
  status: number,
  type: string,
  message: string,
  args: Record<string, unknown> = {},
) {
  res.status(status).json({ _v: OCAPI_VERSION, fault: { arguments: args, type, message } });
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
}
export const NO_EXPANSIONS: Expansions = { variations: false, categories: false };

/** OCAPI's expand values the simulator serves; others (images, prices…) are accepted and ignored. */
export function expansionsOf(values: readonly string[]): Expansions {
  const all = values.includes('all');
  return {
    variations: all || values.includes('variations'),
    categories: all || values.includes('categories'),
  };
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
      _type: 'product_category_assignment',
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
    master: p.masterId ? { _type: 'master', master_id: p.masterId } : undefined,
    owning_catalog_id: p.owningCatalogId,
    primary_category_id: p.primaryCategoryId,
    classification_category: { catalog_id: SIM_MASTER_CATALOG_ID, id: p.classificationCategoryId },
    creation_date: p.creationDate,
    last_modified: p.lastModified,
  };
  return {
    ...document,
    ...(expand.variations ? variationsOf(p, data) : {}),
    ...(expand.categories ? assignedCategoriesOf(p) : {}),
    _resource_state: resourceStateOf(p.variantIds ? [document, p.variantIds] : document),
  };
}

/** `start` and `count` of a paged resource; a 400 fault (and null) when out of range. */
export function paging(req: Request, res: Response): { start: number; count: number } | null {
  const start = Number(req.query.start ?? 0);
  const count = Number(req.query.count ?? 25);
  if (
    !Number.isInteger(start) ||
    start < 0 ||
    !Number.isInteger(count) ||
    count < 1 ||
    count > SEARCH_MAX_COUNT
  ) {
    sendFault(
      res,
      400,
      'ValueConstraintViolationException',
      `start must be >= 0 and count 1..${SEARCH_MAX_COUNT}.`,
    );
    return null;
  }
  return { start, count };
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

const TERM_FIELDS: Record<string, (p: SimProduct) => (string | boolean)[]> = {
  id: (p) => [p.id],
  type: (p) => [p.type],
  online_flag: (p) => [p.online.default ?? false],
  master_id: (p) => (p.masterId ? [p.masterId] : []),
  primary_category_id: (p) => [p.primaryCategoryId],
  category_id: (p) => [
    p.primaryCategoryId,
    p.classificationCategoryId,
    ...categoryAssignmentsOf(p).map((a) => a.categoryId),
  ],
  // The owning catalog, and the catalogs it is assigned to categories of.
  catalog_id: (p) => [p.owningCatalogId, ...categoryAssignmentsOf(p).map((a) => a.catalogId)],
};

const TEXT_FIELDS: Record<string, (p: SimProduct) => string[]> = {
  id: (p) => [p.id],
  name: (p) => Object.values(p.name) as string[],
  page_title: (p) => Object.values(p.page_title) as string[],
  page_description: (p) => Object.values(p.page_description) as string[],
  page_keywords: (p) => Object.values(p.page_keywords) as string[],
  short_description: (p) => Object.values(p.short_description).map((m) => m?.source ?? ''),
  long_description: (p) => Object.values(p.long_description).map((m) => m?.source ?? ''),
};

const SORT_FIELDS: Record<string, (p: SimProduct) => string> = {
  id: (p) => p.id,
  name: (p) => p.name.default ?? '',
  type: (p) => p.type,
  creation_date: (p) => p.creationDate,
  last_modified: (p) => p.lastModified,
};

class QueryError extends Error {}

function compileQuery(query: unknown): Predicate {
  if (typeof query !== 'object' || query === null) throw new QueryError('A query is required.');
  const [kind, ...rest] = Object.keys(query);
  if (!kind || rest.length > 0) throw new QueryError('A query has exactly one kind.');
  const spec = (query as Record<string, unknown>)[kind] as Record<string, unknown>;
  switch (kind) {
    case 'match_all_query':
      return () => true;
    case 'term_query': {
      const fields = spec.fields as string[] | undefined;
      const values = spec.values as unknown[] | undefined;
      const operator = spec.operator ?? 'is';
      if (
        !Array.isArray(fields) ||
        fields.length === 0 ||
        !Array.isArray(values) ||
        values.length === 0
      ) {
        throw new QueryError('term_query needs fields and values.');
      }
      if (operator !== 'is' && operator !== 'one_of')
        throw new QueryError(`Unsupported operator '${String(operator)}'.`);
      if (operator === 'is' && values.length !== 1)
        throw new QueryError("Operator 'is' takes one value.");
      const getters = fields.map((f) => {
        const g = TERM_FIELDS[f];
        if (!g) throw new QueryError(`Unknown term_query field '${f}'.`);
        return g;
      });
      return (p) => getters.some((g) => g(p).some((v) => values.includes(v)));
    }
    case 'text_query': {
      const fields = spec.fields as string[] | undefined;
      const phrase = spec.search_phrase;
      if (!Array.isArray(fields) || fields.length === 0 || typeof phrase !== 'string') {
        throw new QueryError('text_query needs fields and search_phrase.');
      }
      const getters = fields.map((f) => {
        const g = TEXT_FIELDS[f];
        if (!g) throw new QueryError(`Unknown text_query field '${f}'.`);
        return g;
      });
      const words = phrase.toLowerCase().split(/\s+/).filter(Boolean);
      return (p) => {
        const text = getters
          .flatMap((g) => g(p))
          .join(' ')
          .toLowerCase();
        return words.every((word) => text.includes(word));
      };
    }
    case 'bool_query': {
      const list = (key: string) => ((spec[key] as unknown[] | undefined) ?? []).map(compileQuery);
      const must = list('must');
      const mustNot = list('must_not');
      const should = list('should');
      return (p) =>
        must.every((q) => q(p)) &&
        !mustNot.some((q) => q(p)) &&
        (should.length === 0 || should.some((q) => q(p)));
    }
    default:
      throw new QueryError(`Unsupported query '${kind}'.`);
  }
}

type Sort = { field: string; sort_order?: string };

const collator = new Intl.Collator();

/** The products matching, in the order asked: each key computed once, not per comparison. */
function matching(products: readonly SimProduct[], predicate: Predicate, sorts: Sort[]) {
  const hits = products.filter(predicate);
  if (sorts.length === 0) return hits;
  const keys = sorts.map((s) => SORT_FIELDS[s.field] ?? SORT_FIELDS.id!);
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

const expandSchema = z.array(z.string());
const selectSchema = z.string().min(1);

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

const localizedStringPatch = z.record(z.string(), z.string().nullable());
const localizedMarkupPatch = z.record(
  z.string(),
  z.union([z.object({ markup: z.string() }).loose(), z.null()]),
);
const productPatchSchema = z
  .object({
    _v: z.string().optional(),
    _type: z.string().optional(),
    _resource_state: z.string().optional(),
    name: localizedStringPatch.optional(),
    page_title: localizedStringPatch.optional(),
    page_description: localizedStringPatch.optional(),
    page_keywords: localizedStringPatch.optional(),
    short_description: localizedMarkupPatch.optional(),
    long_description: localizedMarkupPatch.optional(),
    online_flag: z.record(z.string(), z.boolean()).optional(),
  })
  .strict();

const localizedMarkupBody = z.record(
  z.string(),
  z.union([
    z.string(),
    z.object({ markup: z.string() }).loose(),
    z.object({ source: z.string() }).loose(),
  ]),
);
/** A content asset create/replace document (PUT): what it does not name is cleared, as a replace does. */
const contentPutSchema = z
  .object({
    _v: z.string().optional(),
    _type: z.string().optional(),
    _resource_state: z.string().optional(),
    id: z.string().optional(),
    name: z.record(z.string(), z.string()).optional(),
    online: z.record(z.string(), z.boolean()).optional(),
    c_body: localizedMarkupBody.optional(),
  })
  .strict();

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

/** `instanceData` reads the instance the request is for (set by the host router). */
export function ocapiDataRouter(instanceData: (res: Response) => SimInstanceData): express.Router {
  const router = express.Router();

  router.get('/catalogs', (req, res) => {
    const p = paging(req, res);
    if (!p) return;
    const catalogs = instanceData(res).catalogs.map((c) => ({
      _type: 'catalog',
      id: c.id,
      name: c.name,
      online: true,
      is_master_catalog: c.isMaster,
      category_count: instanceData(res).categories.filter((cat) => cat.catalogId === c.id).length,
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
    const sites = instanceData(res).sites.map((s) => ({
      _type: 'site',
      id: s.id,
      display_name: { default: s.name },
      storefront_status: 'online',
      storefront_catalog_id: s.storefrontCatalogId,
    }));
    res.json({ _type: 'sites', ...page(req, sites, 0, sites.length) });
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
    const document = toOcapiProduct(product, instanceData(res), expansionsOf(expand));
    res.json(selection ? applySelection(document, selection) : document);
  });

  router.patch('/products/:id', (req, res) => {
    const product = productOr404(req, res);
    if (!product) return;
    const parsed = productPatchSchema.safeParse(req.body);
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
    for (const field of ['name', 'page_title', 'page_description', 'page_keywords'] as const) {
      const value = patch[field];
      if (value) mergeLocalized(product[field], value);
    }
    for (const field of ['short_description', 'long_description'] as const) {
      const value = patch[field];
      if (!value) continue;
      mergeLocalized(
        product[field],
        storedMarkups(
          Object.fromEntries(Object.entries(value).map(([l, m]) => [l, m ? m.markup : null])),
        ),
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
      body: Object.fromEntries(
        Object.entries(body.c_body ?? {}).map(([locale, value]) => {
          const html: string =
            typeof value === 'string'
              ? value
              : 'markup' in value
                ? String(value.markup)
                : String(value.source);
          return [locale, { markup: html, source: html }];
        }),
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

  router.post('/product_search', (req, res) => {
    const body = (req.body ?? {}) as {
      query?: unknown;
      sorts?: unknown;
      start?: unknown;
      count?: unknown;
      expand?: unknown;
      select?: unknown;
    };
    const start = body.start ?? 0;
    const count = body.count ?? 25;
    if (typeof start !== 'number' || !Number.isInteger(start) || start < 0) {
      sendFault(res, 400, 'ValueConstraintViolationException', 'start must be an integer >= 0.');
      return;
    }
    if (
      typeof count !== 'number' ||
      !Number.isInteger(count) ||
      count < 1 ||
      count > SEARCH_MAX_COUNT
    ) {
      sendFault(
        res,
        400,
        'ValueConstraintViolationException',
        `count must be 1..${SEARCH_MAX_COUNT}.`,
      );
      return;
    }
    const expand = expandSchema.optional().safeParse(body.expand);
    if (!expand.success) {
      sendFault(res, 400, 'ValueConstraintViolationException', 'expand must be a list of strings.');
      return;
    }
    const selection = selectionOr400(res, body.select);
    if (selection === null) return;
    let predicate: Predicate;
    try {
      predicate = compileQuery(body.query);
    } catch (error) {
      if (!(error instanceof QueryError)) throw error;
      sendFault(res, 400, 'MalformedQueryException', error.message);
      return;
    }
    const sorts = (Array.isArray(body.sorts) ? body.sorts : []) as Partial<Sort>[];
    for (const s of sorts) {
      if (!s.field || !SORT_FIELDS[s.field]) {
        sendFault(res, 400, 'MalformedQueryException', `Unknown sort field '${String(s.field)}'.`);
        return;
      }
    }
    const data = instanceData(res);
    const hits = cachedSearch(data, JSON.stringify([body.query, sorts]), () =>
      matching(data.products, predicate, sorts as Sort[]),
    );
    const expansions = expansionsOf(expand.data ?? []);
    const slice = hits.slice(start, start + count).map((p) => toOcapiProduct(p, data, expansions));
    const result = {
      _v: OCAPI_VERSION,
      _type: 'product_search_result',
      count: slice.length,
      hits: slice,
      // While more hits remain, the page that follows (OCAPI's result_page).
      ...(start + count < hits.length
        ? { next: { _type: 'result_page', count, start: start + count } }
        : {}),
      query: body.query,
      start,
      total: hits.length,
    };
    res.json(selection ? applySelection(result, selection) : result);
  });

  return router;
}
