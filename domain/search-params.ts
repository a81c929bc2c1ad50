/**
 * Search parameters of every route (spec §2), validated with zod/mini so the router's entry chunk
 * stays small. An invalid value falls back to its default; it never shows an error screen.
 */
import * as z from 'zod/mini';
import { AGENT_TYPES, DEFAULT_PAGE, PAGE_SIZE, REVIEW_STATUSES } from './constants';

/** A value that falls back to its default when missing or invalid; optional in links. */
function fallback<T extends z.core.SomeType>(schema: T, value: z.core.output<T>) {
  return z._default(z.catch(schema, value as never), value as never);
}

const page = fallback(z.int().check(z.minimum(1), z.maximum(100_000)), DEFAULT_PAGE);
const pageSize = (size: number) => fallback(z.literal(size), size);
const flag = fallback(z.boolean(), false);
const optionalText = z.catch(z.optional(z.string().check(z.maxLength(200))), undefined);

export const homeSearch = z.object({
  llm: optionalText,
  view: fallback(z.enum(['results', 'config']), 'results'),
});

export const SETTINGS_VIEWS = ['org-settings', 'env-settings', 'prompts', 'users'] as const;
export type SettingsView = (typeof SETTINGS_VIEWS)[number];
export const settingsSearch = z.object({
  view: fallback(z.enum(SETTINGS_VIEWS), 'org-settings'),
});

export const reviewsSearch = z.object({
  page,
  pageSize: pageSize(PAGE_SIZE.reviews),
  reviewStatus: fallback(z.enum([...REVIEW_STATUSES, 'all']), 'pending'),
  agentType: fallback(z.enum([...AGENT_TYPES, 'all']), 'all'),
  b2cProductId: optionalText,
  showOffline: flag,
});

export const PRODUCT_TYPES = ['base', 'variation-group'] as const;
const productFilters = {
  catalog: optionalText,
  b2cProductId: optionalText,
  showOffline: flag,
  productType: z.catch(z.optional(z.enum(PRODUCT_TYPES)), undefined),
  categoryId: optionalText,
};
export const productsSearch = z.object({
  page,
  pageSize: pageSize(PAGE_SIZE.products),
  language: fallback(z.string().check(z.minLength(1), z.maxLength(20)), 'default'),
  ...productFilters,
});

export const productDetailSearch = z.object({
  language: fallback(z.string().check(z.minLength(1), z.maxLength(20)), 'default'),
  viewGroup: optionalText,
  showJson: flag,
  ...productFilters,
});

export const ONBOARDING_STEPS = [
  'selectInstance',
  'createApiClient',
  'configureOcapiDataSettings',
  'configureOcapiShopSettings',
  'configureWebdavSettings',
  'complete',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export const onboardingSearch = z.object({
  step: z.catch(z.optional(z.enum(ONBOARDING_STEPS)), undefined),
  instance: optionalText,
});

export const landingPagesSearch = z.object({
  page,
  pageSize: pageSize(PAGE_SIZE.landingPages),
});

export const rootSearch = z.object({
  campaign: optionalText,
});

export const authErrorSearch = z.object({
  error: optionalText,
  email: optionalText,
  newProvider: optionalText,
  existingProvider: optionalText,
});
