/** Loaded after first render, only when configured: Sentry's React SDK and page-view beacons. */
import type * as SentryModule from '@sentry/react';
import type { AnyRouter } from '@tanstack/react-router';
import type { ErrorInfo } from 'react-dom/client';
import { analyticsEndpoint, type ClientEnv, sentryOptions } from './telemetry-config';

type SentryApi = typeof SentryModule;

// Settled once startTelemetry knows whether Sentry runs: errors reported earlier wait for it.
let settleSentry: (sentry: SentryApi | null) => void = () => {};
const sentryReady = new Promise<SentryApi | null>((resolve) => (settleSentry = resolve));

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
    settleSentry(Sentry);
  } else {
    settleSentry(null);
  }
  const endpoint = analyticsEndpoint(env, window.location.hostname);
  if (endpoint) {
    router.subscribe('onResolved', ({ toLocation }) => {
      navigator.sendBeacon(endpoint, JSON.stringify({ path: toLocation.pathname, at: Date.now() }));
    });
  }
}

/**
 * An error React caught (an error boundary, e.g. the router's error screen) or did not: sent to
 * Sentry with its component stack through the SDK's own React root handler.
 */
export async function reportReactError(error: unknown, errorInfo: ErrorInfo): Promise<void> {
  const Sentry = await sentryReady;
  Sentry?.reactErrorHandler()(
    error,
    errorInfo as Parameters<SentryApi['captureReactException']>[1],
  );
}
