/**
 * Monitoring's answer retention (ADR 0044, docs/operations.md#retention): a finished run's raw answers
 * (`monitoring_samples`) go once the run finished longer ago than its org keeps them
 * (`orgs.answer_retention_days`). The run and its aggregates stay, so the results, the trend and the
 * uplift read the same figures afterwards; the run remembers the cutoff so the results can say so.
 *
 * Every process that runs workers checks every hour which orgs have answers due, and enqueues one
 * `monitoring.retention` job per org and UTC day (the job run's key): two processes asking at once
 * name the same run, and an org with nothing due gets no run at all.
 */
import { and, eq, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { retentionCutoff } from '~/domain/monitoring/retention';
import { ACTIVE_MONITORING_RUN_STATUSES } from '~/domain/monitoring/runs';
import { type Db, rowsOf } from '~/server/db/client';
import { monitoringRuns, orgs } from '~/server/db/schema';
import type { JobQueue } from '~/server/jobs/queue';
import type { Logger } from '~/server/log';
import { type Periodic, startPeriodic } from '~/server/periodic';

export const MONITORING_RETENTION_JOB = 'monitoring.retention';

/** Runs whose answers one statement removes (a run's answers go together, with its cutoff). */
export const RUNS_PER_BATCH = 5;
const CHECK_EVERY_MS = 60 * 60_000;

/** The org's finished runs whose answers are kept and older than `cutoff` (SQL over monitoring_runs). */
const dueRuns = (cutoff: Date) =>
  and(
    isNull(monitoringRuns.answersRemovedBefore),
    isNotNull(monitoringRuns.finishedAt),
    notInArray(monitoringRuns.status, [...ACTIVE_MONITORING_RUN_STATUSES]),
    lt(monitoringRuns.finishedAt, cutoff),
  );

/** Orgs with at least one run whose answers are past their retention at `now`. */
export async function orgsDueForRetention(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ orgId: monitoringRuns.orgId })
    .from(monitoringRuns)
    .innerJoin(orgs, eq(orgs.id, monitoringRuns.orgId))
    .where(
      and(
        isNull(monitoringRuns.answersRemovedBefore),
        isNotNull(monitoringRuns.finishedAt),
        notInArray(monitoringRuns.status, [...ACTIVE_MONITORING_RUN_STATUSES]),
        sql`${monitoringRuns.finishedAt} < ${now.toISOString()}::timestamptz - make_interval(days => ${orgs.answerRetentionDays})`,
      ),
    );
  return rows.map((r) => r.orgId);
}

export interface RemovedAnswers {
  runs: number;
  answers: number;
}

/**
 * Removes the answers of the org's runs that finished before its retention cutoff at `now`, a few runs
 * per statement; each statement deletes those runs' samples and marks the runs in one go, so a pass
 * that dies half-way leaves only whole runs done, and the next pass finds the rest. Another org's rows
 * are never read.
 */
export async function removeOldAnswers(
  db: Db,
  orgId: string,
  now: Date,
  { runsPerBatch = RUNS_PER_BATCH }: { runsPerBatch?: number } = {},
): Promise<RemovedAnswers> {
  const [org] = await db
    .select({ days: orgs.answerRetentionDays })
    .from(orgs)
    .where(eq(orgs.id, orgId));
  if (!org) return { runs: 0, answers: 0 };
  const cutoff = retentionCutoff(now, org.days);
  const removed: RemovedAnswers = { runs: 0, answers: 0 };
  for (;;) {
    const due = db
      .select({ id: monitoringRuns.id })
      .from(monitoringRuns)
      .where(and(eq(monitoringRuns.orgId, orgId), dueRuns(cutoff)))
      .orderBy(monitoringRuns.finishedAt)
      .limit(runsPerBatch)
      .for('update', { skipLocked: true });
    const result = await db.execute(sql`
      with due as (${due}),
      gone as (
        delete from monitoring_samples s using due where s.run_id = due.id returning 1
      ),
      marked as (
        update ${monitoringRuns} r
           set answers_removed_before = ${cutoff.toISOString()}::timestamptz, updated_at = now()
          from due where r.id = due.id
        returning 1
      )
      select (select count(*) from marked)::int as runs, (select count(*) from gone)::int as answers`);
    const [row] = rowsOf<{ runs: number; answers: number }>(result);
    const runs = Number(row?.runs ?? 0);
    if (runs === 0) return removed;
    removed.runs += runs;
    removed.answers += Number(row?.answers ?? 0);
  }
}

/** The job run's key: one pass per org and UTC day. */
export const retentionKey = (now: Date) => `retention:${now.toISOString().slice(0, 10)}`;

export type RetentionSchedule = Periodic;

/** Enqueues a pass for each org with answers due, now and every hour. */
export function startRetentionSchedule({
  db,
  jobs,
  logger,
  everyMs = CHECK_EVERY_MS,
  now = () => new Date(),
}: {
  db: Db;
  jobs: Pick<JobQueue, 'enqueue'>;
  logger?: Logger;
  everyMs?: number;
  now?: () => Date;
}): RetentionSchedule {
  return startPeriodic(
    async () => {
      const at = now();
      for (const orgId of await orgsDueForRetention(db, at)) {
        await jobs.enqueue(MONITORING_RETENTION_JOB, {}, { orgId, key: retentionKey(at) });
      }
    },
    { everyMs, onError: (err) => logger?.error({ err }, 'answer retention schedule failed') },
  );
}

/** The results' note: the newest cutoff among the runs they show, if any lost their answers. */
export function answersRemovedOf(
  runs: readonly { answersRemovedBefore: Date | null }[],
  keptDays: number,
) {
  const cutoffs = runs.flatMap((r) => (r.answersRemovedBefore ? [r.answersRemovedBefore] : []));
  if (cutoffs.length === 0) return null;
  return {
    before: new Date(Math.max(...cutoffs.map((d) => d.getTime()))),
    keptDays,
  };
}
