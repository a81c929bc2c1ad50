/** Inputs of the products procedures: the env's catalogue copy, read with the list's filters. */
import { z } from 'zod/mini';
import { idSchema } from '~/domain/shared/ids';
import { LOCALE_ID_MAX_LENGTH, LOCALE_ID_PATTERN } from './constants';
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
