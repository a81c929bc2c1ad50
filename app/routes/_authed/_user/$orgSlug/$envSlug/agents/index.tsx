import { createFileRoute } from '@tanstack/react-router';
import { AgentsOverview } from '~/app/components/agents-overview';
import { OPT_OUT } from '~/domain/orgs/gating';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/agents/')({
  staticData: { gate: OPT_OUT.instanceOnly },
  component: AgentsOverview,
});
