/** orgs.getContext's expected failures (not a member, env missing) are states of the page, shown as messages rather than thrown (docs/product.md#orgs-and-environments). */
import { Link } from '@tanstack/react-router';
import type { OrgContextProblem } from '~/app/lib/org-context';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { Button } from '~/ui/components/button';
import { MessageScreen } from '~/ui/patterns/message-screen';

export function OrgContextMessage({
  problem,
  orgSlug,
  envSlug,
}: {
  problem: OrgContextProblem;
  orgSlug: string;
  envSlug?: string;
}) {
  if (problem === 'not-member' || envSlug === undefined) {
    return (
      <MessageScreen
        title={ORG_MESSAGES.notOrgMember(orgSlug)}
        description="Ask a member of the org to invite you."
        action={
          <Button asChild variant="outline">
            <Link to="/">Go to my orgs</Link>
          </Button>
        }
      />
    );
  }
  return (
    <MessageScreen
      title={ORG_MESSAGES.envNotFound(envSlug)}
      description="It may have been renamed or removed."
      action={
        <Button asChild variant="outline">
          <Link to="/$orgSlug" params={{ orgSlug }}>
            Go to {orgSlug}
          </Link>
        </Button>
      }
    />
  );
}
