/** Whether error reporting and page-view analytics run, decided from the client's build-time env (spec §1, §9). */
import { SENTRY } from '../../domain/constants';

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
