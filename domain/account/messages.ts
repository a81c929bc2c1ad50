/** User-facing copy of a person's account; the server throws it, the screen shows it, tests quote it. */
import type { Org } from '~/domain/orgs/entities';

/** "Acme Outfitters", "Acme Outfitters and Globex Goods", "A, B and C". */
function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export const ACCOUNT_MESSAGES = {
  /** Deleting the account is refused while they are the last owner of an org. */
  lastOwnerOfOrgs: (orgs: readonly Pick<Org, 'name'>[]) =>
    `You are the last owner of ${listed(orgs.map((o) => o.name))}. Make another member an owner of ${orgs.length > 1 ? 'each' : 'it'}, or delete ${orgs.length > 1 ? 'them' : 'it'}, before you delete your account.`,
  confirmationMismatch: 'Type your email address exactly to confirm.',
  /** Beside a disabled Leave (the server refuses it too: MEMBER_MESSAGES.lastOwnerLeaves). */
  lastOwnerHint:
    'You cannot leave an org you are the last owner of: make another member an owner, or delete the org.',
  noOrgs: 'You belong to no org yet.',
  /** Someone whose sign-in methods were made before Beacon recorded them (a seeded account). */
  noSignInMethods: 'None recorded yet: the next sign-in records it.',
  accountNotFound: 'This account no longer exists.',
} as const;

export const ACCOUNT_ERROR_REASONS = [
  'account-last-owner',
  'account-confirmation-mismatch',
  'account-not-found',
] as const;
export type AccountErrorReason = (typeof ACCOUNT_ERROR_REASONS)[number];
