/** A run's status as a badge, coloured by how it went; shared by the run card, the history and the overview. */
import { AGENT_RUN_STATUS_LABEL, type AgentRunStatus } from '~/domain/agents/runs';
import { Badge, type BadgeProps } from '~/ui/components/badge';

const VARIANT: Record<AgentRunStatus, NonNullable<BadgeProps['variant']>> = {
  queued: 'outline',
  running: 'info',
  cancelling: 'outline',
  succeeded: 'success',
  'partly-failed': 'warning',
  failed: 'error',
  cancelled: 'neutral',
};

export function RunStatusBadge({ status }: { status: AgentRunStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-status={status}>
      {AGENT_RUN_STATUS_LABEL[status]}
    </Badge>
  );
}
