/** The app's router: base /app/, spec §9 defaults, default error and not-found screens. */
import { createRouter, RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { ROUTER_DEFAULTS } from '../domain/constants';
import { routeTree } from './route-tree.gen';

export function createAppRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    basepath: '/app',
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    defaultPreloadDelay: ROUTER_DEFAULTS.preloadDelayMs,
    defaultPendingMs: ROUTER_DEFAULTS.pendingMs,
    defaultPendingMinMs: ROUTER_DEFAULTS.pendingMinMs,
    defaultGcTime: ROUTER_DEFAULTS.gcTimeMs,
    defaultPreloadStaleTime: ROUTER_DEFAULTS.preloadStaleTimeMs,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

export function AppRouterProvider({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
