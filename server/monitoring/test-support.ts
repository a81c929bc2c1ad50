/** Monitoring runs for tests, written as the runner writes them (samples, then aggregates at the end). */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SimProduct } from '~/simulators/b2c/data';
import type { Database, Db } from '~/server/db/client';
import type { AnyJobDefinition } from '~/server/jobs/define';
import { type Jobs, startJobs } from '~/server/jobs/runtime';
import { createSecrets } from '~/server/secrets';
import { type BeaconServices, createServices, type ServiceDeps } from '~/server/services';
import { aiOnSimulator } from '~/server/simulator-link';
import { addEnv, fakeGateway, makeOrg, makeUser } from '~/server/test-support';
import { monitoringPlanJob, monitoringSampleJob } from './jobs';
import {
  catalogProducts,
  catalogSyncs,
  monitoringRuns,
  monitoringSamples,
} from '~/server/db/schema';
import { finishIfDone } from './runner';

const DAY_MS = 24 * 60 * 60 * 1000;

export const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

const PROMPTS = [
  { key: 'p-bags', text: 'Which leather bag is best for work?', name: 'Bags' },
  { key: 'p-coats', text: 'Which wool coat is warmest?', name: 'Coats' },
];
const ENGINES = ['openai', 'anthropic'] as const;
const SAMPLES = 3;

/** What every run `monitoringRunAt` writes asks: 2 prompts × 2 engines × 3 samples. */
export const MONITORED = {
  prompts: PROMPTS,
  engines: ENGINES,
  samples: SAMPLES,
  perRun: PROMPTS.length * ENGINES.length * SAMPLES,
} as const;

/**
 * A run of the brand "Acme" that finished at `finishedAt` with every answer kept and its aggregates
 * written the way its last sample writes them (runner.finishIfDone); `status: 'running'` leaves it
 * going. Which answers name the brand varies with the time, so runs differ.
 */
export async function monitoringRunAt(
  db: Db,
  scope: { orgId: string; envId: string },
  finishedAt: Date,
  { status }: { status?: 'running' } = {},
) {
  const startedAt = new Date(finishedAt.getTime() - 15 * 60_000);
  const [run] = await db
    .insert(monitoringRuns)
    .values({
      ...scope,
      status: 'running',
      trigger: 'schedule',
      config: { brandName: 'Acme', engines: ENGINES, samples: SAMPLES, prompts: PROMPTS },
      samplesTotal: MONITORED.perRun,
      samplesDone: MONITORED.perRun,
      createdAt: startedAt,
      startedAt,
    })
    .returning();
  const seed = Math.floor(finishedAt.getTime() / DAY_MS);
  let i = 0;
  await db.insert(monitoringSamples).values(
    PROMPTS.flatMap((p) =>
      ENGINES.flatMap((engine) =>
        Array.from({ length: SAMPLES }, (_, idx) => {
          i += 1;
          const mentioned = (seed + i) % 3 !== 0;
          return {
            runId: run!.id,
            promptKey: p.key,
            engine,
            idx,
            status: 'done' as const,
            answer: `Answer ${i}: ${mentioned ? 'Acme' : 'Rival'} makes a good one.`,
            model: 'sim',
            brandMentioned: mentioned,
            brandCited: mentioned && i % 2 === 0,
            position: mentioned ? 1 + (i % 2) : null,
            competitors: mentioned ? [] : ['Rival'],
            products: mentioned ? ['BAG-1'] : [],
            urls: [],
            sentiment: mentioned ? 'positive' : 'neutral',
            finishedAt,
          };
        }),
      ),
    ),
  );
  if (status === 'running') return run!;
  await finishIfDone(db, run!.id);
  const at = finishedAt.toISOString();
  await db.execute(
    sql`update monitoring_runs set finished_at = ${at}::timestamptz where id = ${run!.id}`,
  );
  await db.execute(
    sql`update monitoring_aggregates set finished_at = ${at}::timestamptz where run_id = ${run!.id}`,
  );
  return run!;
}

/**
 * Monitoring's jobs on `database`, worked in this process by services that ask the AI simulator at
 * `aiUrl` (the real AI SDK providers) and a fake B2C gateway: what the server suites run against.
 */
export async function startMonitoringWorker(
  database: Database,
  aiUrl: string,
  definitions: readonly AnyJobDefinition[] = [monitoringPlanJob, monitoringSampleJob],
  more: Pick<ServiceDeps, 'alertWebhooks'> = {},
): Promise<{ jobs: Jobs; services: BeaconServices }> {
  const jobs = await startJobs({ database, definitions, pollingIntervalSeconds: 0.5 });
  const services = createServices({
    db: database.db,
    b2c: fakeGateway().gateway,
    secrets: createSecrets(randomBytes(32)),
    runEvents: jobs.events,
    jobs: jobs.queue,
    ai: aiOnSimulator(aiUrl, 5_000),
    ...more,
  });
  await jobs.work(services);
  return { jobs, services };
}

/** What a copy of the B2C simulator's storefront is made of (its products, their prices, the site). */
export interface StorefrontCatalogue {
  products: readonly SimProduct[];
  priceOf: (product: SimProduct) => number;
  priceSiteId: string;
}

/**
 * A member's new org whose env's copy holds the storefront's products (masters and items) with their
 * prices, as a sync leaves it: named in the default locale, or in every locale they have
 * (`localized`), with the sync's locales when given.
 */
export async function storefrontCopyEnv(
  db: Db,
  { products, priceOf, priceSiteId }: StorefrontCatalogue,
  { localized = false, locales }: { localized?: boolean; locales?: string[] } = {},
) {
  const user = await makeUser(db);
  const org = await makeOrg(db, { members: [{ user }] });
  const env = await addEnv(db, org.id, 'prod');
  const rows = products
    .filter((p) => p.type === 'master' || p.type === 'item')
    .map((p) => ({
      envId: env.id,
      b2cProductId: p.id,
      type: p.type,
      online: true,
      name: { ...(localized ? p.name : {}), default: p.name.default ?? p.id },
      document: { id: p.id, price: priceOf(p), price_currency: 'USD' },
      syncedAt: new Date(),
    }));
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(catalogProducts).values(rows.slice(i, i + 500));
  }
  await db
    .insert(catalogSyncs)
    .values({ envId: env.id, priceSiteId, ...(locales ? { locales } : {}) });
  return { user, org, env, scope: [org.id, env.id] as const };
}

/** Waits for the run to succeed; fails with the status it is in after `timeoutMs`. */
export async function runSucceeded(
  services: BeaconServices,
  scope: readonly [orgId: string, envId: string],
  runId: string,
  timeoutMs: number,
): Promise<void> {
  for (const started = Date.now(); ;) {
    const [now] = (await services.monitoring.runs(...scope)).filter((r) => r.id === runId);
    if (now?.status === 'succeeded') return;
    if (Date.now() - started > timeoutMs) throw new Error(`The run is ${now?.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
