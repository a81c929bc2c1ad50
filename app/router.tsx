/** The app's router: base /app/, the defaults of docs/product.md#client-defaults-and-limits, context carrying the session and the (lazy) data stack. */
import { createRouter, type RouterHistory, RouterProvider } from '@tanstack/react-router';
import type { AppTheme } from '~/domain/shared/app-theme';
import { ROUTER_DEFAULTS } from '~/domain/shared/constants';
import { LoadingScreen } from '~/ui/patterns/loading-screen';
import type { Api } from './lib/api';
import { SessionProvider, type SessionStore } from './lib/session';
import { ThemeProvider } from './lib/theme';
import { routeTree } from './route-tree.gen';

export interface RouterContext {
  session: SessionStore;
  /** Loads the data stack on first use; the same instance afterwards. */
  loadApi: () => Promise<Api>;
}

export function createPageRouter(options: { context: RouterContext; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    basepath: '/app',
    context: options.context,
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    defaultPreloadDelay: ROUTER_DEFAULTS.preloadDelayMs,
    defaultPendingComponent: () => <LoadingScreen />,
    defaultPendingMs: ROUTER_DEFAULTS.pendingMs,
    defaultPendingMinMs: ROUTER_DEFAULTS.pendingMinMs,
    defaultGcTime: ROUTER_DEFAULTS.gcTimeMs,
    defaultPreloadStaleTime: ROUTER_DEFAULTS.preloadStaleTimeMs,
    scrollRestoration: true,
  });
}

/** The app's page router (TanStack Router); `AppRouter` is the tRPC router's type. */
export type PageRouter = ReturnType<typeof createPageRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: PageRouter;
  }
}

export function PageRouterProvider({
  router,
  initialTheme,
}: {
  router: PageRouter;
  initialTheme?: AppTheme;
}) {
  return (
    <SessionProvider store={router.options.context.session}>
      <ThemeProvider {...(initialTheme ? { initialTheme } : {})}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </SessionProvider>
  );
}
