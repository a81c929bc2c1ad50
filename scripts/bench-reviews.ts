/**
 * `npm run bench:reviews`: 5,000 pending proposals over 1,000 products (five localized fields each)
 * are approved in one bulk decision, then published to the B2C simulator by the real publish jobs
 * through the real OCAPI client, on PGlite and on PostgreSQL (bench-db.ts). Prints the server time of
 * the approval, publish throughput, and the OCAPI product requests made. Goals: approving 5,000 takes
 * ≤ 2 s; requests = one read and one PATCH per product touched; ≥ 50 products published/s.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createB2CSimulator } from '~/simulators/b2c';
import type { Database } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { catalogProducts, envs, proposals } from '~/server/db/schema';
import { createB2CGateway } from '~/server/integrations/b2c/gateway.impl';
import { startJobs } from '~/server/jobs/runtime';
import { syncCatalogue } from '~/server/products/sync';
import { createSecrets } from '~/server/secrets';
import { createServices } from '~/server/services';
import { linkedOrgOnSimulator } from '~/server/simulator-link';
import { onEachDatabase } from './bench-db';
import { type BenchRow, printAndExit } from './bench-report';
import { insertProposals, PROPOSAL_CHANGES } from './bench-support';

const PRODUCTS = Number(process.env.BENCH_REVIEW_PRODUCTS ?? 1_000);
const HOST = 'zzte-001.dx.commercecloud.salesforce.com';
const APPROVE_GOAL_MS = 2_000;
const PUBLISH_GOAL = 50;

const log = (line: string) => process.stderr.write(`${line}\n`);

// Six catalogue products for each one reviewed: 6,000 for the default 1,000.
const b2c = await createB2CSimulator({ products: PRODUCTS * 6 });
const gateway = createB2CGateway({ ...b2c.gatewayConfig(), retryBaseMs: 1 });

/** OCAPI product reads and writes so far (the publish jobs' only calls to the instance). */
const productCalls = () =>
  b2c.requests.filter((r) => r.path.includes('/dw/data/') && r.path.includes('/products/')).length;

async function bench(name: string, database: Database): Promise<BenchRow[]> {
  await migrateDatabase(database);
  const db = database.db;
  const jobs = await startJobs({ database, pollingIntervalSeconds: 0.5 });
  const secrets = createSecrets(randomBytes(32));
  const services = createServices({
    db,
    b2c: gateway,
    secrets,
    runEvents: jobs.events,
    jobs: jobs.queue,
  });
  await jobs.work(services);
  try {
    const { orgId, userId, envId } = await linkedOrgOnSimulator({
      db,
      services,
      secrets,
      simulator: b2c,
      host: HOST,
    });
    const { data } = await services.b2cInstances.clientsForEnv(orgId, envId);
    await syncCatalogue({ db, data, envId, full: true });

    // PRODUCTS base products, five pending proposals each against the copy's values.
    const picked = await db
      .select({ id: catalogProducts.b2cProductId })
      .from(catalogProducts)
      .where(
        and(eq(catalogProducts.envId, envId), inArray(catalogProducts.type, ['master', 'item'])),
      )
      .orderBy(catalogProducts.b2cProductId)
      .limit(PRODUCTS);
    if (picked.length < PRODUCTS) throw new Error(`Only ${picked.length} products to work on.`);
    const ids = picked.map((p) => p.id);
    await insertProposals(db, { envId, products: ids, label: `${name} bench `, model: 'bench' });
    const proposalCount = ids.length * PROPOSAL_CHANGES.length;

    const callsBefore = productCalls();
    const approveStart = performance.now();
    const decided = await services.reviews.approve(orgId, envId, userId, {
      filter: { reviewStatus: 'pending', agentType: 'all', showOffline: true },
    });
    const approveMs = performance.now() - approveStart;
    if (decided.changed !== proposalCount) {
      throw new Error(`Approved ${decided.changed} of ${proposalCount} proposals.`);
    }

    const count = async (status: 'approved' | 'published') => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(proposals)
        .where(and(eq(proposals.envId, envId), eq(proposals.status, status)));
      return Number(row?.n ?? 0);
    };
    while ((await count('approved')) > 0) await new Promise((r) => setTimeout(r, 100));
    const publishSeconds = (performance.now() - approveStart - approveMs) / 1000;
    const published = await count('published');
    const calls = productCalls() - callsBefore;
    const perSecond = ids.length / publishSeconds;
    log(
      `${name}: approved ${decided.changed} in ${approveMs.toFixed(0)} ms; published ${published} over ${ids.length} products in ${publishSeconds.toFixed(1)} s; ${calls} OCAPI product requests`,
    );
    const load = `${proposalCount.toLocaleString('en-US')} proposals over ${ids.length.toLocaleString('en-US')} products`;
    await db.delete(envs).where(eq(envs.id, envId));
    return [
      {
        case: `${load}: bulk approve (server)`,
        database: name,
        figure: `${approveMs.toFixed(0)} ms`,
        goal: `≤ ${APPROVE_GOAL_MS} ms`,
        met: approveMs <= APPROVE_GOAL_MS,
      },
      {
        case: `${load}: OCAPI requests`,
        database: name,
        figure: `${calls.toLocaleString('en-US')} (${(calls / ids.length).toFixed(2)} a product)`,
        goal: `= ${(2 * ids.length).toLocaleString('en-US')} (a read and a PATCH a product)`,
        met: calls === 2 * ids.length,
      },
      {
        case: `${load}: publish`,
        database: name,
        figure: `${perSecond.toFixed(1)} products/s (${published.toLocaleString('en-US')} published)`,
        goal: `≥ ${PUBLISH_GOAL} products/s, all published`,
        met: perSecond >= PUBLISH_GOAL && published === proposalCount,
      },
    ];
  } finally {
    await jobs.stop(1_000);
  }
}

try {
  const rows = await onEachDatabase(bench);
  await b2c.stop();
  printAndExit('reviews', rows);
} catch (error) {
  await b2c.stop();
  throw error;
}
