/**
 * The agent catalogue: each agent's autonomy and hours saved and, for agents with a screen, whether it
 * is configured and how its last run went. `renderLink` wraps available agents in the app's links.
 */
import type { ReactNode } from 'react';
import { AUTONOMY_LABEL, type AgentType, type CatalogueAgent } from '~/domain/agents/catalogue';
import { AGENT_MESSAGES } from '~/domain/agents/messages';
import { type AgentsOverview, isRunActive, itemsEnded } from '~/domain/agents/runs';
import { Badge } from '~/ui/components/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/components/card';
import { Skeleton } from '~/ui/components/skeleton';
import { formatAgo, proposalCount, runStartedAt } from './format';
import { RunStatusBadge } from './run-status';

export const CATALOGUE_TEXT = {
  comingSoon: 'Coming soon',
  notMeasured: 'Hours saved: not measured yet',
  hoursSaved: (hours: number) => `${hours} hours saved`,
  notConfigured: 'Not configured',
  neverRun: 'Configured, not run yet',
  lastRun: 'Last run',
} as const;

/** What the catalogue shows of each agent's runs: the overview, loading, or nothing (unavailable). */
export type CatalogueStatus =
  { kind: 'loaded'; overview: AgentsOverview; now: Date } | { kind: 'loading' } | { kind: 'none' };

export function AgentCatalogue({
  agents,
  renderLink,
  status = { kind: 'none' },
}: {
  agents: readonly CatalogueAgent[];
  renderLink(agent: CatalogueAgent, children: ReactNode): ReactNode;
  status?: CatalogueStatus;
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
                {agent.available ? null : (
                  <Badge variant="neutral">{CATALOGUE_TEXT.comingSoon}</Badge>
                )}
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-3 text-sm text-base-content/80">
              <p>
                {agent.hoursSaved === null
                  ? CATALOGUE_TEXT.notMeasured
                  : CATALOGUE_TEXT.hoursSaved(agent.hoursSaved)}
              </p>
              {agent.type && agent.available ? (
                <AgentStatus type={agent.type} status={status} />
              ) : null}
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

/** "Not configured", or the last run: its status, when, and its proposals (or its progress). */
function AgentStatus({ type, status }: { type: AgentType; status: CatalogueStatus }) {
  if (status.kind === 'none') return null;
  if (status.kind === 'loading') return <Skeleton className="h-5 w-48" />;
  const { configured, lastRun } = status.overview[type];
  if (!lastRun) {
    return (
      <p data-slot="agent-status" className="text-base-content/75">
        {configured ? CATALOGUE_TEXT.neverRun : CATALOGUE_TEXT.notConfigured}
      </p>
    );
  }
  const when = lastRun.finishedAt ?? runStartedAt(lastRun);
  return (
    <p data-slot="agent-status" className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="sr-only">{CATALOGUE_TEXT.lastRun}: </span>
      <RunStatusBadge status={lastRun.status} />
      {isRunActive(lastRun.status) ? (
        <span>{AGENT_MESSAGES.progress(itemsEnded(lastRun), lastRun.itemsTotal)}</span>
      ) : (
        <>
          <time dateTime={when.toISOString()}>{formatAgo(when, status.now)}</time>
          <span aria-hidden>·</span>
          <span>{proposalCount(lastRun.proposals)}</span>
        </>
      )}
      {configured ? null : (
        <span className="basis-full text-base-content/75">{CATALOGUE_TEXT.notConfigured}</span>
      )}
    </p>
  );
}
