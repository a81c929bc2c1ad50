/**
 * The job queue: pg-boss on the server's database, one queue per job kind, and the run rows
 * (`job_runs`) that make every job idempotent and observable. `enqueue` records the run under its
 * logical key and sends the job with the run's id, so enqueueing twice starts one run; a worker
 * claims the run before calling the handler, so a job delivered again after its run completed adds
 * nothing; failures are sorted into retried (transient) and final (permanent) ones
 * (docs/decisions/0021-background-jobs.md).
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { PgBoss, type JobResult, type JobWithMetadata } from 'pg-boss';
import { z } from 'zod';
import type { JobRun } from '~/domain/jobs/runs';
import { DomainError } from '~/domain/shared/errors';
import type { Database, DbOrTx } from '~/server/db/client';
import { isDatabaseUnavailable } from '~/server/db/errors';
import { jobRuns } from '~/server/db/schema';
import type { Logger } from '~/server/log';
import { metrics } from '~/server/metrics';
import { bossConnection, transactionBossDb } from './boss-db';
import { type AnyJobDefinition, DEFAULT_RETRY, type JobContext, type JobServices } from './define';
import { failureMessage, isTransient } from './errors';

export interface EnqueueOptions {
  orgId: string;
  /** The logical effect, unique within the org and kind (e.g. `product:123:locale:de`). */
  key: string;
  /**
   * Jobs sharing a group id run at most `concurrency` at a time across every worker process (pg-boss
   * group concurrency, counted in the database); the kind must declare `maxGroupConcurrency`.
   */
  group?: { id: string; concurrency: number };
  /**
   * A transaction to enqueue in: the run rows and the jobs commit with the caller's own writes, or not
   * at all (docs/security.md, rule 7). Without it, they are written at once.
   */
  tx?: DbOrTx;
}

/** A recurring enqueue: pg-boss's cron sends it; each occurrence becomes a run like any other. */
export interface ScheduleOptions {
  orgId: string;
  /** One schedule per kind and key (e.g. the env's id): scheduling again replaces it. */
  key: string;
  /** A five-field cron expression, read in `tz` (UTC when absent). */
  cron: string;
  tz?: string;
}

export interface StopOptions {
  /** Let jobs in flight finish (default true); those still running after `timeoutMs` are released. */
  graceful?: boolean;
  timeoutMs?: number;
}

export interface JobQueue {
  /** Records the run and queues its job; the same org, kind and key find the existing run instead. */
  enqueue(kind: string, payload: unknown, options: EnqueueOptions): Promise<EnqueueResult>;
  /** `enqueue` for many jobs of one kind, a thousand per statement; returns nothing per job. */
  enqueueMany(
    kind: string,
    jobs: readonly { payload: unknown; key: string }[],
    options: Omit<EnqueueOptions, 'key'>,
  ): Promise<void>;
  /** Enqueues `payload` on `cron` from now on (every process shares the schedule). */
  schedule(kind: string, payload: unknown, options: ScheduleOptions): Promise<void>;
  unschedule(kind: string, key: string): Promise<void>;
  /** Starts this process's workers for every kind; handlers reach the areas through `services`. */
  work(services?: JobServices): Promise<void>;
  /** Stops fetching; with `graceful`, waits for jobs in flight up to `timeoutMs`, then releases them. */
  stop(options?: StopOptions): Promise<void>;
  readonly boss: PgBoss;
}

export interface EnqueueResult {
  run: JobRun;
  /** False when a run with this key already existed. */
  created: boolean;
}

export interface JobQueueOptions {
  database: Database;
  definitions: readonly AnyJobDefinition[];
  logger?: Logger;
  /** How often an idle worker looks for jobs when no NOTIFY woke it (seconds, default 2). */
  pollingIntervalSeconds?: number;
  /** How often expired jobs are taken back for another worker (seconds, default 60). */
  superviseIntervalSeconds?: number;
  /** A name in pg-boss's instance registry, e.g. `server` or `worker`. */
  instanceName?: string;
}

export const RELEASED_MESSAGE =
  'The worker stopped before the job finished; another worker will take it over.';

/** Fetch loops per job kind in one process. */
const WORKERS_PER_KIND = 10;
/** Runs and jobs `enqueueMany` writes per statement. */
const ENQUEUE_CHUNK = 1000;

/** What the queue carries; the payload itself is on the run row. */
const jobData = z.object({ runId: z.string() });
/** What a schedule's occurrence carries: the run to record, under the occurrence's job id. */
const scheduledData = z.object({
  scheduled: z.object({ orgId: z.string(), key: z.string(), payload: z.unknown() }),
});

/** A job whose worker has not beaten for this long is failed, and retried when it has tries left. */
const HEARTBEAT_SECONDS = 10;
/** How often pg-boss supervises the queues (expiry, lapsed heartbeats, maintenance). */
const SUPERVISE_SECONDS = 5;

/** Opens pg-boss (installing or upgrading its schema) and makes sure every kind has its queue. */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { database, definitions, logger } = options;
  const db = database.db;
  const byName = new Map(definitions.map((d) => [d.name, d]));
  if (byName.size !== definitions.length) throw new Error('Two job kinds share a name.');

  const boss = new PgBoss({
    ...bossConnection(database),
    useListenNotify: true,
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? SUPERVISE_SECONDS,
    // How often a queue's active jobs are checked for a lapsed heartbeat or expiry.
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? SUPERVISE_SECONDS,
    ...(options.instanceName ? { instanceName: options.instanceName } : {}),
  });
  boss.on('error', (err) => logger?.error({ err }, 'job queue error'));
  await boss.start();
  for (const definition of definitions) {
    const retry = definition.retry ?? DEFAULT_RETRY;
    const queueOptions = {
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: true,
      ...(retry.maxDelaySeconds ? { retryDelayMax: retry.maxDelaySeconds } : {}),
      expireInSeconds: definition.expireInSeconds ?? 15 * 60,
      // A worker beats for each job it holds (pg-boss refreshes it every half interval): the jobs of
      // a worker that died (SIGKILL, a lost machine) are failed and retried within about a minute,
      // instead of holding their group's slots until they expire.
      heartbeatSeconds: HEARTBEAT_SECONDS,
    };
    await boss.createQueue(definition.name, { ...queueOptions, notify: true });
    // An existing queue keeps the options it was created with unless told.
    await boss.updateQueue(definition.name, queueOptions);
  }

  async function enqueue(
    kind: string,
    payload: unknown,
    { orgId, key, group, tx }: EnqueueOptions,
  ): Promise<EnqueueResult> {
    const on = tx ?? db;
    const definition = byName.get(kind);
    if (!definition) throw new Error(`No job kind named ${kind}.`);
    const parsed = definition.payload.safeParse(payload);
    if (!parsed.success) {
      throw new DomainError('INVALID', `The ${kind} job's payload is not valid.`);
    }
    const [inserted] = await on
      .insert(jobRuns)
      .values({ orgId, kind, key, payload: parsed.data })
      .onConflictDoNothing()
      .returning();
    const run =
      inserted ??
      (await on.query.jobRuns.findFirst({
        where: and(eq(jobRuns.orgId, orgId), eq(jobRuns.kind, kind), eq(jobRuns.key, key)),
      }));
    if (!run) throw new Error(`The run ${kind}/${key} vanished while it was enqueued.`);
    // Sent under the run's id: a second send (a retried enqueue, a crash between insert and send)
    // finds the job already there and adds none.
    if (run.status === 'queued') {
      await boss.send(
        kind,
        { runId: run.id },
        { id: run.id, ...groupOf(definition, group), ...(tx ? { db: transactionBossDb(tx) } : {}) },
      );
    }
    return { run, created: Boolean(inserted) };
  }

  function groupOf(definition: AnyJobDefinition, group: EnqueueOptions['group']) {
    if (!group) return {};
    if (!definition.maxGroupConcurrency || group.concurrency > definition.maxGroupConcurrency) {
      throw new Error(`${definition.name} does not run groups of ${group.concurrency}.`);
    }
    return { group: { id: group.id, tier: String(group.concurrency) } };
  }

  async function enqueueMany(
    kind: string,
    jobs: readonly { payload: unknown; key: string }[],
    { orgId, group, tx }: Omit<EnqueueOptions, 'key'>,
  ): Promise<void> {
    const on = tx ?? db;
    const definition = byName.get(kind);
    if (!definition) throw new Error(`No job kind named ${kind}.`);
    const grouped = groupOf(definition, group);
    for (let i = 0; i < jobs.length; i += ENQUEUE_CHUNK) {
      const chunk = jobs.slice(i, i + ENQUEUE_CHUNK).map(({ payload, key }) => {
        const parsed = definition.payload.safeParse(payload);
        if (!parsed.success) {
          throw new DomainError('INVALID', `The ${kind} job's payload is not valid.`);
        }
        return { orgId, kind, key, payload: parsed.data };
      });
      await on.insert(jobRuns).values(chunk).onConflictDoNothing();
      // Every run of the chunk still queued, new or found (a retried enqueue sends what it missed).
      const queued = await on
        .select({ id: jobRuns.id })
        .from(jobRuns)
        .where(
          and(
            eq(jobRuns.orgId, orgId),
            eq(jobRuns.kind, kind),
            inArray(
              jobRuns.key,
              chunk.map((c) => c.key),
            ),
            eq(jobRuns.status, 'queued'),
          ),
        );
      if (queued.length > 0) {
        await boss.insert(
          kind,
          queued.map((run) => ({ id: run.id, data: { runId: run.id }, ...grouped })),
          tx ? { db: transactionBossDb(tx) } : {},
        );
      }
    }
  }

  /**
   * Marks a batch's runs started (one more attempt each), except those already completed: those are
   * not run again. One statement per batch, so a no-op job costs the queue little.
   */
  async function claim(runIds: string[]) {
    return db
      .update(jobRuns)
      .set({ status: 'running', attempts: sql`${jobRuns.attempts} + 1`, error: null })
      .where(and(inArray(jobRuns.id, runIds), ne(jobRuns.status, 'completed')))
      .returning();
  }

  async function settle(
    runIds: string[],
    values: Partial<typeof jobRuns.$inferInsert>,
  ): Promise<void> {
    if (runIds.length === 0) return;
    await db
      .update(jobRuns)
      .set(values)
      .where(runIds.length === 1 ? eq(jobRuns.id, runIds[0]!) : inArray(jobRuns.id, runIds));
  }

  type Claimed = Awaited<ReturnType<typeof claim>>[number];

  /** Runs one claimed job; its failure is settled here, its success by the batch (one statement). */
  let services: JobServices = servicesMissing();

  async function runOne(
    definition: AnyJobDefinition,
    job: JobWithMetadata<unknown>,
    run: Claimed,
  ): Promise<JobResult> {
    const runId = run.id;
    const context: JobContext = {
      runId,
      orgId: run.orgId,
      key: run.key,
      attempt: run.attempts,
      lastAttempt: job.retryCount >= job.retryLimit,
      signal: job.signal,
      db,
      services,
      enqueue: (kind, payload, enqueueOptions) => enqueue(kind, payload, enqueueOptions),
      enqueueMany: (kind, many, enqueueOptions) => enqueueMany(kind, many, enqueueOptions),
      progress: async ({ done, total, message }) => {
        await settle([runId], {
          progressDone: done,
          ...(total === undefined ? {} : { progressTotal: total }),
          ...(message === undefined ? {} : { progressMessage: message }),
        });
      },
    };
    const started = performance.now();
    const counted = (outcome: 'completed' | 'retrying' | 'failed' | 'released') =>
      metrics.jobRun(job.name, outcome, (performance.now() - started) / 1000);
    try {
      const payload = definition.payload.parse(run.payload);
      await definition.handler(payload, context);
      counted('completed');
      return { id: job.id, status: 'completed' };
    } catch (error) {
      if (job.signal.aborted) {
        counted('released');
        // The queue took the job back (this worker is stopping, or the try outran its time) and has
        // already failed it for another try: the run waits for that try.
        await settle([runId], { status: 'retrying', error: RELEASED_MESSAGE });
        return { id: job.id, status: 'failed', output: { error: RELEASED_MESSAGE } };
      }
      const message = failureMessage(error);
      const transient = isTransient(error);
      if (transient && job.retryCount < job.retryLimit) {
        counted('retrying');
        logger?.warn({ err: error, kind: job.name, runId }, 'job failed; it will be retried');
        await settle([runId], { status: 'retrying', error: message });
        return { id: job.id, status: 'failed', output: { error: message } };
      }
      counted('failed');
      logger?.error({ err: error, kind: job.name, runId }, 'job failed');
      await settle([runId], { status: 'failed', error: message, finishedAt: new Date() });
      // Permanent: failed for good whatever tries are left; transient: the last try is spent.
      return {
        id: job.id,
        status: transient ? 'failed' : 'deadletter',
        output: { error: message },
      };
    }
  }

  /**
   * Runs a batch. When the database goes away under it (a restart, a failover), its jobs can be
   * neither completed nor failed, and pg-boss would keep them active until their heartbeat lapses and
   * the next supervision (about 45 s), holding their group's slots all that time. Instead the batch waits
   * for the database to answer again (as long as its jobs are not taken back) and fails its jobs for
   * another try at once; a job whose work was done is not done twice (its run is claimed again only if
   * not completed, and handlers are idempotent).
   */
  async function runBatch(
    definition: AnyJobDefinition,
    jobs: JobWithMetadata<unknown>[],
  ): Promise<JobResult[]> {
    try {
      return await runBatchOnce(definition, jobs);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      logger?.warn({ err: error, kind: definition.name }, 'database unavailable; jobs handed back');
      await databaseAnswers(db, AbortSignal.any(jobs.map((job) => job.signal)));
      // Each run says what happens next: another try, or none left (its job ends failed).
      const runsOf = (last: boolean) =>
        jobs.flatMap((job) => {
          const data = jobData.safeParse(job.data);
          return data.success && job.retryCount >= job.retryLimit === last ? [data.data.runId] : [];
        });
      await settle(runsOf(false), { status: 'retrying', error: DATABASE_UNAVAILABLE_MESSAGE });
      await settle(runsOf(true), {
        status: 'failed',
        error: DATABASE_UNAVAILABLE_MESSAGE,
        finishedAt: new Date(),
      });
      return jobs.map((job) => ({
        id: job.id,
        status: 'failed',
        output: { error: DATABASE_UNAVAILABLE_MESSAGE },
      }));
    }
  }

  async function runBatchOnce(
    definition: AnyJobDefinition,
    jobs: JobWithMetadata<unknown>[],
  ): Promise<JobResult[]> {
    const runIdOf = new Map<string, string>();
    const results: JobResult[] = [];
    for (const job of jobs) {
      const data = jobData.safeParse(job.data);
      if (data.success) {
        runIdOf.set(job.id, data.data.runId);
        continue;
      }
      const occurrence = scheduledData.safeParse(job.data);
      if (occurrence.success) {
        // A schedule came due: recorded and sent as a run of its own (once per occurrence, by its id).
        const { orgId, key, payload } = occurrence.data.scheduled;
        await enqueue(definition.name, payload, { orgId, key: `${key}:${job.id}` });
        results.push({ id: job.id, status: 'completed' });
        continue;
      }
      results.push({ id: job.id, status: 'deadletter', output: { error: 'not a Beacon job' } });
    }
    const claimed = new Map((await claim([...runIdOf.values()])).map((run) => [run.id, run]));
    const outcomes = await Promise.all(
      jobs
        .filter((job) => runIdOf.has(job.id))
        .map(async (job) => {
          const run = claimed.get(runIdOf.get(job.id)!);
          // Not claimed: its run completed already (a job delivered again), so nothing is left to do.
          if (!run) return { result: { id: job.id, status: 'completed' } as JobResult };
          return { result: await runOne(definition, job, run), runId: run.id };
        }),
    );
    const succeeded = outcomes.filter((o) => o.runId && o.result.status === 'completed');
    await settle(
      succeeded.map((o) => o.runId!),
      { status: 'completed', finishedAt: new Date() },
    );
    return [...results, ...outcomes.map((o) => o.result)];
  }

  return {
    boss,
    enqueue,
    enqueueMany,
    async schedule(kind, payload, { orgId, key, cron, tz }) {
      const definition = byName.get(kind);
      if (!definition) throw new Error(`No job kind named ${kind}.`);
      const parsed = definition.payload.safeParse(payload);
      if (!parsed.success) {
        throw new DomainError('INVALID', `The ${kind} job's payload is not valid.`);
      }
      await boss.schedule(
        kind,
        cron,
        { scheduled: { orgId, key: `schedule:${key}`, payload: parsed.data } },
        { key, tz: tz ?? 'UTC' },
      );
    },
    async unschedule(kind, key) {
      await boss.unschedule(kind, key);
    },
    async work(workerServices) {
      if (workerServices) services = workerServices;
      for (const definition of definitions) {
        // Up to WORKERS_PER_KIND fetch loops, each with a share of the kind's concurrency: one
        // loop's database round trips overlap another's handlers.
        const concurrency = definition.concurrency ?? 10;
        const workers = Math.min(concurrency, WORKERS_PER_KIND);
        await boss.work(
          definition.name,
          {
            batchSize: Math.ceil(concurrency / workers),
            localConcurrency: workers,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
            // NOTIFY wakes a worker when a job is sent, not when a retry comes due: keep polling.
            notifyPollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
            burstWhenBatchFull: true,
            perJobResults: true,
            includeMetadata: true,
            // Each group (e.g. an agent run) keeps to the concurrency its jobs were sent with.
            ...(definition.maxGroupConcurrency
              ? {
                  groupConcurrency: {
                    default: 1,
                    tiers: Object.fromEntries(
                      Array.from({ length: definition.maxGroupConcurrency }, (_, i) => [
                        String(i + 1),
                        i + 1,
                      ]),
                    ),
                  },
                }
              : {}),
          },
          (jobs) => runBatch(definition, jobs),
        );
      }
    },
    async stop({ graceful = true, timeoutMs = 30_000 } = {}) {
      await boss.stop({ graceful, timeout: timeoutMs, close: true });
    },
  };
}

const DATABASE_UNAVAILABLE_MESSAGE = 'The database was unavailable during this try.';
/** How often a batch that lost the database asks whether it answers again. */
const DATABASE_RETRY_MS = 250;

/** Resolves once the database answers a trivial query, or when the signal aborts. */
async function databaseAnswers(db: Database['db'], signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    try {
      await db.execute(sql`select 1`);
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) return;
      await new Promise((resolve) => setTimeout(resolve, DATABASE_RETRY_MS));
    }
  }
}

/** Services for workers started without them (queue tests): a handler that reaches for one fails clearly. */
function servicesMissing(): JobServices {
  return new Proxy({} as JobServices, {
    get(_target, name) {
      throw new Error(`This worker was started without services (${String(name)}).`);
    },
  });
}
