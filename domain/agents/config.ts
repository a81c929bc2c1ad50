/**
 * What each agent is told to do, per env (docs/product.md#agents): the spec's shapes, validated here
 * for the server, the forms and the mocks alike. Shape errors are zod's (one message per field); what
 * needs the env's data (catalogs it has, languages it has) is checked by the server with the same
 * field names (`configFieldErrors` in server/agents/scope.ts).
 */
import { z } from 'zod/mini';
import { AI_PROVIDERS, type AiProvider } from '~/domain/ai/models';
import { PRODUCT_FIELDS, type ProductField } from '~/domain/products/entities';
import { productLanguage } from '~/domain/products/inputs';
import { idSchema } from '~/domain/shared/ids';
import type { AgentType } from './catalogue';

export const DEFAULT_AGENT_PROVIDER: AiProvider = 'anthropic';

/** The fields the Localization Manager may translate: every localized field agents work on. */
export const TRANSLATION_FIELDS = PRODUCT_FIELDS;
/** The five SEO fields, in the spec's order. */
export const SEO_FIELDS = [
  'long_description',
  'short_description',
  'page_title',
  'page_description',
  'page_keywords',
] as const satisfies readonly ProductField[];
/** What the AEO Specialist rewrites: the descriptions assistants read (answer-style, with FAQs). */
export const AEO_FIELDS = [
  'short_description',
  'long_description',
] as const satisfies readonly ProductField[];

export const AGENT_FIELDS: Record<AgentType, readonly ProductField[]> = {
  translation: TRANSLATION_FIELDS,
  seo: SEO_FIELDS,
  aeo: AEO_FIELDS,
};

export const FILTER_BY = ['catalog', 'product'] as const;
export type FilterBy = (typeof FILTER_BY)[number];
export const BRAND_TYPES = ['retailer', 'brand-manufacturer'] as const;
export type BrandType = (typeof BRAND_TYPES)[number];
export const BRAND_TYPE_LABEL: Record<BrandType, string> = {
  retailer: 'Retailer',
  'brand-manufacturer': 'Brand manufacturer',
};

export const CONFIG_LIMITS = {
  languages: 30,
  catalogs: 20,
  categories: 50,
  products: 500,
  listItems: 20,
  searchTerms: 50,
  shortText: 100,
  longText: 500,
} as const;

export const CONFIG_MESSAGES = {
  noLanguage: 'Choose at least one language',
  noField: 'Choose at least one field',
  noCatalog: 'Choose at least one catalog',
  noProduct: 'Add at least one product ID',
  sameAsSource: 'The source language cannot be a target too',
  unknownCatalogs: (ids: readonly string[]) =>
    `${ids.length === 1 ? 'This catalog is' : 'These catalogs are'} not on the instance: ${ids.join(', ')}`,
  unknownCategories: (ids: readonly string[]) =>
    `${ids.length === 1 ? 'This category is' : 'These categories are'} not in the chosen catalogs: ${ids.join(', ')}`,
  unknownLanguages: (ids: readonly string[]) =>
    `The instance has no ${ids.join(', ')} content to work from or to: sync the catalogue, or choose from the instance's languages`,
  unknownProducts: (ids: readonly string[]) =>
    `Not in the catalogue copy: ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ` and ${ids.length - 5} more` : ''}`,
  unknownPrompt: 'This prompt is no longer in the library',
  brandName: 'Give the brand name',
  brandDomain: 'Give the brand’s domain, like example.com',
  persona: 'Describe who shops with you',
  personaStyle: 'Describe how they talk',
  tooMany: (max: number) => `At most ${max}`,
  tooLong: (max: number) => `At most ${max} characters`,
  empty: 'Fill in or remove the empty entry',
} as const;

/** Building blocks the monitoring config shares: a required text, a bounded list, a list entry. */
export const text = (max: number, required: string) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, required), z.maxLength(max, CONFIG_MESSAGES.tooLong(max)));
export const listOf = <T extends z.core.SomeType>(
  item: T,
  max: number,
  min?: { message: string },
) =>
  z
    .array(item)
    .check(
      ...(min ? [z.minLength(1, min.message)] : []),
      z.maxLength(max, CONFIG_MESSAGES.tooMany(max)),
    );
export const entry = (max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, CONFIG_MESSAGES.empty),
      z.maxLength(max, CONFIG_MESSAGES.tooLong(max)),
    );
const targetLanguages = listOf(productLanguage, CONFIG_LIMITS.languages, {
  message: CONFIG_MESSAGES.noLanguage,
});
const catalogIds = listOf(entry(CONFIG_LIMITS.shortText), CONFIG_LIMITS.catalogs, {
  message: CONFIG_MESSAGES.noCatalog,
});

/** A host name with a dot: what a shopper types, without scheme or path. */
export const domainSchema = (message: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.regex(/^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, message),
    );
export const brandDomainSchema = domainSchema(CONFIG_MESSAGES.brandDomain);

/** Fields every agent has: the model it asks, and an optional prompt from the org's library. */
const common = {
  provider: z._default(z.enum(AI_PROVIDERS), DEFAULT_AGENT_PROVIDER),
  /** A prompt of the org's library (settings → Prompts) added to the agent's instructions as house guidance. */
  promptId: z.nullable(z.optional(idSchema)),
};

/** The translation config's fields, and the rules across them (scope by catalog or by product). */
export const translationShape = {
  type: z.literal('translation'),
  ...common,
  /** The locale translated from; `default` is the product's unlocalized value. */
  sourceLocale: z._default(productLanguage, 'default'),
  languages: targetLanguages,
  fields: listOf(z.enum(TRANSLATION_FIELDS), TRANSLATION_FIELDS.length, {
    message: CONFIG_MESSAGES.noField,
  }),
  filterBy: z.enum(FILTER_BY),
  /** With filterBy catalog: the catalogs, optionally narrowed to categories (with their subcategories). */
  catalogIds: z._default(listOf(entry(CONFIG_LIMITS.shortText), CONFIG_LIMITS.catalogs), []),
  categoryIds: z._default(listOf(entry(CONFIG_LIMITS.shortText), CONFIG_LIMITS.categories), []),
  /** With filterBy product: the products, by id. */
  productIds: z._default(listOf(entry(CONFIG_LIMITS.shortText), CONFIG_LIMITS.products), []),
  /** Also translate variation groups (base products always). */
  productTypes: z.optional(z.array(z.literal('variation-group')).check(z.maxLength(1))),
};

interface TranslationScope {
  filterBy: FilterBy;
  catalogIds: string[];
  productIds: string[];
  languages: string[];
  sourceLocale: string;
}

export const translationRules = z.superRefine((config: TranslationScope, ctx) => {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message, input: config });
  if (config.filterBy === 'catalog' && config.catalogIds.length === 0) {
    issue('catalogIds', CONFIG_MESSAGES.noCatalog);
  }
  if (config.filterBy === 'product' && config.productIds.length === 0) {
    issue('productIds', CONFIG_MESSAGES.noProduct);
  }
  if (config.languages.includes(config.sourceLocale))
    issue('languages', CONFIG_MESSAGES.sameAsSource);
});

export const translationConfigSchema = z.object(translationShape).check(translationRules);

export const seoShape = {
  type: z.literal('seo'),
  ...common,
  catalogIds,
  fields: listOf(z.enum(SEO_FIELDS), SEO_FIELDS.length, { message: CONFIG_MESSAGES.noField }),
  /** The locales to write SEO fields in. */
  languages: targetLanguages,
};
export const seoConfigSchema = z.object(seoShape);

const named = <K extends string>(key: K) =>
  z.object({ [key]: entry(CONFIG_LIMITS.shortText) } as Record<K, ReturnType<typeof entry>>);

export const aeoShape = {
  type: z.literal('aeo'),
  ...common,
  brandName: text(CONFIG_LIMITS.shortText, CONFIG_MESSAGES.brandName),
  brandDomain: brandDomainSchema,
  brandType: z.enum(BRAND_TYPES),
  persona: text(CONFIG_LIMITS.longText, CONFIG_MESSAGES.persona),
  personaConversationalStyle: text(CONFIG_LIMITS.longText, CONFIG_MESSAGES.personaStyle),
  topProducts: listOf(named('productName'), CONFIG_LIMITS.listItems),
  topCategories: listOf(named('name'), CONFIG_LIMITS.listItems),
  searchTerms: listOf(entry(CONFIG_LIMITS.shortText), CONFIG_LIMITS.searchTerms),
  conversationStarters: listOf(entry(CONFIG_LIMITS.longText), CONFIG_LIMITS.listItems),
  /** The catalogs whose products it rewrites, and the locales. */
  catalogIds,
  languages: targetLanguages,
};
export const aeoConfigSchema = z.object(aeoShape);

export const agentConfigSchema = z.discriminatedUnion('type', [
  translationConfigSchema,
  seoConfigSchema,
  aeoConfigSchema,
]);

export type TranslationConfig = z.output<typeof translationConfigSchema>;
export type SeoConfig = z.output<typeof seoConfigSchema>;
export type AeoConfig = z.output<typeof aeoConfigSchema>;
export type AgentConfig = z.output<typeof agentConfigSchema>;
export type AgentConfigInput = z.input<typeof agentConfigSchema>;
export type AgentConfigOf<T extends AgentType> = Extract<AgentConfig, { type: T }>;

/** The fields a config works on. */
export function configFields(config: AgentConfig): readonly ProductField[] {
  return config.type === 'aeo' ? AEO_FIELDS : config.fields;
}

/** What a new env's form starts from: nothing chosen (a Run needs a saved config). */
export function emptyConfig<T extends AgentType>(type: T): AgentConfigOf<T> {
  const configs: { [K in AgentType]: AgentConfigOf<K> } = {
    translation: {
      type: 'translation',
      provider: DEFAULT_AGENT_PROVIDER,
      sourceLocale: 'default',
      languages: [],
      fields: [],
      filterBy: 'catalog',
      catalogIds: [],
      categoryIds: [],
      productIds: [],
    },
    seo: {
      type: 'seo',
      provider: DEFAULT_AGENT_PROVIDER,
      catalogIds: [],
      fields: [],
      languages: [],
    },
    aeo: {
      type: 'aeo',
      provider: DEFAULT_AGENT_PROVIDER,
      brandName: '',
      brandDomain: '',
      brandType: 'retailer',
      persona: '',
      personaConversationalStyle: '',
      topProducts: [],
      topCategories: [],
      searchTerms: [],
      conversationStarters: [],
      catalogIds: [],
      languages: [],
    },
  };
  return configs[type];
}

/**
 * What the env has that a config may name: read by the server from the catalogue copy and the prompt
 * library, and by the mocks from their fixtures, so both refuse the same configs the same way.
 */
export interface ConfigReferences {
  /** The catalogue copy's locales. */
  locales: readonly string[];
  /** The config's catalogs that exist. */
  catalogs: readonly string[];
  /** The config's categories that exist in its catalogs. */
  categories: readonly string[];
  /** The config's products that exist. */
  products: readonly string[];
  /** Whether the config's prompt (if any) is in the org's library. */
  promptFound: boolean;
}

/** Which references a config needs checked: a translation filtered by product names no catalog. */
export function configLookups(config: AgentConfig) {
  const byProduct = config.type === 'translation' && config.filterBy === 'product';
  return {
    catalogs: byProduct ? [] : config.catalogIds,
    categories: config.type !== 'translation' || byProduct ? [] : config.categoryIds,
    products: byProduct ? config.productIds : [],
    promptId: config.promptId ?? null,
  };
}

const missing = (wanted: readonly string[], found: Iterable<string>) => {
  const have = new Set(found);
  return [...new Set(wanted)].filter((id) => !have.has(id));
};

/** What the env does not have, keyed by the config's field names; empty when it has it all. */
export function configReferenceErrors(
  config: AgentConfig,
  found: ConfigReferences,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const wanted = configLookups(config);
  const unknownCatalogs = missing(wanted.catalogs, found.catalogs);
  if (unknownCatalogs.length > 0)
    errors.catalogIds = CONFIG_MESSAGES.unknownCatalogs(unknownCatalogs);
  const unknownCategories = missing(wanted.categories, found.categories);
  if (unknownCategories.length > 0)
    errors.categoryIds = CONFIG_MESSAGES.unknownCategories(unknownCategories);
  const unknownProducts = missing(wanted.products, found.products);
  if (unknownProducts.length > 0)
    errors.productIds = CONFIG_MESSAGES.unknownProducts(unknownProducts);
  const unknownLanguages = missing(config.languages, found.locales);
  if (unknownLanguages.length > 0) {
    errors.languages = CONFIG_MESSAGES.unknownLanguages(unknownLanguages);
  }
  if (config.type === 'translation' && !found.locales.includes(config.sourceLocale)) {
    errors.sourceLocale = CONFIG_MESSAGES.unknownLanguages([config.sourceLocale]);
  }
  if (wanted.promptId && !found.promptFound) errors.promptId = CONFIG_MESSAGES.unknownPrompt;
  return errors;
}
