/**
 * Loaded after first render, only when configured: Sentry's React SDK and page-view beacons. An
 * invitation's accept link carries its token in the path: everything sent from here carries the link
 * without it (docs/security.md, rule 10).
 */
import type * as SentryModule from '@sentry/react';
import type { AnyRouter } from '@tanstack/react-router';
import type { ErrorInfo } from 'react-dom/client';
import { redactInvitationTokens } from '~/domain/members/invitations';
import { analyticsEndpoint, type ClientEnv, sentryOptions } from './telemetry-config';

type SentryApi = typeof SentryModule;

// Settled once startTelemetry knows whether Sentry runs: errors reported earlier wait for it.
let settleSentry: (sentry: SentryApi | null) => void = () => {};
const sentryReady = new Promise<SentryApi | null>((resolve) => (settleSentry = resolve));

/**
 * `value` with every accept link's token redacted, at any depth (strings are replaced, objects and
 * arrays changed in place): what each of Sentry's hooks returns.
 */
function redactTokens<T>(value: T, seen = new WeakSet<object>()): T {
  if (typeof value === 'string') return redactInvitationTokens(value) as T;
  if (value === null || typeof value !== 'object' || seen.has(value)) return value;
  seen.add(value);
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const item = record[key];
    if (typeof item === 'string') {
      const redacted = redactInvitationTokens(item);
      if (redacted !== item) record[key] = redacted;
    } else if (item !== null && typeof item === 'object') {
      redactTokens(item, seen);
    }
  }
  return value;
}

export async function startTelemetry(router: AnyRouter, env: ClientEnv): Promise<void> {
  const sentry = sentryOptions(env);
  if (sentry) {
    const Sentry = await import('@sentry/react');
    const redact = <T>(value: T): T => redactTokens(value);
    Sentry.init({
      ...sentry,
      // Errors and messages (their request URL, breadcrumbs, messages), breadcrumbs as they are
      // recorded, and spans (page loads and navigations carry the URL).
      beforeSend: redact,
      beforeBreadcrumb: redact,
      beforeSendSpan: redact,
      integrations: [
        Sentry.tanstackRouterBrowserTracingIntegration(router),
        // A replay records the page's address in its own events.
        Sentry.replayIntegration({ beforeAddRecordingEvent: redact }),
      ],
    });
    // Every other event (a replay's own event lists the URLs it saw; transactions) on its way out.
    Sentry.addEventProcessor(redact);
    settleSentry(Sentry);
  } else {
    settleSentry(null);
  }
  const endpoint = analyticsEndpoint(env, window.location.hostname);
  if (endpoint) {
    router.subscribe('onResolved', ({ toLocation }) => {
      navigator.sendBeacon(
        endpoint,
        JSON.stringify({ path: redactInvitationTokens(toLocation.pathname), at: Date.now() }),
      );
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
