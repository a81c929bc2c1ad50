/**
 * The data stack (TanStack Query + tRPC), loaded on demand when a signed-in route needs it so the
 * entry chunk stays small. One instance per app (per story in Storybook).
 */
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from './query-client';
import { type AppRouter, createTrpcClient, type TrpcClientOptions, TRPCProvider } from './trpc';

export interface Api {
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof createTrpcClient>;
  trpc: TRPCOptionsProxy<AppRouter>;
}

export function createApi(options: TrpcClientOptions & { retry?: number | false } = {}): Api {
  const queryClient = createQueryClient(
    options.retry === undefined ? {} : { retry: options.retry },
  );
  const trpcClient = createTrpcClient(options);
  return {
    queryClient,
    trpcClient,
    trpc: createTRPCOptionsProxy({ client: trpcClient, queryClient }),
  };
}

export function ApiProvider({ api, children }: { api: Api; children: ReactNode }) {
  return (
    <QueryClientProvider client={api.queryClient}>
      <TRPCProvider trpcClient={api.trpcClient} queryClient={api.queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
