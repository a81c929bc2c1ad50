/** Environments of an org. */
import type { Db } from '../db/client';
import { envs } from '../db/schema';
import { DomainError } from '../../domain/errors';
import type { Env } from '../../domain/entities';
import type { Services } from '../trpc/context';
import { SERVICE_MESSAGES } from './messages';
import { isUniqueViolation, listEnvs, requireOrg } from './shared';

export function createEnvsService(db: Db): Services['envs'] {
  return {
    async list(orgId) {
      const list = await listEnvs(db, orgId);
      // Envs prove the org exists; only an empty list needs the extra lookup (hot path: the env menu).
      if (list.length === 0) await requireOrg(db, orgId);
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
      }
    },
  };
}
