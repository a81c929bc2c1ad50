/** The people of an org. */
import { and, asc, eq } from 'drizzle-orm';
import type { Member } from '~/domain/members/entities';
import { MEMBER_MESSAGES } from '~/domain/members/messages';
import { isLastOwner, mayRemoveMember } from '~/domain/members/removal';
import { DomainError } from '~/domain/shared/errors';
import type { SessionUser } from '~/domain/shared/session';
import type { Db } from '~/server/db/client';
import { memberships, users } from '~/server/db/schema';
import type { CachedAccessService } from '~/server/orgs/access';
import { requireOrg } from '~/server/orgs/rows';

export interface MembersService {
  list(orgId: string): Promise<Member[]>;
  /**
   * `actor` removes `userId`: themselves (leaving), or anyone if an owner or superuser; never the last
   * member, nor the last owner.
   */
  remove(actor: SessionUser, orgId: string, userId: string): Promise<void>;
}

export function createMembersService(db: Db, access: CachedAccessService): MembersService {
  return {
    async list(orgId) {
      await requireOrg(db, orgId);
      return db
        .select({
          userId: users.id,
          name: users.name,
          email: users.email,
          role: memberships.role,
          isSuperUser: users.isSuperUser,
        })
        .from(memberships)
        .innerJoin(users, eq(memberships.userId, users.id))
        .where(eq(memberships.orgId, orgId))
        .orderBy(asc(users.name), asc(users.email));
    },

    async remove(actor, orgId, userId) {
      await db.transaction(async (tx) => {
        // Lock the org's memberships so two concurrent removals cannot both see "one other member left".
        const rows = await tx
          .select({ userId: memberships.userId, role: memberships.role })
          .from(memberships)
          .where(eq(memberships.orgId, orgId))
          .for('update');
        if (!rows.some((r) => r.userId === userId)) {
          throw new DomainError('NOT_FOUND', MEMBER_MESSAGES.memberNotFound, 'member-not-found');
        }
        const role = rows.find((r) => r.userId === actor.id)?.role ?? null;
        if (!mayRemoveMember({ id: actor.id, isSuperUser: actor.isSuperUser, role }, userId)) {
          throw new DomainError('FORBIDDEN', MEMBER_MESSAGES.ownersRemoveMembers, 'owners-only');
        }
        if (rows.length <= 1) {
          throw new DomainError('CONFLICT', MEMBER_MESSAGES.lastMember, 'last-member');
        }
        const removed = rows.find((r) => r.userId === userId)!;
        const owners = rows.filter((r) => r.role === 'owner').length;
        if (isLastOwner(removed.role, owners)) {
          throw new DomainError(
            'CONFLICT',
            actor.id === userId
              ? MEMBER_MESSAGES.lastOwnerLeaves
              : MEMBER_MESSAGES.lastOwnerRemoved,
            'last-owner',
          );
        }
        await tx
          .delete(memberships)
          .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)));
      });
      access.invalidate({ userId, orgId });
    },
  };
}
