/**
 * Test helpers for `jobs.progress`: services over a process's job runtime, and a member following a
 * `system.noop` run through the router from before any worker takes it until the stream ends.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { JobRun } from '~/domain/jobs/runs';
import { type Db, rowsOf } from '~/server/db/client';
import { jobRuns } from '~/server/db/schema';
import { createSecrets } from '~/server/secrets';
import { type BeaconServices, createServices } from '~/server/services';
import { fakeGateway, makeOrg, makeUser } from '~/server/test-support';
import type { Context } from '~/server/trpc/context';
import { appRouter } from '~/server/trpc/router';
import { createCallerFactory } from '~/server/trpc/trpc';
import type { JobQueue } from './queue';
import type { Jobs } from './runtime';

/** A process's services on `db`, its runs queued and reported through `jobs`. */
export function servicesWithJobs(db: Db, jobs: Jobs): BeaconServices {
  return createServices({
    db,
    b2c: fakeGateway().gateway,
    secrets: createSecrets(randomBytes(32)),
    runEvents: jobs.events,
    jobs: jobs.queue,
  });
}

/**
 * A member of a new org (made on `db`) subscribes through `services` to a 3-step `system.noop` run
 * (key 'k') queued on `jobs`; the first report is taken before `work()` starts a worker, so every
 * step after it is seen. Returns the run, every report in order, and the member's caller.
 */
export async function followNoopRun(options: {
  db: Db;
  jobs: Jobs;
  services: BeaconServices;
  requestId: string;
  work: () => Promise<void>;
}) {
  const { db, jobs, services, requestId, work } = options;
  const user = await makeUser(db);
  // Verified: the screens that follow job runs (products) are behind the org gate.
  const org = await makeOrg(db, { members: [{ user }], verified: true });
  const ctx: Context = { user, services, requestId };
  const caller = createCallerFactory(appRouter)(ctx);

  const { run } = await jobs.queue.enqueue(
    'system.noop',
    { steps: 3 },
    { orgId: org.id, key: 'k' },
  );
  const stream = await caller.jobs.progress({
    orgId: org.id,
    run: { kind: 'system.noop', key: 'k' },
  });
  const reports = stream[Symbol.asyncIterator]();
  const updates: JobRun[] = [];
  const first = await reports.next();
  if (!first.done) updates.push(first.value);
  await work();
  for (let next = await reports.next(); !next.done; next = await reports.next()) {
    updates.push(next.value);
  }
  return { run, updates, org, caller };
}

/** How many pg-boss jobs of `name` the database holds, in any state. */
export async function bossJobCount(db: Db, name: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from pgboss.job where name = ${name}`),
  );
  return Number(row?.n);
}

/**
 * Jobs of the kinds `names` that have not ended (queued, waiting to retry or being worked): of one
 * agent or monitoring run (each job is sent under its job run's id, whose payload names the run:
 * queue.ts), or created since `since` (the database's clock, as text).
 */
export async function unendedJobCount(
  db: Db,
  names: readonly string[],
  of: { runId: string } | { since: string },
): Promise<number> {
  const which =
    'runId' in of
      ? sql`id::text in (select ${jobRuns.id}::text from ${jobRuns} where ${jobRuns.payload} ->> 'runId' = ${of.runId})`
      : sql`created_on >= ${of.since}::timestamptz`;
  const kinds = sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from pgboss.job
          where state in ('created', 'retry', 'active') and name in (${kinds}) and ${which}`,
    ),
  );
  return Number(row?.n);
}

/**
 * `queue`, but its `enqueue` and `enqueueMany` die after queueing, as a process that stops before its
 * transaction commits: what they wrote in the caller's transaction must go with it.
 */
export function dyingQueue(queue: JobQueue): JobQueue {
  return {
    ...queue,
    async enqueue(...args) {
      await queue.enqueue(...args);
      throw new Error('The process died before the run was committed.');
    },
    async enqueueMany(...args) {
      await queue.enqueueMany(...args);
      throw new Error('The process died before the runs were committed.');
    },
  };
}
