import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPrng } from '~/simulators/b2c/prng';
import { generateFromSchema, type JsonSchema, schemaBreakingValue } from './json-schema';

const strings = (path: readonly string[], index: number) => `${path.join('.')}#${index}`;

const proposal = z.object({
  productId: z.string().min(3),
  locale: z.enum(['fr-FR', 'de-DE']),
  fields: z
    .array(
      z.object({
        field: z.literal('page_title'),
        value: z.string().max(12),
        confidence: z.number().min(0).max(1),
        note: z.string().nullable(),
      }),
    )
    .min(2)
    .max(4),
  sources: z.array(z.url()).optional(),
  reviewedAt: z.iso.datetime(),
  priority: z.int().min(1).max(5),
  online: z.boolean(),
  alternative: z.union([z.string(), z.number()]),
});

describe('generateFromSchema', () => {
  it('builds values that satisfy the schema a zod schema becomes', () => {
    const schema = z.toJSONSchema(proposal) as JsonSchema;
    for (let seed = 1; seed <= 50; seed += 1) {
      const value = generateFromSchema(schema, { prng: createPrng(seed), strings });
      expect(proposal.safeParse(value).error).toBeUndefined();
    }
  });

  it('follows $ref into $defs, and reads Google’s upper-case types', () => {
    const schema: JsonSchema = {
      type: 'OBJECT',
      properties: { item: { $ref: '#/$defs/item' } },
      $defs: { item: { type: 'object', properties: { name: { type: 'STRING' } } } },
    };
    expect(generateFromSchema(schema, { prng: createPrng(1), strings })).toEqual({
      item: { name: 'item.name#0' },
    });
  });

  it('breaks a schema on purpose when asked: required fields go missing', () => {
    const schema = z.toJSONSchema(proposal) as JsonSchema;
    const value = schemaBreakingValue(schema, { prng: createPrng(3), strings });
    expect(proposal.safeParse(value).success).toBe(false);
  });
});
