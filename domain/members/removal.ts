/** Who may remove whom from an org: written once for the server's check and the users screen. */
import type { MembershipRole } from '~/domain/orgs/entities';

export interface MemberActor {
  id: string;
  isSuperUser: boolean;
  /** The actor's role in the org, or null when they are not a member (a superuser may not be). */
  role: MembershipRole | null;
}

/** Removing someone else takes an owner of the org, or a superuser. */
export function mayRemoveOthers(actor: Omit<MemberActor, 'id'>): boolean {
  return actor.isSuperUser || actor.role === 'owner';
}

/** Anyone may leave; others are removed by owners and superusers only. */
export function mayRemoveMember(actor: MemberActor, userId: string): boolean {
  return actor.id === userId || mayRemoveOthers(actor);
}

/**
 * Whether someone with `role` in an org with `owners` owners (them included) is its last owner. An org
 * keeps an owner: its last owner can neither leave nor be removed (they make another member an owner,
 * or delete the org), nor delete their account.
 */
export function isLastOwner(role: MembershipRole | null, owners: number): boolean {
  return role === 'owner' && owners <= 1;
}
