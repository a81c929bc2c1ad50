/** Loaded after first render, only when configured: Sentry's React SDK and page-view beacons. */
import type { AnyRouter } from '@tanstack/react-router';
import { analyticsEndpoint, sentryOptions, type ClientEnv } from './telemetry-config';

export async function startTelemetry(router: AnyRouter, env: ClientEnv): Promise<void> {
  const sentry = sentryOptions(env);
  if (sentry) {
    const Sentry = await import('@sentry/react');
    Sentry.init({
      ...sentry,
      integrations: [
        Sentry.tanstackRouterBrowserTracingIntegration(router),
        Sentry.replayIntegration(),
      ],
    });
  }
  const endpoint = analyticsEndpoint(env, window.location.hostname);
  if (endpoint) {
    router.subscribe('onResolved', ({ toLocation }) => {
      navigator.sendBeacon(endpoint, JSON.stringify({ path: toLocation.pathname, at: Date.now() }));
    });
  }
}
