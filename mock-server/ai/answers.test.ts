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
