import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  aeoConfigSchema,
  CONFIG_MESSAGES,
  configReferenceErrors,
  seoConfigSchema,
  translationConfigSchema,
} from './config';
import { saveAgentConfigInput } from './inputs';

const fieldErrors = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return z.flattenError(result.error).fieldErrors as Record<string, string[]>;
};

const translation = {
  type: 'translation',
  languages: ['de-DE'],
  fields: ['name', 'long_description'],
  filterBy: 'catalog',
  catalogIds: ['storefront-catalog'],
};

describe('translation config', () => {
  it('fills the defaults: the source locale, the model, empty scopes', () => {
    expect(translationConfigSchema.parse(translation)).toEqual({
      ...translation,
      provider: 'anthropic',
      sourceLocale: 'default',
      categoryIds: [],
      productIds: [],
    });
  });

  it('refuses no language, no field and a catalog filter without catalogs, each on its field', () => {
    expect(
      fieldErrors(translationConfigSchema, {
        ...translation,
        languages: [],
        fields: [],
        catalogIds: [],
      }),
    ).toEqual({
      languages: [CONFIG_MESSAGES.noLanguage],
      fields: [CONFIG_MESSAGES.noField],
      catalogIds: [CONFIG_MESSAGES.noCatalog],
    });
  });

  it('asks for product ids when filtering by product, and refuses the source as a target', () => {
    expect(
      fieldErrors(translationConfigSchema, {
        ...translation,
        filterBy: 'product',
        sourceLocale: 'de-DE',
      }),
    ).toEqual({
      productIds: [CONFIG_MESSAGES.noProduct],
      languages: [CONFIG_MESSAGES.sameAsSource],
    });
  });

  it('refuses a field agents do not work on, a malformed locale and an unknown product type', () => {
    const errors = fieldErrors(translationConfigSchema, {
      ...translation,
      fields: ['price'],
      languages: ['de_DE'],
      productTypes: ['variant'],
    });
    expect(Object.keys(errors).sort()).toEqual(['fields', 'languages', 'productTypes']);
  });
});

describe('seo config', () => {
  it('takes catalogs, the five SEO fields and languages', () => {
    const config = {
      type: 'seo',
      catalogIds: ['storefront-catalog'],
      fields: [
        'page_title',
        'page_description',
        'page_keywords',
        'short_description',
        'long_description',
      ],
      languages: ['default', 'fr-FR'],
    };
    expect(seoConfigSchema.parse(config)).toEqual({ ...config, provider: 'anthropic' });
  });

  it('refuses the name field (translation only) and empty selections', () => {
    expect(
      fieldErrors(seoConfigSchema, {
        type: 'seo',
        catalogIds: [],
        fields: ['name'],
        languages: [],
      }),
    ).toMatchObject({
      catalogIds: [CONFIG_MESSAGES.noCatalog],
      languages: [CONFIG_MESSAGES.noLanguage],
    });
    expect(
      fieldErrors(seoConfigSchema, {
        type: 'seo',
        catalogIds: ['c'],
        fields: [],
        languages: ['de-DE'],
      }),
    ).toEqual({
      fields: [CONFIG_MESSAGES.noField],
    });
  });
});

describe('aeo config', () => {
  const aeo = {
    type: 'aeo',
    brandName: 'Beacon Outfitters',
    brandDomain: 'Beacon-Outfitters.example ',
    brandType: 'retailer',
    persona: 'Weekend hikers in their thirties',
    personaConversationalStyle: 'Short questions, practical',
    topProducts: [{ productName: 'Linen Dress' }],
    topCategories: [{ name: 'Dresses' }],
    searchTerms: ['linen dress'],
    conversationStarters: ['What should I wear for'],
    catalogIds: ['storefront-catalog'],
    languages: ['en-US'],
  };

  it('normalizes the brand domain to a lower-case host name', () => {
    expect(aeoConfigSchema.parse(aeo).brandDomain).toBe('beacon-outfitters.example');
  });

  it('refuses a URL for the domain, an unknown brand type, a blank persona and empty list entries', () => {
    expect(
      fieldErrors(aeoConfigSchema, {
        ...aeo,
        brandDomain: 'https://beacon.example/shop',
        brandType: 'wholesaler',
        persona: '   ',
        searchTerms: ['linen', ' '],
      }),
    ).toMatchObject({
      brandDomain: [CONFIG_MESSAGES.brandDomain],
      persona: [CONFIG_MESSAGES.persona],
      searchTerms: [CONFIG_MESSAGES.empty],
    });
  });
});

describe('saving a config', () => {
  it("keys each error by the field's own name beside the env's ids", () => {
    expect(
      fieldErrors(saveAgentConfigInput, {
        orgId: 'o1',
        envId: 'e1',
        ...translation,
        languages: [],
        fields: [],
      }),
    ).toEqual({ languages: [CONFIG_MESSAGES.noLanguage], fields: [CONFIG_MESSAGES.noField] });
  });
});

describe('what the env must have (server and mocks alike)', () => {
  const parsed = translationConfigSchema.parse({
    ...translation,
    sourceLocale: 'en-US',
    categoryIds: ['boots', 'gone'],
  });
  const found = {
    locales: ['en-US', 'de-DE'],
    catalogs: ['storefront-catalog'],
    categories: ['boots'],
    products: [],
    promptFound: false,
  };

  it('names each missing catalog, category, locale and prompt by its field', () => {
    expect(configReferenceErrors(parsed, found)).toEqual({
      categoryIds: CONFIG_MESSAGES.unknownCategories(['gone']),
    });
    expect(
      configReferenceErrors({ ...parsed, languages: ['fr-FR'] }, { ...found, catalogs: [] }),
    ).toEqual({
      catalogIds: CONFIG_MESSAGES.unknownCatalogs(['storefront-catalog']),
      categoryIds: CONFIG_MESSAGES.unknownCategories(['gone']),
      languages: CONFIG_MESSAGES.unknownLanguages(['fr-FR']),
    });
  });

  it('checks the products, not the catalogs, of a translation filtered by product', () => {
    const byProduct = { ...parsed, filterBy: 'product' as const, productIds: ['p1', 'p2'] };
    expect(configReferenceErrors(byProduct, { ...found, catalogs: [], products: ['p1'] })).toEqual({
      productIds: CONFIG_MESSAGES.unknownProducts(['p2']),
    });
  });
});
