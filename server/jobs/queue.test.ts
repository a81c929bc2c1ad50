/**
 * The job queue on each test database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): runs are
 * idempotent, retries follow the failure's nature, a dead or stopping worker loses no job, and progress
 * reaches a watcher through NOTIFY.
 */
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobRun } from '~/domain/jobs/runs';
import type { Database } from '~/server/db/client';
import { jobRuns, orgs } from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import { type AnyJobDefinition, defineJob, type JobContext } from './define';
import { PermanentError } from './errors';
import { createRunEvents } from './events';
import { type JobQueue, startJobQueue } from './queue';
import { createJobRunsService } from './service';

const ORG = 'org_jobs_test';
const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const payload = z.object({ n: z.number().default(0) });

/** A job kind whose effect is a row keyed by the run's key (the area-table pattern). */
function effectJob(
  name: string,
  before: (context: JobContext) => Promise<void> = async () => undefined,
  options: Partial<AnyJobDefinition> = {},
): AnyJobDefinition {
  return defineJob({
    name,
    payload,
    retry: { limit: 3, delaySeconds: 1 },
    ...options,
    env: null,
    async handler(_payload, context) {
      await before(context);
      await context.db.execute(
        sql`insert into test_job_effects (key, run_id) values (${`${name}:${context.key}`}, ${context.runId}) on conflict do nothing`,
      );
    },
  });
}

describeEachDriver('job queue', (get) => {
  const queues: JobQueue[] = [];
  let database: Database;

  async function queue(definitions: AnyJobDefinition[], work = true): Promise<JobQueue> {
    const started = await startJobQueue({
      database,
      definitions,
      pollingIntervalSeconds: 0.5,
      superviseIntervalSeconds: 1,
    });
    queues.push(started);
    if (work) await started.work();
    return started;
  }

  async function run(id: string): Promise<JobRun & { payload: unknown }> {
    const [row] = await database.db.select().from(jobRuns).where(eq(jobRuns.id, id));
    if (!row) throw new Error(`no run ${id}`);
    return row;
  }

  async function settled(id: string, timeout = 30_000) {
    await expect
      .poll(async () => (await run(id)).status, { timeout, interval: 100 })
      .toMatch(/^(completed|failed)$/);
    return run(id);
  }

  async function effects(name: string): Promise<number> {
    const result = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from test_job_effects where key like ${`${name}:%`}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  beforeAll(async () => {
    database = get();
    await database.db.insert(orgs).values({ id: ORG, slug: 'jobs-test', name: 'Jobs test' });
    await database.db.execute(
      sql`create table test_job_effects (key text primary key, run_id text not null)`,
    );
  });

  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop({ graceful: false, timeoutMs: 1_000 });
  });

  it('starts one run per key, and a job delivered again after its run completed adds nothing', async () => {
    let calls = 0;
    const q = await queue([
      effectJob('t.once', async () => {
        calls++;
      }),
    ]);
    const first = await q.enqueue('t.once', { n: 1 }, { orgId: ORG, key: 'k1' });
    const again = await q.enqueue('t.once', { n: 1 }, { orgId: ORG, key: 'k1' });
    expect([first.created, again.created, again.run.id]).toEqual([true, false, first.run.id]);
    expect((await settled(first.run.id)).status).toBe('completed');
    // The queue hands the same run over once more (a redelivery): it is done with, the handler not
    // called again.
    const redelivery = await q.boss.send('t.once', { runId: first.run.id });
    await expect
      .poll(async () => (await q.boss.getJobById('t.once', redelivery!))?.state, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('completed');
    expect(calls).toBe(1);
    expect(await effects('t.once')).toBe(1);
    await expect(q.enqueue('t.once', { n: 'x' }, { orgId: ORG, key: 'k2' })).rejects.toThrow(
      "The t.once job's payload is not valid.",
    );
  }, 60_000);

  it('retries a transient failure and leaves one effect; fails a permanent one at once', async () => {
    let flaky = 0;
    let denied = 0;
    const q = await queue([
      effectJob('t.flaky', async (context) => {
        flaky++;
        // The effect of the first try is written, then the call after it fails: the retry must not
        // write it twice.
        await context.db.execute(
          sql`insert into test_job_effects (key, run_id) values (${`t.flaky:${context.key}`}, ${context.runId}) on conflict do nothing`,
        );
        if (context.attempt < 3) throw httpError(context.attempt === 1 ? 503 : 429);
      }),
      effectJob('t.denied', async () => {
        denied++;
        throw httpError(401);
      }),
      effectJob('t.refused', async () => {
        throw new PermanentError('The catalogue refused the change.');
      }),
    ]);
    const flakyRun = (await q.enqueue('t.flaky', {}, { orgId: ORG, key: 'a' })).run;
    const deniedRun = (await q.enqueue('t.denied', {}, { orgId: ORG, key: 'a' })).run;
    const refusedRun = (await q.enqueue('t.refused', {}, { orgId: ORG, key: 'a' })).run;
    expect(await settled(flakyRun.id)).toMatchObject({ status: 'completed', attempts: 3 });
    expect(flaky).toBe(3);
    expect(await effects('t.flaky')).toBe(1);
    expect(await settled(deniedRun.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'HTTP 401',
    });
    expect(await settled(refusedRun.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'The catalogue refused the change.',
    });
    // The queue's own job ends failed too (no retry left), and the handler ran once.
    await expect
      .poll(async () => (await q.boss.getJobById('t.denied', deniedRun.id))?.state, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('failed');
    expect(denied).toBe(1);
    expect(await effects('t.denied')).toBe(0);
  }, 90_000);

  it('a job whose worker died mid-job is completed once by another worker', async () => {
    let started!: () => void;
    const claimed = new Promise<void>((resolve) => (started = resolve));
    // Worker A takes the job and never answers again, as a killed process would not. One fetch loop,
    // so once it hangs A fetches nothing more (a killed process has no loop left at all).
    const dead = await queue([
      effectJob(
        't.handover',
        async () => {
          started();
          await new Promise(() => undefined);
        },
        { expireInSeconds: 1, concurrency: 1 },
      ),
    ]);
    const { run: handover } = await dead.enqueue('t.handover', {}, { orgId: ORG, key: 'a' });
    await claimed;
    // Worker B: another pg-boss instance on the same database.
    let calls = 0;
    await queue([
      effectJob(
        't.handover',
        async () => {
          calls++;
        },
        { expireInSeconds: 1 },
      ),
    ]);
    expect(await settled(handover.id)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(calls).toBe(1);
    expect(await effects('t.handover')).toBe(1);
  }, 90_000);

  it('a stopping worker finishes its jobs in flight or releases them: none is lost', async () => {
    const slow = (ms: number) =>
      effectJob('t.drain', () => sleep(ms), { concurrency: 3, expireInSeconds: 60 });
    const first = await queue([slow(400)]);
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        first.enqueue('t.drain', {}, { orgId: ORG, key: `${i}` }),
      ),
    );
    await expect
      .poll(async () =>
        (await Promise.all(runs.map((r) => run(r.run.id)))).some((r) => r.status === 'running'),
      )
      .toBe(true);
    await first.stop({ graceful: true, timeoutMs: 5_000 });
    queues.splice(queues.indexOf(first), 1);
    // The rest are done by the next worker; every run completes once.
    await queue([slow(10)]);
    for (const { run: r } of runs) expect((await settled(r.id)).status).toBe('completed');
    expect(await effects('t.drain')).toBe(8);

    // A job that outlives the grace period is released and completed by another worker.
    const stuck = await queue([effectJob('t.stuck', () => sleep(4_000), { expireInSeconds: 60 })]);
    const { run: long } = await stuck.enqueue('t.stuck', {}, { orgId: ORG, key: 'a' });
    await expect.poll(async () => (await run(long.id)).status).toBe('running');
    await stuck.stop({ graceful: true, timeoutMs: 1_000 });
    queues.splice(queues.indexOf(stuck), 1);
    await queue([effectJob('t.stuck', async () => undefined)]);
    expect((await settled(long.id)).status).toBe('completed');
    expect(await effects('t.stuck')).toBe(1);
  }, 120_000);

  it('streams progress to a watcher through NOTIFY until the run completes', async () => {
    let proceed!: () => void;
    const gate = new Promise<void>((resolve) => (proceed = resolve));
    const q = await queue([
      defineJob({
        name: 't.progress',
        payload,
        env: null,
        async handler(_payload, { progress }) {
          await gate;
          for (let done = 1; done <= 3; done++) {
            await progress({ done, total: 3, message: `Step ${done} of 3` });
            await sleep(50);
          }
        },
      }),
    ]);
    const events = createRunEvents(database);
    await events.ready();
    try {
      const service = createJobRunsService(database.db, events);
      const { run: created } = await q.enqueue('t.progress', {}, { orgId: ORG, key: 'a' });
      const seen: JobRun[] = [];
      const watching = (async () => {
        for await (const update of service.watch(ORG, { kind: 't.progress', key: 'a' })) {
          seen.push(update);
          if (seen.length === 1) proceed();
        }
      })();
      await watching;
      expect(seen[0]?.id).toBe(created.id);
      expect(seen.at(-1)).toMatchObject({ status: 'completed', progressDone: 3, progressTotal: 3 });
      expect(seen.map((s) => s.progressMessage)).toContain('Step 3 of 3');
      // Another org cannot find it.
      await expect(service.get('org_other', { id: created.id })).rejects.toThrow(
        'This job run does not exist in this org.',
      );
    } finally {
      await events.close();
    }
  }, 60_000);
});
