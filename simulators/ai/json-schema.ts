/**
 * A small JSON-schema-driven value generator: given the schema a request asks the model to answer
 * in, it builds a value that satisfies it, asking `strings` for each text field by its property path
 * so answers read like the task (a translation, an SEO title, a cited URL). It covers what the SDKs
 * send: object/array/scalar types (also Google's upper-case ones), enum, const, anyOf/oneOf/allOf,
 * $ref into $defs/definitions, nullable, length, item and number bounds, and common formats.
 */
import type { Prng } from '~/simulators/b2c/prng';

export type JsonSchema = Record<string, unknown>;

export interface StringSource {
  /** A string for a field; `path` ends with the property name (or the array index's parent name). */
  (path: readonly string[], index: number): string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function resolveRef(ref: string, root: JsonSchema): JsonSchema {
  if (ref === '#') return root;
  const parts = ref.replace(/^#\//, '').split('/');
  let node: unknown = root;
  for (const part of parts) {
    node = isRecord(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return isRecord(node) ? node : {};
}

function typesOf(schema: JsonSchema): string[] {
  const t = schema.type;
  const list = Array.isArray(t) ? t : typeof t === 'string' ? [t] : [];
  return list.map((x) => String(x).toLowerCase());
}

function fitLength(text: string, schema: JsonSchema): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  let out = text;
  if (out.length > max) out = out.slice(0, max).trimEnd();
  while (out.length < min)
    out += out.length === 0 ? 'x' : ` ${text || 'x'}`.slice(0, min - out.length);
  return out.slice(0, max === Infinity ? undefined : max);
}

function formatted(format: string, prng: Prng, fallback: string): string {
  switch (format) {
    case 'uri':
    case 'url':
    case 'iri':
      return fallback.startsWith('http') ? fallback : 'https://www.beacon-outfitters.example/';
    case 'email':
      return 'merchandising@beacon-outfitters.example';
    case 'date-time':
      return new Date(Date.UTC(2026, 0, 1) + prng.int(0, 300) * 86_400_000).toISOString();
    case 'date':
      return new Date(Date.UTC(2026, 0, 1) + prng.int(0, 300) * 86_400_000)
        .toISOString()
        .slice(0, 10);
    case 'uuid':
      return prng.uuid();
    default:
      return fallback;
  }
}

export interface GenerateOptions {
  prng: Prng;
  strings: StringSource;
}

/** A value satisfying `schema` (as far as this generator understands schemas). */
export function generateFromSchema(schema: JsonSchema, options: GenerateOptions): unknown {
  const counters = new Map<string, number>();
  const nextIndex = (path: readonly string[]) => {
    const key = path.join('.');
    const n = counters.get(key) ?? 0;
    counters.set(key, n + 1);
    return n;
  };
  const visit = (node: JsonSchema, path: string[], depth: number): unknown => {
    if (typeof node.$ref === 'string') return visit(resolveRef(node.$ref, schema), path, depth);
    if ('const' in node) return node.const;
    if (Array.isArray(node.enum) && node.enum.length > 0) {
      return node.enum[options.prng.int(0, node.enum.length - 1)];
    }
    const alternatives = (node.anyOf ?? node.oneOf) as JsonSchema[] | undefined;
    if (Array.isArray(alternatives) && alternatives.length > 0) {
      const nonNull = alternatives.filter(
        (a) => !typesOf(a).includes('null') || typesOf(a).length > 1,
      );
      return visit(nonNull[0] ?? alternatives[0] ?? {}, path, depth);
    }
    if (Array.isArray(node.allOf) && node.allOf.length > 0) {
      const merged: JsonSchema = {};
      for (const part of node.allOf as JsonSchema[]) {
        const resolved = typeof part.$ref === 'string' ? resolveRef(part.$ref, schema) : part;
        Object.assign(merged, resolved, {
          properties: { ...(merged.properties as object), ...(resolved.properties as object) },
          required: [
            ...((merged.required as string[]) ?? []),
            ...((resolved.required as string[]) ?? []),
          ],
        });
      }
      return visit(merged, path, depth);
    }
    const types = typesOf(node).filter((t) => t !== 'null');
    const type =
      types[0] ??
      (isRecord(node.properties)
        ? 'object'
        : node.items
          ? 'array'
          : (typesOf(node)[0] ?? 'string'));
    switch (type) {
      case 'object': {
        const props = isRecord(node.properties) ? node.properties : {};
        const out: Record<string, unknown> = {};
        for (const [key, child] of Object.entries(props)) {
          if (!isRecord(child)) continue;
          out[key] = visit(child, [...path, key], depth + 1);
        }
        return out;
      }
      case 'array': {
        const items = isRecord(node.items) ? node.items : {};
        const min = typeof node.minItems === 'number' ? node.minItems : 1;
        const max = typeof node.maxItems === 'number' ? node.maxItems : Math.max(min, 3);
        const count =
          depth > 6 ? min : options.prng.int(min, Math.max(min, Math.min(max, min + 2)));
        return Array.from({ length: count }, () => visit(items, path, depth + 1));
      }
      case 'integer':
      case 'number': {
        const min = typeof node.minimum === 'number' ? node.minimum : 0;
        const max = typeof node.maximum === 'number' ? node.maximum : Math.max(min, 100);
        const value = min + options.prng.next() * (max - min);
        return type === 'integer'
          ? Math.ceil(Math.min(max, Math.max(min, Math.round(value))))
          : Math.round(value * 100) / 100;
      }
      case 'boolean':
        return options.prng.chance(0.5);
      default: {
        const text = options.strings(path, nextIndex(path));
        const withFormat =
          typeof node.format === 'string' ? formatted(node.format, options.prng, text) : text;
        return fitLength(withFormat, node);
      }
    }
  };
  return visit(schema, [], 0);
}

/**
 * An answer that parses as JSON but breaks the schema: its required fields are missing (or, with
 * none required, the wrong type at the top). For the simulator's "schema-failing answer" fault.
 */
export function schemaBreakingValue(schema: JsonSchema, options: GenerateOptions): unknown {
  const valid = generateFromSchema(schema, options);
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  if (isRecord(valid) && required.length > 0) {
    const out = { ...valid };
    for (const key of required) delete out[key];
    out.note = 'fields omitted';
    return out;
  }
  return isRecord(valid) ? ['not', 'an', 'object'] : { unexpected: valid };
}
