/**
 * A run's progress reaches a subscriber whichever process holds its WebSocket: process A runs the worker,
 * process B (no workers, its own pool and LISTEN connection) streams `jobs.progress` to the member. The
 * stream is built from NOTIFY (run events) and reads of the run row, both of which cross processes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '~/server/db/client';
import { createNotifyBus, type NotifyBus } from '~/server/db/notify';
import { openTestDatabase } from '~/server/db/test-db';
import { noopJob } from '~/server/system/jobs';
import { type Jobs, startJobs } from './runtime';
import { followNoopRun, servicesWithJobs } from './test-support';

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

  it('B streams every step of a run that A works, from queued to completed', async () => {
    const { run, updates } = await followNoopRun({
      db: shared.db,
      jobs: watcher,
      services: servicesWithJobs(dbB.db, watcher),
      requestId: 'progress-on-b',
      // Only A works jobs.
      work: () => worker.work(servicesWithJobs(dbA.db, worker)),
    });
    expect(updates[0]).toMatchObject({ id: run.id, status: 'queued' });
    expect(updates.at(-1)).toMatchObject({
      status: 'completed',
      progressDone: 3,
      progressTotal: 3,
    });
  }, 60_000);
});
