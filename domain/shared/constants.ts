/** App-wide constants (paths, shell, client and transport defaults), written once for server, app, mocks and tests. */
export const PRODUCT_DISPLAY_NAME = 'Beacon';
export const DEMO_CALENDAR = 'beacon-demo';

export const APP_BASE_PATH = '/app/';
export const TRPC_PATH = '/trpc';
export const WS_PATH = '/ws';
export const AUTH_BASE_PATH = '/api/auth';

export const DEFAULT_PAGE = 1;

export const NAV_RAIL_WIDTH = { collapsed: 72, expanded: 240 } as const;
export const COPY_CONFIRMATION_MS = 2000;

export const SENTRY = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
} as const;

export const WS_RECONNECT = { baseMs: 1000, maxMs: 30_000 } as const;
export const WS_KEEP_ALIVE = { enabled: false, intervalMs: 5000, pongTimeoutMs: 1000 } as const;

export const ROUTER_DEFAULTS = {
  preloadDelayMs: 50,
  pendingMs: 1000,
  pendingMinMs: 500,
  gcTimeMs: 5 * 60 * 1000,
  preloadStaleTimeMs: 30_000,
} as const;

export const QUERY_DEFAULTS = {
  retry: 3,
  retryBaseMs: 1000,
  retryMaxMs: 30_000,
  suspenseMinStaleTimeMs: 1000,
  /** Queries whose failures are answers, not glitches: never retried. */
  noRetryProcedures: ['orgs.getContext'],
} as const;

/** Reconnect delay for a WebSocket attempt: 0 first, then 1000 ms × 2^attempt, capped at 30 s. */
export function wsReconnectDelayMs(attemptIndex: number): number {
  if (attemptIndex <= 0) return 0;
  return Math.min(WS_RECONNECT.baseMs * 2 ** attemptIndex, WS_RECONNECT.maxMs);
}

/** Query retry backoff: doubling from 1 s, at most 30 s. */
export function queryRetryDelayMs(attemptIndex: number): number {
  return Math.min(QUERY_DEFAULTS.retryBaseMs * 2 ** attemptIndex, QUERY_DEFAULTS.retryMaxMs);
}
