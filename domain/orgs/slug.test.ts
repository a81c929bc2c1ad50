import { describe, expect, it } from 'vitest';
import { SLUG_MAX_LENGTH, slugSchema, suggestSlug } from './slug';

describe('suggestSlug', () => {
  it.each([
    ['Acme Outfitters', 'acme-outfitters'],
    ['EU Staging', 'eu-staging'],
    ['  Globex -- Goods!  ', 'globex-goods'],
    ['Ümlaut Étoile & Co.', 'umlaut-etoile-co'],
    ['Café Crème', 'cafe-creme'],
    ['Straße Øresund Łódź', 'strasse-oresund-lodz'],
    ['Prod_2 (EU)', 'prod-2-eu'],
    ['ACME', 'acme'],
    ['---', ''],
    ['日本', ''],
    ['', ''],
  ])('%j → %j', (name, slug) => {
    expect(suggestSlug(name)).toBe(slug);
  });

  it('cuts at the maximum length without leaving a trailing hyphen', () => {
    const name = `${'a'.repeat(SLUG_MAX_LENGTH - 1)} bcd`;
    expect(suggestSlug(name)).toBe('a'.repeat(SLUG_MAX_LENGTH - 1));
    expect(suggestSlug('x'.repeat(100))).toHaveLength(SLUG_MAX_LENGTH);
  });

  it('suggests only what slugSchema accepts (when it suggests at least two characters)', () => {
    const names = [
      'Acme Outfitters',
      'Ümlaut Étoile & Co.',
      'a-'.repeat(60),
      'Prod_2 (EU)',
      'x'.repeat(99),
    ];
    for (const name of names) {
      expect(slugSchema.safeParse(suggestSlug(name)).success, name).toBe(true);
    }
  });
});
