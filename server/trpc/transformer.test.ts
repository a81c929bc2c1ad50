import fc from 'fast-check';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { serializeOutput } from './transformer';

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
