/** Where an invitation stands, and the link that accepts it: written once for the settings screen and its tests. */
import { APP_BASE_PATH } from '~/domain/shared/constants';

export type InvitationStatus = 'pending' | 'accepted' | 'expired';

/** Accepted wins over expired; expired from the instant `expiresAt` is reached (as the server refuses it). */
export function invitationStatus(
  invitation: { expiresAt: Date; acceptedAt: Date | null },
  now: Date,
): InvitationStatus {
  if (invitation.acceptedAt) return 'accepted';
  return invitation.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** The accept link for a token, on the origin Beacon is served from (e.g. window.location.origin). */
export function invitationLink(origin: string, token: string): string {
  return `${origin}${APP_BASE_PATH}accept-invite/${encodeURIComponent(token)}`;
}

/** What an accept link's token is replaced with wherever the link leaves the app (a route pattern). */
export const REDACTED_INVITATION_TOKEN = ':token';

/**
 * `text` with the token of every accept link in it (`…/accept-invite/{token}`, also URL-encoded)
 * replaced: page views, error reports and request logs keep the route, never the token.
 */
export function redactInvitationTokens(text: string): string {
  return text.replace(
    /(accept-invite(?:\/|%2F))[^/?#\s"'&<>\\]+/gi,
    `$1${REDACTED_INVITATION_TOKEN}`,
  );
}
