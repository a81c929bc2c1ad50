/** The way out of "no environments" (spec §4): any member may create one (spec §6). */
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
