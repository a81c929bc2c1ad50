/**
 * The contract with Account Manager's own specs (issue 40, item 4): every field of every request
 * body Beacon sends to Account Manager, and of every answer part it reads, is walked through the
 * official specs (account-manager-v1.spec.json, the parts scripts/am-spec-subset.mjs copies from
 * SalesforceCommerceCloud/b2c-developer-tooling's am-apiclients-api-v1.yaml and am-users-api-v1.yaml).
 * A field the spec does not have fails, as does a request field the spec marks `readOnly`. The one
 * answer no spec covers (the Instances API's) is named below with where it is documented.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AM_PAGE_SIZE_MAX,
  AM_RATE_LIMIT_HEADERS,
  amApiClientCreateSchema,
  amApiClientSchema,
  amOrganizationSchema,
  amPageSchema,
  amPasswordChangeSchema,
  amUserSchema,
} from './account-manager';
import spec from './account-manager-v1.spec.json';

interface SpecSchema {
  $ref?: string;
  type?: string;
  readOnly?: boolean;
  properties?: Record<string, SpecSchema>;
  items?: SpecSchema;
  oneOf?: SpecSchema[];
  allOf?: SpecSchema[];
  minimum?: number;
  maximum?: number;
}
type Spec = { schemas: Record<string, SpecSchema>; paths: Record<string, unknown> };
const apiclients = spec.apiclients as unknown as Spec;
const users = spec.users as unknown as Spec;

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Walks a zod schema against a spec schema; the problems found, each with its path. */
function walk(
  schema: z.ZodType,
  property: SpecSchema,
  path: string,
  within: Spec,
  request: boolean,
): string[] {
  if (property.$ref) {
    const target = within.schemas[property.$ref.split('/').at(-1)!];
    if (!target) return [`${path}: the spec has no ${property.$ref}`];
    return walk(schema, target, path, within, request);
  }
  // `organizations` and `roles` are ids, or objects when expanded: Beacon reads the ids.
  if (property.oneOf) {
    const results = property.oneOf.map((option) => walk(schema, option, path, within, request));
    return results.find((r) => r.length === 0) ?? results[0]!;
  }
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
      return walk(def.innerType as z.ZodType, property, path, within, request);
    case 'array':
      if (property.type !== 'array' || !property.items)
        return [`${path}: an array where the spec has ${property.type}`];
      return walk(def.element as z.ZodType, property.items, `${path}[]`, within, request);
    case 'object': {
      if (property.type !== 'object' && !property.properties)
        return [`${path}: an object where the spec has ${property.type}`];
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.entries(shape).flatMap(([key, value]) => {
        const field = property.properties?.[key];
        if (!field) return [`${path}.${key}: not a field of the spec's document`];
        if (request && field.readOnly)
          return [`${path}.${key}: read only in the spec, sent by Beacon`];
        return walk(value, field, `${path}.${key}`, within, request);
      });
    }
    case 'string':
    case 'enum':
      return property.type === 'string'
        ? []
        : [`${path}: a string where the spec has ${property.type}`];
    case 'boolean':
      return property.type === 'boolean'
        ? []
        : [`${path}: a boolean where the spec has ${property.type}`];
    default:
      return [];
  }
}

const check = (
  schema: z.ZodType,
  name: string,
  { within = apiclients, request }: { within?: Spec; request: boolean },
) => walk(schema, { $ref: `#/components/schemas/${name}` }, name, within, request);

type Operation = {
  requestBody?: { content: { 'application/json': { schema: SpecSchema } } };
  responses: Record<string, { headers?: Record<string, unknown> }>;
};
const operation = (method: string, path: string) =>
  (apiclients.paths[path] as Record<string, Operation>)[method]!;

describe('Beacon and the Account Manager API specs', () => {
  it('sends only fields the spec has, and none it marks read only', () => {
    expect(check(amApiClientCreateSchema, 'APIClientCreate', { request: true })).toEqual([]);
    // The password change's body is written inline in its operation.
    const change = operation('put', '/dw/rest/v1/apiclients/{apiClientId}/password');
    expect(
      walk(
        amPasswordChangeSchema,
        change.requestBody!.content['application/json'].schema,
        'password',
        apiclients,
        true,
      ),
    ).toEqual([]);
  });

  it('sends what APIClientCreate requires, and its bounds', () => {
    const create = apiclients.schemas.APIClientCreate as SpecSchema & { required: string[] };
    const shape = amApiClientCreateSchema.shape;
    for (const field of create.required) {
      expect(shape[field as keyof typeof shape].safeParse(undefined).success).toBe(false);
    }
    expect(shape.password.safeParse('x'.repeat(11)).success).toBe(false);
    expect(shape.password.safeParse('x'.repeat(129)).success).toBe(false);
  });

  it('reads only fields the spec has', () => {
    expect(check(amApiClientSchema, 'APIClientRead', { request: false })).toEqual([]);
    expect(
      check(amPageSchema(amApiClientSchema), 'APIClientCollection', { request: false }),
    ).toEqual([]);
    expect(check(amOrganizationSchema, 'Organization', { request: false })).toEqual([]);
    expect(check(amUserSchema, 'UserRead', { within: users, request: false })).toEqual([]);
    // The Instances API has no spec in the repository: its fields are the B2C Commerce guide's
    // (Use the Instances API; ADR 0036), and not walked here.
  });

  it('pages within Pageable, sent flat as page and size', () => {
    const pageable = apiclients.schemas.Pageable!;
    expect(pageable.properties?.page?.minimum).toBe(0);
    expect(pageable.properties?.size).toMatchObject({ minimum: 1, maximum: AM_PAGE_SIZE_MAX });
    const list = (apiclients.paths['/dw/rest/v1/apiclients'] as Record<string, unknown>).get as {
      parameters: { name: string; schema: SpecSchema }[];
    };
    expect(list.parameters.map((p) => p.schema.$ref)).toEqual(['#/components/schemas/Pageable']);
    // A collection says nothing of its total: the last page is the short one.
    expect(Object.keys(apiclients.schemas.APIClientCollection!.properties!)).toEqual(['content']);
  });

  it('reads the rate-limit headers every answer of the operations Beacon calls documents', () => {
    const names = Object.values(AM_RATE_LIMIT_HEADERS).sort();
    for (const [path, methods] of Object.entries(apiclients.paths)) {
      for (const [method, found] of Object.entries(methods as Record<string, Operation>)) {
        const ok = Object.entries(found.responses).find(([status]) => /^2/.test(status));
        expect(
          Object.keys(ok?.[1].headers ?? {})
            .filter((h) => h.startsWith('X-RateLimit-'))
            .sort(),
          `${method} ${path}`,
        ).toEqual(names);
      }
    }
    expect(Object.keys(spec.apiclients.headers).sort()).toEqual(names);
  });

  it('fails a field the spec does not have, and a read-only one sent', () => {
    const invented = z.strictObject({ name: z.string(), nickname: z.string() });
    expect(check(invented, 'APIClientCreate', { request: true })).toEqual([
      "APIClientCreate.nickname: not a field of the spec's document",
    ]);
    const withId = z.strictObject({ id: z.string() });
    expect(check(withId, 'APIClientRead', { request: true })).toEqual([
      'APIClientRead.id: read only in the spec, sent by Beacon',
    ]);
    const paged = z.object({ content: z.array(amApiClientSchema), totalPages: z.number() });
    expect(check(paged, 'APIClientCollection', { request: false })).toEqual([
      "APIClientCollection.totalPages: not a field of the spec's document",
    ]);
  });
});
