import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JsonSchema } from './json-schema';
import { answer, type SimRequest, targetLanguage, translatePhrase } from './answers';

const request = (prompt: string, extra: Partial<SimRequest> = {}): SimRequest => ({
  vendor: 'anthropic',
  model: 'test',
  system: '',
  prompt,
  raw: { prompt, ...extra },
  tools: [],
  toolResults: [],
  ...extra,
});

describe('translations use the catalogue’s words', () => {
  it('puts a product name in the target language’s word order', () => {
    expect(translatePhrase('Classic Cotton Shirt - Navy', 'fr')).toBe(
      'Chemise en coton classique marine',
    );
    expect(translatePhrase('Classic Cotton Shirt - Navy', 'de')).toBe(
      'Hemd Klassisch aus Baumwolle in Marineblau',
    );
    expect(translatePhrase('Womens Accessories', 'de')).toBe('Damen Accessoires');
  });

  it('translates the catalogue’s own descriptions, keeping their markup', () => {
    expect(translatePhrase('<p>A relaxed dress in soft linen.</p>', 'de')).toBe(
      '<p>Kleid aus weicher Leinen.</p>',
    );
    expect(
      translatePhrase(
        'Shop the Modern Wool Throw at Beacon Outfitters. Free returns within 30 days.',
        'fr',
      ),
    ).toBe(
      'Achetez Plaid en laine moderne chez Beacon Outfitters. Retours gratuits sous 30 jours.',
    );
  });

  it('takes the locale the text is translated into, not the one it is from', () => {
    expect(targetLanguage('Translate from fr-FR into de-DE')).toBe('de');
    expect(targetLanguage('Translate from en-US to French')).toBe('fr');
    expect(targetLanguage('Which shirt?')).toBeNull();
  });

  it('fills a structured translation with field names and translated values', () => {
    const schema = z.toJSONSchema(
      z.object({
        locale: z.string(),
        translations: z
          .array(z.object({ field: z.string(), value: z.string() }))
          .min(2)
          .max(2),
      }),
    ) as JsonSchema;
    const a = answer(
      request(
        'Translate these product fields into fr-FR:\nname: Relaxed Linen Dress\nshort_description: A relaxed dress in soft linen.',
        {
          schema,
        },
      ),
    );
    expect(a.kind === 'text' && JSON.parse(a.text)).toEqual({
      locale: 'fr-FR',
      translations: [
        { field: 'name', value: 'Robe en lin décontracté' },
        { field: 'short_description', value: 'Robe décontracté en lin doux.' },
      ],
    });
  });
});

describe("Beacon's agents' structured requests", () => {
  const schema = (fields: string[]) =>
    z.toJSONSchema(
      z.object({
        language: z.string(),
        values: z.object(
          Object.fromEntries(
            fields.map((f) => [f, z.object({ value: z.string(), reasoning: z.string() })]),
          ),
        ),
      }),
    ) as JsonSchema;
  const parsed = (prompt: string, system: string, fields: string[]) => {
    const a = answer(request(prompt, { system, schema: schema(fields) }));
    if (a.kind !== 'text') throw new Error('expected text');
    return JSON.parse(a.text) as { language: string; values: Record<string, { value: string }> };
  };

  it('translates each JSON-encoded field line into its own field, markup kept', () => {
    const out = parsed(
      [
        'Translate the fields of product P1 from the default locale into de-DE.',
        '<product_data>',
        'name: "Classic Linen Dress"',
        'long_description: "\\u003cp>A relaxed dress in soft linen.\\u003c/p>"',
        '</product_data>',
      ].join('\n'),
      "You are Beacon's Localization Manager, translating product content.",
      ['name', 'long_description'],
    );
    expect(out.language).toBe('de-DE');
    expect(out.values.name?.value).toBe('Kleid Klassisch aus Leinen');
    expect(out.values.long_description?.value).toBe('<p>Kleid aus weicher Leinen.</p>');
  });

  it('writes SEO fields for the locale asked, and AEO descriptions with an FAQ', () => {
    const data = ['<product_data>', 'name: "Classic Linen Dress"', '</product_data>'].join('\n');
    const seo = parsed(
      `Write the SEO fields (page_title, page_keywords) of product P1 for fr-FR.\n${data}`,
      "You are Beacon's SEO Specialist.",
      ['page_title', 'page_keywords'],
    );
    expect(seo.values.page_title?.value).toBe(
      'Robe en lin classique | Beacon Outfitters boutique en ligne',
    );
    expect(seo.values.page_keywords?.value).toContain('beacon outfitters');
    const aeo = parsed(
      `Rewrite the descriptions of product P1 for AI assistants, in en-US.\n${data}`,
      "You are Beacon's AEO Specialist.",
      ['long_description'],
    );
    expect(aeo.values.long_description?.value).toContain('<h3>FAQ</h3>');
  });
});
