/** Environments of an org. */
import type { Env } from '~/domain/orgs/entities';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { DomainError } from '~/domain/shared/errors';
import type { SessionUser } from '~/domain/shared/session';
import type { Db } from '~/server/db/client';
import { isUniqueViolation } from '~/server/db/errors';
import { envs } from '~/server/db/schema';
import type { DataCache } from './data-cache';
import type { Deletion } from './deletion';
import { requireOrg } from './rows';

export interface EnvsService {
  list(orgId: string): Promise<Env[]>;
  create(orgId: string, input: { name: string; slug: string }): Promise<Env>;
  /**
   * Deletes the env and everything in it (server/orgs/deletion.ts): owners and superusers, confirmed
   * with its slug, refused while work runs in it.
   */
  delete(
    actor: SessionUser,
    orgId: string,
    envId: string,
    confirmation: string,
  ): Promise<{ orgSlug: string; envSlug: string }>;
}

export function createEnvsService(db: Db, cache: DataCache, deletion: Deletion): EnvsService {
  return {
    async list(orgId) {
      // Hot path (the env menu of every page): answered from the cache, which also knows whether the
      // org exists (superusers pass the org guard for any id).
      const list = await cache.envsOf(orgId);
      if (!list) throw new DomainError('NOT_FOUND', ORG_MESSAGES.orgNotFound, 'org-not-found');
      return list;
    },
    async create(orgId, input): Promise<Env> {
      await requireOrg(db, orgId);
      try {
        const [row] = await db
          .insert(envs)
          .values({ orgId, name: input.name, slug: input.slug })
          .returning({ id: envs.id, slug: envs.slug, name: envs.name });
        if (!row) throw new Error('Insert returned no row.');
        return { ...row, b2cInstance: null };
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new DomainError(
            'CONFLICT',
            ORG_MESSAGES.envSlugTaken(input.slug),
            'env-slug-taken',
          );
        }
        throw error;
      } finally {
        cache.envsChanged(orgId);
      }
    },
    async delete(actor, orgId, envId, confirmation) {
      const deleted = await deletion.deleteEnv(actor, orgId, envId, confirmation);
      cache.envsChanged(orgId);
      return deleted;
    },
  };
}
