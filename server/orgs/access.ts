/**
 * Membership lookups for the org guard, cached in memory (every org-scoped call asks) and invalidated by
 * the services that change memberships, in this process and (through `invalidations`) in every other
 * process on the database. The TTL bounds staleness only for changes made outside the services (SQL).
 */
import { and, eq } from 'drizzle-orm';
import type { MembershipRole } from '~/domain/orgs/entities';
import type { Db } from '~/server/db/client';
import { memberships } from '~/server/db/schema';
import { type Invalidations, LOCAL_INVALIDATIONS } from '~/server/invalidations';
import { type CacheOptions, createReadThroughCache } from '~/server/read-through-cache';

/** Membership lookups used by the org guard. */
export interface AccessService {
  /** The user's role in the org, or null when not a member. */
  roleInOrg(userId: string, orgId: string): Promise<MembershipRole | null>;
}

/** Whose roles changed: one pair, a user's, an org's, or (empty) anyone's. */
export interface AccessScope {
  userId?: string;
  orgId?: string;
}

export interface CachedAccessService extends AccessService {
  /** Forget cached roles: one pair, a whole org, or everything. */
  invalidate(scope?: AccessScope): void;
  /**
   * Calls `listener` when roles change (a member added, removed or given another role), in this process
   * or another, with the scope; `{}` when another process's changes may have been missed. The cached
   * roles are forgotten by then. Returns the unsubscribe. Open WebSockets close on it (server/http/ws.ts).
   */
  onChange(listener: (scope: AccessScope) => void): () => void;
}

export type AccessOptions = CacheOptions;

export function createAccessService(
  db: Db,
  options: AccessOptions = {},
  invalidations: Invalidations = LOCAL_INVALIDATIONS,
): CachedAccessService {
  // Read-through (read-through-cache.ts): concurrent checks of one pair share a lookup, and a pair in use is
  // refreshed in the background before its TTL (30 s) runs out.
  const roles = createReadThroughCache<MembershipRole | null>({ ttlMs: 30_000, ...options });
  const key = (userId: string, orgId: string) => `${userId}\u0000${orgId}`;

  const listeners = new Set<(scope: AccessScope) => void>();
  const forget = (scope: AccessScope) => {
    const { userId, orgId } = scope;
    if (userId && orgId) roles.invalidate(key(userId, orgId));
    else if (!userId && !orgId) roles.invalidate();
    else {
      roles.invalidateWhere((k) => {
        const [u, o] = k.split('\u0000');
        return (userId !== undefined && u === userId) || (orgId !== undefined && o === orgId);
      });
    }
    for (const listener of listeners) listener(scope);
  };
  // The scope travels as `userId NUL orgId` (either may be empty); no key means everything.
  invalidations.on('roles', (scope) => {
    const [userId = '', orgId = ''] = scope?.split('\u0000') ?? [];
    forget({ ...(userId ? { userId } : {}), ...(orgId ? { orgId } : {}) });
  });

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
      forget(scope);
      const { userId, orgId } = scope;
      invalidations.publish(
        'roles',
        userId || orgId ? `${userId ?? ''}\u0000${orgId ?? ''}` : undefined,
      );
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
