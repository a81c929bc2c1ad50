/**
 * The server's tRPC transformer: superjson, with a fast path for answers that are plain JSON.
 *
 * superjson walks every answer to find what JSON cannot carry (dates, maps, undefined, NaN, shared
 * references …) and, for a tree with none of those, answers `{ json: <a copy of it> }`: a new object
 * and a path array per node for nothing. Most answers (org, env lists, members) are such trees, so this
 * checks first: a walk that allocates only the set of objects it has visited. When the tree is plain
 * JSON the value itself is sent as `{ json: value }`, which JSON.stringify writes byte for byte as it
 * would superjson's copy; anything else goes to superjson unchanged (so the client, which reads with
 * superjson, cannot tell). Inputs come the other way: superjson reads `{ json, meta }` by copying `json`
 * (so a caller's object is never changed) and applying `meta`. tRPC hands it a tree it has just parsed
 * and keeps no other reference to, so an input with no `meta` that is plain JSON is used as it is; any
 * other input (meta, a prototype key, or a tree deeper than MAX_DEPTH) is read by superjson.
 * The equivalence is tested against superjson itself with generated values (transformer.test.ts).
 */
import type { CombinedDataTransformer } from '@trpc/server';
import superjson from 'superjson';

/**
 * Keys superjson guards against (prototype pollution): its serialize throws on them, and its deserialize
 * drops an own `__proto__` while copying. Trees with them go to superjson, which does as before.
 */
const REFUSED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Deeper trees go to superjson. This walk recurses, and an input is anyone's JSON: 50,000 nested arrays
 * fit in a request body and would overflow the stack here (tRPC then answers with the RangeError's
 * message), where superjson's copy walks a list and zod refuses the input with its field errors. Real
 * inputs and answers are a few levels deep.
 */
const MAX_DEPTH = 100;

/** True when superjson would send `value` as it is, with no meta: plain JSON, no object twice. */
function isPlainJson(value: unknown, seen: Set<object>, depth = 0): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      // NaN, ±Infinity and -0 are annotated by superjson.
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (depth >= MAX_DEPTH) return false;
      // A second sighting is a shared reference or a cycle, which superjson records in its meta.
      if (seen.has(value)) return false;
      seen.add(value);
      if (Array.isArray(value)) {
        // Holes read as undefined, which superjson annotates: those arrays take the slow path too.
        for (let i = 0; i < value.length; i++) {
          if (!isPlainJson(value[i], seen, depth + 1)) return false;
        }
        return true;
      }
      const proto: unknown = Object.getPrototypeOf(value);
      // Dates, maps, sets, errors, URLs, typed arrays and class instances have other prototypes.
      if ((proto !== Object.prototype && proto !== null) || value === Object.prototype)
        return false;
      for (const key in value) {
        if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
        if (REFUSED_KEYS.has(key)) return false;
        if (!isPlainJson((value as Record<string, unknown>)[key], seen, depth + 1)) return false;
      }
      return true;
    }
    default:
      // undefined, bigint, symbol, function.
      return false;
  }
}

/** superjson's serialize, without its walk when the value is plain JSON. */
export function serializeOutput(value: unknown): { json: unknown; meta?: unknown } {
  return isPlainJson(value, new Set()) ? { json: value } : superjson.serialize(value);
}

/** superjson's deserialize, without its copy when the payload carries no meta and is plain JSON. */
export function deserializeInput(payload: unknown): unknown {
  if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
    const { json, meta } = payload as { json?: unknown; meta?: unknown };
    if (meta === undefined && isPlainJson(json, new Set())) return json;
  }
  return superjson.deserialize(payload as Parameters<typeof superjson.deserialize>[0]);
}

export const transformer: CombinedDataTransformer = {
  input: { serialize: superjson.serialize, deserialize: deserializeInput },
  output: { serialize: serializeOutput, deserialize: superjson.deserialize },
};
