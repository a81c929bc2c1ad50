/** TanStack Query defaults from spec §9. */
import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS, ROUTER_DEFAULTS, queryRetryDelayMs } from '../../domain/constants';

export function createQueryClient(overrides: { retry?: number | false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: overrides.retry ?? QUERY_DEFAULTS.retry,
        retryDelay: queryRetryDelayMs,
        gcTime: ROUTER_DEFAULTS.gcTimeMs,
      },
    },
  });
}
