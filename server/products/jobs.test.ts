import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { CatalogueSyncState } from '~/domain/products/entities';
import { productFiltersInput } from '~/domain/products/inputs';
import { type B2CSimulator, createB2CSimulator } from '~/simulators/b2c';
import { editProduct } from '~/simulators/b2c/data';
import { PRODUCT_MESSAGES } from '~/domain/products/messages';
import { catalogSyncs, envs, jobRuns } from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import { createB2CGateway } from '~/server/integrations/b2c/gateway.impl';
import { type Jobs, startJobs } from '~/server/jobs/runtime';
import { createSecrets } from '~/server/secrets';
import { linkToSimulator } from '~/server/simulator-link';
import { type BeaconServices, createServices } from '~/server/services';
import { addEnv, makeOrg } from '~/server/test-support';
import { productsSyncJob } from './jobs';
import { envsDueForSync } from './schedule';

const HOST = 'zzte-003.dx.commercecloud.salesforce.com';
const TIMEOUT_MS = 90_000;
/** The real kind, retried after a second instead of half a minute. */
const syncJob: typeof productsSyncJob = {
  ...productsSyncJob,
  retry: { limit: 3, delaySeconds: 1 },
};

let sim: B2CSimulator;
beforeAll(async () => {
  sim = await createB2CSimulator({ seed: 11 });
});
afterAll(() => sim.stop());

async function until(
  read: () => Promise<CatalogueSyncState>,
  done: (state: CatalogueSyncState) => boolean,
): Promise<CatalogueSyncState> {
  for (const started = Date.now(); Date.now() - started < TIMEOUT_MS;) {
    const state = await read();
    if (done(state)) return state;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The sync did not get there in time.');
}

describeEachDriver('products.sync job', (get) => {
  const gateway = (fetchFn: typeof fetch = fetch) =>
    createB2CGateway({ ...sim.gatewayConfig(), retryBaseMs: 1, fetch: fetchFn });
  const secrets = createSecrets(randomBytes(32));
  const running: Jobs[] = [];
  // Each test's workers stop with it, so the next test's jobs go to its own.
  afterEach(async () => {
    await Promise.all(running.splice(0).map((j) => j.stop(1_000)));
  });

  async function worker(fetchFn?: typeof fetch): Promise<{ jobs: Jobs; services: BeaconServices }> {
    const jobs = await startJobs({
      database: get(),
      definitions: [syncJob],
      pollingIntervalSeconds: 0.5,
    });
    running.push(jobs);
    const services = createServices({
      db: get().db,
      b2c: gateway(fetchFn),
      secrets,
      runEvents: jobs.events,
      jobs: jobs.queue,
    });
    await jobs.work(services);
    return { jobs, services };
  }

  /** An org whose env is linked to the simulator's instance, its API client granted OCAPI Data. */
  async function linkedEnv(services: BeaconServices) {
    const db = get().db;
    const org = await makeOrg(db);
    const env = await addEnv(db, org.id, 'prod', { onboarded: true });
    await linkToSimulator({
      db,
      services,
      secrets,
      simulator: sim,
      orgId: org.id,
      b2cInstanceId: env.b2cInstanceId!,
      host: HOST,
    });
    return { org, env };
  }

  it(
    'Sync now copies the instance catalogue in a job, and the schedule then leaves the env alone',
    async () => {
      const { services } = await worker();
      const { org, env } = await linkedEnv(services);
      const due = async (at: Date) =>
        (await envsDueForSync(get().db, at)).some((e) => e.envId === env.id);
      expect(await due(new Date())).toBe(true);

      const started = await services.products.syncNow(org.id, env.id);
      expect(['queued', 'running']).toContain(started.status);
      const synced = await until(
        () => services.products.syncState(org.id, env.id),
        (s) => s.status === 'synced' || s.status === 'failed',
      );
      const products = sim.instance(HOST).data().products;
      expect(synced).toMatchObject({
        status: 'synced',
        mode: 'full',
        productCount: products.length,
        lastError: null,
      });
      const [run] = await get().db.select().from(jobRuns).where(eq(jobRuns.id, started.runId!));
      expect(run).toMatchObject({ status: 'completed', progressDone: products.length });
      expect(run?.progressMessage).toBe(
        `Copied ${products.length.toLocaleString('en-US')} of ${products.length.toLocaleString('en-US')} products`,
      );

      const frFR = await services.products.list(
        org.id,
        productFiltersInput.parse({ orgId: org.id, envId: env.id, language: 'fr-FR' }),
      );
      expect(frFR.items.some((i) => i.name !== null)).toBe(true);
      expect((await services.products.facets(org.id, env.id)).locales).toEqual([
        'default',
        'de-DE',
        'en-US',
        'fr-FR',
      ]);

      // A live refresh reads one product from the instance into the copy now…
      const data = sim.instance(HOST).data();
      const item = data.products.find((p) => p.type === 'item')!;
      editProduct(data, item, { name: { 'fr-FR': 'Nom rafraîchi' } });
      const refreshed = await services.products.refresh(org.id, env.id, item.id);
      expect(refreshed.fields.name['fr-FR']).toBe('Nom rafraîchi');
      // …and one the instance deleted leaves the copy.
      sim.instance(HOST).removeProduct(item.id);
      await expect(services.products.refresh(org.id, env.id, item.id)).rejects.toMatchObject({
        kind: 'NOT_FOUND',
        message: PRODUCT_MESSAGES.productGone(item.id),
      });
      await expect(services.products.get(org.id, env.id, item.id)).rejects.toMatchObject({
        kind: 'NOT_FOUND',
      });

      // Fresh now; due again once an hour has passed.
      expect(await due(new Date())).toBe(false);
      expect(await due(new Date(Date.now() + 61 * 60_000))).toBe(true);
    },
    TIMEOUT_MS,
  );

  it(
    'a sync whose worker stopped midway is finished by another worker from its checkpoint',
    async () => {
      const first = await worker();
      const { org, env } = await linkedEnv(first.services);
      // Slow pages, so the worker stops while the sync is under way.
      sim.faults.add({ path: '/product_search', method: 'POST', latencyMs: 150 });
      const started = await first.services.products.syncNow(org.id, env.id, { full: true });
      const checkpoint = async () =>
        (await get().db.select().from(catalogSyncs).where(eq(catalogSyncs.envId, env.id)))[0]
          ?.checkpoint ?? 0;
      for (const t = Date.now(); (await checkpoint()) < 400 && Date.now() - t < TIMEOUT_MS;) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await first.jobs.stop(0);
      running.splice(running.indexOf(first.jobs), 1);
      // A page in flight when it stopped arrives, and is not written.
      await new Promise((r) => setTimeout(r, 500));
      const stoppedAt = await checkpoint();
      expect(stoppedAt).toBeGreaterThanOrEqual(400);
      sim.faults.clear();

      // The second worker's product searches, by where each page starts.
      const starts: number[] = [];
      const second = await worker(async (input, init) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        if (url.pathname.endsWith('/product_search')) {
          starts.push((JSON.parse(String(init?.body)) as { start: number }).start);
        }
        return fetch(input, init);
      });
      const done = await until(
        () => second.services.products.syncState(org.id, env.id),
        (s) => s.status === 'synced',
      );
      expect(done.productCount).toBe(sim.instance(HOST).data().products.length);
      const [run] = await get().db.select().from(jobRuns).where(eq(jobRuns.id, started.runId!));
      expect(run).toMatchObject({ status: 'completed', attempts: 2 });
      // The second try went on from the checkpoint, reading no page the first had copied.
      expect(starts[0]).toBe(stoppedAt);
      const [state] = await get()
        .db.select()
        .from(catalogSyncs)
        .where(eq(catalogSyncs.envId, env.id));
      expect(state).toMatchObject({ status: 'idle', checkpoint: null, mode: 'full' });
      await get().db.delete(envs).where(eq(envs.id, env.id));
    },
    TIMEOUT_MS * 2,
  );
});
