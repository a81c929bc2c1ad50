/** The way out of "no environments": any member may create one (docs/product.md#orgs-and-environments). */
import { Link } from '@tanstack/react-router';
import { Button } from '~/ui/components/button';

export function CreateEnvLink({ orgSlug }: { orgSlug: string }) {
  return (
    <Button asChild>
      <Link to="/$orgSlug/create-env" params={{ orgSlug }}>
        Create an environment
      </Link>
    </Button>
  );
}
