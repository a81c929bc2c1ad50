/** The people of an org. */
import { and, asc, eq } from 'drizzle-orm';
import { DomainError } from '../../domain/errors';
import { mayRemoveMember, OWNERS_REMOVE_MEMBERS } from '../../domain/members';
import type { Db } from '../db/client';
import { memberships, users } from '../db/schema';
import type { Services } from '../trpc/context';
import type { CachedAccessService } from './access';
import { SERVICE_MESSAGES } from './messages';
import { requireOrg } from './shared';

export function createUsersService(db: Db, access: CachedAccessService): Services['users'] {
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
          throw new DomainError('NOT_FOUND', SERVICE_MESSAGES.memberNotFound, 'member-not-found');
        }
        const role = rows.find((r) => r.userId === actor.id)?.role ?? null;
        if (!mayRemoveMember({ id: actor.id, isSuperUser: actor.isSuperUser, role }, userId)) {
          throw new DomainError('FORBIDDEN', OWNERS_REMOVE_MEMBERS, 'owners-only');
        }
        if (rows.length <= 1) {
          throw new DomainError('CONFLICT', SERVICE_MESSAGES.lastMember, 'last-member');
        }
        await tx
          .delete(memberships)
          .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)));
      });
      access.invalidate({ userId, orgId });
    },
  };
}
