/**
 * A run's progress reaches a subscriber whichever process holds its WebSocket: process A runs the worker,
 * process B (no workers, its own pool and LISTEN connection) streams `jobs.progress` to the member. The
 * stream is built from NOTIFY (run events) and reads of the run row, both of which cross processes.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRun } from '~/domain/jobs/runs';
import { createDatabase, type Database } from '~/server/db/client';
import { createNotifyBus, type NotifyBus } from '~/server/db/notify';
import { openTestDatabase } from '~/server/db/test-db';
import { createSecrets } from '~/server/secrets';
import { createServices } from '~/server/services';
import { noopJob } from '~/server/system/jobs';
import { fakeGateway, makeOrg, makeUser } from '~/server/test-support';
import type { Context } from '~/server/trpc/context';
import { appRouter } from '~/server/trpc/router';
import { createCallerFactory } from '~/server/trpc/trpc';
import { type Jobs, startJobs } from './runtime';

describe.skipIf(!process.env.TEST_DATABASE_URL)('run progress across processes [postgres]', () => {
  let shared: Database;
  let dbA: Database;
  let dbB: Database;
  let busB: NotifyBus;
  let worker: Jobs;
  let watcher: Jobs;

  beforeAll(async () => {
    shared = await openTestDatabase('postgres');
    if (shared.handle.driver !== 'node-postgres') throw new Error('PostgreSQL only');
    const url = shared.handle.client.options.connectionString;
    dbA = await createDatabase({ url, poolMax: 4 });
    dbB = await createDatabase({ url, poolMax: 4 });
    worker = await startJobs({
      database: dbA,
      definitions: [noopJob],
      pollingIntervalSeconds: 0.5,
    });
    busB = createNotifyBus(dbB);
    watcher = await startJobs({ database: dbB, bus: busB, definitions: [noopJob] });
  }, 60_000);
  afterAll(async () => {
    await watcher?.stop(1_000);
    await worker?.stop(1_000);
    await busB?.close();
    await dbA?.close();
    await dbB?.close();
    await shared?.close();
  });

  const servicesOn = (database: Database, jobs: Jobs) =>
    createServices({
      db: database.db,
      b2c: fakeGateway().gateway,
      secrets: createSecrets(randomBytes(32)),
      runEvents: jobs.events,
      jobs: jobs.queue,
    });

  it('B streams every step of a run that A works, from queued to completed', async () => {
    const user = await makeUser(shared.db);
    const org = await makeOrg(shared.db, { members: [{ user }] });
    const onB = servicesOn(dbB, watcher);
    const ctx: Context = { user, services: onB, requestId: 'progress-on-b' };
    const caller = createCallerFactory(appRouter)(ctx);

    const { run } = await watcher.queue.enqueue(
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
    // Only A works jobs.
    await worker.work(servicesOn(dbA, worker));
    for (let next = await reports.next(); !next.done; next = await reports.next()) {
      updates.push(next.value);
    }
    expect(updates[0]).toMatchObject({ id: run.id, status: 'queued' });
    expect(updates.at(-1)).toMatchObject({
      status: 'completed',
      progressDone: 3,
      progressTotal: 3,
    });
  }, 60_000);
});
