/**
 * Monitoring's answer retention on PGlite and PostgreSQL: an org's finished runs older than its
 * retention lose their answers and nothing else, in batches and once; a run still going, a recent run
 * and another org's runs keep theirs; the results, the trend and the uplift read the same figures
 * before and after; the hourly check enqueues one pass per org with answers due and day.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { RETENTION_MESSAGES, retentionCutoff } from '~/domain/monitoring/retention';
import type { Db } from '~/server/db/client';
import { monitoringRuns, monitoringSamples, orgs, proposals } from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import type { JobContext } from '~/server/jobs/define';
import { addEnv, makeOrg, makeUser, testServices } from '~/server/test-support';
import { appRouter } from '~/server/trpc/router';
import { createCallerFactory } from '~/server/trpc/trpc';
import { monitoringRetentionJob } from './jobs';
import {
  orgsDueForRetention,
  removeOldAnswers,
  retentionKey,
  startRetentionSchedule,
} from './retention';
import { daysAgo, MONITORED, monitoringRunAt } from './test-support';

const NOW = new Date('2026-11-27T03:00:00Z');
const PER_RUN = MONITORED.perRun;
const ENGINES = MONITORED.engines;
const SAMPLES = MONITORED.samples;
const runFinished = (
  db: Db,
  scope: { orgId: string; envId: string },
  days: number,
  options: { status?: 'running' } = {},
) => monitoringRunAt(db, scope, daysAgo(NOW, days), options);
const daysAgoNow = (days: number) => daysAgo(NOW, days);

async function answersOf(db: Db, runIds: string[]) {
  const rows = await db
    .select({ runId: monitoringSamples.runId, n: sql<number>`count(*)::int` })
    .from(monitoringSamples)
    .where(inArray(monitoringSamples.runId, runIds))
    .groupBy(monitoringSamples.runId);
  const byRun = new Map(rows.map((r) => [r.runId, Number(r.n)]));
  return runIds.map((id) => byRun.get(id) ?? 0);
}

describeEachDriver('monitoring answer retention', (get) => {
  let a: { orgId: string; envId: string };
  let b: { orgId: string; envId: string };
  /** Org A keeps answers 30 days: 200, 95 and 40 days old are due; 10 days and the going one stay. */
  let aRuns: { id: string }[];
  let aGoing: { id: string };
  /** Org B keeps them a year: only its 400-day-old run is due. */
  let bRuns: { id: string }[];

  /** Org A keeps answers 30 days, org B 365; each with finished runs of those ages (and A a stuck one). */
  async function orgsWithRuns() {
    const db = get().db;
    const orgA = await makeOrg(db);
    const orgB = await makeOrg(db);
    await db.update(orgs).set({ answerRetentionDays: 30 }).where(eq(orgs.id, orgA.id));
    await db.update(orgs).set({ answerRetentionDays: 365 }).where(eq(orgs.id, orgB.id));
    const a = { orgId: orgA.id, envId: (await addEnv(db, orgA.id, 'prod')).id };
    const b = { orgId: orgB.id, envId: (await addEnv(db, orgB.id, 'prod')).id };
    const aRuns = [];
    for (const days of [200, 95, 40, 10]) aRuns.push(await runFinished(db, a, days));
    // Started long ago and still going (a stuck run): never touched.
    const aGoing = await runFinished(db, a, 100, { status: 'running' });
    const bRuns = [];
    for (const days of [400, 200, 100]) bRuns.push(await runFinished(db, b, days));
    // A publish between A's runs, so the uplift reads the runs whose answers go.
    await db.insert(proposals).values({
      envId: a.envId,
      b2cProductId: 'BAG-1',
      locale: 'default',
      field: 'long_description',
      agentType: 'aeo',
      proposedValue: 'An answer-style description.',
      status: 'published',
      publishedAt: daysAgoNow(60),
    });
    return { a, b, aRuns, aGoing, bRuns };
  }

  beforeAll(async () => {
    ({ a, b, aRuns, aGoing, bRuns } = await orgsWithRuns());
  });

  it('finds the orgs with answers past their retention', async () => {
    // Orgs of its own: the next test removes the shared orgs' old answers.
    const { a, b } = await orgsWithRuns();
    const due = await orgsDueForRetention(get().db, NOW);
    expect(due.filter((id) => [a.orgId, b.orgId].includes(id)).sort()).toEqual(
      [a.orgId, b.orgId].sort(),
    );
    // A day before B's oldest run turns 365 days old, only A is due.
    const earlier = await orgsDueForRetention(get().db, daysAgoNow(36));
    expect(earlier).toContain(a.orgId);
    expect(earlier).not.toContain(b.orgId);
  });

  it("removes the org's old answers in batches and once, keeps every figure, and leaves the rest alone", async () => {
    const db = get().db;
    const { services } = testServices(db);
    const before = await services.monitoring.results(a.orgId, a.envId, null);
    const beforeOpenai = await services.monitoring.results(a.orgId, a.envId, 'openai');
    expect(before.trend).toHaveLength(4);
    expect(before.answersRemoved).toBeNull();
    const bBefore = await answersOf(
      db,
      bRuns.map((r) => r.id),
    );

    const removed = await removeOldAnswers(db, a.orgId, NOW, { runsPerBatch: 2 });
    expect(removed).toEqual({ runs: 3, answers: 3 * PER_RUN });
    expect(await answersOf(db, [...aRuns.map((r) => r.id), aGoing.id])).toEqual([
      0,
      0,
      0,
      PER_RUN,
      PER_RUN,
    ]);
    // Another org's rows, even those past A's retention, are untouched.
    expect(
      await answersOf(
        db,
        bRuns.map((r) => r.id),
      ),
    ).toEqual(bBefore);
    expect(bBefore).toEqual([PER_RUN, PER_RUN, PER_RUN]);

    // Once: a second pass finds nothing.
    expect(await removeOldAnswers(db, a.orgId, NOW)).toEqual({ runs: 0, answers: 0 });

    const cutoff = retentionCutoff(NOW, 30);
    const marks = await db
      .select({ id: monitoringRuns.id, before: monitoringRuns.answersRemovedBefore })
      .from(monitoringRuns)
      .where(inArray(monitoringRuns.id, [...aRuns.map((r) => r.id), aGoing.id]));
    expect(new Map(marks.map((m) => [m.id, m.before?.getTime() ?? null]))).toEqual(
      new Map([
        [aRuns[0]!.id, cutoff.getTime()],
        [aRuns[1]!.id, cutoff.getTime()],
        [aRuns[2]!.id, cutoff.getTime()],
        [aRuns[3]!.id, null],
        [aGoing.id, null],
      ]),
    );

    // The same figures, trend and uplift; the results now say which answers went.
    const after = await services.monitoring.results(a.orgId, a.envId, null);
    expect({ ...after, answersRemoved: null }).toEqual(before);
    expect(after.answersRemoved).toEqual({ before: cutoff, keptDays: 30 });
    const afterOpenai = await services.monitoring.results(a.orgId, a.envId, 'openai');
    expect({ ...afterOpenai, answersRemoved: null }).toEqual(beforeOpenai);
    expect(after.trend.map((t) => t.mentionRate.n)).toEqual([PER_RUN, PER_RUN, PER_RUN, PER_RUN]);
    expect(after.uplift.length).toBeGreaterThan(0);

    // A removed run's prompt has no answers left; the recent one still has them.
    const old = await services.monitoring.prompt(a.orgId, a.envId, 'p-bags', aRuns[0]!.id);
    expect(old.samples).toEqual([]);
    const recent = await services.monitoring.prompt(a.orgId, a.envId, 'p-bags', null);
    expect(recent.run.id).toBe(aRuns[3]!.id);
    expect(recent.samples).toHaveLength(ENGINES.length * SAMPLES);

    // B's pass removes only its own run past a year.
    expect(await removeOldAnswers(db, b.orgId, NOW)).toEqual({ runs: 1, answers: PER_RUN });
    expect(
      await answersOf(
        db,
        bRuns.map((r) => r.id),
      ),
    ).toEqual([0, PER_RUN, PER_RUN]);
    expect(await answersOf(db, [aRuns[3]!.id])).toEqual([PER_RUN]);
    const bResults = await services.monitoring.results(b.orgId, b.envId, null);
    expect(bResults.answersRemoved).toEqual({
      before: retentionCutoff(NOW, 365),
      keptDays: 365,
    });
    expect(await orgsDueForRetention(db, NOW)).not.toContain(a.orgId);
  });

  it('enqueues one pass per org with answers due and day, and the job reports what it removed', async () => {
    const db = get().db;
    const c = await makeOrg(db);
    const scope = { orgId: c.id, envId: (await addEnv(db, c.id, 'prod')).id };
    const run = await runFinished(db, scope, 181);

    const enqueued: { kind: string; orgId: string; key: string }[] = [];
    const schedule = startRetentionSchedule({
      db,
      jobs: {
        enqueue: async (kind, _payload, { orgId, key }) => {
          enqueued.push({ kind, orgId, key });
          return undefined as never;
        },
      },
      everyMs: 60 * 60_000,
      now: () => NOW,
    });
    try {
      await schedule.tick();
    } finally {
      schedule.stop();
    }
    expect(enqueued.filter((e) => e.orgId === c.id)).toEqual([
      { kind: 'monitoring.retention', orgId: c.id, key: retentionKey(NOW) },
    ]);
    expect(retentionKey(NOW)).toBe('retention:2026-11-27');

    const progress: unknown[] = [];
    await monitoringRetentionJob.handler({}, {
      db,
      orgId: c.id,
      progress: async (p) => void progress.push(p),
    } as Pick<JobContext, 'db' | 'orgId' | 'progress'> as JobContext);
    expect(progress).toEqual([
      { done: 1, total: 1, message: `Removed ${PER_RUN} answers of 1 run` },
    ]);
    expect(await answersOf(db, [run.id])).toEqual([0]);
  });

  it('lets every member read the retention and only owners change it, within its bounds', async () => {
    const db = get().db;
    const { services } = testServices(db);
    const owner = await makeUser(db);
    const member = await makeUser(db);
    const org = await makeOrg(db, {
      members: [{ user: owner, role: 'owner' }, { user: member }],
    });
    const as = (user: typeof owner) =>
      createCallerFactory(appRouter)({ user, services, requestId: 'retention' });

    expect(await as(member).monitoring.answerRetention({ orgId: org.id })).toEqual({ days: 180 });
    await expect(
      as(member).monitoring.setAnswerRetention({ orgId: org.id, days: 90 }),
    ).rejects.toThrow(RETENTION_MESSAGES.ownersOnly);
    await expect(
      as(owner).monitoring.setAnswerRetention({ orgId: org.id, days: 29 }),
    ).rejects.toThrow(RETENTION_MESSAGES.days);
    expect(await as(owner).monitoring.setAnswerRetention({ orgId: org.id, days: 90 })).toEqual({
      days: 90,
    });
    expect(await as(member).monitoring.answerRetention({ orgId: org.id })).toEqual({ days: 90 });
  });
});
