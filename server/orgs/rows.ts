/** Org and env rows as entities, shared by the services of every area that reads them. */
import { and, asc, eq } from 'drizzle-orm';
import type { Env, Org } from '~/domain/orgs/entities';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { DomainError } from '~/domain/shared/errors';
import type { DbOrTx } from '~/server/db/client';
import { b2cInstances, envs, orgs } from '~/server/db/schema';

export const orgColumns = {
  id: orgs.id,
  slug: orgs.slug,
  name: orgs.name,
  verified: orgs.verified,
};

export async function findOrg(db: DbOrTx, orgId: string): Promise<Org | null> {
  const [org] = await db.select(orgColumns).from(orgs).where(eq(orgs.id, orgId));
  return org ?? null;
}

/** The org, or NOT_FOUND: superusers pass the org guard for any id, so existence is checked here. */
export async function requireOrg(db: DbOrTx, orgId: string): Promise<Org> {
  const org = await findOrg(db, orgId);
  if (!org) throw new DomainError('NOT_FOUND', ORG_MESSAGES.orgNotFound, 'org-not-found');
  return org;
}

const envColumns = {
  id: envs.id,
  slug: envs.slug,
  name: envs.name,
  instanceRowId: b2cInstances.id,
  instanceId: b2cInstances.instanceId,
  onboarded: b2cInstances.onboarded,
};

type EnvRow = {
  id: string;
  slug: string;
  name: string;
  instanceRowId: string | null;
  instanceId: string | null;
  onboarded: boolean | null;
};

function toEnv(row: EnvRow): Env {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    b2cInstance:
      row.instanceRowId && row.instanceId !== null
        ? { id: row.instanceRowId, instanceId: row.instanceId, onboarded: row.onboarded ?? false }
        : null,
  };
}

/** The org's envs with their instance summary, ordered by slug. */
export async function listEnvs(db: DbOrTx, orgId: string): Promise<Env[]> {
  const rows = await db
    .select(envColumns)
    .from(envs)
    .leftJoin(b2cInstances, eq(envs.b2cInstanceId, b2cInstances.id))
    .where(eq(envs.orgId, orgId))
    .orderBy(asc(envs.slug));
  return rows.map(toEnv);
}

export async function findEnv(
  db: DbOrTx,
  orgId: string,
  where: { slug: string } | { id: string },
): Promise<Env | null> {
  const [row] = await db
    .select(envColumns)
    .from(envs)
    .leftJoin(b2cInstances, eq(envs.b2cInstanceId, b2cInstances.id))
    .where(
      and(
        eq(envs.orgId, orgId),
        'slug' in where ? eq(envs.slug, where.slug) : eq(envs.id, where.id),
      ),
    );
  return row ? toEnv(row) : null;
}
