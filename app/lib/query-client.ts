/** TanStack Query defaults (docs/product.md#client-defaults-and-limits). */
import { type Query, QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS, queryRetryDelayMs, ROUTER_DEFAULTS } from '~/domain/shared/constants';

/**
 * Suspense queries stay fresh for QUERY_DEFAULTS.suspenseMinStaleTimeMs (1 s), so a screen that
 * suspends does not refetch what it just loaded when it resumes; other queries go stale at once.
 */
export function defaultStaleTimeMs(query: Pick<Query, 'options'>): number {
  const suspense = (query.options as { suspense?: boolean }).suspense === true;
  return suspense ? QUERY_DEFAULTS.suspenseMinStaleTimeMs : 0;
}

export function createQueryClient(overrides: { retry?: number | false } = {}): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: overrides.retry ?? QUERY_DEFAULTS.retry,
        retryDelay: queryRetryDelayMs,
        staleTime: defaultStaleTimeMs,
        gcTime: ROUTER_DEFAULTS.gcTimeMs,
      },
    },
  });
  // tRPC query keys start with the procedure path as an array: [['orgs', 'getContext'], {…}].
  for (const path of QUERY_DEFAULTS.noRetryProcedures) {
    client.setQueryDefaults([path.split('.')], { retry: false });
  }
  return client;
}
