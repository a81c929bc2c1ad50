/**
 * `npm run bench:jobs`: how many background jobs one worker process gets through, on PGlite (on its
 * worker thread, as the server runs it) and on PostgreSQL (a throw-away database on the cluster that
 * scripts/pg-test-db.sh starts; skipped with a note when there is none). Two loads:
 *   - no-op jobs: the queue's own cost per job (fetch, run claim, run completion, job completion);
 *   - simulated model calls: each job waits 500 ms, 20 at a time; the ideal is 40 calls/s.
 * Jobs are queued first, then the workers start; the clock runs from then until every run completed.
 * Env: BENCH_NOOP_JOBS (default 2000), BENCH_MODEL_JOBS (default 400).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { jobRuns, orgs } from '~/server/db/schema';
import { type AnyJobDefinition, defineJob } from '~/server/jobs/define';
import { startJobQueue } from '~/server/jobs/queue';
import { onEachDatabase } from './bench-db';
import { type BenchRow, printAndExit } from './bench-report';

const NOOP_JOBS = Number(process.env.BENCH_NOOP_JOBS ?? 2000);
const MODEL_JOBS = Number(process.env.BENCH_MODEL_JOBS ?? 400);
const MODEL_LATENCY_MS = 500;
const MODEL_CONCURRENCY = 20;
const ORG = 'org_bench';

const noop = defineJob({
  name: 'bench.noop',
  payload: z.object({}),
  env: null,
  concurrency: 100,
  retry: { limit: 0, delaySeconds: 1 },
  handler: async () => undefined,
});
const modelCall = defineJob({
  name: 'bench.model-call',
  payload: z.object({}),
  env: null,
  concurrency: MODEL_CONCURRENCY,
  retry: { limit: 0, delaySeconds: 1 },
  handler: () => new Promise<void>((resolve) => setTimeout(resolve, MODEL_LATENCY_MS)),
});

/** Queues `count` jobs of a kind (runs and jobs in bulk), starts workers, waits for every run. */
async function measure(
  database: Database,
  definition: AnyJobDefinition,
  count: number,
): Promise<{ perSecond: number; seconds: number }> {
  const queue = await startJobQueue({
    database,
    definitions: [definition],
    pollingIntervalSeconds: 0.5,
  });
  try {
    const ids = Array.from({ length: count }, () => randomUUID());
    const suffix = randomBytes(4).toString('hex');
    for (let i = 0; i < count; i += 500) {
      const slice = ids.slice(i, i + 500);
      await database.db.insert(jobRuns).values(
        slice.map((id, j) => ({
          id,
          orgId: ORG,
          kind: definition.name,
          key: `${suffix}-${i + j}`,
          payload: {},
        })),
      );
      await queue.boss.insert(
        definition.name,
        slice.map((id) => ({ id, data: { runId: id } })),
      );
    }
    const started = performance.now();
    await queue.work();
    const done = async () => {
      const [row] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobRuns)
        .where(and(eq(jobRuns.kind, definition.name), eq(jobRuns.status, 'completed')));
      return row?.n ?? 0;
    };
    let completed = 0;
    while ((completed = await done()) < count) {
      if (performance.now() - started > 300_000) throw new Error(`only ${completed} of ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    return { perSecond: count / seconds, seconds };
  } finally {
    await queue.stop({ graceful: false, timeoutMs: 1_000 });
  }
}

async function bench(name: string, database: Database): Promise<BenchRow[]> {
  await migrateDatabase(database);
  await database.db
    .insert(orgs)
    .values({ id: ORG, slug: 'bench', name: 'Bench' })
    .onConflictDoNothing();
  const jobsGoal = name === 'PostgreSQL' ? 200 : 100;
  const noopResult = await measure(database, noop, NOOP_JOBS);
  process.stderr.write(`${name}: ${NOOP_JOBS} no-op jobs in ${noopResult.seconds.toFixed(1)} s\n`);
  const modelResult = await measure(database, modelCall, MODEL_JOBS);
  process.stderr.write(
    `${name}: ${MODEL_JOBS} simulated model calls in ${modelResult.seconds.toFixed(1)} s\n`,
  );
  const ideal = (1000 / MODEL_LATENCY_MS) * MODEL_CONCURRENCY;
  return [
    {
      case: `no-op jobs (${NOOP_JOBS})`,
      database: name,
      figure: `${noopResult.perSecond.toFixed(0)} jobs/s`,
      goal: `≥ ${jobsGoal} jobs/s`,
      met: noopResult.perSecond >= jobsGoal,
    },
    {
      case: `model calls, ${MODEL_LATENCY_MS} ms × ${MODEL_CONCURRENCY} (${MODEL_JOBS})`,
      database: name,
      figure: `${modelResult.perSecond.toFixed(1)} calls/s`,
      goal: `≥ ${(0.8 * ideal).toFixed(0)} calls/s (0.8 × ${ideal})`,
      met: modelResult.perSecond >= 0.8 * ideal,
    },
  ];
}

printAndExit('jobs', await onEachDatabase(bench));
