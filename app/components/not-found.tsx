import { Link } from '@tanstack/react-router';
import { Button } from '~/ui/components/button';
import { NotFoundScreen } from '~/ui/patterns/not-found-screen';

export function NotFound() {
  return (
    <NotFoundScreen
      action={
        <Button asChild variant="outline">
          <Link to="/">Go to Beacon</Link>
        </Button>
      }
    />
  );
}
