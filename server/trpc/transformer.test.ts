import fc from 'fast-check';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { deserializeInput, serializeOutput } from './transformer';

/** What goes on the wire for a value: tRPC JSON.stringifies the transformer's answer. */
const wire = (serialized: unknown) => JSON.stringify(serialized);

/** The bytes a serializer puts on the wire, or the error it throws. */
function outcome(serialize: (value: unknown) => unknown, value: unknown) {
  try {
    return { wire: wire(serialize(value)) };
  } catch (error) {
    return { threw: (error as Error).message };
  }
}

/** Values of every kind superjson knows, nested, with shared references and null-prototype objects. */
const anyValue = fc.anything({
  values: [
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(-0, Number.NaN, Number.POSITIVE_INFINITY),
    fc.string(),
    fc.constant(null),
    fc.constant(undefined),
  ],
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
  maxDepth: 4,
});

/** What JSON.parse gives (so no -0), without the keys superjson refuses. */
const plainJson = fc
  .jsonValue()
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown)
  .filter((value) => !/"(__proto__|constructor|prototype)":/.test(JSON.stringify(value)));

/** JSON text that parses to objects superjson refuses (an own `__proto__` key). */
const pollutingJson = fc.constantFrom(
  '{"__proto__":{"admin":true}}',
  '{"a":[{"constructor":1}]}',
  '{"prototype":null}',
);

describe('serializeOutput', () => {
  it('puts the same bytes on the wire as superjson, for values of every kind', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        expect(outcome(serializeOutput, value)).toEqual(outcome(superjson.serialize, value));
      }),
      { numRuns: 2000 },
    );
  });

  it('sends plain JSON as it is, without superjson copying it', () => {
    fc.assert(
      fc.property(plainJson, (value) => {
        const out = serializeOutput(value);
        expect(out.json).toBe(value);
        expect(out).not.toHaveProperty('meta');
      }),
      { numRuns: 500 },
    );
  });

  it('leaves to superjson what JSON cannot carry', () => {
    const when = new Date('2026-11-24T10:00:00.000Z');
    const shared = { id: 'env_acme_prod' };
    for (const value of [
      { expires: when },
      { maybe: undefined },
      { balance: -0 },
      [1, Number.NaN, -0, Number.POSITIVE_INFINITY],
      { roles: new Set(['owner']) },
      { a: shared, b: shared },
      10n,
    ]) {
      const out = serializeOutput(value);
      expect(out).toHaveProperty('meta');
      expect(out).toEqual(superjson.serialize(value));
    }
    expect(superjson.deserialize(JSON.parse(wire(serializeOutput({ expires: when }))))).toEqual({
      expires: when,
    });
  });

  it('refuses prototype-polluting keys exactly as superjson does', () => {
    fc.assert(
      fc.property(pollutingJson, (text) => {
        const value: unknown = JSON.parse(text);
        expect(() => superjson.serialize(value)).toThrow(/prototype pollution/);
        expect(() => serializeOutput(value)).toThrow(/prototype pollution/);
      }),
    );
  });

  it('answers a cycle as superjson does instead of looping', () => {
    const node: Record<string, unknown> = { id: 'a' };
    node.self = node;
    expect(serializeOutput(node)).toEqual(superjson.serialize(node));
  });
});

/** An input as tRPC reads it off the wire: JSON text a superjson client wrote, parsed. */
const fromWire = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(superjson.serialize(value)));

/** superjson's answer for a payload, or the error it throws. */
function read(deserialize: (payload: unknown) => unknown, payload: unknown) {
  try {
    return { value: deserialize(payload) };
  } catch (error) {
    return { threw: (error as Error).message };
  }
}

describe('deserializeInput', () => {
  it('reads every input as superjson does, meta or not', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        let payload: unknown;
        try {
          payload = fromWire(value);
        } catch {
          return; // superjson cannot write it (a cycle of boxed values …): no client sends it
        }
        const ours = read(deserializeInput, payload);
        const theirs = read(
          (p) => superjson.deserialize(p as never),
          JSON.parse(JSON.stringify(payload)),
        );
        expect(ours).toEqual(theirs);
      }),
      { numRuns: 2000 },
    );
  });

  it('uses a plain-JSON input without meta as it is, without superjson copying it', () => {
    fc.assert(
      fc.property(plainJson, (json) => {
        const payload = { json };
        expect(deserializeInput(payload)).toBe(json);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves keys superjson drops to superjson', () => {
    const payload = JSON.parse('{"json":{"__proto__":{"isSuperUser":true},"orgId":"org_acme"}}');
    // JSON.parse makes `__proto__` an own key; superjson's copy drops it, and so must this.
    expect(Object.keys(payload.json)).toEqual(['__proto__', 'orgId']);
    expect(deserializeInput(payload)).toEqual(superjson.deserialize(payload));
    expect(Object.keys(deserializeInput(payload) as object)).toEqual(['orgId']);
  });

  it('reads an input nested deeper than any real one without overflowing the stack', () => {
    // 50,000 nested arrays: about 100 KB of JSON, what a request body may carry.
    const depth = 50_000;
    const payload = JSON.parse(`{"json":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    let value = deserializeInput(payload);
    let levels = 0;
    while (Array.isArray(value) && value.length > 0) {
      value = value[0];
      levels++;
    }
    expect(levels).toBe(depth - 1);
    expect(value).toEqual([]);
  });

  it('answers deep plain JSON as superjson does', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 150; i++) deep = { next: deep };
    expect(serializeOutput(deep)).toEqual(superjson.serialize(deep));
    expect(deserializeInput({ json: deep })).toEqual(deep);
  });

  it("answers payloads that are not superjson's shape as superjson does", () => {
    for (const payload of [
      {},
      { orgId: 'org_acme' },
      { json: null },
      { json: -0 },
      [1, 2],
      'x',
      7,
    ]) {
      expect(read(deserializeInput, payload)).toEqual(
        read((p) => superjson.deserialize(p as never), payload),
      );
    }
  });
});
