/** The products list's and detail's search parameters: a link reproduces the view. */
import * as z from 'zod/mini';
import { fallback, flagParam, optionalTextParam, pagingParams } from '~/domain/shared/search';

export const PRODUCT_TYPES = ['base', 'variation-group'] as const;
export const PRODUCTS_PAGE_SIZE = 24;

const language = fallback(z.string().check(z.minLength(1), z.maxLength(20)), 'default');
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

export const productDetailSearch = z.object({
  language,
  viewGroup: optionalTextParam,
  showJson: flagParam,
  ...productFilters,
});
