import { Link, useParams } from '@tanstack/react-router';
import { AGENT_CATALOGUE } from '~/domain/agents/catalogue';
import { AgentCatalogue } from '~/ui/patterns/agent-catalogue';
import { PageHeader } from '~/ui/patterns/page-header';

const AGENT_ROUTE = {
  translation: '/$orgSlug/$envSlug/agents/translation',
  seo: '/$orgSlug/$envSlug/agents/seo',
  aeo: '/$orgSlug/$envSlug/agents/aeo',
} as const;

export function AgentsOverview() {
  const params = useParams({ from: '/_authed/_user/$orgSlug/$envSlug' });
  return (
    <div className="flex flex-col">
      <PageHeader
        title="Agents"
        description="AI agents that propose changes; you review what they do."
      />
      <div className="p-8">
        <AgentCatalogue
          agents={AGENT_CATALOGUE}
          renderLink={(agent, children) =>
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
      </div>
    </div>
  );
}
