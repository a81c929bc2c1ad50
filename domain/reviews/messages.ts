/** User-facing copy of the review queue and write-back; the server throws it, screens show it, tests quote it. */
import { VERIFY_MESSAGES } from '~/domain/instances/snippets';
import { PRODUCT_DISPLAY_NAME } from '~/domain/shared/constants';
import type { PublishFailureReason } from './entities';
import { PROPOSAL_STATUS_LABEL, type ProposalStatus } from './statuses';

export const REVIEW_MESSAGES = {
  notFound: 'This proposal does not exist in this environment.',
  /** A decision the proposal's status does not allow. */
  refused: (
    status: ProposalStatus,
    action: 'approve' | 'reject' | 'edit' | 'retry' | 'repropose',
  ) =>
    `This proposal is ${PROPOSAL_STATUS_LABEL[status].toLowerCase()}, so it cannot be ${
      {
        approve: 'approved',
        reject: 'rejected',
        edit: 'edited',
        retry: 'published again',
        repropose: 'proposed again',
      }[action]
    }.`,
  newerPending:
    'A newer proposal for this field and locale is already pending. Review that one instead.',
  jobsUnavailable: `Background jobs are not running on this server, so ${PRODUCT_DISPLAY_NAME} cannot publish approved changes.`,
  noInstance: 'This environment is not linked to a B2C Commerce instance.',
  editSame: 'The edited value is the same as the current value on the instance.',
} as const;

/** Why a publish failed, in plain words; `detail` is the instance's own message or status where it helps. */
export function publishFailureMessage(
  reason: PublishFailureReason,
  b2cProductId: string,
  detail?: string | null,
): string {
  switch (reason) {
    case 'credentials':
      return "Salesforce rejected Beacon's API client (401). Check the client's id and secret in Account Manager, then Retry.";
    case 'permission':
      return `${VERIFY_MESSAGES.missingSettings('ocapi-data', 'patch', `/products/${b2cProductId}`)} Then Retry.`;
    case 'product-missing':
      return `The product ${b2cProductId} no longer exists on the instance (404): there is nothing to write to.`;
    case 'unavailable':
      return `The instance could not be reached${detail ? ` (${detail})` : ''}, even after several tries. Retry when it is back.`;
    case 'refused':
      return `The instance refused the change${detail ? `: ${detail}` : ''}.`;
    case 'not-stored':
      return `The instance accepted the update of ${b2cProductId} but did not store ${detail ?? 'the value'}: OCAPI's product update may not change this attribute on your instance. Ask your B2C Commerce administrator, then Retry.`;
    case 'unversioned':
      return `The instance sent the product ${b2cProductId} without its version (_resource_state), so ${PRODUCT_DISPLAY_NAME} did not write to it: a write without one could overwrite a change made meanwhile. Retry; if it happens again, check what sits between ${PRODUCT_DISPLAY_NAME} and the instance.`;
  }
}

export const REVIEW_ERROR_REASONS = [
  'review-not-found',
  'review-transition-refused',
  'review-newer-pending',
] as const;
export type ReviewErrorReason = (typeof REVIEW_ERROR_REASONS)[number];
