/**
 * Answers checked against the catalogue on the server: a run against the AI simulator, whose shopping
 * answers read the B2C simulator's storefront and misstate its product at set rates, stores each
 * answer's claims; the run's aggregates count them, and `monitoring.accuracy` lists the wrong ones
 * with the rate per engine.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCURACY_MISMATCH_LIMIT, type Claim } from '~/domain/monitoring/accuracy';
import type { MonitoringConfig } from '~/domain/monitoring/config';
import { wilsonInterval } from '~/domain/monitoring/stats';
import { DEFAULT_MISSTATEMENTS } from '~/simulators/ai/answers';
import type { AiSimulator } from '~/simulators/ai/simulator';
import {
  STOREFRONT_HOST,
  startStorefrontSimulators,
  storefrontCatalogue,
} from '~/simulators/ai/test-support';
import type { B2CSimulator } from '~/simulators/b2c/simulator';
import { SIM_SITE_ID, simPriceOf } from '~/simulators/b2c/data';
import { catalogProducts, monitoringSamples } from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import type { Jobs } from '~/server/jobs/runtime';
import type { BeaconServices } from '~/server/services';
import { addEnv } from '~/server/test-support';
import { runSucceeded, startMonitoringWorker, storefrontCopyEnv } from './test-support';

const TIMEOUT_MS = 60_000;
const QUESTION = 'What is a good leather bag for work?';

let b2c: B2CSimulator;
let ai: AiSimulator;
beforeAll(async () => {
  ({ b2c, ai } = await startStorefrontSimulators());
  ai.setMisstatements({ price: 0.4, discontinued: 0.2 });
});
afterAll(async () => {
  ai.setMisstatements(DEFAULT_MISSTATEMENTS);
  await ai?.stop();
  await b2c?.stop();
});

const config: MonitoringConfig = {
  brandName: 'Reference Architecture',
  brandDomain: STOREFRONT_HOST,
  brandVariants: [],
  competitors: [],
  promptIds: [],
  newPrompts: [QUESTION],
  engines: ['openai', 'perplexity'],
  memoryEngines: [],
  otherMarkets: [],
  samples: 12,
  schedule: 'off',
  upliftRuns: 3,
};

describeEachDriver('answers checked against the catalogue', (get) => {
  let jobs: Jobs;
  let services: BeaconServices;
  beforeAll(async () => {
    ({ jobs, services } = await startMonitoringWorker(get(), ai.url));
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop(1_000);
  });

  /** An env whose copy holds the storefront's products with their prices, as a sync leaves it. */
  const env = () => storefrontCopyEnv(get().db, storefrontCatalogue(b2c));

  it(
    'stores each answer’s claims, counts the wrong ones per engine and lists them with their sentence',
    async () => {
      const { user, scope, env: e } = await env();
      expect(await services.monitoring.accuracy(...scope, null)).toMatchObject({
        run: null,
        mismatches: [],
        priceSiteId: SIM_SITE_ID,
      });
      await services.monitoring.saveConfig(...scope, user.id, config);
      const run = await services.monitoring.start(...scope, user.id, 'manual');
      await runSucceeded(services, scope, run.id, TIMEOUT_MS);

      const samples = await get()
        .db.select()
        .from(monitoringSamples)
        .where(eq(monitoringSamples.runId, run.id));
      const claimsOf = (s: (typeof samples)[number]) => (s.claims ?? []) as Claim[];
      const checked = samples.filter((s) => claimsOf(s).length > 0);
      const wrong = samples.filter((s) => claimsOf(s).some((c) => c.mismatch));
      // At these rates some answers get the product right and some wrong.
      expect(checked.length).toBeGreaterThan(wrong.length);
      expect(wrong.length).toBeGreaterThan(0);

      const accuracy = await services.monitoring.accuracy(...scope, null);
      expect(accuracy.run?.id).toBe(run.id);
      expect(accuracy.overall).toEqual(wilsonInterval(wrong.length, checked.length));
      for (const figure of accuracy.engines) {
        const mine = (list: typeof samples) => list.filter((s) => s.engine === figure.engine);
        expect(figure.inaccurate).toEqual(wilsonInterval(mine(wrong).length, mine(checked).length));
      }
      const wrongClaims = wrong.flatMap((s) => claimsOf(s).filter((c) => c.mismatch));
      expect(accuracy.mismatchesTotal).toBe(wrongClaims.length);
      expect(accuracy.mismatches).toHaveLength(
        Math.min(wrongClaims.length, ACCURACY_MISMATCH_LIMIT),
      );
      const data = b2c.instance(STOREFRONT_HOST).data();
      for (const m of accuracy.mismatches) {
        const product = data.productsById.get(m.productId)!;
        expect(m.prompt).toBe(QUESTION);
        expect(m.productName).toBe(product.name.default);
        expect(m.excerpt).toContain(product.name.default);
        expect(m.excerpt).toContain(m.said);
        if (m.kind === 'price') {
          expect(m.catalogue).toBe(`USD ${simPriceOf(data, product).toFixed(2)}`);
        } else {
          expect([m.said, m.catalogue]).toEqual(['discontinued', 'online']);
        }
      }
      // Per product: its claims and the wrong ones, most wrong first.
      const total = accuracy.products.reduce((s, p) => s + p.checked, 0);
      expect(total).toBe(samples.reduce((s, x) => s + claimsOf(x).length, 0));
      expect(accuracy.products[0]!.mismatched).toBeGreaterThan(0);

      // Narrowed to one engine: its figures only.
      const one = await services.monitoring.accuracy(...scope, 'perplexity');
      expect(one.overall).toBeNull();
      expect(one.engines.map((f) => f.engine)).toEqual(['perplexity']);
      expect(one.mismatches.every((m) => m.engine === 'perplexity')).toBe(true);

      // Another env of the org sees none of it.
      const other = await addEnv(get().db, scope[0], 'staging');
      expect((await services.monitoring.accuracy(scope[0], other.id, null)).run).toBeNull();
      await get()
        .db.delete(catalogProducts)
        .where(and(eq(catalogProducts.envId, e.id)));
    },
    TIMEOUT_MS,
  );
});
