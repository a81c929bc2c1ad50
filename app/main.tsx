import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Api } from './lib/api';
import { createSessionStore } from './lib/session';
import { analyticsEndpoint, sentryOptions, type ClientEnv } from './lib/telemetry-config';
import { applyTheme, readStoredTheme } from './lib/theme';
import { AppRouterProvider, createAppRouter } from './router';
import '../ui/styles/index.css';

applyTheme(readStoredTheme());

// A stale deploy's lazy chunk is gone: reload once rather than leave a blank page.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'beacon:reloaded-for-chunk';
  if (sessionStorage.getItem(key)) return;
  sessionStorage.setItem(key, '1');
  event.preventDefault();
  window.location.reload();
});

let api: Api | null = null;
const router = createAppRouter({
  context: {
    session: createSessionStore(),
    loadApi: async () => (api ??= (await import('./lib/api')).createApi()),
  },
});

const env = import.meta.env as unknown as ClientEnv;
if (sentryOptions(env) || analyticsEndpoint(env, window.location.hostname)) {
  void import('./lib/telemetry').then(({ startTelemetry }) => startTelemetry(router, env));
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRouterProvider router={router} />
  </StrictMode>,
);
