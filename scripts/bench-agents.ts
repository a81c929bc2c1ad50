/**
 * `npm run bench:agents`: the SEO Specialist over 2,000 products × 2 locales (4,000 items, one model
 * call each) against the AI provider simulator, through the real job queue, AI SDK providers and
 * proposal writes, on PGlite and on PostgreSQL (bench-db.ts). Two loads: the model answering at once
 * (concurrency 50), and after 500 ms (concurrency 20, whose ideal is 40 items/s). Prints items/s, p95
 * item time, the share of item time spent outside the model call, and p95 time from the model's answer
 * to the proposals being stored. Goals: ≥ 100 items/s at 0 ms; ≥ 0.8 × 40 items/s at 500 ms;
 * proposals stored ≤ 100 ms after the answer.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AgentRun } from '~/domain/agents/runs';
import { createAiSimulator } from '~/simulators/ai/simulator';
import { createB2CSimulator } from '~/simulators/b2c';
import { SIM_STOREFRONT_CATALOG_ID } from '~/simulators/b2c/data';
import { setRunnerProbe } from '~/server/agents/runner';
import type { Database } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { catalogProducts, envs } from '~/server/db/schema';
import { createB2CGateway } from '~/server/integrations/b2c/gateway.impl';
import { startJobs } from '~/server/jobs/runtime';
import { syncCatalogue } from '~/server/products/sync';
import { createSecrets } from '~/server/secrets';
import { createServices } from '~/server/services';
import { aiOnSimulator, linkedOrgOnSimulator } from '~/server/simulator-link';
import { onEachDatabase } from './bench-db';
import { type BenchRow, printAndExit } from './bench-report';

const PRODUCTS = Number(process.env.BENCH_AGENT_PRODUCTS ?? 2_000);
const LOCALES = ['default', 'fr-FR'];
const HOST = 'zzte-001.dx.commercecloud.salesforce.com';
const LOADS = [
  {
    latencyMs: 0,
    concurrency: 50,
    goal: (perSecond: number) => perSecond >= 100,
    goalText: '≥ 100 items/s',
  },
  {
    latencyMs: 500,
    concurrency: 20,
    goal: (perSecond: number) => perSecond >= 0.8 * 40,
    goalText: '≥ 32 items/s (0.8 × 40)',
  },
];
const STORE_GOAL_MS = 100;

const log = (line: string) => process.stderr.write(`${line}\n`);
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;

// Eight catalogue products for each one worked on: 16,000 for the default 2,000.
const b2c = await createB2CSimulator({ products: PRODUCTS * 8 });
const ai = await createAiSimulator();
const gateway = createB2CGateway({ ...b2c.gatewayConfig(), retryBaseMs: 1 });

async function bench(name: string, database: Database): Promise<BenchRow[]> {
  await migrateDatabase(database);
  const db = database.db;
  const secrets = createSecrets(randomBytes(32));
  const jobs = await startJobs({ database, pollingIntervalSeconds: 0.5 });
  const services = createServices({
    db,
    b2c: gateway,
    secrets,
    runEvents: jobs.events,
    jobs: jobs.queue,
    ai: aiOnSimulator(ai.url, 60_000),
  });
  await jobs.work(services);
  const rows: BenchRow[] = [];
  try {
    const { orgId, userId, envId } = await linkedOrgOnSimulator({
      db,
      services,
      secrets,
      simulator: b2c,
      host: HOST,
    });
    const clients = await services.b2cInstances.clientsForEnv(orgId, envId);
    await syncCatalogue({ db, data: clients.data, envId, full: true });

    // Exactly PRODUCTS products in the catalog's scope: the others leave it.
    const inScope = await db
      .select({ id: catalogProducts.b2cProductId })
      .from(catalogProducts)
      .where(
        and(
          eq(catalogProducts.envId, envId),
          inArray(catalogProducts.type, ['master', 'item', 'set', 'bundle']),
          sql`${catalogProducts.catalogIds} && array[${SIM_STOREFRONT_CATALOG_ID}]`,
        ),
      )
      .orderBy(catalogProducts.b2cProductId)
      .limit(PRODUCTS);
    if (inScope.length < PRODUCTS) throw new Error(`Only ${inScope.length} products to work on.`);
    await db
      .update(catalogProducts)
      .set({ catalogIds: [] })
      .where(
        and(
          eq(catalogProducts.envId, envId),
          notInArray(
            catalogProducts.b2cProductId,
            inScope.map((p) => p.id),
          ),
        ),
      );
    await services.agents.saveConfig(orgId, envId, userId, {
      type: 'seo',
      provider: 'anthropic',
      catalogIds: [SIM_STOREFRONT_CATALOG_ID],
      fields: ['page_title', 'page_description', 'page_keywords'],
      languages: LOCALES,
    });

    for (const load of LOADS) {
      ai.setLatency(load.latencyMs);
      const items: { modelMs: number; storeMs: number; itemMs: number }[] = [];
      setRunnerProbe({ onItemStored: (timing) => items.push(timing) });
      const started = performance.now();
      const run = await services.agents.start(orgId, envId, userId, 'seo', {
        concurrency: load.concurrency,
      });
      let done: AgentRun = run;
      while (!['succeeded', 'partly-failed', 'failed', 'cancelled'].includes(done.status)) {
        await new Promise((r) => setTimeout(r, 100));
        done = await services.agents.run(orgId, envId, run.id);
      }
      const seconds = (performance.now() - started) / 1000;
      setRunnerProbe({});
      const perSecond = done.itemsDone / seconds;
      const itemTimes = items.map((i) => i.itemMs).sort((a, b) => a - b);
      const storeTimes = items.map((i) => i.storeMs).sort((a, b) => a - b);
      const total = items.reduce((s, i) => s + i.itemMs, 0);
      const outside =
        total === 0 ? 0 : items.reduce((s, i) => s + (i.itemMs - i.modelMs), 0) / total;
      log(
        `${name}, ${load.latencyMs} ms: ${done.itemsDone}/${done.itemsTotal} items (${done.status}) in ${seconds.toFixed(1)} s, ${done.proposals} proposals`,
      );
      const label = `SEO, ${PRODUCTS.toLocaleString('en-US')} × ${LOCALES.length} locales, ${load.latencyMs} ms × ${load.concurrency}`;
      rows.push(
        {
          case: label,
          database: name,
          figure: `${perSecond.toFixed(1)} items/s; p95 item ${quantile(itemTimes, 0.95).toFixed(0)} ms; ${(outside * 100).toFixed(0)}% outside the model call`,
          goal: load.goalText,
          met: done.status === 'succeeded' && load.goal(perSecond),
        },
        {
          case: `${label}: answer → proposals stored`,
          database: name,
          figure: `p50 ${quantile(storeTimes, 0.5).toFixed(1)} ms, p95 ${quantile(storeTimes, 0.95).toFixed(1)} ms`,
          goal: `p95 ≤ ${STORE_GOAL_MS} ms`,
          met: quantile(storeTimes, 0.95) <= STORE_GOAL_MS,
        },
      );
    }
    await db.delete(envs).where(eq(envs.id, envId));
  } finally {
    await jobs.stop(1_000);
  }
  return rows;
}

try {
  const rows = await onEachDatabase(bench);
  await Promise.all([b2c.stop(), ai.stop()]);
  printAndExit('agents', rows);
} catch (error) {
  await Promise.all([b2c.stop(), ai.stop()]);
  throw error;
}
