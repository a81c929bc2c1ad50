/** The products list's and detail's search parameters: a link reproduces the view. */
import * as z from 'zod/mini';
import { fallback, flagParam, optionalTextParam, pagingParams } from '~/domain/shared/search';
import { DEFAULT_LOCALE, PRODUCT_VIEW_GROUPS } from './constants';

/** `base` is every product but variation groups and variants; `variation-group` only those. */
export const PRODUCT_TYPES = ['base', 'variation-group'] as const;
export type ProductTypeFilter = (typeof PRODUCT_TYPES)[number];
export const PRODUCTS_PAGE_SIZE = 24;

/** OCAPI's locale ids: `default`, a language (`fr`) or a language and region (`fr-FR`). */
export const productLanguage = z
  .string()
  .check(z.maxLength(20), z.regex(/^(default|[a-z]{2,3}(-[A-Za-z0-9]{2,8})?)$/));

const language = fallback(productLanguage, DEFAULT_LOCALE);
const productFilters = {
  catalog: optionalTextParam,
  b2cProductId: optionalTextParam,
  showOffline: flagParam,
  productType: z.catch(z.optional(z.enum(PRODUCT_TYPES)), undefined),
  categoryId: optionalTextParam,
};

export const productsSearch = z.object({
  ...pagingParams(PRODUCTS_PAGE_SIZE),
  language,
  ...productFilters,
});
export type ProductsSearch = z.infer<typeof productsSearch>;

export const productDetailSearch = z.object({
  language,
  viewGroup: z.catch(z.optional(z.enum(PRODUCT_VIEW_GROUPS)), undefined),
  showJson: flagParam,
  ...productFilters,
});
export type ProductDetailSearch = z.infer<typeof productDetailSearch>;
