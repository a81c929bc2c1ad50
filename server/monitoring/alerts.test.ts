/**
 * Alerts on the server: after a run ends, the `monitoring.alerts` job reads it against the runs
 * before it and stores what the detector raises, once; Home's procedure lists the open ones and a
 * member dismisses one; each alert goes to the env's webhook (a receiver on this machine), and a
 * webhook that fails is tried again and its error kept on the alert.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ALERT_MESSAGES } from '~/domain/monitoring/alerts';
import type { MonitoringConfig } from '~/domain/monitoring/config';
import { DomainError } from '~/domain/shared/errors';
import {
  jobRuns,
  monitoringAlerts,
  monitoringConfigs,
  monitoringRuns,
  monitoringSamples,
} from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import type { Jobs } from '~/server/jobs/runtime';
import type { BeaconServices } from '~/server/services';
import { addEnv, makeOrg, makeUser } from '~/server/test-support';
import { monitoringAlertsJob, monitoringAlertWebhookJob } from './jobs';
import { finishIfDone, MONITORING_ALERTS_JOB } from './runner';
import { startMonitoringWorker } from './test-support';
import { createWebhookSender } from './webhook';

const TIMEOUT_MS = 30_000;
const ENGINES = ['openai', 'anthropic'] as const;
const PROMPTS = [
  { key: 'fr-FR:p1', text: 'Quelle veste de pluie ?', name: null, market: 'fr-FR' },
  { key: 'fr-FR:p2', text: 'Quelle doudoune ?', name: null, market: 'fr-FR' },
];
const SAMPLES = 20;
/** Run `day` of five daily runs, the fifth ending now. */
const START = Date.now();
const dayOf = (day: number) => new Date(START - (5 - day) * 86_400_000);

/** The webhook receiver: what it was sent, and the status it answers with. */
let receiver: Server;
let received: { body: unknown; type: string | undefined }[] = [];
let answer = 200;
let hookUrl: string;
beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ body: JSON.parse(body), type: req.headers['content-type'] });
      res.statusCode = answer;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/secret`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received = [];
  answer = 200;
});

describeEachDriver('alerts', (get) => {
  let jobs: Jobs;
  let services: BeaconServices;
  beforeAll(async () => {
    ({ jobs, services } = await startMonitoringWorker(
      get(),
      'http://127.0.0.1:9',
      [monitoringAlertsJob, monitoringAlertWebhookJob],
      {
        alertWebhooks: {
          sender: createWebhookSender({ allowLocal: true, timeoutMs: 2_000 }),
          appUrl: 'https://beacon.example',
        },
      },
    ));
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop(1_000);
  });

  async function env(webhook: string) {
    const db = get().db;
    const user = await makeUser(db);
    const org = await makeOrg(db, { members: [{ user }] });
    const e = await addEnv(db, org.id, 'prod');
    const config: MonitoringConfig = {
      brandName: 'Acme',
      brandDomain: 'acme.example',
      brandVariants: [],
      competitors: [],
      market: 'fr-FR',
      promptIds: [],
      newPrompts: PROMPTS.map((p) => p.text),
      otherMarkets: [],
      engines: [...ENGINES],
      memoryEngines: [],
      samples: SAMPLES,
      schedule: 'off',
      upliftRuns: 3,
      alertWebhookUrl: webhook,
    };
    // Stored directly: the save's markets check needs a catalogue copy, and the config is what matters.
    await db.insert(monitoringConfigs).values({ envId: e.id, config });
    return { user, org, env: e, scope: [org.id, e.id] as const };
  }

  /** A run that ended with `named(engine, idx)` answers naming the brand, its aggregates written. */
  async function endedRun(
    scope: readonly [string, string],
    day: number,
    named: (engine: string, idx: number) => boolean,
  ) {
    const db = get().db;
    const at = dayOf(day);
    const [run] = await db
      .insert(monitoringRuns)
      .values({
        orgId: scope[0],
        envId: scope[1],
        status: 'running',
        trigger: 'schedule',
        config: { brandName: 'Acme', engines: ENGINES, samples: SAMPLES, prompts: PROMPTS },
        samplesTotal: PROMPTS.length * ENGINES.length * SAMPLES,
        samplesDone: PROMPTS.length * ENGINES.length * SAMPLES,
        createdAt: new Date(at.getTime() - 600_000),
        startedAt: new Date(at.getTime() - 600_000),
      })
      .returning();
    await db.insert(monitoringSamples).values(
      PROMPTS.flatMap((p) =>
        ENGINES.flatMap((engine) =>
          Array.from({ length: SAMPLES }, (_, idx) => ({
            runId: run!.id,
            promptKey: p.key,
            engine,
            idx,
            market: p.market,
            status: 'done' as const,
            answer: 'An answer',
            model: 'sim',
            brandMentioned: named(engine, idx),
            brandCited: false,
            competitors: [],
            products: [],
            urls: [],
            claims: [],
            finishedAt: at,
          })),
        ),
      ),
    );
    expect(await finishIfDone(db, run!.id)).toBe(true);
    // Each run a day later than the one before, as a schedule makes them.
    await db.update(monitoringRuns).set({ finishedAt: at }).where(eq(monitoringRuns.id, run!.id));
    return run!.id;
  }

  async function readForAlerts(orgId: string, runId: string) {
    await jobs.queue.enqueue(MONITORING_ALERTS_JOB, { runId }, { orgId, key: `alerts:${runId}` });
    for (const started = Date.now(); ;) {
      const [run] = await get()
        .db.select({ checked: monitoringRuns.alertsCheckedAt })
        .from(monitoringRuns)
        .where(eq(monitoringRuns.id, runId));
      if (run?.checked) return;
      if (Date.now() - started > TIMEOUT_MS) throw new Error('The run was not read for alerts');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it(
    'raises an alert for a drop beyond the noise, once, lists it, posts it, and lets a member dismiss it',
    async () => {
      const { scope, user, org } = await env(hookUrl);
      // Four steady runs: about half the answers name the brand, varying a little.
      for (let day = 1; day <= 4; day++) {
        const runId = await endedRun(
          scope,
          day,
          (_, idx) => (idx + day) % 2 === 0 || idx < day % 3,
        );
        await readForAlerts(org.id, runId);
      }
      expect(await services.monitoring.alerts(...scope)).toEqual({ alerts: [], pending: false });

      // ChatGPT stops naming the brand.
      const dropped = await endedRun(
        scope,
        5,
        (engine, idx) => engine !== 'openai' && idx % 2 === 0,
      );
      expect((await services.monitoring.alerts(...scope)).pending).toBe(true);
      await readForAlerts(org.id, dropped);
      const { alerts, pending } = await services.monitoring.alerts(...scope);
      expect(pending).toBe(false);
      const chatgpt = alerts.find((a) => a.engine === 'openai')!;
      expect(chatgpt).toMatchObject({
        runId: dropped,
        market: 'fr-FR',
        metric: 'mention',
        direction: 'drop',
        current: { rate: 0, successes: 0, n: 40 },
        runIds: [dropped],
      });
      expect(chatgpt.baselineRunIds).toHaveLength(4);
      expect(chatgpt.difference).toBeLessThan(-0.4);
      expect(Math.abs(chatgpt.difference) / chatgpt.noise).toBeGreaterThan(3);
      expect(chatgpt.runsFinishedAt).toEqual([dayOf(5)]);
      expect(alerts.some((a) => a.engine === 'anthropic')).toBe(false);

      // Read again (a job delivered twice): once that job has completed, nothing more is stored.
      const again = await jobs.queue.enqueue(
        MONITORING_ALERTS_JOB,
        { runId: dropped },
        { orgId: org.id, key: 'again' },
      );
      for (const started = Date.now(); ;) {
        const [job] = await get()
          .db.select({ status: jobRuns.status })
          .from(jobRuns)
          .where(eq(jobRuns.id, again.run.id));
        if (job?.status === 'completed') break;
        if (Date.now() - started > TIMEOUT_MS) throw new Error(`The job is ${job?.status}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const rows = await get()
        .db.select()
        .from(monitoringAlerts)
        .where(eq(monitoringAlerts.runId, dropped));
      expect(rows).toHaveLength(alerts.length);

      // Posted to the webhook, Slack-compatible, with a link to Home narrowed to it.
      for (const started = Date.now(); received.length < alerts.length;) {
        if (Date.now() - started > TIMEOUT_MS) throw new Error('The webhook got nothing');
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(received.map((r) => r.type)).toEqual(alerts.map(() => 'application/json'));
      expect(received.map((r) => r.body)).toContainEqual({
        text: expect.stringMatching(
          /^Beacon: Mention rate on ChatGPT in French \(France\) fell from \d+% to 0% in the latest run \(\d+ points, [\d.]+× the run-to-run noise of ±\d+ points\)\. https:\/\/beacon\.example\/app\/[^/]+\/prod\?llm=openai&market=fr-FR$/,
        ),
      });
      for (const started = Date.now(); ;) {
        const now = (await services.monitoring.alerts(...scope)).alerts;
        if (now.every((a) => a.webhook.status === 'sent')) break;
        if (Date.now() - started > TIMEOUT_MS) throw new Error('Not marked sent');
        await new Promise((r) => setTimeout(r, 50));
      }

      await services.monitoring.dismissAlert(...scope, user.id, chatgpt.id);
      expect((await services.monitoring.alerts(...scope)).alerts.map((a) => a.id)).not.toContain(
        chatgpt.id,
      );
      const [kept] = await get()
        .db.select()
        .from(monitoringAlerts)
        .where(eq(monitoringAlerts.id, chatgpt.id));
      expect(kept?.dismissedBy).toBe(user.id);
      // Another env's id for it is not found, and changes nothing.
      const other = await addEnv(get().db, org.id, 'staging');
      await expect(
        services.monitoring.dismissAlert(org.id, other.id, user.id, chatgpt.id),
      ).rejects.toMatchObject({ constructor: DomainError, message: ALERT_MESSAGES.notFound });
    },
    2 * TIMEOUT_MS,
  );

  it(
    'keeps a failing webhook’s error on the alert and never holds up the run',
    async () => {
      answer = 404;
      const { scope, org } = await env(hookUrl.replace('/hooks/', '/gone/'));
      for (let day = 1; day <= 4; day++) {
        await readForAlerts(org.id, await endedRun(scope, day, (_, idx) => idx % 2 === 0));
      }
      const dropped = await endedRun(scope, 5, () => false);
      await readForAlerts(org.id, dropped);
      for (const started = Date.now(); ;) {
        const { alerts } = await services.monitoring.alerts(...scope);
        if (alerts.length > 0 && alerts.every((a) => a.webhook.status === 'failed')) {
          expect(alerts[0]!.webhook).toEqual({
            status: 'failed',
            error: 'The webhook answered 404',
            attempts: 1,
          });
          break;
        }
        if (Date.now() - started > TIMEOUT_MS) throw new Error('Not marked failed');
        await new Promise((r) => setTimeout(r, 50));
      }
      const [run] = await get()
        .db.select({ status: monitoringRuns.status })
        .from(monitoringRuns)
        .where(eq(monitoringRuns.id, dropped));
      expect(run?.status).toBe('succeeded');
    },
    2 * TIMEOUT_MS,
  );
});
