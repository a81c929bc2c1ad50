/**
 * Membership lookups for the org guard, cached in memory (every org-scoped call asks) and invalidated by
 * the services that change memberships. The TTL bounds staleness if another process changes them.
 */
import { and, eq } from 'drizzle-orm';
import type { MembershipRole } from '~/domain/orgs/entities';
import type { Db } from '~/server/db/client';
import { memberships } from '~/server/db/schema';
import { type CacheOptions, createReadThroughCache } from '~/server/read-through-cache';

/** Membership lookups used by the org guard. */
export interface AccessService {
  /** The user's role in the org, or null when not a member. */
  roleInOrg(userId: string, orgId: string): Promise<MembershipRole | null>;
}

export interface CachedAccessService extends AccessService {
  /** Forget cached roles: one pair, a whole org, or everything. */
  invalidate(scope?: { userId?: string; orgId?: string }): void;
}

export type AccessOptions = CacheOptions;

export function createAccessService(db: Db, options: AccessOptions = {}): CachedAccessService {
  // Read-through (read-through-cache.ts): concurrent checks of one pair share a lookup, and a pair in use is
  // refreshed in the background before its TTL (30 s) runs out.
  const roles = createReadThroughCache<MembershipRole | null>({ ttlMs: 30_000, ...options });
  const key = (userId: string, orgId: string) => `${userId}\u0000${orgId}`;

  return {
    roleInOrg(userId, orgId) {
      return roles.get(key(userId, orgId), async () => {
        const [row] = await db
          .select({ role: memberships.role })
          .from(memberships)
          .where(and(eq(memberships.userId, userId), eq(memberships.orgId, orgId)));
        return row?.role ?? null;
      });
    },
    invalidate(scope = {}) {
      const { userId, orgId } = scope;
      if (userId && orgId) roles.invalidate(key(userId, orgId));
      else if (!userId && !orgId) roles.invalidate();
      else {
        roles.invalidateWhere((k) => {
          const [u, o] = k.split('\u0000');
          return (userId !== undefined && u === userId) || (orgId !== undefined && o === orgId);
        });
      }
    },
  };
}
