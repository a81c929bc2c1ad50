/** Whether error reporting and page-view analytics run, decided from the client's build-time env (docs/product.md#shell-and-sign-in). */
import { SENTRY } from '~/domain/shared/constants';

export interface ClientEnv {
  MODE: string;
  VITE_SENTRY_DSN?: string | undefined;
  VITE_ANALYTICS_HOST?: string | undefined;
  VITE_ANALYTICS_URL?: string | undefined;
}

/** Sentry options, or null: reporting runs outside development and only with a DSN. */
export function sentryOptions(env: ClientEnv) {
  if (env.MODE === 'development' || !env.VITE_SENTRY_DSN) return null;
  return {
    dsn: env.VITE_SENTRY_DSN,
    environment: env.MODE,
    tracesSampleRate: SENTRY.tracesSampleRate,
    replaysSessionSampleRate: SENTRY.replaysSessionSampleRate,
    replaysOnErrorSampleRate: SENTRY.replaysOnErrorSampleRate,
  };
}

/** The analytics endpoint, or null: page views are sent only from the production host. */
export function analyticsEndpoint(env: ClientEnv, hostname: string): string | null {
  if (!env.VITE_ANALYTICS_HOST || !env.VITE_ANALYTICS_URL) return null;
  return hostname === env.VITE_ANALYTICS_HOST ? env.VITE_ANALYTICS_URL : null;
}

/** The performance mark set when telemetry starts loading (the bundle bench reads it). */
export const TELEMETRY_MARK = 'beacon:telemetry';

/** Runs `start` once the page has loaded and the browser is idle (or after 2 s at the latest). */
export function afterFirstScreen(start: () => void, target: Window = window): void {
  const whenIdle = () => {
    if (typeof target.requestIdleCallback === 'function') {
      target.requestIdleCallback(start, { timeout: 2000 });
    } else {
      target.setTimeout(start, 0);
    }
  };
  if (target.document.readyState === 'complete') whenIdle();
  else target.addEventListener('load', whenIdle, { once: true });
}
