import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { RouterContext } from '~/app/router';

// The default screens load on demand: the root route is never code-split, and they are rarely needed.
const ErrorScreen = lazy(() =>
  import('~/ui/patterns/error-screen').then((m) => ({ default: m.ErrorScreen })),
);
const NotFound = lazy(() =>
  import('~/app/components/not-found').then((m) => ({ default: m.NotFound })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: ({ error }) => (
    <Suspense fallback={null}>
      <ErrorScreen error={error} />
    </Suspense>
  ),
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFound />
    </Suspense>
  ),
});
