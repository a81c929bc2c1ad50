/**
 * The contract with OCAPI's own spec (issue 40): every field of every request document Beacon can
 * send, and of every answer part it reads, is walked through the official Data API spec
 * (ocapi-data-25.6.spec.json, the schemas Beacon uses as scripts/ocapi-spec-subset.mjs copies them from
 * SalesforceCommerceCloud/b2c-developer-tooling). A field the spec does not have fails, as does a
 * request field the spec marks read only. The few fields documented outside the spec are named below
 * with where they are documented.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import spec from './ocapi-data-25.6.spec.json';
import {
  attributeDefinitionSchema,
  CONTENT_BODY_ATTRIBUTE,
  catalogSchema,
  categorySchema,
  contentAssetPutSchema,
  contentAssetSchema,
  faultSchema,
  OCAPI_DOCUMENT_VERSION,
  productPatchSchema,
  productSchema,
  productSearchRequestSchema,
  productSearchResultSchema,
  siteSchema,
} from './ocapi';

interface SpecSchema {
  properties?: Record<string, SpecProperty>;
  description?: string;
}
interface SpecProperty {
  $ref?: string;
  type?: string;
  description?: string;
  items?: SpecProperty;
  additionalProperties?: SpecProperty | boolean;
  /** An object the spec writes inline (the fault's `fault`). */
  properties?: Record<string, SpecProperty>;
}

const schemas = spec.schemas as Record<string, SpecSchema>;

/**
 * Fields OCAPI documents outside the Data spec's schemas: `_resource_state` and `_v` on every
 * document ("Resource state" and "Versioning" in the OCAPI guide; ADR 0042).
 */
const DOCUMENTED_ELSEWHERE = new Set(['_resource_state', '_v']);

/** `query` and `filter` are unions the spec describes in prose: a document holds one of these. */
const UNIONS: Record<string, readonly string[]> = {
  query: ['match_all_query', 'term_query', 'text_query', 'bool_query', 'filtered_query'],
  filter: ['range_filter', 'term_filter', 'bool_filter'],
};

const refName = (ref: string) => ref.split('/').at(-1)!;
const readOnly = (property: SpecProperty) => /\(read only\)/i.test(property.description ?? '');

type Def = { type: string } & Record<string, unknown>;
type Options = { request: boolean; seen: WeakMap<object, Set<string>> };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Walks a zod schema against a spec property; returns the problems found, each with its path. */
function walk(schema: z.ZodType, property: SpecProperty, path: string, options: Options): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return walk(def.innerType as z.ZodType, property, path, options);
    case 'pipe':
      return walk(def.in as z.ZodType, property, path, options);
    case 'lazy': {
      // Queries nest queries: a recursive schema is walked once per spec property it meets.
      const key = property.$ref ?? property.type ?? '';
      const seen = options.seen.get(schema) ?? new Set<string>();
      if (seen.has(key)) return [];
      options.seen.set(schema, seen.add(key));
      return walk((def.getter as () => z.ZodType)(), property, path, options);
    }
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) =>
        walk(option, property, path, options),
      );
    case 'array': {
      if (property.type !== 'array' || !property.items)
        return [`${path}: an array where the spec has ${property.type ?? property.$ref}`];
      return walk(def.element as z.ZodType, property.items, `${path}[]`, options);
    }
    case 'record': {
      const value = property.additionalProperties;
      if (typeof value !== 'object')
        return [`${path}: a localized map where the spec has ${property.type ?? property.$ref}`];
      return walk(def.valueType as z.ZodType, value, `${path}.<locale>`, options);
    }
    case 'object': {
      if (property.$ref) return walkObject(schema, refName(property.$ref), path, options);
      if (property.properties) return walkShape(schema, property, 'object', path, options);
      return [`${path}: an object where the spec has ${property.type}`];
    }
    default:
      return [];
  }
}

function walkObject(schema: z.ZodType, name: string, path: string, options: Options): string[] {
  const shape = defOf(schema).shape as Record<string, z.ZodType>;
  const union = UNIONS[name];
  if (union) {
    // One key, naming which kind of query or filter it is.
    return Object.entries(shape).flatMap(([key, value]) =>
      union.includes(key)
        ? walk(value, { $ref: `#/components/schemas/${key}` }, `${path}.${key}`, options)
        : [`${path}.${key}: not a kind of ${name} the spec documents`],
    );
  }
  const specSchema = schemas[name];
  if (!specSchema) return [`${path}: the spec has no schema ${name}`];
  return walkShape(schema, specSchema, name, path, options);
}

function walkShape(
  schema: z.ZodType,
  specSchema: SpecSchema,
  name: string,
  path: string,
  options: Options,
): string[] {
  const shape = defOf(schema).shape as Record<string, z.ZodType>;
  return Object.entries(shape).flatMap(([key, value]) => {
    if (DOCUMENTED_ELSEWHERE.has(key)) return [];
    const property = specSchema.properties?.[key];
    if (!property) return [`${path}.${key}: not a field of ${name} in the spec`];
    if (options.request && readOnly(property))
      return [`${path}.${key}: read only in the spec, sent by Beacon`];
    return walk(value, property, `${path}.${key}`, options);
  });
}

const check = (schema: z.ZodType, name: string, { request }: { request: boolean }) =>
  walkObject(schema, name, name, { request, seen: new WeakMap() });

describe('Beacon and the OCAPI Data spec', () => {
  it('is the spec of the version Beacon speaks', () => {
    expect(spec.version).toBe(OCAPI_DOCUMENT_VERSION);
  });

  it('sends only fields the spec has, and none it marks read only', () => {
    expect(check(productPatchSchema, 'product', { request: true })).toEqual([]);
    expect(check(productSearchRequestSchema, 'search_request', { request: true })).toEqual([]);
    expect(check(contentAssetPutSchema, 'content_asset', { request: true })).toEqual([]);
  });

  it('reads only fields the spec has', () => {
    expect(check(productSchema, 'product', { request: false })).toEqual([]);
    expect(check(productSearchResultSchema, 'product_search_result', { request: false })).toEqual(
      [],
    );
    expect(check(contentAssetSchema, 'content_asset', { request: false })).toEqual([]);
    expect(check(catalogSchema, 'catalog', { request: false })).toEqual([]);
    expect(check(categorySchema, 'category', { request: false })).toEqual([]);
    expect(check(siteSchema, 'site', { request: false })).toEqual([]);
    expect(check(faultSchema, 'fault', { request: false })).toEqual([]);
    expect(
      check(attributeDefinitionSchema, 'object_attribute_definition', { request: false }),
    ).toEqual([]);
  });

  it('checks an attribute the content asset document has', () => {
    // The definition Beacon reads before the first publish is the one of the field it writes.
    const { objectType, id, effectiveId } = CONTENT_BODY_ATTRIBUTE;
    expect(objectType).toBe('Content');
    expect(effectiveId).toBe(`c_${id}`);
    expect(schemas.content_asset?.properties?.[effectiveId]).toBeDefined();
    expect(contentAssetPutSchema.shape).toHaveProperty(effectiveId);
  });

  it('fails a field the spec does not have, and a read-only one sent', async () => {
    const { z } = await import('zod');
    const invented = z.strictObject({ _resource_state: z.string(), last_touched: z.string() });
    expect(check(invented, 'product', { request: true })).toEqual([
      'product.last_touched: not a field of product in the spec',
    ]);
    const markup = z.strictObject({
      long_description: z.record(z.string(), z.strictObject({ markup: z.string() })),
    });
    expect(check(markup, 'product', { request: true })).toEqual([
      'product.long_description.<locale>.markup: read only in the spec, sent by Beacon',
    ]);
    const search = z.strictObject({ query: z.strictObject({ nested_query: z.strictObject({}) }) });
    expect(check(search, 'search_request', { request: true })).toEqual([
      'search_request.query.nested_query: not a kind of query the spec documents',
    ]);
  });
});
