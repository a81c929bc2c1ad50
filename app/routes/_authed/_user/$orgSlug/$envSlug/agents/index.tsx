/**
 * /app/{orgSlug}/{envSlug}/agents: the agent catalogue; the agents with a screen show whether they are
 * configured and how their last run went (docs/product.md#agents).
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { QueryBoundary } from '~/app/components/query-boundary';
import { clock } from '~/app/lib/clock';
import { useCurrentEnv } from '~/app/lib/env-context';
import { useTRPC } from '~/app/lib/trpc';
import { AGENT_CATALOGUE, type CatalogueAgent } from '~/domain/agents/catalogue';
import { SCREEN_GATES } from '~/domain/orgs/gating';
import { Callout } from '~/ui/components/callout';
import { AgentCatalogue, type CatalogueStatus } from '~/ui/patterns/agents/agent-catalogue';
import { PageHeader } from '~/ui/patterns/page-header';

const AGENT_ROUTE = {
  translation: '/$orgSlug/$envSlug/agents/translation',
  seo: '/$orgSlug/$envSlug/agents/seo',
  aeo: '/$orgSlug/$envSlug/agents/aeo',
} as const;

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/agents/')({
  staticData: { gate: SCREEN_GATES.agents },
  // The loader loads with the screen's chunk (docs/decisions/0002-lean-entry-chunk.md).
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ context: { api, orgContext } }) => {
    // Without an onboarded instance no agent can run: the catalogue shows without run status.
    if (!orgContext?.onboarded) return;
    void api.queryClient.prefetchQuery(api.trpc.agents.overview.queryOptions(orgContext.scope));
  },
  component: Screen,
});

function Screen() {
  const { env } = useCurrentEnv();
  return (
    <div className="flex flex-col">
      <PageHeader
        title="Agents"
        description="AI agents that propose changes; you review what they do."
      />
      <div className="flex flex-col gap-6 p-8">
        {env.b2cInstance?.onboarded ? (
          <QueryBoundary
            pending={<Catalogue status={{ kind: 'loading' }} />}
            error={(message) => (
              <>
                <Callout
                  variant="error"
                  title="Could not read how the agents’ runs went"
                  description={message}
                />
                <Catalogue status={{ kind: 'none' }} />
              </>
            )}
          >
            <WithRuns />
          </QueryBoundary>
        ) : (
          <Catalogue status={{ kind: 'none' }} />
        )}
      </div>
    </div>
  );
}

function WithRuns() {
  const { org, env } = useCurrentEnv();
  const trpc = useTRPC();
  const { data: overview } = useSuspenseQuery(
    trpc.agents.overview.queryOptions({ orgId: org.id, envId: env.id }),
  );
  return <Catalogue status={{ kind: 'loaded', overview, now: clock.now() }} />;
}

function Catalogue({ status }: { status: CatalogueStatus }) {
  const params = Route.useParams();
  return (
    <AgentCatalogue
      agents={AGENT_CATALOGUE}
      status={status}
      renderLink={(agent: CatalogueAgent, children: ReactNode) =>
        agent.type ? (
          <Link
            to={AGENT_ROUTE[agent.type]}
            params={params}
            className="block rounded-box focus-visible:outline-2"
          >
            {children}
          </Link>
        ) : (
          children
        )
      }
    />
  );
}
