import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Api } from './lib/api';
import { reloadOnPreloadError } from './lib/preload-error';
import { rootErrorOptions } from './lib/root-errors';
import { createSessionStore } from './lib/session';
import {
  afterFirstScreen,
  analyticsEndpoint,
  sentryOptions,
  TELEMETRY_MARK,
  type ClientEnv,
} from './lib/telemetry-config';
import { applyTheme, readStoredTheme } from './lib/theme';
import { PageRouterProvider, createPageRouter } from './router';
import '~/ui/styles/index.css';

applyTheme(readStoredTheme());

const preloadErrors = reloadOnPreloadError();

let api: Api | null = null;
const router = createPageRouter({
  context: {
    session: createSessionStore(),
    loadApi: async () => (api ??= (await import('./lib/api')).createApi()),
  },
});
preloadErrors.watch(router);

const env = import.meta.env as unknown as ClientEnv;
// Telemetry (Sentry, page views) is its own chunk, loaded only when configured, and only once the
// first screen is up (after load, when the browser is idle) so it never competes with it. An error
// React sees before then loads it at once (rootErrorOptions).
const loadTelemetry = () => import('./lib/telemetry');
if (sentryOptions(env) || analyticsEndpoint(env, window.location.hostname)) {
  // The first screen is up once the router has resolved its first navigation (its route's chunks
  // loaded): waiting for the page's load event alone let telemetry start while the sign-in screen's
  // chunks were still on their way.
  const unsubscribe = router.subscribe('onResolved', () => {
    unsubscribe();
    afterFirstScreen(() => {
      performance.mark(TELEMETRY_MARK);
      void loadTelemetry().then(({ startTelemetry }) => startTelemetry(router, env));
    });
  });
}

createRoot(document.getElementById('root')!, rootErrorOptions(env, loadTelemetry)).render(
  <StrictMode>
    <PageRouterProvider router={router} />
  </StrictMode>,
);
