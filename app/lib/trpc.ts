/** The app's one tRPC client: batched HTTP for queries and mutations, WebSocket for subscriptions, superjson. */
import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  splitLink,
  type TRPCClient,
  type TRPCWebSocketClient,
  wsLink,
} from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import { TRPC_PATH, WS_KEEP_ALIVE, WS_PATH, wsReconnectDelayMs } from '~/domain/shared/constants';
import type { AppRouter } from '~/server/trpc/router';

export type { AppRouter };
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export interface TrpcClientOptions {
  /** Origin to talk to; defaults to the page's own. */
  origin?: string;
  /** Open the WebSocket only when a subscription starts (Storybook/tests); the app keeps it off. */
  wsLazy?: boolean;
  /** Keep-alive pings, off by default. */
  wsKeepAlive?: boolean;
  /** A WebSocket implementation where the platform has none (Node 20 tests). */
  WebSocket?: typeof WebSocket;
}

/** The WebSocket client's options (docs/product.md#client-defaults-and-limits): reconnect backoff, keep-alive off unless asked, not lazy. */
export function wsClientOptions(options: TrpcClientOptions = {}) {
  const origin = options.origin ?? globalThis.location.origin;
  return {
    url: `${origin.replace(/^http/, 'ws')}${WS_PATH}`,
    retryDelayMs: wsReconnectDelayMs,
    ...(options.WebSocket ? { WebSocket: options.WebSocket } : {}),
    lazy: { enabled: options.wsLazy ?? false, closeMs: 0 },
    keepAlive: {
      enabled: options.wsKeepAlive ?? WS_KEEP_ALIVE.enabled,
      intervalMs: WS_KEEP_ALIVE.intervalMs,
      pongTimeoutMs: WS_KEEP_ALIVE.pongTimeoutMs,
    },
  };
}

export function createTrpcClient(
  options: TrpcClientOptions = {},
  wsClient: TRPCWebSocketClient = createWSClient(wsClientOptions(options)),
): TRPCClient<AppRouter> {
  const origin = options.origin ?? globalThis.location.origin;
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: wsClient, transformer: superjson }),
        false: httpBatchLink({
          url: `${origin}${TRPC_PATH}`,
          transformer: superjson,
          maxURLLength: Infinity,
          maxItems: Infinity,
          fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }),
        }),
      }),
    ],
  });
}
