/**
 * Screen stories render the real app router at a URL, with a fresh QueryClient (no retries) and the
 * real tRPC client and links; MSW answers /trpc and /api/auth from the story's typed scenario.
 */
import { createMemoryHistory, type RouterHistory } from '@tanstack/react-router';
import { useState } from 'react';
import { createApi } from '~/app/lib/api';
import { createSessionStore } from '~/app/lib/session';
import { parseTheme } from '~/app/lib/theme';
import { PageRouterProvider, createPageRouter } from '~/app/router';
import type { AppTheme } from '~/domain/shared/app-theme';
import { mockApi, type SessionMock } from '~/mock-server/handlers';
import type { TrpcScenario } from '~/mock-server/trpc/scenario';

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
    return createPageRouter({
      history,
      context: { session: createSessionStore(), loadApi: () => Promise.resolve(api) },
    });
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
