/**
 * Deleting an environment or an org, in one transaction: the rule (domain/orgs/deletion.ts) checked on
 * rows locked for it, what still runs refusing it, then every row of the env or org (foreign keys
 * cascade from `envs` and `orgs`), its job runs, and its schedules and queued jobs in pg-boss's tables
 * (the same database), so nothing is left to start work on what is gone.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AGENT_RUN_STATUSES, isRunActive } from '~/domain/agents/runs';
import { isFinished, JOB_RUN_STATUSES } from '~/domain/jobs/runs';
import { ACTIVE_MONITORING_RUN_STATUSES } from '~/domain/monitoring/runs';
import {
  confirmationMatches,
  DELETION_MESSAGES,
  mayDeleteEnv,
  mayDeleteOrg,
  type RunningWork,
  RUNNING_WORK,
  secretGoesWithEnv,
} from '~/domain/orgs/deletion';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import { DomainError } from '~/domain/shared/errors';
import type { SessionUser } from '~/domain/shared/session';
import { type Db, type DbOrTx, rowsOf } from '~/server/db/client';
import {
  agentRuns,
  b2cApiClients,
  envs,
  jobRuns,
  memberships,
  monitoringRuns,
  orgs,
} from '~/server/db/schema';
import { BOSS_SCHEMA } from '~/server/jobs/boss-db';
import type { AnyJobDefinition, JobEnv } from '~/server/jobs/define';
import { jobDefinitions } from '~/server/jobs/registry';
import { listEnvs } from './rows';

const ACTIVE_AGENT_RUN = AGENT_RUN_STATUSES.filter(isRunActive);
const UNFINISHED_JOB_RUN = JOB_RUN_STATUSES.filter((status) => !isFinished(status));
/** pg-boss's states of a job no worker holds yet: queued, or waiting for its next try. */
const WAITING_JOB_STATES = sql.raw(`('created', 'retry')`);
/** Job run ids are UUIDs, as pg-boss's job ids are; anything else cannot name a pg-boss job. */
const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

type EnvKind = AnyJobDefinition & { env: JobEnv };

/** Whose rows go: one env of an org, or a whole org. */
type Scope = { orgId: string; envId: string } | { orgId: string; envId?: undefined };

export interface DeletionOptions {
  /** The job kinds whose runs belong to an env (the registry's, unless a test passes its own). */
  definitions?: readonly AnyJobDefinition[];
}

export function createDeletion(db: Db, { definitions = jobDefinitions }: DeletionOptions = {}) {
  const envKinds = definitions.filter((d): d is EnvKind => d.env !== null);
  const workOf = new Map(envKinds.map((d) => [d.name, d.env.work]));

  /** A payload (jsonb SQL) of one of the env kinds named `kind` (SQL) that works in `envId`. */
  function payloadInEnv(kind: SQL, payload: SQL, envId: string): SQL {
    const each = envKinds.map(
      (d) => sql`(${kind} = ${d.name} and ${d.env.of(payload)} = ${envId})`,
    );
    return each.length > 0 ? sql`(${sql.join(each, sql` or `)})` : sql`false`;
  }

  /** The scope's job runs. */
  function runsInScope(scope: Scope): SQL {
    const inOrg = eq(jobRuns.orgId, scope.orgId);
    if (scope.envId === undefined) return inOrg;
    return and(inOrg, payloadInEnv(sql`${jobRuns.kind}`, sql`${jobRuns.payload}`, scope.envId))!;
  }

  /** A schedule's or a schedule occurrence's data (`{ scheduled: { orgId, key, payload } }`) in scope. */
  function scheduledInScope(scope: Scope): SQL {
    if (scope.envId === undefined) return sql`data -> 'scheduled' ->> 'orgId' = ${scope.orgId}`;
    return sql`(data -> 'scheduled' ->> 'orgId' = ${scope.orgId} and ${payloadInEnv(
      sql.raw('name'),
      sql.raw(`(data -> 'scheduled' -> 'payload')`),
      scope.envId,
    )})`;
  }

  /** What runs in the scope now, in RUNNING_WORK's order. */
  async function runningWork(tx: DbOrTx, scope: Scope): Promise<RunningWork[]> {
    const found = new Set<RunningWork>();
    const [agent] = await tx
      .select({ id: agentRuns.id })
      .from(agentRuns)
      .where(
        and(
          eq(agentRuns.orgId, scope.orgId),
          scope.envId === undefined ? undefined : eq(agentRuns.envId, scope.envId),
          inArray(agentRuns.status, ACTIVE_AGENT_RUN),
        ),
      )
      .limit(1);
    if (agent) found.add('agent-run');
    const [monitoring] = await tx
      .select({ id: monitoringRuns.id })
      .from(monitoringRuns)
      .where(
        and(
          eq(monitoringRuns.orgId, scope.orgId),
          scope.envId === undefined ? undefined : eq(monitoringRuns.envId, scope.envId),
          inArray(monitoringRuns.status, [...ACTIVE_MONITORING_RUN_STATUSES]),
        ),
      )
      .limit(1);
    if (monitoring) found.add('monitoring-run');
    if (envKinds.length > 0) {
      // The env kinds' runs still queued, running or waiting to retry: a sync, a publish, a run's jobs.
      const kinds = await tx
        .selectDistinct({ kind: jobRuns.kind })
        .from(jobRuns)
        .where(
          and(
            runsInScope(scope),
            inArray(
              jobRuns.kind,
              envKinds.map((d) => d.name),
            ),
            inArray(jobRuns.status, UNFINISHED_JOB_RUN),
          ),
        );
      for (const { kind } of kinds) {
        const work = workOf.get(kind);
        if (work) found.add(work);
      }
    }
    return RUNNING_WORK.filter((work) => found.has(work));
  }

  /**
   * The scope's job runs, and in pg-boss its jobs no worker holds yet and its schedules. Runs before the
   * env rows go: the agent and monitoring kinds find their env through their run's row. Finished pg-boss
   * jobs are left to pg-boss's retention: they hold only a run id, and their counts are pg-boss's own.
   */
  async function removeJobs(tx: DbOrTx, scope: Scope): Promise<void> {
    const [boss] = rowsOf<{ present: boolean }>(
      await tx.execute(
        sql`select to_regclass(${`${BOSS_SCHEMA}.job`}) is not null and to_regclass(${`${BOSS_SCHEMA}.schedule`}) is not null as present`,
      ),
    );
    // No queue has ever started on this database (some tests): there is nothing of pg-boss's to remove.
    if (boss?.present) {
      const job = sql.raw(`${BOSS_SCHEMA}.job`);
      const schedule = sql.raw(`${BOSS_SCHEMA}.schedule`);
      await tx.execute(sql`
        delete from ${job}
         where state in ${WAITING_JOB_STATES}
           and id in (select ${jobRuns.id}::uuid from ${jobRuns}
                       where ${runsInScope(scope)} and ${jobRuns.id} ~ ${UUID})`);
      await tx.execute(sql`
        delete from ${job}
         where state in ${WAITING_JOB_STATES} and data ? 'scheduled' and ${scheduledInScope(scope)}`);
      await tx.execute(sql`delete from ${schedule} where ${scheduledInScope(scope)}`);
    }
    await tx.delete(jobRuns).where(runsInScope(scope));
  }

  function refuseRunning(work: RunningWork[], message: (work: RunningWork[]) => string) {
    if (work.length > 0) {
      throw new DomainError('CONFLICT', message(work), 'deletion-work-running');
    }
  }

  async function roleOf(tx: DbOrTx, orgId: string, userId: string) {
    const [row] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)));
    return row?.role ?? null;
  }

  return {
    /**
     * Deletes the env, when `actor` may and `confirmation` is its slug, and nothing runs in it. Returns
     * the org's slug and the env's, for the caller's caches.
     */
    async deleteEnv(actor: SessionUser, orgId: string, envId: string, confirmation: string) {
      return db.transaction(async (tx) => {
        // Locked: a run, sync or publish started from now on waits for this transaction (its row's
        // foreign key to the env), then fails on the env being gone.
        const [env] = await tx
          .select({ id: envs.id, slug: envs.slug, orgSlug: orgs.slug })
          .from(envs)
          .innerJoin(orgs, eq(orgs.id, envs.orgId))
          .where(and(eq(envs.id, envId), eq(envs.orgId, orgId)))
          .for('update', { of: envs });
        if (!env) {
          throw new DomainError('NOT_FOUND', INSTANCE_MESSAGES.envNotInOrg, 'env-not-in-org');
        }
        const role = await roleOf(tx, orgId, actor.id);
        if (!mayDeleteEnv({ isSuperUser: actor.isSuperUser, role })) {
          throw new DomainError(
            'FORBIDDEN',
            DELETION_MESSAGES.envOwnersOnly,
            'deletion-owners-only',
          );
        }
        if (!confirmationMatches(confirmation, env.slug)) {
          throw new DomainError(
            'INVALID',
            DELETION_MESSAGES.confirmationMismatch(env.slug),
            'deletion-confirmation-mismatch',
            { confirmation: DELETION_MESSAGES.confirmationMismatch(env.slug) },
          );
        }
        refuseRunning(await runningWork(tx, { orgId, envId }), DELETION_MESSAGES.envWorkRunning);
        const secretGoes = secretGoesWithEnv(env, await listEnvs(tx, orgId));
        await removeJobs(tx, { orgId, envId });
        // Every env-scoped table cascades from the env (server/db/schema.ts); the org's instances stay
        // in its list of tenants, for another env to link.
        await tx.delete(envs).where(eq(envs.id, envId));
        if (secretGoes) await tx.delete(b2cApiClients).where(eq(b2cApiClients.orgId, orgId));
        return { orgSlug: env.orgSlug, envSlug: env.slug };
      });
    },

    /** Deletes the org with everything in it, when `actor` may and `confirmation` is its slug. */
    async deleteOrg(actor: SessionUser, orgId: string, confirmation: string) {
      return db.transaction(async (tx) => {
        const [org] = await tx
          .select({ id: orgs.id, slug: orgs.slug })
          .from(orgs)
          .where(eq(orgs.id, orgId))
          .for('update');
        if (!org) throw new DomainError('NOT_FOUND', ORG_MESSAGES.orgNotFound, 'org-not-found');
        // Locked too: an owner leaving meanwhile cannot make someone else the "last owner" unseen.
        const people = await tx
          .select({ userId: memberships.userId, role: memberships.role })
          .from(memberships)
          .where(eq(memberships.orgId, orgId))
          .for('update');
        const role = people.find((p) => p.userId === actor.id)?.role ?? null;
        const owners = people.filter((p) => p.role === 'owner').length;
        if (!mayDeleteOrg({ isSuperUser: actor.isSuperUser, role }, owners)) {
          throw new DomainError(
            'FORBIDDEN',
            DELETION_MESSAGES.orgLastOwnerOnly,
            'deletion-last-owner-only',
          );
        }
        if (!confirmationMatches(confirmation, org.slug)) {
          throw new DomainError(
            'INVALID',
            DELETION_MESSAGES.confirmationMismatch(org.slug),
            'deletion-confirmation-mismatch',
            { confirmation: DELETION_MESSAGES.confirmationMismatch(org.slug) },
          );
        }
        refuseRunning(await runningWork(tx, { orgId }), DELETION_MESSAGES.orgWorkRunning);
        await removeJobs(tx, { orgId });
        // Members, envs (and all of theirs), instances, the API client, prompts, themes, spend: cascades.
        await tx.delete(orgs).where(eq(orgs.id, orgId));
        return { orgSlug: org.slug };
      });
    },
  };
}

export type Deletion = ReturnType<typeof createDeletion>;
