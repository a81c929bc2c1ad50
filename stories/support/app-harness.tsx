/**
 * Screen stories render the real app router at a URL, with a fresh QueryClient (no retries) and the
 * real tRPC client and links; MSW answers /trpc and /api/auth from the story's typed scenario.
 */
import { createMemoryHistory, type RouterHistory } from '@tanstack/react-router';
import { useState } from 'react';
import { type Api, createApi } from '~/app/lib/api';
import { createSessionStore } from '~/app/lib/session';
import { parseTheme } from '~/app/lib/theme';
import { type PageRouter, PageRouterProvider, createPageRouter } from '~/app/router';
import type { AppTheme } from '~/domain/shared/app-theme';
import { mockApi, type SessionMock } from '~/mock-server/handlers';
import type { TrpcScenario } from '~/mock-server/trpc/scenario';

/** The app the current story rendered, if it rendered one (cleared before every story). */
let renderedApp: { router: PageRouter; api: Api } | null = null;

export function forgetRenderedApp(): void {
  renderedApp = null;
}

/**
 * Whether the app the story rendered has finished loading: its router is idle (route chunks,
 * `beforeLoad` and loaders done) and no query or mutation is in flight. `null` when the story
 * rendered no app.
 */
export function renderedAppSettled(): boolean | null {
  if (!renderedApp) return null;
  const { router, api } = renderedApp;
  return (
    router.state.status === 'idle' &&
    !router.state.isLoading &&
    api.queryClient.isFetching() === 0 &&
    api.queryClient.isMutating() === 0
  );
}

export function AppAt({
  url,
  theme,
  onHistory,
}: {
  url: string;
  theme?: AppTheme;
  /** Receives the router's in-memory history, for a play function to read where the app went. */
  onHistory?: (history: RouterHistory) => void;
}) {
  const [router] = useState(() => {
    const api = createApi({ retry: false, wsLazy: true });
    const history = createMemoryHistory({ initialEntries: [url] });
    onHistory?.(history);
    const router = createPageRouter({
      history,
      context: { session: createSessionStore(), loadApi: () => Promise.resolve(api) },
    });
    renderedApp = { router, api };
    return router;
  });
  return <PageRouterProvider router={router} {...(theme ? { initialTheme: theme } : {})} />;
}

/** Everything a screen story needs: render at a URL, mocked session and tRPC, call log for assertions. */
export function screen(options: { url: string; session?: SessionMock; trpc?: TrpcScenario }) {
  const api = mockApi({ session: options.session ?? 'signed-out', trpc: options.trpc ?? {} });
  let history: RouterHistory | null = null;
  return {
    api,
    /** The rendered story's history: `location` is where the app is, `length` how many entries it kept. */
    history(): RouterHistory {
      if (!history) throw new Error('The story has not rendered yet.');
      return history;
    },
    story: {
      // The app's theme state starts from the toolbar's, as the app starts from localStorage.
      render: (_args: unknown, context: { globals: { theme?: string } }) => (
        <AppAt
          url={options.url}
          theme={parseTheme(context.globals.theme)}
          onHistory={(h) => (history = h)}
        />
      ),
      parameters: { layout: 'fullscreen' as const, msw: { handlers: api.handlers } },
      beforeEach: () => api.reset(),
    },
  };
}
