/**
 * Helpers of the list and detail screens (products, reviews): a list's filters kept in its URL's
 * search, and a detail's record read by its route's loader, where the server's "no such record" is
 * the route's not-found (`notFound()`), shown in the shell by the route's `notFoundComponent`. One
 * module, so that the screens share one chunk (docs/decisions/0002-lean-entry-chunk.md).
 */
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { notFound, type NotFoundRouteProps } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ErrorReason } from '~/domain/error-reasons';

/**
 * The filter bar's two events as navigations: a changed filter goes back to the first page, and Clear
 * filters leaves what `cleared` keeps of the search. Both stay the same functions across renders.
 */
export function useListFilters<TSearch extends { page: number }, TFilters>(
  navigate: (options: { search: (prev: TSearch) => TSearch }) => Promise<void>,
  cleared: (search: TSearch) => TSearch,
): { setFilters: (patch: Partial<TFilters>) => void; clearFilters: () => void } {
  const setFilters = useCallback(
    (patch: Partial<TFilters>) =>
      void navigate({ search: (prev) => ({ ...prev, ...patch, page: 1 }) }),
    [navigate],
  );
  const clearFilters = useCallback(
    () => void navigate({ search: (prev) => cleared(prev) }),
    [navigate, cleared],
  );
  return { setFilters, clearFilters };
}

/** Failures a read retries: twice, unless the server said the record does not exist (an answer, not a fault). */
const READ_RETRIES = 2;

/**
 * Reads the record into the cache (the screen then reads it with `useSuspenseQuery`). An error with
 * the `missing` reason (`error.data.reason`) becomes the route's not-found, carrying the server's
 * message; any other error is thrown as it is (the route's error screen).
 */
export async function ensureRecord<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
  missing: ErrorReason,
): Promise<void> {
  const isMissing = (error: unknown): error is Error =>
    error instanceof Error && (error as { data?: { reason?: unknown } }).data?.reason === missing;
  try {
    await queryClient.ensureQueryData({
      ...options,
      retry: (failures: number, error: TError) => !isMissing(error) && failures < READ_RETRIES,
    });
  } catch (error) {
    if (isMissing(error)) throw notFound({ data: { message: error.message } });
    throw error;
  }
}

/** The server's message a not-found from `ensureRecord` carries (the only not-found these routes get). */
export function notFoundMessage({ data }: NotFoundRouteProps): string {
  const message = (data as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : '';
}
