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
/**
 * How far past the start of the page the list counts: a count reads every match, so a catalogue of a
 * million products is counted to 10,000 (from page 1) and said to have more than that.
 */
export const PRODUCT_COUNT_AHEAD = 10_000;

/** How many matches the count for `page` reads at most: 10,000 past the page's first product. */
export function productCountLimit(page: number): number {
  return (page - 1) * PRODUCTS_PAGE_SIZE + PRODUCT_COUNT_AHEAD;
}

/** The page's total from a count that stopped at `limit` + 1 rows: capped when it reached past it. */
export function productTotalOf(
  counted: number,
  page: number,
): { total: number; totalIsExact: boolean } {
  const limit = productCountLimit(page);
  return counted > limit
    ? { total: limit, totalIsExact: false }
    : { total: counted, totalIsExact: true };
}

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
