/**
 * Monitoring on the server: the config refused field by field, a run asked as one job per prompt ×
 * engine × sample against the AI simulator (the real AI SDK providers), its answers parsed and kept,
 * aggregates written once at its end, and results with their intervals; the uplift test around a
 * publish between two runs.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MONITORING_MESSAGES, type MonitoringConfig } from '~/domain/monitoring/config';
import { MONITORING_RUN_MESSAGES } from '~/domain/monitoring/runs';
import { wilsonInterval } from '~/domain/monitoring/stats';
import { BRAND, OTHER_BRANDS } from '~/simulators/ai/answers';
import { type AiSimulator, createAiSimulator } from '~/simulators/ai/simulator';
import {
  monitoringAggregates,
  monitoringRuns,
  monitoringSamples,
  proposals,
} from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import type { Jobs } from '~/server/jobs/runtime';
import { bossJobCount, dyingQueue } from '~/server/jobs/test-support';
import { createSecrets } from '~/server/secrets';
import { aiOnSimulator } from '~/server/simulator-link';
import { type BeaconServices, createServices } from '~/server/services';
import { addEnv, domainError, fakeGateway, makeOrg, makeUser } from '~/server/test-support';
import { monitoringPlanJob, monitoringSampleJob, monitoringScheduledJob } from './jobs';
import { MONITORING_PLAN_JOB } from './runner';
import { MONITORING_SCHEDULED_JOB, monitoringCron } from './schedule';
import { startMonitoringWorker } from './test-support';

const TIMEOUT_MS = 60_000;

let ai: AiSimulator;
beforeAll(async () => {
  ai = await createAiSimulator();
});
afterAll(async () => {
  await ai.stop();
});

const config: MonitoringConfig = {
  brandName: BRAND.name,
  brandDomain: new URL(BRAND.url).hostname.replace(/^www\./, ''),
  brandVariants: [],
  competitors: OTHER_BRANDS.map((b) => ({ name: b.name, domain: new URL(b.url).hostname })),
  promptIds: [],
  newPrompts: ['What is a good leather bag for work?', 'Which wool coat is best for winter?'],
  engines: ['openai', 'anthropic'],
  // Claude from memory, ChatGPT with its web search: one run covers both ways of asking.
  memoryEngines: ['anthropic'],
  otherMarkets: [],
  samples: 5,
  schedule: 'off',
  upliftRuns: 3,
};

describeEachDriver('monitoring runs', (get) => {
  let jobs: Jobs;
  let services: BeaconServices;
  beforeAll(async () => {
    ({ jobs, services } = await startMonitoringWorker(get(), ai.url, [
      monitoringPlanJob,
      monitoringSampleJob,
      monitoringScheduledJob,
    ]));
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop(1_000);
  });

  async function env() {
    const db = get().db;
    const user = await makeUser(db);
    const org = await makeOrg(db, { members: [{ user }] });
    const e = await addEnv(db, org.id, 'prod');
    return { user, org, env: e, scope: [org.id, e.id] as const };
  }

  it('refuses a run before a config is saved, and a prompt the library does not have', async () => {
    const { user, scope } = await env();
    const notConfigured = await domainError(services.monitoring.start(...scope, user.id, 'manual'));
    expect(notConfigured.message).toBe(MONITORING_RUN_MESSAGES.notConfigured);
    const unknown = await domainError(
      services.monitoring.saveConfig(...scope, user.id, { ...config, promptIds: ['no-such'] }),
    );
    expect(unknown.fieldErrors).toEqual({ promptIds: MONITORING_MESSAGES.unknownPrompts });
    expect((await services.monitoring.getConfig(...scope)).config).toBeNull();
  });

  async function finished(scope: readonly [string, string], runId: string) {
    for (const started = Date.now(); Date.now() - started < TIMEOUT_MS;) {
      const [run] = (await services.monitoring.runs(...scope)).filter((r) => r.id === runId);
      if (run && ['succeeded', 'partly-failed', 'failed'].includes(run.status)) return run;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('The run did not finish');
  }

  it('asks Perplexity with Sonar’s search: its pages kept with their titles, the brand cited from them', async () => {
    const { user, scope } = await env();
    await services.monitoring.saveConfig(...scope, user.id, {
      ...config,
      newPrompts: [config.newPrompts[0]!],
      engines: ['perplexity'],
      memoryEngines: [],
      samples: 3,
    });
    const run = await services.monitoring.start(...scope, user.id, 'manual');
    expect(await finished(scope, run.id)).toMatchObject({ status: 'succeeded', samplesDone: 3 });
    const results = await services.monitoring.results(...scope, null);
    const detail = await services.monitoring.prompt(...scope, results.prompts[0]!.key, null);
    expect(detail.samples.map((x) => [x.engine, x.mode, x.model])).toEqual([
      ['perplexity', 'web-search', 'sonar'],
      ['perplexity', 'web-search', 'sonar'],
      ['perplexity', 'web-search', 'sonar'],
    ]);
    for (const x of detail.samples) {
      const brandPages = x.search!.sources.filter(
        (src) => src.cited && src.domain === 'beacon-outfitters.example',
      );
      expect(x.brandCited).toBe(brandPages.length > 0);
      for (const page of brandPages) expect(page.title).toMatch(/ \| Beacon Outfitters$/);
      // The answer keeps Sonar's markers; the URLs it found are its sources, not its text.
      expect(x.answer).toMatch(/\[\d+\]/);
    }
    expect(detail.samples.some((x) => x.brandCited)).toBe(true);
    const sources = await services.monitoring.sources(...scope, 'perplexity');
    expect(sources.engines.map((e) => [e.engine, e.mode, e.searched])).toEqual([
      ['perplexity', 'web-search', 3],
    ]);
  });

  it(
    'asks every prompt × engine × sample once, keeps the answers, and reads results from the aggregates',
    async () => {
      const { user, scope } = await env();
      await services.monitoring.saveConfig(...scope, user.id, config);
      const run = await services.monitoring.start(...scope, user.id, 'manual');
      expect(run).toMatchObject({
        status: 'queued',
        samplesTotal: 20,
        prompts: 2,
        samplesPerPrompt: 5,
      });
      const again = await domainError(services.monitoring.start(...scope, user.id, 'manual'));
      expect([again.kind, again.message]).toEqual(['CONFLICT', MONITORING_RUN_MESSAGES.runActive]);

      let done: typeof run | undefined = run;
      for (const started = Date.now(); Date.now() - started < TIMEOUT_MS;) {
        [done] = (await services.monitoring.runs(...scope)).filter((r) => r.id === run.id);
        if (done && ['succeeded', 'partly-failed', 'failed'].includes(done.status)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(done).toMatchObject({ status: 'succeeded', samplesDone: 20, samplesFailed: 0 });

      const samples = await get()
        .db.select()
        .from(monitoringSamples)
        .where(eq(monitoringSamples.runId, run.id));
      expect(samples).toHaveLength(20);
      expect(samples.every((s) => s.status === 'done' && (s.answer ?? '').length > 0)).toBe(true);
      // The same question asked five times gets more than one answer.
      const first = samples.filter(
        (s) => s.engine === 'openai' && s.promptKey === samples[0]!.promptKey,
      );
      expect(new Set(first.map((s) => s.answer)).size).toBeGreaterThan(1);

      const aggregates = await get()
        .db.select()
        .from(monitoringAggregates)
        .where(eq(monitoringAggregates.runId, run.id));
      expect(aggregates).toHaveLength(4);
      expect(aggregates.reduce((s, a) => s + a.n, 0)).toBe(20);
      // The sources the engines cited, counted per engine and prompt: answers citing each domain
      // and page. Claude, from memory, searched nothing.
      for (const a of aggregates) {
        const asked = samples.filter((x) => x.engine === a.engine && x.promptKey === a.promptKey);
        if (a.engine === 'anthropic') {
          expect([a.searched, a.citedDomains, a.citedPages]).toEqual([0, {}, {}]);
          continue;
        }
        expect(a.searched).toBe(5);
        expect(a.citedDomains['beacon-outfitters.example'] ?? 0).toBe(
          asked.filter((x) => x.brandCited).length,
        );
        const citing = (url: string) =>
          asked.filter((x) => x.search!.sources.some((src) => src.cited && src.url === url)).length;
        for (const [url, page] of Object.entries(a.citedPages)) {
          expect(page.n).toBe(citing(url));
          expect(page.domain).toBe(new URL(url).hostname.replace(/^www\./, ''));
        }
        expect(Object.keys(a.citedPages).length).toBeGreaterThan(0);
      }

      const results = await services.monitoring.results(...scope, null);
      const mentions = samples.filter((s) => s.brandMentioned).length;
      const citations = samples.filter((s) => s.brandCited).length;
      expect(results.overall!.mentionRate).toEqual(wilsonInterval(mentions, 20));
      expect(results.overall!.citationRate).toEqual(wilsonInterval(citations, 20));
      expect(results.engines.map((e) => [e.engine, e.mentionRate.n])).toEqual([
        ['anthropic', 10],
        ['openai', 10],
      ]);
      // How the run asked each engine, as the results and the CSV say it.
      expect(results.engines.map((e) => e.asked)).toEqual([
        { mode: 'memory', model: 'claude-sonnet-5-5' },
        { mode: 'web-search', model: 'gpt-5' },
      ]);
      expect(results.overall!.asked).toBeNull();
      const positions = samples.filter((s) => s.position !== null).map((s) => s.position!);
      expect(results.overall!.averagePosition).toBeCloseTo(
        positions.reduce((a, b) => a + b, 0) / positions.length,
        10,
      );
      expect(results.prompts.map((p) => p.mentionRate.n)).toEqual([10, 10]);
      expect(results.trend).toHaveLength(1);
      const openai = await services.monitoring.results(...scope, 'openai');
      expect(openai.overall!.mentionRate.n).toBe(10);

      // One prompt's answers, as the prompt detail lists them: parsed per engine, the text kept.
      const key = results.prompts[0]!.key;
      const detail = await services.monitoring.prompt(...scope, key, null);
      expect(detail.prompt.text).toBe(config.newPrompts[0]);
      expect(detail.samples.map((x) => [x.engine, x.idx])).toEqual([
        ...[0, 1, 2, 3, 4].map((i) => ['anthropic', i]),
        ...[0, 1, 2, 3, 4].map((i) => ['openai', i]),
      ]);
      const stored = samples.find(
        (x) => x.promptKey === key && x.engine === 'openai' && x.idx === 2,
      )!;
      expect(detail.samples[7]).toMatchObject({
        status: 'done',
        answer: stored.answer,
        brandMentioned: stored.brandMentioned,
        position: stored.position,
        competitors: stored.competitors,
        urls: stored.urls,
      });
      // ChatGPT searched: its sources are kept, and the brand is cited when a cited source is the
      // brand's domain. Claude answered from memory: no sources, citations from its text's URLs.
      const searched = detail.samples.filter((x) => x.engine === 'openai');
      expect(searched.every((x) => x.mode === 'web-search' && x.search !== null)).toBe(true);
      expect(searched[0]!.search!.queries).toEqual(['leather bag work']);
      for (const x of searched) {
        const brandSource = x.search!.sources.some(
          (src) => src.cited && src.domain === 'beacon-outfitters.example',
        );
        expect(x.brandCited).toBe(brandSource);
        expect(x.answer).not.toContain('Sources:');
      }
      expect(searched.some((x) => x.brandCited)).toBe(true);
      const memory = detail.samples.filter((x) => x.engine === 'anthropic');
      expect(memory.every((x) => x.mode === 'memory' && x.search === null)).toBe(true);
      for (const x of memory) {
        expect(x.brandCited).toBe(x.urls.some((u) => u.includes('beacon-outfitters.example')));
      }
      // The sources view: what ChatGPT's searches cited over both prompts; Claude searched nothing.
      const sources = await services.monitoring.sources(...scope, null);
      expect(sources.run?.id).toBe(run.id);
      const chatgptCited = samples.filter((x) => x.engine === 'openai' && x.brandCited).length;
      expect(sources.overall).toMatchObject({ searched: 10, brandCitations: chatgptCited });
      expect(sources.engines.map((e) => [e.engine, e.mode, e.searched])).toEqual([
        ['anthropic', 'memory', 0],
        ['openai', 'web-search', 10],
      ]);
      const [brandDomain] = sources.overall!.domains.filter((d) => d.kind === 'brand');
      expect(brandDomain?.domain).toBe('beacon-outfitters.example');
      expect(sources.overall!.otherPages.every((p) => p.kind !== 'brand')).toBe(true);
      expect((await services.monitoring.sources(...scope, 'anthropic')).overall).toBeNull();
      const missing = await domainError(services.monitoring.prompt(...scope, 'new:nope', null));
      expect([missing.kind, missing.message]).toEqual([
        'NOT_FOUND',
        MONITORING_RUN_MESSAGES.promptNotFound,
      ]);
      const otherRun = await domainError(services.monitoring.prompt(...scope, key, 'no-such-run'));
      expect(otherRun.message).toBe(MONITORING_RUN_MESSAGES.runNotFound);
    },
    TIMEOUT_MS,
  );

  it(
    'follows a run with each engine’s progress until it ends',
    async () => {
      const { user, scope } = await env();
      await services.monitoring.saveConfig(...scope, user.id, config);
      const run = await services.monitoring.start(...scope, user.id, 'manual');
      const seen = [];
      for await (const state of services.monitoring.watch(...scope, run.id)) seen.push(state);
      const last = seen.at(-1)!;
      expect(last).toMatchObject({ status: 'succeeded', samplesDone: 20, progress: [] });
      // While it ran, each engine had its ten samples, ending one by one.
      const running = seen.filter((x) => x.progress.length > 0);
      expect(running.length).toBeGreaterThan(0);
      for (const state of running) {
        expect(state.progress.map((p) => [p.engine, p.total])).toEqual([
          ['anthropic', 10],
          ['openai', 10],
        ]);
      }
      const ended = running.map((x) => x.progress.reduce((s, p) => s + p.done + p.failed, 0));
      expect(ended).toEqual([...ended].sort((a, b) => a - b));
    },
    TIMEOUT_MS,
  );

  it(
    'a run and its plan job commit together: a process dying while queueing leaves no run, no job and nothing blocking the next',
    async () => {
      const { user, scope, env: e } = await env();
      await services.monitoring.saveConfig(...scope, user.id, config);
      const dying = createServices({
        db: get().db,
        b2c: fakeGateway().gateway,
        secrets: createSecrets(randomBytes(32)),
        runEvents: jobs.events,
        jobs: dyingQueue(jobs.queue),
        ai: aiOnSimulator(ai.url, 5_000),
      });
      const jobsBefore = await bossJobCount(get().db, MONITORING_PLAN_JOB);

      await expect(dying.monitoring.start(...scope, user.id, 'manual')).rejects.toThrow(
        'The process died',
      );
      expect(
        await get().db.select().from(monitoringRuns).where(eq(monitoringRuns.envId, e.id)),
      ).toEqual([]);
      expect(await bossJobCount(get().db, MONITORING_PLAN_JOB)).toBe(jobsBefore);

      // Nothing was left active: the next start is a run like any other.
      const run = await services.monitoring.start(...scope, user.id, 'manual');
      expect(run.status).toBe('queued');
      expect(await bossJobCount(get().db, MONITORING_PLAN_JOB)).toBe(jobsBefore + 1);
      let done = run;
      for (const started = Date.now(); Date.now() - started < TIMEOUT_MS;) {
        [done = run] = (await services.monitoring.runs(...scope)).filter((r) => r.id === run.id);
        if (['succeeded', 'partly-failed', 'failed'].includes(done.status)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(done.status).toBe('succeeded');
    },
    TIMEOUT_MS,
  );

  it(
    'keeps one pg-boss schedule per env that follows the saved config, and an occurrence starts a run',
    async () => {
      const { user, scope, env: e } = await env();
      const boss = jobs.queue.boss;
      await services.monitoring.saveConfig(...scope, user.id, { ...config, schedule: 'daily' });
      let [schedule] = await boss.getSchedules(MONITORING_SCHEDULED_JOB, e.id);
      expect(schedule?.cron).toBe(monitoringCron('daily', e.id));
      expect(schedule?.cron).toMatch(/^\d{1,2} 5 \* \* \*$/);
      await services.monitoring.saveConfig(...scope, user.id, { ...config, schedule: 'weekly' });
      [schedule] = await boss.getSchedules(MONITORING_SCHEDULED_JOB, e.id);
      expect(schedule?.cron).toMatch(/^\d{1,2} 5 \* \* 1$/);

      // What pg-boss's cron sends when the schedule comes due: the run starts as a scheduled one.
      await boss.send(MONITORING_SCHEDULED_JOB, schedule!.data as object);
      let runs: Awaited<ReturnType<typeof services.monitoring.runs>> = [];
      for (const started = Date.now(); Date.now() - started < TIMEOUT_MS;) {
        runs = await services.monitoring.runs(...scope);
        if (runs[0] && ['succeeded', 'partly-failed', 'failed'].includes(runs[0].status)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(runs.map((r) => [r.trigger, r.status])).toEqual([['schedule', 'succeeded']]);

      await services.monitoring.saveConfig(...scope, user.id, { ...config, schedule: 'off' });
      expect(await boss.getSchedules(MONITORING_SCHEDULED_JOB, e.id)).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'stops asking an engine whose key is refused, and ends that engine’s samples with the message',
    async () => {
      const { user, scope } = await env();
      // More samples than are asked at once (20), so that some are still queued at the first refusal.
      await services.monitoring.saveConfig(...scope, user.id, { ...config, samples: 20 });
      const asked = () => ai.requests.filter((r) => r.vendor === 'anthropic').length;
      const before = asked();
      const removeFault = ai.faults.add({ kind: 'auth', vendor: 'anthropic', times: 0 });
      try {
        const run = await services.monitoring.start(...scope, user.id, 'manual');
        let done = run;
        for await (const state of services.monitoring.watch(...scope, run.id)) done = state;
        expect(done).toMatchObject({ status: 'partly-failed', samplesDone: 40, samplesFailed: 40 });
        expect(done.error).toMatch(/Claude/);
        const failed = await get()
          .db.select()
          .from(monitoringSamples)
          .where(eq(monitoringSamples.runId, run.id));
        expect(
          failed.filter((x) => x.engine === 'anthropic').every((x) => x.error === done.error),
        ).toBe(true);
        // Not asked 40 times: the samples already under way when the first refusal came, at most.
        expect(asked() - before).toBeLessThanOrEqual(20);
      } finally {
        removeFault();
      }
    },
    TIMEOUT_MS,
  );

  it('compares windows of runs around a publish, engine by engine, for the prompts naming the changed products', async () => {
    const { user, scope, org, env: e } = await env();
    await services.monitoring.saveConfig(...scope, user.id, config);
    const db = get().db;
    const t = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes));
    const prompts = [
      { key: 'p-bags', text: 'Bags?', name: 'Bags' },
      { key: 'p-coats', text: 'Coats?', name: 'Coats' },
      { key: 'p-hats', text: 'Hats?', name: 'Hats' },
    ];
    const runAt = async (minutes: number, kept = prompts) => {
      const [row] = await db
        .insert(monitoringRuns)
        .values({
          orgId: org.id,
          envId: e.id,
          status: 'succeeded',
          config: { ...config, prompts: kept },
          samplesTotal: 60,
          samplesDone: 60,
          createdAt: t(minutes),
          finishedAt: t(minutes + 5),
        })
        .returning();
      return row!;
    };
    // Three runs before the publish (at minute 25) and three after; the hats prompt's text was
    // edited for the runs after it, under the same library key.
    const before = [await runAt(0), await runAt(10), await runAt(20)];
    const edited = prompts.map((p) => (p.key === 'p-hats' ? { ...p, text: 'Warm hats?' } : p));
    const after = [await runAt(30, edited), await runAt(40, edited), await runAt(50, edited)];
    const aggregate = (
      runId: string,
      engine: 'openai' | 'anthropic',
      promptKey: string,
      mentions: number,
      products: Record<string, number>,
    ) => ({
      runId,
      envId: e.id,
      engine,
      promptKey,
      n: 10,
      mentions,
      citations: 0,
      positionSum: mentions,
      brandCounts: {},
      productCounts: products,
      sentimentCounts: {},
      finishedAt: t(0),
    });
    const bagsBefore = [2, 3, 2];
    const bagsAfter = [8, 7, 8];
    const coats = [5, 4, 5, 5, 4, 5];
    await db
      .insert(monitoringAggregates)
      .values(
        [...before, ...after].flatMap((run, i) =>
          (['openai', 'anthropic'] as const).flatMap((engine) => [
            aggregate(
              run.id,
              engine,
              'p-bags',
              i < 3 ? bagsBefore[i]! : bagsAfter[i - 3]!,
              i < 3 ? { 'BAG-1': 1 } : { 'BAG-1': 6 },
            ),
            aggregate(run.id, engine, 'p-coats', coats[i]!, {}),
            aggregate(run.id, engine, 'p-hats', 3, { 'HAT-2': 2 }),
          ]),
        ),
      );
    const publish = (b2cProductId: string) => ({
      envId: e.id,
      b2cProductId,
      locale: 'default',
      field: 'long_description' as const,
      agentType: 'aeo' as const,
      proposedValue: 'An answer-style description.',
      status: 'published' as const,
      publishedAt: t(25),
    });
    await db.insert(proposals).values([publish('BAG-1'), publish('HAT-2')]);

    const results = await services.monitoring.results(...scope, null);
    expect(results.publishes).toEqual([{ at: t(25), products: ['BAG-1', 'HAT-2'], proposals: 2 }]);
    // The coats prompt named no changed product: not a row, but the control of the overall answer.
    expect(results.uplift.map((u) => [u.promptKey, u.products, u.status])).toEqual([
      ['p-bags', ['BAG-1'], 'tested'],
      ['p-hats', ['HAT-2'], 'not-comparable'],
    ]);
    const [bags, hats] = results.uplift;
    expect(bags!.engines).toEqual(['anthropic', 'openai']);
    expect(bags!.test.before).toMatchObject({ successes: 14, n: 60 });
    expect(bags!.test.after).toMatchObject({ successes: 46, n: 60 });
    expect(bags!.test.difference).toBeCloseTo(32 / 60, 10);
    expect(bags!.significant).toBe(true);
    expect(bags!.adjustedP).toBe(bags!.test.pValue);
    expect(hats!.changes).toEqual([{ kind: 'prompt-text' }]);
    expect(hats!.test.pValue).toBeNull();
    expect(hats!.significant).toBe(false);
    expect(results.upliftSummary).toMatchObject({
      runsBefore: 3,
      runsAfter: 3,
      runsNeeded: 3,
      ready: true,
      overall: { method: 'difference-in-differences', prompts: 1, controls: 1, significant: true },
    });
    expect(results.upliftSummary!.overall!.difference).toBeCloseTo(32 / 60 - 0, 10);

    // Asking for more runs a side: the windows wait, and nothing is called.
    await services.monitoring.saveConfig(...scope, user.id, { ...config, upliftRuns: 4 });
    const waiting = await services.monitoring.results(...scope, null);
    expect(waiting.upliftSummary).toMatchObject({
      runsBefore: 3,
      runsAfter: 3,
      runsNeeded: 4,
      ready: false,
      overall: null,
    });
    expect(waiting.uplift.map((u) => [u.status, u.significant])).toEqual([
      ['waiting', false],
      ['not-comparable', false],
    ]);
  });
});
