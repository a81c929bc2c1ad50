/**
 * Building blocks of every route's search parameters. An invalid value falls back to its default; it
 * never shows an error screen. Plain checks rather than a schema library: every route's
 * `validateSearch` is in the router's entry chunk, and `zod/mini` cost that chunk 8.5 KB gzip
 * (docs/decisions/0002-lean-entry-chunk.md). The schemas are Standard Schemas, from which the router
 * infers what links may pass and what screens read.
 */
import { DEFAULT_PAGE } from './constants';

/** Whether a value read from the URL is a valid `T`. */
export type Check<T> = (value: unknown) => value is T;

/** A parameter with a default: the default when missing or invalid; optional in links. */
export interface FallbackParam<T> {
  readonly check: Check<T>;
  readonly fallback: T;
}
/** A parameter without one: left out when missing, `undefined` when invalid. */
export interface OptionalParam<T> {
  readonly check: Check<T>;
}
type Param = FallbackParam<unknown> | OptionalParam<unknown>;
type Shape = Record<string, Param>;

type ValueOf<P> = P extends OptionalParam<infer T> ? T : never;
type Flatten<T> = { [K in keyof T]: T[K] } & {};
/** What a screen reads: every parameter with a default, and those without one that are present. */
export type SearchOutput<S extends Shape> = Flatten<
  { [K in keyof S as S[K] extends FallbackParam<unknown> ? K : never]: ValueOf<S[K]> } & {
    [K in keyof S as S[K] extends FallbackParam<unknown> ? never : K]?: ValueOf<S[K]> | undefined;
  }
>;
/** What a link may pass: any of the parameters. */
export type SearchInput<S extends Shape> = { [K in keyof S]?: ValueOf<S[K]> | undefined };

export interface SearchSchema<S extends Shape> {
  /** The parameters of `input`; throws only when `input` is not an object. */
  parse(input: unknown): SearchOutput<S>;
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'beacon';
    readonly validate: (
      value: unknown,
    ) => { readonly value: SearchOutput<S> } | { readonly issues: readonly { message: string }[] };
    /** Types only, for the router's inference. */
    readonly types?: { readonly input: SearchInput<S>; readonly output: SearchOutput<S> };
  };
}

/** A value that falls back to its default when missing or invalid; optional in links. */
export function fallback<T>(check: Check<T>, value: NoInfer<T>): FallbackParam<T> {
  return { check, fallback: value };
}

/** A value that is left out when missing and `undefined` when invalid. */
export function optional<T>(check: Check<T>): OptionalParam<T> {
  return { check };
}

/** One of a fixed list of strings. */
export function oneOf<const T extends readonly string[]>(values: T): Check<T[number]> {
  return (value): value is T[number] => values.includes(value as string);
}

/** A string of at most `maxLength` characters, matching `pattern` when given. */
export function text(maxLength: number, pattern?: RegExp): Check<string> {
  return (value): value is string =>
    typeof value === 'string' && value.length <= maxLength && (!pattern || pattern.test(value));
}

/** An integer from `min` to `max`. */
export function integer(min: number, max: number): Check<number> {
  return (value): value is number =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

/** Exactly `expected`. */
export function literal<T extends string | number | boolean>(expected: T): Check<T> {
  return (value): value is T => value === expected;
}

export const isBoolean: Check<boolean> = (value): value is boolean => typeof value === 'boolean';

/**
 * The route's search schema: each parameter of `shape` read from the URL's search, in that order;
 * parameters not in `shape` are left out (a parent route's own schema keeps its own).
 */
export function searchSchema<const S extends Shape>(shape: S): SearchSchema<S> {
  const params = Object.entries(shape);
  const parse = (input: unknown): SearchOutput<S> => {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      throw new TypeError('Search parameters must be an object.');
    const values = input as Record<string, unknown>;
    const search: Record<string, unknown> = {};
    for (const [key, param] of params) {
      const value = values[key];
      if ('fallback' in param) search[key] = param.check(value) ? value : param.fallback;
      else if (key in values) search[key] = param.check(value) ? value : undefined;
    }
    return search as SearchOutput<S>;
  };
  return {
    parse,
    '~standard': {
      version: 1,
      vendor: 'beacon',
      validate: (value) => {
        try {
          return { value: parse(value) };
        } catch (error) {
          return { issues: [{ message: (error as Error).message }] };
        }
      },
    },
  };
}

export const pageParam = fallback(integer(1, 100_000), DEFAULT_PAGE);
export const pageSizeParam = (size: number) => fallback(literal(size), size);
/** A paged list's `page` and `pageSize` (fixed per list, so a link always shows the same rows). */
export const pagingParams = (size: number) => ({ page: pageParam, pageSize: pageSizeParam(size) });
export const flagParam = fallback(isBoolean, false);
export const optionalTextParam = optional(text(200));

export const rootSearch = searchSchema({
  campaign: optionalTextParam,
});

export const authErrorSearch = searchSchema({
  error: optionalTextParam,
  email: optionalTextParam,
  newProvider: optionalTextParam,
  existingProvider: optionalTextParam,
});
