/** Inputs of the products procedures: the env's catalogue copy, read with the list's filters. */
import { z } from 'zod/mini';
import { idSchema } from '~/domain/shared/ids';
import { LOCALE_ID_MAX_LENGTH, LOCALE_ID_PATTERN } from './constants';
import { BASE_KINDS, type ProductKind } from './entities';
import { PRODUCT_TYPES } from './search';

/** OCAPI's locale ids: `default`, a language (`fr`) or a language and region (`fr-FR`). */
export const productLanguage = z
  .string()
  .check(z.maxLength(LOCALE_ID_MAX_LENGTH), z.regex(LOCALE_ID_PATTERN));

const envScoped = { orgId: idSchema, envId: idSchema };
const text = z.string().check(z.minLength(1), z.maxLength(200));

export const productFiltersInput = z.object({
  ...envScoped,
  page: z._default(z.int().check(z.minimum(1), z.maximum(100_000)), 1),
  language: z._default(productLanguage, 'default'),
  catalog: z.optional(text),
  b2cProductId: z.optional(text),
  showOffline: z._default(z.boolean(), false),
  productType: z.optional(z.enum(PRODUCT_TYPES)),
  categoryId: z.optional(text),
});
export type ProductFiltersInput = z.infer<typeof productFiltersInput>;

export const envCatalogueInput = z.object(envScoped);
export const productInput = z.object({ ...envScoped, b2cProductId: text });
export const syncNowInput = z.object({ ...envScoped, full: z._default(z.boolean(), false) });

/** What the list's filters look at in a product of the catalogue copy. */
export interface FilteredProduct {
  b2cProductId: string;
  kind: ProductKind;
  online: boolean;
  catalogIds: readonly string[];
  categoryIds: readonly string[];
}

/**
 * Whether the list's filters show a product: online only unless asked, in the catalog and category
 * chosen, its id starting with the id typed in; `base` kinds or variation groups when a type is
 * chosen, else every kind but variants (seen through their master), though an id typed in finds any.
 * The server applies the same conditions in SQL (server/products/service.ts).
 */
export function matchesProductFilters(p: FilteredProduct, f: ProductFiltersInput): boolean {
  return (
    (f.showOffline || p.online) &&
    (!f.catalog || p.catalogIds.includes(f.catalog)) &&
    (!f.categoryId || p.categoryIds.includes(f.categoryId)) &&
    (!f.b2cProductId || p.b2cProductId.startsWith(f.b2cProductId)) &&
    (f.productType === 'base'
      ? BASE_KINDS.includes(p.kind)
      : f.productType === 'variation-group'
        ? p.kind === 'variation_group'
        : Boolean(f.b2cProductId) || p.kind !== 'variant')
  );
}
