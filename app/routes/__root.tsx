import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { RouterContext } from '~/app/router';
import { isDatabaseUnavailable } from '~/app/lib/outage';

// The default screens load on demand: the root route is never code-split, and they are rarely needed.
const ErrorScreen = lazy(() =>
  import('~/ui/patterns/error-screen').then((m) => ({ default: m.ErrorScreen })),
);
const NotFound = lazy(() =>
  import('~/app/components/not-found').then((m) => ({ default: m.NotFound })),
);
const DatabaseUnreachable = lazy(() =>
  import('~/app/components/database-unreachable').then((m) => ({
    default: m.DatabaseUnreachable,
  })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // A screen's data the server could not read because its database is out of reach: the outage
  // screen with Retry (it reloads the screen), not the error screen.
  errorComponent: ({ error }) => (
    <Suspense fallback={null}>
      {isDatabaseUnavailable(error) ? <DatabaseUnreachable /> : <ErrorScreen error={error} />}
    </Suspense>
  ),
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFound />
    </Suspense>
  ),
});
