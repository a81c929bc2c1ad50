/**
 * A detail screen's record (a product, a proposal) read by its route's loader, where the server's "no
 * such record" is the route's not-found (`notFound()`): the route's `notFoundComponent` shows it in the
 * shell, with the server's message.
 */
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { notFound, type NotFoundRouteProps } from '@tanstack/react-router';
import { type ErrorReason, errorReasonOf } from '~/domain/error-reasons';

/** Failures a read retries: twice, unless the server said the record does not exist (an answer, not a fault). */
const READ_RETRIES = 2;

/**
 * Reads the record into the cache (the screen then reads it with `useSuspenseQuery`). An error with
 * the `missing` reason becomes the route's not-found, carrying the server's message; any other error
 * is thrown as it is (the route's error screen).
 */
export async function ensureRecord<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
  missing: ErrorReason,
): Promise<void> {
  const isMissing = (error: unknown): error is Error =>
    error instanceof Error && errorReasonOf(error) === missing;
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

/** The server's message a not-found from `ensureRecord` carries, or null for another not-found. */
export function notFoundMessage({ data }: NotFoundRouteProps): string | null {
  const message = (data as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : null;
}
