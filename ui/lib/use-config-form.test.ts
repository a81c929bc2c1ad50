import { describe, expect, it } from 'vitest';
import { canonicalConfig, sameConfig } from './use-config-form';

describe('sameConfig', () => {
  const seo = {
    type: 'seo',
    provider: 'anthropic',
    catalogIds: ['acme-storefront'],
    fields: ['page_title'],
    languages: ['de-DE'],
  };

  it('ignores key order and how "nothing" is spelled', () => {
    expect(sameConfig(seo, { ...seo, promptId: null })).toBe(true);
    expect(sameConfig(seo, { promptId: undefined, ...seo })).toBe(true);
    expect(sameConfig({ ...seo, productTypes: [] }, seo)).toBe(true);
    expect(canonicalConfig({ b: 1, a: [{ d: null, c: 2 }] })).toEqual({ a: [{ c: 2 }], b: 1 });
  });

  it('sees a changed value, a changed order of a list, or an added entry', () => {
    expect(sameConfig(seo, { ...seo, languages: ['de-DE', 'fr-FR'] })).toBe(false);
    expect(
      sameConfig(
        { ...seo, languages: ['fr-FR', 'de-DE'] },
        { ...seo, languages: ['de-DE', 'fr-FR'] },
      ),
    ).toBe(false);
    expect(sameConfig(seo, { ...seo, promptId: 'prompt_1' })).toBe(false);
  });
});
