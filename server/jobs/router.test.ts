/**
 * `jobs.progress` end to end: a member subscribes through the router, a worker runs the job on the same
 * database, and each progress step arrives through NOTIFY until the run completes.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JobRun } from '~/domain/jobs/runs';
import { describeEachDriver } from '~/server/db/test-db';
import { createSecrets } from '~/server/secrets';
import { createServices } from '~/server/services';
import { noopJob } from '~/server/system/jobs';
import { fakeGateway, makeOrg, makeUser } from '~/server/test-support';
import type { Context } from '~/server/trpc/context';
import { appRouter } from '~/server/trpc/router';
import { createCallerFactory } from '~/server/trpc/trpc';
import { type Jobs, startJobs } from './runtime';

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
    const user = await makeUser(db);
    const org = await makeOrg(db, { members: [{ user }] });
    const services = createServices({
      db,
      b2c: fakeGateway().gateway,
      secrets: createSecrets(randomBytes(32)),
      runEvents: jobs.events,
      jobs: jobs.queue,
    });
    const ctx: Context = { user, services, requestId: 'jobs-progress' };
    const caller = createCallerFactory(appRouter)(ctx);

    const { run } = await jobs.queue.enqueue(
      'system.noop',
      { steps: 3 },
      { orgId: org.id, key: 'k' },
    );
    const updates: JobRun[] = [];
    const stream = await caller.jobs.progress({
      orgId: org.id,
      run: { kind: 'system.noop', key: 'k' },
    });
    // The first report before any worker takes the job, so every step after it is seen.
    const reports = stream[Symbol.asyncIterator]();
    const first = await reports.next();
    if (!first.done) updates.push(first.value);
    await jobs.work(services);
    for (let next = await reports.next(); !next.done; next = await reports.next()) {
      updates.push(next.value);
    }

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
