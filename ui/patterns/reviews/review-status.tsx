/** A proposal's status as a badge, coloured by where it stands; shared by the queue and the detail. */
import { PROPOSAL_STATUS_LABEL, type ProposalStatus } from '~/domain/reviews/statuses';
import { Badge, type BadgeProps } from '~/ui/components/badge';

const VARIANT: Record<ProposalStatus, NonNullable<BadgeProps['variant']>> = {
  pending: 'info',
  approved: 'outline',
  published: 'success',
  'publish-failed': 'error',
  conflict: 'warning',
  rejected: 'neutral',
  superseded: 'outline',
};

export function ReviewStatusBadge({ status }: { status: ProposalStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-status={status}>
      {PROPOSAL_STATUS_LABEL[status]}
    </Badge>
  );
}
