/**
 * The catalogue's schedule: every few minutes, each env linked to an onboarded instance whose copy is
 * older than an hour (or was never made) gets an incremental sync. Every process that runs workers runs
 * it; two processes asking at once name the same run (syncNow numbers requests), so nothing doubles.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { b2cInstances, catalogSyncs, envs } from '~/server/db/schema';
import type { Logger } from '~/server/log';
import { type Periodic, startPeriodic } from '~/server/periodic';
import type { ProductsService } from './service';

export const CATALOGUE_SYNC_EVERY_MS = 60 * 60_000;
const CHECK_EVERY_MS = 5 * 60_000;

/** Envs whose copy is due: onboarded, and never synced or synced longer than `staleAfterMs` ago. */
export async function envsDueForSync(
  db: Db,
  now: Date,
  staleAfterMs = CATALOGUE_SYNC_EVERY_MS,
): Promise<{ orgId: string; envId: string }[]> {
  const staleBefore = new Date(now.getTime() - staleAfterMs);
  return db
    .select({ orgId: envs.orgId, envId: envs.id })
    .from(envs)
    .innerJoin(b2cInstances, eq(envs.b2cInstanceId, b2cInstances.id))
    .leftJoin(catalogSyncs, eq(catalogSyncs.envId, envs.id))
    .where(
      and(
        eq(b2cInstances.onboarded, true),
        or(isNull(catalogSyncs.lastSyncedAt), lt(catalogSyncs.lastSyncedAt, staleBefore)),
        // A failing env is retried on the schedule too, but not more often than it.
        or(
          isNull(catalogSyncs.updatedAt),
          lt(catalogSyncs.updatedAt, staleBefore),
          isNull(catalogSyncs.lastError),
        ),
      ),
    )
    .orderBy(sql`${catalogSyncs.lastSyncedAt} nulls first`);
}

export type CatalogueSchedule = Periodic;

export function startCatalogueSchedule({
  db,
  products,
  logger,
  everyMs = CHECK_EVERY_MS,
  now = () => new Date(),
}: {
  db: Db;
  products: Pick<ProductsService, 'syncNow'>;
  logger?: Logger;
  everyMs?: number;
  now?: () => Date;
}): CatalogueSchedule {
  return startPeriodic(
    async () => {
      for (const { orgId, envId } of await envsDueForSync(db, now())) {
        await products.syncNow(orgId, envId).catch((err: unknown) => {
          logger?.warn({ err, envId }, 'scheduled catalogue sync could not start');
        });
      }
    },
    { everyMs, onError: (err) => logger?.error({ err }, 'catalogue schedule failed') },
  );
}
