/**
 * `jobs.progress` end to end: a member subscribes through the router, a worker runs the job on the same
 * database, and each progress step arrives through NOTIFY until the run completes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDriver } from '~/server/db/test-db';
import { noopJob } from '~/server/system/jobs';
import { type Jobs, startJobs } from './runtime';
import { followNoopRun, servicesWithJobs } from './test-support';

describeEachDriver('jobs.progress', (get) => {
  let jobs: Jobs;
  beforeAll(async () => {
    jobs = await startJobs({
      database: get(),
      definitions: [noopJob],
      pollingIntervalSeconds: 0.5,
    });
  });
  afterAll(() => jobs?.stop(1_000));

  it('streams a run from queued to completed, step by step, to a member of its org', async () => {
    const { db } = get();
    const services = servicesWithJobs(db, jobs);
    const { run, updates, org, caller } = await followNoopRun({
      db,
      jobs,
      services,
      requestId: 'jobs-progress',
      work: () => jobs.work(services),
    });

    expect(updates[0]).toMatchObject({ id: run.id, status: 'queued' });
    expect(updates.at(-1)).toMatchObject({
      status: 'completed',
      progressDone: 3,
      progressTotal: 3,
    });
    expect(updates.length).toBeGreaterThan(1);
    // A run the org does not have: the stream fails at once with NOT_FOUND's words.
    const missing = await caller.jobs.progress({
      orgId: org.id,
      run: { kind: 'system.noop', key: 'none' },
    });
    await expect(missing[Symbol.asyncIterator]().next()).rejects.toThrow(
      'This job run does not exist in this org.',
    );
  }, 60_000);
});
