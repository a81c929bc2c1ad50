/**
 * Building blocks of every route's search parameters, on zod/mini so the router's entry chunk stays
 * small. An invalid value falls back to its default; it never shows an error screen.
 */
import * as z from 'zod/mini';
import { DEFAULT_PAGE } from './constants';

/** A value that falls back to its default when missing or invalid; optional in links. */
export function fallback<T extends z.core.SomeType>(schema: T, value: z.core.output<T>) {
  return z._default(z.catch(schema, value as never), value as never);
}

export const pageParam = fallback(z.int().check(z.minimum(1), z.maximum(100_000)), DEFAULT_PAGE);
export const pageSizeParam = (size: number) => fallback(z.literal(size), size);
/** A paged list's `page` and `pageSize` (fixed per list, so a link always shows the same rows). */
export const pagingParams = (size: number) => ({ page: pageParam, pageSize: pageSizeParam(size) });
export const flagParam = fallback(z.boolean(), false);
export const optionalTextParam = z.catch(z.optional(z.string().check(z.maxLength(200))), undefined);

export const rootSearch = z.object({
  campaign: optionalTextParam,
});

export const authErrorSearch = z.object({
  error: optionalTextParam,
  email: optionalTextParam,
  newProvider: optionalTextParam,
  existingProvider: optionalTextParam,
});
