/** Row → entity mappers and checks shared by the domain services. */
import { and, asc, eq } from 'drizzle-orm';
import type { Env, Org } from '../../domain/entities';
import { DomainError } from '../../domain/errors';
import type { DbOrTx } from '../db/client';
import { b2cInstances, envs, orgs } from '../db/schema';
import { SERVICE_MESSAGES } from './messages';

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
  if (!org) throw new DomainError('NOT_FOUND', SERVICE_MESSAGES.orgNotFound, 'org-not-found');
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

/**
 * PostgreSQL cannot store a NUL byte in text (zod lets one through): a lookup answered from a cache
 * refuses it the way the database would (INVALID, see index.ts), so a cache never changes the answer.
 */
export function rejectUnstorableText(...values: string[]): void {
  if (values.some((v) => v.includes('\u0000'))) {
    throw new DomainError('INVALID', SERVICE_MESSAGES.invalidCharacters, 'invalid-characters');
  }
}

/** True when the error (or one of its causes) is PostgreSQL's unique_violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** True for PostgreSQL's data exceptions (SQLSTATE class 22), e.g. a NUL byte in a text value. */
export function isDataException(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = typeof e === 'object' ? (e as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
