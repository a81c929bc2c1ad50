/**
 * Agent runs end to end on the server: configs checked against the env's copy, the estimate, runs
 * worked as jobs against the B2C and AI simulators (the real AI SDK providers), supersession,
 * cancel, a worker killed midway, and each injected AI fault ending in the right item state.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { CONFIG_MESSAGES, type AgentConfig } from '~/domain/agents/config';
import { estimateRun } from '~/domain/agents/estimate';
import { type AgentRun, runErrorMessage } from '~/domain/agents/runs';
import { type AiSimulator, createAiSimulator } from '~/simulators/ai/simulator';
import type { AiFaultKind } from '~/simulators/ai/faults';
import { type B2CSimulator, createB2CSimulator } from '~/simulators/b2c';
import { SIM_STOREFRONT_CATALOG_ID } from '~/simulators/b2c/data';
import { agentRunItems, agentRuns, catalogProducts, envs, proposals } from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import { createB2CGateway } from '~/server/integrations/b2c/gateway.impl';
import { type Jobs, startJobs } from '~/server/jobs/runtime';
import { bossJobCount, dyingQueue } from '~/server/jobs/test-support';
import { productsSyncJob } from '~/server/products/jobs';
import { narrowCategory, syncedOnce } from '~/server/products/test-support';
import { createSecrets } from '~/server/secrets';
import { type BeaconServices, createServices } from '~/server/services';
import { aiOnSimulator, linkToSimulator } from '~/server/simulator-link';
import { addEnv, domainError, makeOrg, makeUser } from '~/server/test-support';
import { agentsItemJob, agentsPlanJob } from './jobs';
import { AGENTS_PLAN_JOB } from './runner';

const HOST = 'zzte-003.dx.commercecloud.salesforce.com';
const TIMEOUT_MS = 90_000;
/** The real kinds, retried after a second and at most once, so fault tests end quickly. */
const itemJob: typeof agentsItemJob = { ...agentsItemJob, retry: { limit: 1, delaySeconds: 1 } };
const planJob: typeof agentsPlanJob = { ...agentsPlanJob, retry: { limit: 1, delaySeconds: 1 } };

let b2c: B2CSimulator;
let ai: AiSimulator;
beforeAll(async () => {
  [b2c, ai] = await Promise.all([createB2CSimulator({ seed: 19 }), createAiSimulator()]);
});
afterAll(async () => {
  await Promise.all([b2c.stop(), ai.stop()]);
});

describeEachDriver('agent runs', (get) => {
  const secrets = createSecrets(randomBytes(32));
  const running: Jobs[] = [];
  afterEach(async () => {
    ai.faults.clear();
    ai.setLatency(0);
    b2c.faults.clear();
    await Promise.all(running.splice(0).map((j) => j.stop(1_000)));
  });

  async function worker(): Promise<{ jobs: Jobs; services: BeaconServices }> {
    const jobs = await startJobs({
      database: get(),
      definitions: [productsSyncJob, planJob, itemJob],
      pollingIntervalSeconds: 0.5,
    });
    running.push(jobs);
    const services = createServices({
      db: get().db,
      b2c: createB2CGateway({ ...b2c.gatewayConfig(), retryBaseMs: 1 }),
      secrets,
      runEvents: jobs.events,
      jobs: jobs.queue,
      ai: aiOnSimulator(ai.url, 2_000),
    });
    await jobs.work(services);
    return { jobs, services };
  }

  /** A member's new org whose env is linked to the simulator's instance. */
  async function linkedOnly(services: BeaconServices) {
    const db = get().db;
    const user = await makeUser(db);
    const org = await makeOrg(db, { members: [{ user }] });
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
    return { org, env, user };
  }
  // The suite's one full sync of the simulator's catalogue; each test gets an exact copy of it.
  const linkedAndSynced = syncedOnce(linkedOnly);

  /** An org whose env is linked to the simulator's instance, its catalogue copied. */
  const linkedEnv = (services: BeaconServices) => linkedAndSynced(services, get().db);

  /** A leaf category narrowed in the copy to its first `n` base products, for runs that end quickly. */
  async function smallCategory(envId: string, n = 5) {
    const { category, kept } = await narrowCategory(get().db, envId, n);
    expect(kept.length).toBe(n);
    return { category, n };
  }

  async function until(read: () => Promise<AgentRun>, done: (run: AgentRun) => boolean) {
    for (const started = Date.now(); Date.now() - started < TIMEOUT_MS;) {
      const run = await read();
      if (done(run)) return run;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('The run did not get there in time.');
  }
  const ended = (run: AgentRun) =>
    ['succeeded', 'partly-failed', 'failed', 'cancelled'].includes(run.status);

  const translationTo = (locale: string, categoryId: string): AgentConfig => ({
    type: 'translation',
    provider: 'anthropic',
    sourceLocale: 'default',
    languages: [locale],
    fields: ['name', 'short_description', 'long_description'],
    filterBy: 'catalog',
    catalogIds: [SIM_STOREFRONT_CATALOG_ID],
    categoryIds: [categoryId],
    productIds: [],
  });

  it(
    'refuses a config naming what the env does not have, field by field, and saves nothing',
    async () => {
      const { services } = await worker();
      const { org, env, user } = await linkedEnv(services);
      const error = await domainError(
        services.agents.saveConfig(org.id, env.id, user.id, {
          ...translationTo('xx-XX', 'no-such-category'),
          catalogIds: ['no-such-catalog'],
        }),
      );
      expect(error).toMatchObject({ kind: 'INVALID', reason: 'agent-config-invalid' });
      expect(error.fieldErrors).toEqual({
        catalogIds: CONFIG_MESSAGES.unknownCatalogs(['no-such-catalog']),
        categoryIds: CONFIG_MESSAGES.unknownCategories(['no-such-category']),
        languages: CONFIG_MESSAGES.unknownLanguages(['xx-XX']),
      });
      expect(await services.agents.getConfig(org.id, env.id, 'translation')).toEqual({
        config: null,
        updatedAt: null,
      });
      // Without a saved config there is nothing to estimate or run.
      await expect(services.agents.estimate(org.id, env.id, 'translation')).rejects.toMatchObject({
        reason: 'agent-not-configured',
      });
    },
    TIMEOUT_MS,
  );

  it(
    'a run and its plan job commit together: a process dying while queueing leaves no run, no job and nothing blocking the next',
    async () => {
      const { services, jobs } = await worker();
      const { org, env, user } = await linkedEnv(services);
      const { category } = await smallCategory(env.id, 1);
      await services.agents.saveConfig(org.id, env.id, user.id, translationTo('de-DE', category));
      const dying = createServices({
        db: get().db,
        b2c: createB2CGateway({ ...b2c.gatewayConfig(), retryBaseMs: 1 }),
        secrets,
        runEvents: jobs.events,
        jobs: dyingQueue(jobs.queue),
        ai: aiOnSimulator(ai.url, 2_000),
      });
      const jobsBefore = await bossJobCount(get().db, AGENTS_PLAN_JOB);

      await expect(
        dying.agents.start(org.id, env.id, user.id, 'translation', { concurrency: 1 }),
      ).rejects.toThrow('The process died');
      expect(await get().db.select().from(agentRuns).where(eq(agentRuns.envId, env.id))).toEqual(
        [],
      );
      expect(await bossJobCount(get().db, AGENTS_PLAN_JOB)).toBe(jobsBefore);

      // Nothing was left active: the next start is a run like any other.
      const started = await services.agents.start(org.id, env.id, user.id, 'translation', {
        concurrency: 1,
      });
      expect(started.status).toBe('queued');
      expect(await bossJobCount(get().db, AGENTS_PLAN_JOB)).toBe(jobsBefore + 1);
      await until(() => services.agents.run(org.id, env.id, started.id), ended);
    },
    TIMEOUT_MS,
  );

  it(
    'a run for named products works on those only, whatever the config scopes; an unknown id is nothing in scope',
    async () => {
      const { services } = await worker();
      const { org, env, user } = await linkedEnv(services);
      const { category } = await smallCategory(env.id, 1);
      await services.agents.saveConfig(org.id, env.id, user.id, translationTo('de-DE', category));
      // Two items outside the config's category, as an answer check names them.
      const named = await get()
        .db.select({ id: catalogProducts.b2cProductId })
        .from(catalogProducts)
        .where(
          and(
            eq(catalogProducts.envId, env.id),
            eq(catalogProducts.type, 'item'),
            sql`not (${catalogProducts.categoryIds} @> array[${category}])`,
          ),
        )
        .orderBy(catalogProducts.b2cProductId)
        .limit(2);
      const ids = named.map((n) => n.id);
      const started = await services.agents.start(org.id, env.id, user.id, 'translation', {
        concurrency: 2,
        productIds: [...ids, ids[0]!],
      });
      expect(started.scope).toMatchObject({ products: 2, only: ids });
      const done = await until(() => services.agents.run(org.id, env.id, started.id), ended);
      expect(done.status).toBe('succeeded');
      const items = await get()
        .db.select({ id: agentRunItems.b2cProductId })
        .from(agentRunItems)
        .where(eq(agentRunItems.runId, started.id));
      expect([...new Set(items.map((i) => i.id))].sort()).toEqual([...ids].sort());

      const nothing = await domainError(
        services.agents.start(org.id, env.id, user.id, 'translation', {
          concurrency: 1,
          productIds: ['no-such-product'],
        }),
      );
      expect(nothing.reason).toBe('agent-nothing-in-scope');
    },
    TIMEOUT_MS,
  );

  it(
    'estimates a run from the products in scope, then translates them into proposals; a second run supersedes them',
    async () => {
      const { services } = await worker();
      const { org, env, user } = await linkedEnv(services);
      const { category, n } = await smallCategory(env.id);
      const config = translationTo('de-DE', category);
      await services.agents.saveConfig(org.id, env.id, user.id, config);

      const estimate = await services.agents.estimate(org.id, env.id, 'translation');
      expect(estimate).toMatchObject({
        products: n,
        locales: ['de-DE'],
        fields: ['name', 'short_description', 'long_description'],
        modelCalls: n,
        model: 'claude-sonnet-5-5',
      });
      expect(estimate.costUsd).toBeGreaterThan(0);

      const started = await services.agents.start(org.id, env.id, user.id, 'translation', {
        concurrency: 3,
      });
      expect(started).toMatchObject({ status: 'queued', itemsTotal: n, concurrency: 3 });
      // One run at a time per env and agent.
      await expect(
        services.agents.start(org.id, env.id, user.id, 'translation', { concurrency: 3 }),
      ).rejects.toMatchObject({ kind: 'CONFLICT', reason: 'agent-run-active' });

      const done = await until(() => services.agents.run(org.id, env.id, started.id), ended);
      expect(done).toMatchObject({ status: 'succeeded', itemsDone: n, itemsFailed: 0 });
      expect(done.inputTokens).toBeGreaterThan(0);
      expect(done.startedBy?.email).toBe(user.email);
      const made = await get().db.select().from(proposals).where(eq(proposals.runId, started.id));
      expect(made.length).toBe(done.proposals);
      expect(made.length).toBeGreaterThan(0);
      // Each proposal replaces what the copy had in de-DE (null where it had nothing), in German.
      const [product] = await get()
        .db.select()
        .from(catalogProducts)
        .where(
          and(
            eq(catalogProducts.envId, env.id),
            eq(catalogProducts.b2cProductId, made[0]!.b2cProductId),
          ),
        );
      const column = {
        name: 'name',
        short_description: 'shortDescription',
        long_description: 'longDescription',
      } as const;
      const field = made[0]!.field as keyof typeof column;
      expect(made[0]!.currentValue).toBe(
        (product![column[field]] as Record<string, string>)['de-DE'] ?? null,
      );
      for (const p of made) {
        expect(p).toMatchObject({
          status: 'pending',
          locale: 'de-DE',
          agentType: 'translation',
          model: 'claude-sonnet-5-5',
        });
        expect(p.proposedValue).not.toBe(p.currentValue);
        expect(p.proposedValue).not.toMatch(/<script|onerror/i);
      }

      // Run again: the new proposals replace the pending ones, never beside them.
      const again = await services.agents.start(org.id, env.id, user.id, 'translation', {
        concurrency: 3,
      });
      const againDone = await until(() => services.agents.run(org.id, env.id, again.id), ended);
      const all = await get().db.select().from(proposals).where(eq(proposals.envId, env.id));
      const pending = all.filter((p) => p.status === 'pending');
      expect(pending.length).toBeGreaterThan(0);
      expect(pending.length).toBe(againDone.proposals);
      expect(pending.every((p) => p.runId === again.id)).toBe(true);
      expect(
        all.filter((p) => p.runId === started.id).every((p) => p.status === 'superseded'),
      ).toBe(true);
      const keys = pending.map((p) => `${p.b2cProductId}|${p.locale}|${p.field}`);
      expect(new Set(keys).size).toBe(keys.length);
      // The history lists both, newest first.
      const history = await services.agents.runs(org.id, env.id, 'translation');
      expect(history.map((r) => r.id)).toEqual([again.id, started.id]);
    },
    TIMEOUT_MS,
  );

  it(
    'a run cancelled midway stops at its next items and keeps what it made',
    async () => {
      const { services } = await worker();
      const { org, env, user } = await linkedEnv(services);
      const { category } = await smallCategory(env.id, 16);
      await services.agents.saveConfig(org.id, env.id, user.id, translationTo('fr-FR', category));
      ai.setLatency(300);
      const started = await services.agents.start(org.id, env.id, user.id, 'translation', {
        concurrency: 2,
      });
      await until(
        () => services.agents.run(org.id, env.id, started.id),
        (r) => r.itemsDone >= 2,
      );
      const cancelling = await services.agents.cancel(org.id, env.id, started.id);
      expect(cancelling.status).toBe('cancelling');
      const done = await until(() => services.agents.run(org.id, env.id, started.id), ended);
      expect(done.status).toBe('cancelled');
      expect(done.itemsCancelled).toBeGreaterThan(0);
      expect(done.itemsDone + done.itemsFailed + done.itemsCancelled).toBe(done.itemsTotal);
      const open = await get()
        .db.select()
        .from(agentRunItems)
        .where(and(eq(agentRunItems.runId, started.id), eq(agentRunItems.status, 'queued')));
      expect(open).toEqual([]);
      await expect(services.agents.cancel(org.id, env.id, started.id)).rejects.toMatchObject({
        kind: 'CONFLICT',
      });
    },
    TIMEOUT_MS,
  );

  it(
    'a worker killed midway leaves the run to another, with no duplicate proposal',
    async () => {
      const first = await worker();
      const { org, env, user } = await linkedEnv(first.services);
      const { category } = await smallCategory(env.id, 16);
      await first.services.agents.saveConfig(
        org.id,
        env.id,
        user.id,
        translationTo('de-DE', category),
      );
      ai.setLatency(200);
      const started = await first.services.agents.start(org.id, env.id, user.id, 'translation', {
        concurrency: 4,
      });
      await until(
        () => first.services.agents.run(org.id, env.id, started.id),
        (r) => r.itemsDone >= 3,
      );
      await first.jobs.stop(0);
      running.splice(running.indexOf(first.jobs), 1);

      const second = await worker();
      const done = await until(() => second.services.agents.run(org.id, env.id, started.id), ended);
      expect(done.status).toBe('succeeded');
      expect(done.itemsDone).toBe(done.itemsTotal);
      const made = await get().db.select().from(proposals).where(eq(proposals.runId, started.id));
      expect(made.length).toBe(done.proposals);
      const keys = made.map((p) => `${p.b2cProductId}|${p.locale}|${p.field}`);
      expect(new Set(keys).size).toBe(keys.length);
    },
    TIMEOUT_MS,
  );

  const faultCases: {
    fault: AiFaultKind;
    times: number;
    status: AgentRun['status'];
    reason: string | null;
  }[] = [
    // Passing faults are retried and the item ends done.
    { fault: 'overloaded', times: 1, status: 'succeeded', reason: null },
    { fault: 'server_error', times: 1, status: 'succeeded', reason: null },
    // Lasting ones end the item failed, in plain words.
    { fault: 'rate_limit', times: 0, status: 'failed', reason: 'rate-limited' },
    { fault: 'timeout', times: 0, status: 'failed', reason: 'provider-unavailable' },
    { fault: 'malformed_json', times: 0, status: 'failed', reason: 'schema-refused' },
    { fault: 'schema_mismatch', times: 0, status: 'failed', reason: 'schema-refused' },
    // A refused key stops the whole run.
    { fault: 'auth', times: 0, status: 'failed', reason: 'invalid-key' },
  ];

  it(
    'each injected AI fault ends its item in the right state, and a refused answer never becomes a proposal',
    async () => {
      const { services } = await worker();
      const { org, env, user } = await linkedEnv(services);
      // An item in the storefront catalog (the configuration's scope), the same one every time.
      const [product] = await get()
        .db.select({ id: catalogProducts.b2cProductId })
        .from(catalogProducts)
        .where(
          and(
            eq(catalogProducts.envId, env.id),
            eq(catalogProducts.type, 'item'),
            sql`${catalogProducts.catalogIds} @> array[${SIM_STOREFRONT_CATALOG_ID}]`,
          ),
        )
        .orderBy(catalogProducts.b2cProductId)
        .limit(1);
      await services.agents.saveConfig(org.id, env.id, user.id, {
        type: 'seo',
        provider: 'anthropic',
        catalogIds: [SIM_STOREFRONT_CATALOG_ID],
        fields: ['page_title', 'page_description'],
        languages: ['fr-FR'],
      });
      // One product in scope: make the others leave it for this test.
      await get()
        .db.update(catalogProducts)
        .set({ catalogIds: [] })
        .where(
          and(
            eq(catalogProducts.envId, env.id),
            sql`${catalogProducts.b2cProductId} <> ${product!.id}`,
          ),
        );
      for (const { fault, times, status, reason } of faultCases) {
        ai.faults.add({ kind: fault, vendor: 'anthropic', times });
        const started = await services.agents.start(org.id, env.id, user.id, 'seo', {
          concurrency: 1,
        });
        const done = await until(() => services.agents.run(org.id, env.id, started.id), ended);
        ai.faults.clear();
        expect({ fault, status: done.status }).toEqual({ fault, status });
        const made = await get().db.select().from(proposals).where(eq(proposals.runId, started.id));
        if (reason === null) {
          expect(done.errors).toEqual([]);
          expect(made.length).toBe(done.proposals);
          continue;
        }
        expect(made).toEqual([]);
        expect(done.errors).toEqual([
          { reason, message: runErrorMessage(reason as never, 'anthropic'), items: 1 },
        ]);
        if (fault === 'auth') {
          expect(done.error).toBe(runErrorMessage('invalid-key', 'anthropic'));
        }
      }
    },
    TIMEOUT_MS * 2,
  );

  it(
    'a run stops with the missing permission named when the instance refuses Beacon its catalogs',
    async () => {
      const { services } = await worker();
      const { org, env, user } = await linkedEnv(services);
      const { category } = await smallCategory(env.id);
      await services.agents.saveConfig(org.id, env.id, user.id, translationTo('de-DE', category));
      b2c.faults.add({ path: '/catalogs', method: 'GET', status: 403 });
      const started = await services.agents.start(org.id, env.id, user.id, 'translation', {
        concurrency: 2,
      });
      const done = await until(() => services.agents.run(org.id, env.id, started.id), ended);
      expect(done).toMatchObject({
        status: 'failed',
        error: runErrorMessage('instance-permission', 'anthropic'),
        proposals: 0,
      });
      await get().db.delete(envs).where(eq(envs.id, env.id));
    },
    TIMEOUT_MS,
  );

  it(
    'streams a run live until it ends',
    async () => {
      const { services } = await worker();
      const { org, env, user } = await linkedEnv(services);
      const { category, n } = await smallCategory(env.id, 8);
      await services.agents.saveConfig(org.id, env.id, user.id, translationTo('fr-FR', category));
      // Four rounds of half a second: the watch reads the totals once a second meanwhile.
      ai.setLatency(500);
      const started = await services.agents.start(org.id, env.id, user.id, 'translation', {
        concurrency: 2,
      });
      const seen: AgentRun[] = [];
      for await (const state of services.agents.watch(org.id, env.id, started.id)) seen.push(state);
      expect(seen[0]!.id).toBe(started.id);
      expect(seen.at(-1)).toMatchObject({ status: 'succeeded', itemsDone: n, itemsTotal: n });
      // It reported the run as it went, not only its end.
      expect(seen.length).toBeGreaterThan(2);
      const ends = seen.map((s) => s.itemsDone + s.itemsFailed + s.itemsCancelled);
      expect([...ends].sort((a, b) => a - b)).toEqual(ends);
    },
    TIMEOUT_MS,
  );

  it(
    'the estimate is the domain arithmetic over the scope the copy holds',
    async () => {
      const { services } = await worker();
      const { org, env, user } = await linkedEnv(services);
      await services.agents.saveConfig(org.id, env.id, user.id, {
        type: 'seo',
        provider: 'google',
        catalogIds: [SIM_STOREFRONT_CATALOG_ID],
        fields: ['page_title'],
        languages: ['default', 'fr-FR'],
      });
      const estimate = await services.agents.estimate(org.id, env.id, 'seo');
      const [count] = await get()
        .db.select({ n: sql<number>`count(*)::int` })
        .from(catalogProducts)
        .where(
          and(
            eq(catalogProducts.envId, env.id),
            sql`${catalogProducts.catalogIds} && array[${SIM_STOREFRONT_CATALOG_ID}]`,
            sql`${catalogProducts.type} in ('master', 'item', 'set', 'bundle')`,
          ),
        );
      expect(estimate.products).toBe(count!.n);
      expect(estimate.modelCalls).toBe(count!.n * 2);
      expect(estimate.model).toBe('gemini-2.5-flash');
      void estimateRun;
    },
    TIMEOUT_MS,
  );
});
