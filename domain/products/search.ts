/** The products list's and detail's search parameters: a link reproduces the view. */
import {
  fallback,
  flagParam,
  oneOf,
  optional,
  optionalTextParam,
  pagingParams,
  searchSchema,
  type SearchOutput,
  text,
} from '~/domain/shared/search';
import {
  DEFAULT_LOCALE,
  LOCALE_ID_MAX_LENGTH,
  LOCALE_ID_PATTERN,
  PRODUCT_VIEW_GROUPS,
} from './constants';

/** `base` is every product but variation groups and variants; `variation-group` only those. */
export const PRODUCT_TYPES = ['base', 'variation-group'] as const;
export type ProductTypeFilter = (typeof PRODUCT_TYPES)[number];
export const PRODUCTS_PAGE_SIZE = 24;

const language = fallback(text(LOCALE_ID_MAX_LENGTH, LOCALE_ID_PATTERN), DEFAULT_LOCALE);
const productFilters = {
  catalog: optionalTextParam,
  b2cProductId: optionalTextParam,
  showOffline: flagParam,
  productType: optional(oneOf(PRODUCT_TYPES)),
  categoryId: optionalTextParam,
};

const productsShape = {
  ...pagingParams(PRODUCTS_PAGE_SIZE),
  language,
  ...productFilters,
};
export const productsSearch = searchSchema(productsShape);
export type ProductsSearch = SearchOutput<typeof productsShape>;

const productDetailShape = {
  language,
  viewGroup: optional(oneOf(PRODUCT_VIEW_GROUPS)),
  showJson: flagParam,
  ...productFilters,
};
export const productDetailSearch = searchSchema(productDetailShape);
export type ProductDetailSearch = SearchOutput<typeof productDetailShape>;
