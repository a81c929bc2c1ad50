/**
 * A person's account (docs/product.md#settings): how sign-in methods are named, which orgs keep them
 * from deleting it (those they are the last owner of, domain/members/removal.ts), what they type to
 * confirm, and what goes and what stays. Written once for the server's checks
 * (server/account/service.ts), the account settings and the mocks.
 */
const PROVIDER_LABEL: Readonly<Record<string, string>> = {
  salesforce: 'Salesforce',
  google: 'Google',
};

/** "Salesforce" for Auth.js's `salesforce`; a provider Beacon does not name shows as its id. */
export function signInMethodLabel(provider: string): string {
  return PROVIDER_LABEL[provider] ?? provider;
}

/**
 * The orgs that keep a person from deleting their account: those they are the last owner of. An org
 * must keep an owner, and deleting an org is its own confirmed act (with its own refusals, ADR 0041),
 * never a side effect of deleting an account, even when they are its only member.
 */
export function accountDeletionBlockers<T extends { lastOwner: boolean }>(orgs: readonly T[]): T[] {
  return orgs.filter((org) => org.lastOwner);
}

/** What the person types to confirm: their email address (case and spaces around it aside). */
export function accountConfirmationMatches(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

/** How the screens name someone whose account was deleted, where their decisions and runs stay. */
export const DELETED_USER = 'a deleted user';

/** What deleting an account removes, in the order the dialog lists it. */
export const ACCOUNT_DELETION_LOSSES = [
  'Your sign-in methods and every session, on every device',
  'Your membership of every org',
  'Invitations you sent',
  'Your analyst conversations',
] as const;

/** What stays, with "a deleted user" where it named the person. */
export const ACCOUNT_DELETION_KEEPS = [
  `Proposals you approved or rejected, and their review history, show "${DELETED_USER}"`,
  `Agent runs you started show "${DELETED_USER}"`,
  'Monitoring runs, landing pages, themes and settings you saved stay, without your name',
  'Your orgs and everything in them stay with their other members',
] as const;
