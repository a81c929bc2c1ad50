/**
 * Membership lookups for the org guard, cached in memory (every org-scoped call asks) and invalidated by
 * the services that change memberships. The TTL bounds staleness if another process changes them.
 */
import { and, eq } from 'drizzle-orm';
import type { MembershipRole } from '../../domain/entities';
import type { AccessService } from '../trpc/context';
import type { Db } from '../db/client';
import { memberships } from '../db/schema';

export interface CachedAccessService extends AccessService {
  /** Forget cached roles: one pair, a whole org, or everything. */
  invalidate(scope?: { userId?: string; orgId?: string }): void;
}

export interface AccessOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export function createAccessService(db: Db, options: AccessOptions = {}): CachedAccessService {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { role: MembershipRole | null; at: number }>();
  // Bumped on every invalidation so a lookup that raced a change does not cache the old answer.
  let generation = 0;
  const key = (userId: string, orgId: string) => `${userId}\u0000${orgId}`;

  return {
    async roleInOrg(userId, orgId) {
      const k = key(userId, orgId);
      const hit = cache.get(k);
      if (hit && now() - hit.at < ttlMs) return hit.role;
      const startedAt = generation;
      const [row] = await db
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.orgId, orgId)));
      const role = row?.role ?? null;
      if (startedAt === generation) {
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
        cache.set(k, { role, at: now() });
      }
      return role;
    },
    invalidate(scope = {}) {
      generation++;
      const { userId, orgId } = scope;
      if (userId && orgId) {
        cache.delete(key(userId, orgId));
        return;
      }
      if (!userId && !orgId) {
        cache.clear();
        return;
      }
      for (const k of cache.keys()) {
        const [u, o] = k.split('\u0000');
        if ((userId && u === userId) || (orgId && o === orgId)) cache.delete(k);
      }
    },
  };
}
