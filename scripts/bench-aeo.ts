/**
 * `npm run bench:aeo`: a monitoring run of 23 prompts × 4 engines × 30 samples (2,760 answers, each
 * engine asked with its web search, as by default) against the AI provider simulator answering after
 * 300 ms, through the real job queue, AI SDK providers,
 * parser and sample writes; then `monitoring.results` over a year of daily runs of that size (365
 * runs' aggregates, about a million answers' worth), on PGlite and on PostgreSQL (bench-db.ts).
 * Goals: the run ends within 60 s at concurrency 20; results p95 ≤ 100 ms on PostgreSQL and ≤ 250 ms
 * on PGlite.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { AI_ENGINES } from '~/domain/ai/models';
import type { MonitoringRun } from '~/domain/monitoring/runs';
import { createAiSimulator } from '~/simulators/ai/simulator';
import type { Database } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { envs, monitoringAggregates, monitoringRuns, orgs, users } from '~/server/db/schema';
import { startJobs } from '~/server/jobs/runtime';
import { createSecrets } from '~/server/secrets';
import { aiOnSimulator } from '~/server/simulator-link';
import { createServices } from '~/server/services';
import { fakeB2CGateway, simulatorMonitoringConfig } from './bench-support';
import { onEachDatabase } from './bench-db';
import { type BenchRow, printAndExit } from './bench-report';

const PROMPTS = Number(process.env.BENCH_AEO_PROMPTS ?? 23);
const SAMPLES = Number(process.env.BENCH_AEO_SAMPLES ?? 30);
const DAYS = Number(process.env.BENCH_AEO_DAYS ?? 365);
const ROUNDS = Number(process.env.BENCH_AEO_ROUNDS ?? 40);
const LATENCY_MS = 300;
const RUN_GOAL_S = 60;
const RESULTS_GOAL_MS = { PGlite: 250, PostgreSQL: 100 } as const;

const log = (line: string) => process.stderr.write(`${line}\n`);
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;

const ai = await createAiSimulator();

const QUESTIONS = [
  'leather bag for work',
  'wool coat for winter',
  'linen dress for summer',
  'rain jacket for hiking',
  'cotton shirt for the office',
  'denim scarf for autumn',
];
const config = simulatorMonitoringConfig({ prompts: PROMPTS, samples: SAMPLES, topics: QUESTIONS });

async function bench(name: 'PGlite' | 'PostgreSQL', database: Database): Promise<BenchRow[]> {
  await migrateDatabase(database);
  const db = database.db;
  const jobs = await startJobs({ database, pollingIntervalSeconds: 0.5 });
  const services = createServices({
    db,
    b2c: fakeB2CGateway(),
    secrets: createSecrets(randomBytes(32)),
    runEvents: jobs.events,
    jobs: jobs.queue,
    ai: aiOnSimulator(ai.url, 60_000),
  });
  await jobs.work(services);
  try {
    const orgId = `org_${randomBytes(4).toString('hex')}`;
    await db.insert(orgs).values({ id: orgId, slug: orgId, name: 'Bench' });
    const [user] = await db
      .insert(users)
      .values({ email: `${orgId}@bench.test`, name: 'Bench' })
      .returning();
    const [env] = await db.insert(envs).values({ orgId, slug: 'prod', name: 'Prod' }).returning();
    const envId = env!.id;
    await services.monitoring.saveConfig(orgId, envId, user!.id, config);

    ai.setLatency(LATENCY_MS);
    const started = performance.now();
    const run = await services.monitoring.start(orgId, envId, user!.id, 'manual');
    let done: MonitoringRun | undefined = run;
    while (done && !['succeeded', 'partly-failed', 'failed'].includes(done.status)) {
      await new Promise((r) => setTimeout(r, 200));
      done = (await services.monitoring.runs(orgId, envId)).find((r) => r.id === run.id);
    }
    const seconds = (performance.now() - started) / 1000;
    ai.setLatency(0);
    log(
      `${name}: ${done?.samplesDone}/${done?.samplesTotal} samples (${done?.status}) in ${seconds.toFixed(1)} s`,
    );

    // A year of daily runs of the same size: the run's aggregates copied to earlier days.
    const aggregates = await db
      .select()
      .from(monitoringAggregates)
      .where(eq(monitoringAggregates.runId, run.id));
    const [row] = await db.select().from(monitoringRuns).where(eq(monitoringRuns.id, run.id));
    const day = 24 * 60 * 60 * 1000;
    for (let d = 1; d < DAYS; d++) {
      const at = new Date(row!.finishedAt!.getTime() - d * day);
      const [past] = await db
        .insert(monitoringRuns)
        .values({
          orgId,
          envId,
          status: 'succeeded',
          trigger: 'schedule',
          config: row!.config,
          samplesTotal: row!.samplesTotal,
          samplesDone: row!.samplesDone,
          createdAt: new Date(at.getTime() - 60_000),
          startedAt: new Date(at.getTime() - 60_000),
          finishedAt: at,
        })
        .returning({ id: monitoringRuns.id });
      await db
        .insert(monitoringAggregates)
        .values(aggregates.map((a) => ({ ...a, runId: past!.id, finishedAt: at })));
    }
    const answers = DAYS * (done?.samplesTotal ?? 0);
    log(`${name}: ${DAYS} runs, ${answers.toLocaleString('en-US')} answers' aggregates`);

    const timings: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const engine = i % 5 === 0 ? null : AI_ENGINES[i % AI_ENGINES.length]!;
      const t = performance.now();
      await services.monitoring.results(orgId, envId, engine);
      timings.push(performance.now() - t);
    }
    timings.sort((a, b) => a - b);
    const p95 = quantile(timings, 0.95);
    const goal = RESULTS_GOAL_MS[name];
    await db.delete(envs).where(eq(envs.id, envId));
    const label = `${PROMPTS} prompts × ${AI_ENGINES.length} engines × ${SAMPLES} samples`;
    return [
      {
        case: `${label}, ${LATENCY_MS} ms, concurrency 20: run`,
        database: name,
        figure: `${seconds.toFixed(1)} s (${done?.samplesDone ?? 0} answers, ${done?.status})`,
        goal: `≤ ${RUN_GOAL_S} s`,
        met: done?.status === 'succeeded' && seconds <= RUN_GOAL_S,
      },
      {
        case: `monitoring.results over ${DAYS} daily runs (${answers.toLocaleString('en-US')} answers)`,
        database: name,
        figure: `p50 ${quantile(timings, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
        goal: `p95 ≤ ${goal} ms`,
        met: p95 <= goal,
      },
    ];
  } finally {
    await jobs.stop(1_000);
  }
}

try {
  const rows = await onEachDatabase(bench);
  await ai.stop();
  printAndExit('aeo', rows);
} catch (error) {
  await ai.stop();
  throw error;
}
