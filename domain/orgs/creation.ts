/**
 * Who may create an org (docs/decisions/0035-production-first-day.md): superusers, any number; someone
 * who came through the free AEO report (`campaign=aeo`) and belongs to no org yet, their first one, which
 * starts unverified (so only its home, AI discoverability monitoring, opens for them until a superuser
 * verifies it). Everyone else joins by invitation.
 */
import type { Campaign } from '~/domain/monitoring/campaign';

export type OrgCreation = 'any' | 'first' | 'none';

export function orgCreationFor(
  user: { isSuperUser: boolean; campaign: Campaign | null },
  orgCount: number,
): OrgCreation {
  if (user.isSuperUser) return 'any';
  if (user.campaign === 'aeo' && orgCount === 0) return 'first';
  return 'none';
}
