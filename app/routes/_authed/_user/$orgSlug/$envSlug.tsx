/**
 * /app/{orgSlug}/{envSlug}: resolves the org context once (no retry) into the route context, where every
 * screen's loader below reads it; then the shell with gating per screen.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, Outlet, useMatches } from '@tanstack/react-router';
import { gateFor } from '~/domain/orgs/gating';
import { Button } from '~/ui/components/button';
import { IntegrationMissingBlock, OnboardingNeededBlock } from '~/ui/patterns/gate-blocks';
import { AskVerificationAction } from '~/app/components/ask-verification';
import { BookDemoButton } from '~/app/components/book-demo';
import { OrgContextMessage } from '~/app/components/org-context-error';
import { EnvPage } from '~/app/lib/env-context';
import { orgContextQuery, resolveOrgContext } from '~/app/lib/org-context';
import { useOrgFavicon } from '~/app/lib/org-logo';
import { Shell } from '~/app/components/shell';
import { useCurrentUser } from '~/app/lib/session';
import { useTRPC } from '~/app/lib/trpc';
import '~/app/lib/route-data';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug')({
  // In the entry, as every route's beforeLoad is: the org context's read starts as soon as the
  // session has answered (docs/decisions/0002-lean-entry-chunk.md). A problem (not a member, env
  // missing) is a state of the page the layout shows; the loaders below then read nothing.
  beforeLoad: ({ context: { api }, params }) => resolveOrgContext(api, params),
  component: EnvLayout,
});

function EnvLayout() {
  const problem = Route.useRouteContext({ select: (context) => context.orgContextProblem });
  const params = Route.useParams();
  if (problem) return <OrgContextMessage problem={problem} {...params} />;
  return <EnvShell />;
}

function EnvShell() {
  const params = Route.useParams();
  const trpc = useTRPC();
  const user = useCurrentUser();
  const { data } = useSuspenseQuery(orgContextQuery(trpc, params));
  useOrgFavicon(data.org.name);
  const matches = useMatches();
  const optOut = matches.at(-1)?.staticData.gate;
  const gate = gateFor({ org: data.org, env: data.env, user, optOut });
  return (
    <EnvPage org={data.org} env={data.env}>
      <Shell org={data.org} env={data.env}>
        {gate === 'onboarding-needed' ? (
          <OnboardingNeededBlock
            orgName={data.org.name}
            action={
              <>
                <BookDemoButton />
                <AskVerificationAction orgId={data.org.id} />
              </>
            }
          />
        ) : gate === 'integration-missing' ? (
          <IntegrationMissingBlock
            envName={data.env.name}
            action={
              <Button asChild>
                <Link
                  to="/$orgSlug/$envSlug/settings"
                  params={params}
                  search={{ view: 'env-settings' }}
                >
                  Open environment settings
                </Link>
              </Button>
            }
          />
        ) : (
          <Outlet />
        )}
      </Shell>
    </EnvPage>
  );
}
