/**
 * The AI budget on the server (docs/security.md, rule 6), against the B2C and AI simulators: a spent
 * month refuses new analyst questions, agent runs and monitoring runs through their procedures with
 * the catalogue's message and no model call; an agent run that spends the budget mid-way stops
 * cleanly at its next item; what each area spent is what the settings screen reads; a superuser
 * raises the budget and a member may not.
 */
import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { AgentConfig } from '~/domain/agents/config';
import type { AgentRun } from '~/domain/agents/runs';
import { AI_BUDGET_MESSAGES } from '~/domain/ai-budget/messages';
import type { MonitoringConfig } from '~/domain/monitoring/config';
import { MONITORING_CONCURRENCY } from '~/domain/monitoring/runs';
import type { SessionUser } from '~/domain/shared/session';
import { type AiSimulator, createAiSimulator } from '~/simulators/ai/simulator';
import { type B2CSimulator, createB2CSimulator } from '~/simulators/b2c';
import { SIM_STOREFRONT_CATALOG_ID } from '~/simulators/b2c/data';
import { agentsItemJob, agentsPlanJob } from '~/server/agents/jobs';
import { createAiRegistry } from '~/server/ai/registry';
import { createAiService } from '~/server/ai/service';
import {
  agentRunItems,
  agentRuns,
  aiSpend,
  analystMessages,
  monitoringRuns,
  monitoringSamples,
} from '~/server/db/schema';
import { rowsOf } from '~/server/db/client';
import { describeEachDriver } from '~/server/db/test-db';
import { createB2CGateway } from '~/server/integrations/b2c/gateway.impl';
import { type Jobs, startJobs } from '~/server/jobs/runtime';
import { unendedJobCount } from '~/server/jobs/test-support';
import { monitoringPlanJob, monitoringSampleJob } from '~/server/monitoring/jobs';
import { narrowCategory, syncedOnce } from '~/server/products/test-support';
import { createSecrets } from '~/server/secrets';
import { type BeaconServices, createServices } from '~/server/services';
import { linkToSimulator } from '~/server/simulator-link';
import { addEnv, makeOrg, makeUser } from '~/server/test-support';
import type { Context } from '~/server/trpc/context';
import { appRouter } from '~/server/trpc/router';
import { createCallerFactory } from '~/server/trpc/trpc';
import { type AiBudgetService, createAiBudgetService } from './service';

const HOST = 'zzte-003.dx.commercecloud.salesforce.com';
const TIMEOUT_MS = 90_000;
/** Small enough that one model call spends it, above zero so the first call may go. */
const TINY_BUDGET_USD = 0.000_001;

const itemJob: typeof agentsItemJob = { ...agentsItemJob, retry: { limit: 1, delaySeconds: 1 } };
const planJob: typeof agentsPlanJob = { ...agentsPlanJob, retry: { limit: 1, delaySeconds: 1 } };

let b2c: B2CSimulator;
let ai: AiSimulator;
beforeAll(async () => {
  [b2c, ai] = await Promise.all([createB2CSimulator({ seed: 23 }), createAiSimulator()]);
});
afterAll(async () => {
  await Promise.all([b2c.stop(), ai.stop()]);
});

/** One item per product: its name and descriptions into German. */
const translation = (categoryId: string): AgentConfig => ({
  type: 'translation',
  provider: 'anthropic',
  sourceLocale: 'default',
  languages: ['de-DE'],
  fields: ['name', 'short_description', 'long_description'],
  filterBy: 'catalog',
  catalogIds: [SIM_STOREFRONT_CATALOG_ID],
  categoryIds: [categoryId],
  productIds: [],
});

const monitoring: MonitoringConfig = {
  brandName: 'Acme',
  brandDomain: 'acme.example',
  brandVariants: [],
  competitors: [],
  promptIds: [],
  newPrompts: ['Where can I buy a good wool coat?'],
  engines: ['openai', 'anthropic'],
  memoryEngines: [],
  otherMarkets: [],
  samples: 2,
  schedule: 'off',
  upliftRuns: 3,
};

/** What the router answers: the code, the reason and the message of a refusal, or OK. */
async function answer(promise: Promise<unknown>) {
  try {
    await promise;
    return { code: 'OK' };
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const cause = error.cause as { reason?: string } | undefined;
    return { code: error.code, reason: cause?.reason, message: error.message };
  }
}

describeEachDriver('AI budget', (get) => {
  const secrets = createSecrets(randomBytes(32));
  const running: Jobs[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((j) => j.stop(1_000)));
  });

  /** Services as a process builds them: one budget, checked and charged by the AI service. */
  async function worker(defaultBudgetUsd: number): Promise<{
    services: BeaconServices;
    aiBudget: AiBudgetService;
  }> {
    const jobs = await startJobs({
      database: get(),
      definitions: [planJob, itemJob, monitoringPlanJob, monitoringSampleJob],
      pollingIntervalSeconds: 0.5,
    });
    running.push(jobs);
    const aiBudget = createAiBudgetService({ db: get().db, defaultBudgetUsd });
    const services = createServices({
      db: get().db,
      b2c: createB2CGateway({ ...b2c.gatewayConfig(), retryBaseMs: 1 }),
      secrets,
      runEvents: jobs.events,
      jobs: jobs.queue,
      ai: createAiService({
        registry: createAiRegistry({ provider: 'anthropic', keys: {}, simulatorUrl: ai.url }),
        timeoutMs: 10_000,
        ledger: aiBudget,
      }),
      aiBudget,
    });
    await jobs.work(services);
    return { services, aiBudget };
  }

  /** A verified org (a member and a superuser) whose env is linked to the simulator's instance. */
  async function linkedOnly(services: BeaconServices) {
    const db = get().db;
    const member = await makeUser(db);
    const superuser = await makeUser(db, { isSuperUser: true });
    const org = await makeOrg(db, { members: [{ user: member }], verified: true });
    const env = await addEnv(db, org.id, 'prod', { onboarded: true });
    await linkToSimulator({
      db,
      services,
      secrets,
      simulator: b2c,
      orgId: org.id,
      b2cInstanceId: env.b2cInstanceId!,
      host: HOST,
    });
    return { org, env, member, superuser };
  }
  // The suite's one full sync of the simulator's catalogue; each test gets an exact copy of it.
  const linkedAndSynced = syncedOnce(linkedOnly);

  /** A verified org whose env is linked to the simulator, with a few products. */
  async function linkedEnv(services: BeaconServices, products = 3) {
    const linked = await linkedAndSynced(services, get().db);
    // One leaf category narrowed to a few base products, so a run has a few items.
    const { category } = await narrowCategory(get().db, linked.env.id, products);
    return { ...linked, category };
  }

  const caller = (services: BeaconServices, user: SessionUser) =>
    createCallerFactory(appRouter)({ user, services, requestId: 'budget-test' } satisfies Context);

  /** The model-calling kinds: plans, items, samples. */
  const modelJobs = [planJob.name, itemJob.name, monitoringPlanJob.name, monitoringSampleJob.name];
  const unendedJobs = (of: { runId: string } | { since: string }) =>
    unendedJobCount(get().db, modelJobs, of);

  /** The database's clock, as its text (what `unendedJobs` compares with). */
  async function databaseNow(): Promise<string> {
    const [row] = rowsOf<{ now: string }>(await get().db.execute(sql`select now()::text as now`));
    if (!row) throw new Error('The database did not say what time it is.');
    return row.now;
  }

  /** Waits until every job of the run has ended: after that, nothing of the run can call a model. */
  async function jobsEnded(runId: string): Promise<void> {
    await expect.poll(() => unendedJobs({ runId }), { timeout: TIMEOUT_MS, interval: 100 }).toBe(0);
  }

  async function until(read: () => Promise<AgentRun>, done: (run: AgentRun) => boolean) {
    for (const started = Date.now(); Date.now() - started < TIMEOUT_MS;) {
      const run = await read();
      if (done(run)) return run;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('The run did not get there in time.');
  }

  it(
    'a spent month: analyst ask and retry, agent run start and monitoring run start are refused with the message, write nothing and call no model',
    async () => {
      const { services, aiBudget } = await worker(5);
      const { org, env, member, category } = await linkedEnv(services);
      const api = caller(services, member);
      await api.agents.saveConfig({ orgId: org.id, envId: env.id, ...translation(category) });
      await api.monitoring.saveConfig({ orgId: org.id, envId: env.id, ...monitoring });
      // The analyst asked once while the budget lasted: retry has a question to ask again.
      await api.analyst.ask({ orgId: org.id, envId: env.id, question: 'Which engine names us?' });

      // The month is spent (agents' runs earlier in the month, say).
      await aiBudget.add(org.id, 'agents', { costUsd: 5, inputTokens: 1, outputTokens: 1 });
      const refusedFrom = await databaseNow();
      const rowsBefore = await get().db.select().from(analystMessages);
      const requestsBefore = ai.requests.length;

      const refused = {
        code: 'PAYMENT_REQUIRED',
        reason: 'ai-budget-exhausted',
        message: AI_BUDGET_MESSAGES.exhausted,
      };
      const scope = { orgId: org.id, envId: env.id };
      expect(await answer(api.analyst.ask({ ...scope, question: 'And in German?' }))).toEqual(
        refused,
      );
      expect(await answer(api.analyst.retry(scope))).toEqual(refused);
      expect(
        await answer(api.agents.start({ ...scope, agentType: 'translation', concurrency: 2 })),
      ).toEqual(refused);
      expect(await answer(api.monitoring.start(scope))).toEqual(refused);

      // Nothing written, nothing queued, nothing asked.
      expect(await get().db.select().from(analystMessages)).toEqual(rowsBefore);
      expect(await get().db.select().from(agentRuns).where(eq(agentRuns.envId, env.id))).toEqual(
        [],
      );
      expect(
        await get().db.select().from(monitoringRuns).where(eq(monitoringRuns.envId, env.id)),
      ).toEqual([]);
      // No job was queued that could ask a model later.
      expect(await unendedJobs({ since: refusedFrom })).toBe(0);
      expect(ai.requests.length).toBe(requestsBefore);
    },
    TIMEOUT_MS,
  );

  it(
    'an answer being written when the month is spent fails with the message, and asks no model',
    async () => {
      const { services, aiBudget } = await worker(5);
      const { org, env, member } = await linkedEnv(services, 1);
      const { answer: open } = await services.analyst.ask(org.id, env.id, member.id, 'Hello?');
      await aiBudget.add(org.id, 'monitoring', { costUsd: 6, inputTokens: 1, outputTokens: 1 });
      const requestsBefore = ai.requests.length;
      const deltas = [];
      for await (const d of services.analyst.stream(org.id, env.id, member.id, open.id)) {
        deltas.push(d);
      }
      expect(deltas).toEqual([{ type: 'error', message: AI_BUDGET_MESSAGES.exhausted }]);
      const [row] = await get()
        .db.select()
        .from(analystMessages)
        .where(eq(analystMessages.id, open.id));
      expect(row).toMatchObject({ status: 'failed', error: AI_BUDGET_MESSAGES.exhausted });
      expect(ai.requests.length).toBe(requestsBefore);
    },
    TIMEOUT_MS,
  );

  it(
    'an agent run that spends the budget mid-way stops at its next item: failed with the message, the rest cancelled, no further model call',
    async () => {
      const { services } = await worker(TINY_BUDGET_USD);
      const { org, env, member, category } = await linkedEnv(services, 4);
      await services.agents.saveConfig(org.id, env.id, member.id, translation(category));
      const requestsBefore = ai.requests.length;
      // One item at a time: the first call spends the budget, the second item finds it spent.
      const started = await services.agents.start(org.id, env.id, member.id, 'translation', {
        concurrency: 1,
      });
      const ended = await until(
        () => services.agents.run(org.id, env.id, started.id),
        (run) => !['queued', 'running', 'cancelling'].includes(run.status),
      );
      // pg-boss keeps a run to its concurrency by counting active jobs when it fetches, which two
      // fetches at the same instant on PostgreSQL can both pass: rarely, a second item is already
      // asking the model when the first spends the budget. Each item that started before the budget
      // was spent finishes; none starts after.
      expect(ended).toMatchObject({
        status: 'failed',
        error: AI_BUDGET_MESSAGES.exhausted,
        itemsTotal: 4,
        itemsFailed: 0,
      });
      expect(ended.itemsDone).toBeGreaterThanOrEqual(1);
      expect(ended.itemsDone).toBeLessThanOrEqual(2);
      expect(ended.itemsDone + ended.itemsCancelled).toBe(4);
      expect(ended.costUsd).toBeGreaterThan(TINY_BUDGET_USD);
      const items = await get()
        .db.select({ status: agentRunItems.status })
        .from(agentRunItems)
        .where(eq(agentRunItems.runId, started.id));
      // Items are not taken in their order: whichever came first spent the budget.
      expect(items.filter((i) => i.status === 'done')).toHaveLength(ended.itemsDone);
      expect(items.filter((i) => i.status === 'cancelled')).toHaveLength(ended.itemsCancelled);
      // One model call per item done: none after the budget was spent, once every job of the run ended.
      await jobsEnded(started.id);
      expect(ai.requests.length - requestsBefore).toBe(ended.itemsDone);

      // What the run cost is what the month shows under agents.
      const budget = await services.aiBudget.get(org.id);
      expect(budget).toMatchObject({
        budgetUsd: TINY_BUDGET_USD,
        exhausted: true,
        isDefault: true,
      });
      expect(budget.byArea.agents).toBeCloseTo(ended.costUsd, 6);
      expect(budget.byArea.monitoring).toBe(0);
      const [spend] = await get().db.select().from(aiSpend).where(eq(aiSpend.orgId, org.id));
      expect(spend).toMatchObject({ area: 'agents', calls: ended.itemsDone });
    },
    TIMEOUT_MS,
  );

  it(
    'a monitoring run that spends the budget mid-way: samples not yet asked end failed with the message, and no engine is asked again',
    async () => {
      const { services } = await worker(TINY_BUDGET_USD);
      const { org, env, member } = await linkedEnv(services, 1);
      // 100 samples, at most MONITORING_CONCURRENCY asked at once.
      await services.monitoring.saveConfig(org.id, env.id, member.id, {
        ...monitoring,
        samples: 50,
      });
      const requestsBefore = ai.requests.length;
      const started = await services.monitoring.start(org.id, env.id, member.id, 'manual');
      let run = started;
      for (const t = Date.now(); Date.now() - t < TIMEOUT_MS;) {
        const runs = await services.monitoring.runs(org.id, env.id);
        run = runs.find((r) => r.id === started.id) ?? run;
        if (!['queued', 'running'].includes(run.status)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(run).toMatchObject({
        status: 'partly-failed',
        error: AI_BUDGET_MESSAGES.exhausted,
        samplesTotal: 100,
      });
      // Only samples asked before the first answer was charged got an answer: one batch at most.
      expect(run.samplesDone).toBeGreaterThan(0);
      expect(run.samplesDone).toBeLessThanOrEqual(MONITORING_CONCURRENCY);
      expect(run.samplesFailed).toBe(100 - run.samplesDone);
      const failed = await get()
        .db.select({ error: monitoringSamples.error })
        .from(monitoringSamples)
        .where(
          and(eq(monitoringSamples.runId, started.id), eq(monitoringSamples.status, 'failed')),
        );
      expect(new Set(failed.map((f) => f.error))).toEqual(new Set([AI_BUDGET_MESSAGES.exhausted]));
      await jobsEnded(started.id);
      expect(ai.requests.length - requestsBefore).toBe(run.samplesDone);
      const budget = await services.aiBudget.get(org.id);
      expect(budget.byArea.monitoring).toBeGreaterThan(TINY_BUDGET_USD);
      expect(budget.byArea.agents).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    'a superuser raises the budget and model work is allowed again; a member gets FORBIDDEN and a lower amount is refused',
    async () => {
      const { services, aiBudget } = await worker(5);
      const { org, env, member, superuser } = await linkedEnv(services, 1);
      await aiBudget.add(org.id, 'analyst', { costUsd: 5.5, inputTokens: 10, outputTokens: 10 });
      const scope = { orgId: org.id, envId: env.id };
      const asMember = caller(services, member);
      const asSuperuser = caller(services, superuser);
      expect(await asMember.aiBudget.get({ orgId: org.id })).toMatchObject({
        budgetUsd: 5,
        spentUsd: 5.5,
        exhausted: true,
        isDefault: true,
        byArea: { agents: 0, monitoring: 0, analyst: 5.5 },
      });

      expect(await answer(asMember.aiBudget.raise({ orgId: org.id, budgetUsd: 50 }))).toMatchObject(
        { code: 'FORBIDDEN' },
      );
      expect(await answer(asSuperuser.aiBudget.raise({ orgId: org.id, budgetUsd: 5 }))).toEqual({
        code: 'BAD_REQUEST',
        reason: 'ai-budget-not-higher',
        message: AI_BUDGET_MESSAGES.notHigher(5),
      });
      expect((await asMember.aiBudget.get({ orgId: org.id })).budgetUsd).toBe(5);
      expect(
        await answer(asMember.analyst.ask({ ...scope, question: 'Still there?' })),
      ).toMatchObject({ code: 'PAYMENT_REQUIRED' });

      const raised = await asSuperuser.aiBudget.raise({ orgId: org.id, budgetUsd: 50 });
      expect(raised).toMatchObject({
        budgetUsd: 50,
        spentUsd: 5.5,
        exhausted: false,
        isDefault: false,
      });
      expect(await asMember.aiBudget.get({ orgId: org.id })).toEqual(raised);
      expect(await answer(asMember.analyst.ask({ ...scope, question: 'Still there?' }))).toEqual({
        code: 'OK',
      });
    },
    TIMEOUT_MS,
  );
});
