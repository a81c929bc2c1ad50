import { createFileRoute } from '@tanstack/react-router';
import { OPT_OUT } from '../../../../../../../domain/gating';
import { AgentsOverview } from '../../../../../../../app/components/agents-overview';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/agents/')({
  staticData: { gate: OPT_OUT.instanceOnly },
  component: AgentsOverview,
});
