import type { ReactNode } from 'react';
import { AUTONOMY_LABEL, type CatalogueAgent } from '~/domain/agents/catalogue';
import { Badge } from '~/ui/components/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/components/card';

/** The agent catalogue: each agent's autonomy and hours saved; `renderLink` wraps available agents in the app's links. */
export function AgentCatalogue({
  agents,
  renderLink,
}: {
  agents: readonly CatalogueAgent[];
  renderLink(agent: CatalogueAgent, children: ReactNode): ReactNode;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {agents.map((agent) => {
        const body = (
          <Card className="h-full">
            <CardHeader>
              <CardTitle>{agent.name}</CardTitle>
              <CardDescription className="flex flex-wrap gap-2">
                <Badge variant={agent.autonomy === 'supervised' ? 'outline' : 'primary'}>
                  {AUTONOMY_LABEL[agent.autonomy]}
                </Badge>
                {agent.available ? null : <Badge variant="neutral">Coming soon</Badge>}
              </CardDescription>
            </CardHeader>
            <CardContent className="text-sm text-base-content/80">
              {agent.hoursSaved === null
                ? 'Hours saved: not measured yet'
                : `${agent.hoursSaved} hours saved`}
            </CardContent>
          </Card>
        );
        return (
          <li key={agent.key} data-agent={agent.key}>
            {agent.available ? renderLink(agent, body) : body}
          </li>
        );
      })}
    </ul>
  );
}
