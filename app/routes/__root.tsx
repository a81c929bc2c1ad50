import { createRootRoute, Link, Outlet } from '@tanstack/react-router';
import { Button } from '../../ui/components/button';
import { ErrorScreen } from '../../ui/patterns/error-screen';
import { NotFoundScreen } from '../../ui/patterns/not-found-screen';

export const Route = createRootRoute({
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
