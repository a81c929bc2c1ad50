/**
 * `/metrics` as an operator scrapes it (issue 39): the bearer token, production's silence without
 * one, and the figures after real work — tRPC calls by procedure and status, a background job queued
 * and then run, the database pool.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ORGS, SEED_USERS } from '~/server/seed-data';
import { type Jobs, startJobs } from '~/server/jobs/runtime';
import { servicesWithJobs } from '~/server/jobs/test-support';
import { trpcPaths } from '~/server/http/metrics';
import { metricsRegistry, watchDatabase } from '~/server/metrics';
import { createAiSimulator } from '~/simulators/ai/simulator';
import { loadConfig } from '~/server/config';
import { createHostAllowlist } from '~/server/integrations/b2c/host-allowlist';
import { createHttpClient } from '~/server/integrations/b2c/http';
import { createLogger } from '~/server/log';
import { createAi } from '~/server/process-start';
import { noopJob } from '~/server/system/jobs';
import { makeOrg, makeUser } from '~/server/test-support';
import { startTestServer, type TestServer } from './support/test-server';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample (`name{labels} value`), 0 when the series has none yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inner = line.slice(name.length + 1, line.indexOf('}'));
    const parts = inner.split(',');
    if (wanted.every((w) => parts.includes(w)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('who may scrape', () => {
  let open: TestServer;
  let production: TestServer;
  beforeAll(async () => {
    open = await startTestServer({ metricsToken: TOKEN });
    production = await startTestServer({ isProduction: true, sameDatabaseAs: open });
  }, 60_000);
  afterAll(async () => {
    await production?.close();
    await open?.close();
  });

  it('wants the bearer token when METRICS_TOKEN is set', async () => {
    const none = await fetch(`${open.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    const wrong = await fetch(`${open.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${open.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await right.text()).toContain('# TYPE beacon_trpc_requests_total counter');
  });

  it('serves nothing in production without a token', async () => {
    const answer = await fetch(`${production.url}/metrics`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('beacon_');
  });
});

describe('after real work', () => {
  let server: TestServer;
  let jobs: Jobs;
  beforeAll(async () => {
    server = await startTestServer();
    watchDatabase(server.database);
    jobs = await startJobs({
      database: server.database,
      definitions: [noopJob],
      pollingIntervalSeconds: 0.5,
    });
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop(1_000);
    await server?.close();
  });
  const scrape = async () => (await fetch(`${server.url}/metrics`)).text();

  it('counts tRPC calls by procedure and status, a batch call by call', async () => {
    const before = await scrape();
    const cookie = await server.sessionCookieFor(SEED_USERS.maya.id);
    const input = encodeURIComponent(
      JSON.stringify({
        0: { json: { orgId: SEED_ORGS.acme.id } },
        1: { json: { show: 'all' } },
      }),
    );
    // envs.list answers; orgs.overview is the superusers': NOT_FOUND for Maya (404), in one batch.
    const batch = await fetch(`${server.url}/trpc/envs.list,orgs.overview?batch=1&input=${input}`, {
      headers: { cookie },
    });
    expect(batch.status).toBe(207);
    const after = await scrape();
    const delta = (labels: Record<string, string>) =>
      sample(after, 'beacon_trpc_requests_total', labels) -
      sample(before, 'beacon_trpc_requests_total', labels);
    expect(delta({ procedure: 'envs.list', status: '200' })).toBe(1);
    expect(delta({ procedure: 'orgs.overview', status: '404' })).toBe(1);
    expect(
      sample(after, 'beacon_trpc_request_duration_seconds_count', { procedure: 'envs.list' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('shows a job queued, then its run by kind and outcome; and the pool', async () => {
    const { db } = server.database;
    const user = await makeUser(db);
    const org = await makeOrg(db, { members: [{ user }], verified: true });
    const completedBefore = sample(await scrape(), 'beacon_job_runs_total', {
      kind: 'system.noop',
      outcome: 'completed',
    });
    const { run } = await jobs.queue.enqueue(
      'system.noop',
      { steps: 1 },
      { orgId: org.id, key: 'metrics' },
    );
    const queued = await scrape();
    expect(
      sample(queued, 'beacon_job_queue_depth', { kind: 'system.noop', state: 'created' }),
    ).toBe(1);

    const services = servicesWithJobs(db, jobs);
    await jobs.work(services);
    await expect
      .poll(
        async () => (await services.jobs.get(org.id, { kind: 'system.noop', key: run.key })).status,
        {
          timeout: 20_000,
        },
      )
      .toBe('completed');
    const done = await scrape();
    expect(
      sample(done, 'beacon_job_runs_total', { kind: 'system.noop', outcome: 'completed' }) -
        completedBefore,
    ).toBe(1);
    expect(sample(done, 'beacon_job_queue_depth', { kind: 'system.noop', state: 'created' })).toBe(
      0,
    );
    expect(sample(done, 'beacon_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(
      1,
    );
    // Node's own figures, for the process as a whole.
    expect(done).toContain('beacon_process_resident_memory_bytes');
  }, 60_000);
});

describe('calls out', () => {
  const scrapeRegistry = () => metricsRegistry.metrics();

  it('counts B2C Commerce calls by API and outcome, each try of a retried call', async () => {
    const before = await scrapeRegistry();
    const answers = [new Response('{}', { status: 200 }), new Response('{}', { status: 404 })];
    const client = createHttpClient({
      allowlist: createHostAllowlist(),
      retries: 1,
      retryBaseMs: 1,
      fetch: async () => {
        const next = answers.shift();
        if (!next) throw new TypeError('fetch failed');
        return next;
      },
    });
    const call = { api: 'ocapi-data' as const, method: 'GET', resource: '/catalogs' };
    const url = 'https://zzte-001.dx.commercecloud.salesforce.com/s/-/dw/data/v25_6/catalogs';
    await client({ call, url });
    await expect(client({ call, url })).rejects.toThrow('not found');
    // A network failure, tried twice (GET is repeated once here).
    await expect(client({ call, url })).rejects.toThrow('network error');
    const after = await scrapeRegistry();
    const delta = (outcome: string) =>
      sample(after, 'beacon_instance_calls_total', { api: 'ocapi-data', outcome }) -
      sample(before, 'beacon_instance_calls_total', { api: 'ocapi-data', outcome });
    expect(delta('ok')).toBe(1);
    expect(delta('not-found')).toBe(1);
    expect(delta('network')).toBe(2);
  });

  it('counts model calls, tokens and spend by vendor', async () => {
    const simulator = await createAiSimulator();
    try {
      const config = loadConfig({ NODE_ENV: 'test', AI_SIMULATOR_URL: simulator.url });
      const { service } = await createAi(config, createLogger({ level: 'silent' }));
      const before = await scrapeRegistry();
      await service.generateText({ provider: 'openai', prompt: 'Which rain jacket for cycling?' });
      const after = await scrapeRegistry();
      const delta = (name: string, labels: Record<string, string>) =>
        sample(after, name, labels) - sample(before, name, labels);
      expect(delta('beacon_ai_calls_total', { vendor: 'openai', outcome: 'ok' })).toBe(1);
      expect(
        delta('beacon_ai_tokens_total', { vendor: 'openai', direction: 'input' }),
      ).toBeGreaterThan(0);
      expect(
        delta('beacon_ai_tokens_total', { vendor: 'openai', direction: 'output' }),
      ).toBeGreaterThan(0);
      expect(delta('beacon_ai_spend_usd_total', { vendor: 'openai' })).toBeGreaterThan(0);
    } finally {
      await simulator.stop();
    }
  });
});

describe('trpcPaths', () => {
  it('names each procedure of a batch, and anything else as unknown', () => {
    expect(trpcPaths('/envs.list,orgs.overview?batch=1')).toEqual(['envs.list', 'orgs.overview']);
    expect(trpcPaths('/%E0%A4%A?batch=1')).toEqual(['unknown']);
    expect(trpcPaths(`/${'a'.repeat(90)}`)).toEqual(['unknown']);
    expect(trpcPaths('/orgs.list;drop')).toEqual(['unknown']);
  });
});
