/**
 * Read-through caches for the hot reads of every page: an org by slug (`orgs.getContext`) and an org's
 * env list (`envs.list`, `getContext`'s env, `bestRedirectForUser`). The services that change orgs, envs
 * or B2C instances invalidate them after the write, here and (through `invalidations`) in every other
 * process on the database, so no process serves data older than the last change made through the
 * services; the TTL bounds staleness for changes made behind their back (manual SQL).
 * A new service method that writes orgs, envs or b2c_instances must call `orgChanged` / `envsChanged`.
 */
import { eq } from 'drizzle-orm';
import type { Env, Org } from '~/domain/orgs/entities';
import type { Db } from '~/server/db/client';
import { orgs } from '~/server/db/schema';
import { type Invalidations, LOCAL_INVALIDATIONS } from '~/server/invalidations';
import { type CacheOptions, createReadThroughCache } from '~/server/read-through-cache';
import { findOrg, listEnvs, orgColumns } from './rows';

/** The org and env reads the services share, and the invalidations every write must call. */
export interface DataCache {
  /** The org with this slug, or null. */
  orgBySlug(slug: string): Promise<Org | null>;
  /** The org with this id, or null (the env guard reads it on every env-scoped call). */
  orgById(orgId: string): Promise<Org | null>;
  /** The org's envs (ordered by slug; frozen, copy before sorting), or null when the org does not exist. */
  envsOf(orgId: string): Promise<Env[] | null>;
  /** After an org row changed or was created (its slug is the key; a miss may have been cached). */
  orgChanged(slug?: string): void;
  /** After an env of the org, or a B2C instance an env may point at, changed. */
  envsChanged(orgId?: string): void;
  /** Forget everything, in every process (another writer changed the database). */
  clear(): void;
}

export function createDataCache(
  db: Db,
  options: CacheOptions = {},
  invalidations: Invalidations = LOCAL_INVALIDATIONS,
): DataCache {
  const bySlug = createReadThroughCache<Org | null>(options);
  const envLists = createReadThroughCache<Env[] | null>(options);
  const byId = createReadThroughCache<Org | null>(options);
  invalidations.on('orgs', (slug) => {
    bySlug.invalidate(slug);
    // Keyed by id, told a slug: forget them all (orgs change rarely).
    byId.invalidate();
  });
  invalidations.on('envs', (orgId) => envLists.invalidate(orgId));
  const orgChanged = (slug?: string) => {
    bySlug.invalidate(slug);
    byId.invalidate();
    invalidations.publish('orgs', slug);
  };
  const envsChanged = (orgId?: string) => {
    envLists.invalidate(orgId);
    invalidations.publish('envs', orgId);
  };
  return {
    orgBySlug: (slug) =>
      bySlug.get(slug, async () => {
        const [org] = await db.select(orgColumns).from(orgs).where(eq(orgs.slug, slug));
        return org ?? null;
      }),
    orgById: (orgId) => byId.get(orgId, () => findOrg(db, orgId)),
    envsOf: (orgId) =>
      envLists.get(orgId, async () => {
        const list = await listEnvs(db, orgId);
        // Envs prove the org exists; only an empty list needs the extra lookup.
        if (list.length === 0 && !(await findOrg(db, orgId))) return null;
        return list;
      }),
    orgChanged,
    envsChanged,
    clear() {
      orgChanged();
      envsChanged();
    },
  };
}
