/** Environments of an org. */
import type { Db } from '../db/client';
import { envs } from '../db/schema';
import { DomainError } from '../../domain/errors';
import type { Env } from '../../domain/entities';
import type { Services } from '../trpc/context';
import type { DataCache } from './cache';
import { SERVICE_MESSAGES } from './messages';
import { isUniqueViolation, requireOrg } from './shared';

export function createEnvsService(db: Db, cache: DataCache): Services['envs'] {
  return {
    async list(orgId) {
      // Hot path (the env menu of every page): answered from the cache, which also knows whether the
      // org exists (superusers pass the org guard for any id).
      const list = await cache.envsOf(orgId);
      if (!list) throw new DomainError('NOT_FOUND', SERVICE_MESSAGES.orgNotFound, 'org-not-found');
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
            SERVICE_MESSAGES.envSlugTaken(input.slug),
            'env-slug-taken',
          );
        }
        throw error;
      } finally {
        cache.envsChanged(orgId);
      }
    },
  };
}
