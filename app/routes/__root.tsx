import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import { Button } from '../../ui/components/button';
import { ErrorScreen } from '../../ui/patterns/error-screen';
import { NotFoundScreen } from '../../ui/patterns/not-found-screen';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: ({ error }) => <ErrorScreen error={error} />,
  notFoundComponent: () => (
    <NotFoundScreen
      action={
        <Button asChild variant="outline">
          <Link to="/">Go to Beacon</Link>
        </Button>
      }
    />
  ),
});
