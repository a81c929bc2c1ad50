/**
 * Markets on the server: a run asks each market's prompts in its language with the market's country
 * for the search, reads the answers with that market's catalogue names, and keeps the market on every
 * sample and aggregate; the results, sources and accuracy narrow to one market. Against the AI
 * simulator, which answers a French question in French from the storefront's French pages.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Claim } from '~/domain/monitoring/accuracy';
import type { MonitoringConfig } from '~/domain/monitoring/config';
import { MARKET_MESSAGES } from '~/domain/monitoring/markets';
import { DomainError } from '~/domain/shared/errors';
import { DEFAULT_MISSTATEMENTS } from '~/simulators/ai/answers';
import type { AiSimulator } from '~/simulators/ai/simulator';
import {
  STOREFRONT_HOST,
  startStorefrontSimulators,
  storefrontCatalogue,
} from '~/simulators/ai/test-support';
import type { B2CSimulator } from '~/simulators/b2c/simulator';
import { monitoringAggregates, monitoringSamples } from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import type { Jobs } from '~/server/jobs/runtime';
import type { BeaconServices } from '~/server/services';
import { runSucceeded, startMonitoringWorker, storefrontCopyEnv } from './test-support';

const TIMEOUT_MS = 60_000;
const ENGLISH = 'What is a good leather bag for work?';
const FRENCH = 'Quel est le meilleur sac en cuir pour le travail ?';

let b2c: B2CSimulator;
let ai: AiSimulator;
beforeAll(async () => {
  ({ b2c, ai } = await startStorefrontSimulators());
  ai.setMisstatements({ price: 0.4, discontinued: 0.1 });
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
  market: 'en-US',
  promptIds: [],
  newPrompts: [ENGLISH],
  otherMarkets: [{ market: 'fr-FR', promptIds: [], newPrompts: [FRENCH] }],
  engines: ['openai', 'anthropic'],
  memoryEngines: [],
  samples: 8,
  schedule: 'off',
  upliftRuns: 3,
};

describeEachDriver('markets', (get) => {
  let jobs: Jobs;
  let services: BeaconServices;
  beforeAll(async () => {
    ({ jobs, services } = await startMonitoringWorker(get(), ai.url));
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop(1_000);
  });

  /** An env whose copy holds the storefront's products, named in each locale, with their prices. */
  const env = () =>
    storefrontCopyEnv(get().db, storefrontCatalogue(b2c), {
      localized: true,
      locales: ['default', 'en-US', 'fr-FR', 'de-DE'],
    });

  it(
    'asks each market in its language with its country, keeps the market, and narrows to it',
    async () => {
      const { user, scope } = await env();
      const saved = await services.monitoring.getConfig(...scope);
      expect(saved.markets).toEqual(['de-DE', 'en-US', 'fr-FR']);
      expect(saved.defaults.market).toBe('en-US');

      // A market the catalogue does not have is refused on its field, and nothing is saved.
      await expect(
        services.monitoring.saveConfig(...scope, user.id, {
          ...config,
          otherMarkets: [{ market: 'es-ES', promptIds: [], newPrompts: ['¿Qué bolso?'] }],
        }),
      ).rejects.toMatchObject({
        constructor: DomainError,
        message: MARKET_MESSAGES.unknown,
        fieldErrors: { 'otherMarkets.0.market': MARKET_MESSAGES.unknown },
      });
      expect((await services.monitoring.getConfig(...scope)).config).toBeNull();

      await services.monitoring.saveConfig(...scope, user.id, config);
      const asked = ai.requests.length;
      const run = await services.monitoring.start(...scope, user.id, 'manual');
      await runSucceeded(services, scope, run.id, TIMEOUT_MS);

      // Each prompt went to the engines with its market's country for the search.
      const requests = ai.requests.slice(asked);
      const countryOf = (text: string) =>
        new Set(requests.filter((r) => r.prompt === text).map((r) => r.country));
      expect(countryOf(ENGLISH)).toEqual(new Set(['US']));
      expect(countryOf(FRENCH)).toEqual(new Set(['FR']));

      const samples = await get()
        .db.select()
        .from(monitoringSamples)
        .where(eq(monitoringSamples.runId, run.id));
      const french = samples.filter((s) => s.market === 'fr-FR');
      expect(french).toHaveLength(16);
      expect(samples.filter((s) => s.market === 'en-US')).toHaveLength(16);
      // Answered in French, and read with the catalogue's French names and pages.
      expect(french.every((s) => s.answer?.includes('Voici'))).toBe(true);
      expect(french.some((s) => (s.products ?? []).length > 0)).toBe(true);
      const frenchClaims = french.flatMap((s) => (s.claims ?? []) as Claim[]);
      expect(frenchClaims.some((c) => c.kind === 'price' && c.said.endsWith('$US'))).toBe(true);

      const aggregates = await get()
        .db.select({
          market: monitoringAggregates.market,
          promptKey: monitoringAggregates.promptKey,
        })
        .from(monitoringAggregates)
        .where(eq(monitoringAggregates.runId, run.id));
      expect(new Set(aggregates.map((a) => `${a.market} ${a.promptKey.split(':')[0]}`))).toEqual(
        new Set(['en-US en-US', 'fr-FR fr-FR']),
      );

      // Pooled: both markets, each with its own figures; narrowed: the market's prompt alone.
      const all = await services.monitoring.results(...scope, null, null);
      expect(all.markets.map((m) => [m.market, m.prompts, m.mentionRate.n])).toEqual([
        ['en-US', 1, 16],
        ['fr-FR', 1, 16],
      ]);
      expect(all.overall?.mentionRate.n).toBe(32);
      const fr = await services.monitoring.results(...scope, null, 'fr-FR');
      expect(fr.market).toBe('fr-FR');
      expect(fr.prompts.map((p) => [p.text, p.market])).toEqual([[FRENCH, 'fr-FR']]);
      expect(fr.overall?.mentionRate.n).toBe(16);
      expect(fr.trend).toHaveLength(1);
      expect(fr.markets).toEqual(all.markets);
      const none = await services.monitoring.results(...scope, null, 'de-DE');
      expect([none.overall, none.prompts, none.trend]).toEqual([null, [], []]);

      // The wrong claims of one market are that market's.
      const accuracy = await services.monitoring.accuracy(...scope, null, 'fr-FR');
      const wrongInFrench = french.filter((s) =>
        ((s.claims ?? []) as Claim[]).some((c) => c.mismatch),
      );
      expect(wrongInFrench.length).toBeGreaterThan(0);
      expect(accuracy.mismatches.length).toBeGreaterThan(0);
      expect(accuracy.mismatches.every((m) => m.market === 'fr-FR' && m.prompt === FRENCH)).toBe(
        true,
      );
      expect(accuracy.overall?.successes).toBe(wrongInFrench.length);

      const sources = await services.monitoring.sources(...scope, null, 'fr-FR');
      const pages = sources.overall?.brandPages.map((p) => p.url) ?? [];
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.every((url) => url.includes('?lang=fr_FR'))).toBe(true);
    },
    TIMEOUT_MS,
  );
});
