/**
 * PostgreSQL stops under a running server (a cluster of this test's own: tests/support/throwaway-postgres.ts)
 * and comes back: requests meanwhile fail fast with 503, a retry hint and one plain message; readiness
 * fails; nothing crashes; afterwards requests, the LISTEN connection and the job queue work again without
 * a restart of the process.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { APP_MESSAGES } from '~/domain/shared/messages';
import { createServer, type RunningServer } from '~/server/app';
import type { Database } from '~/server/db/client';
import { createNotifyBus, LISTEN_APPLICATION_NAME, type NotifyBus } from '~/server/db/notify';
import { createInvalidations } from '~/server/invalidations';
import { type Jobs, startJobs } from '~/server/jobs/runtime';
import { developmentAuth, insertSession, seededDatabase } from '~/server/local-stack';
import { createLogger } from '~/server/log';
import { createSecrets } from '~/server/secrets';
import { SEED_ORGS, SEED_USERS } from '~/server/seed-data';
import { type BeaconServices, createServices } from '~/server/services';
import { defineJob } from '~/server/jobs/define';
import { noopJob } from '~/server/system/jobs';
import { fakeGateway } from '~/server/test-support';
import { DATABASE_RETRY_AFTER_S } from '~/server/trpc/trpc';
import {
  postgresBinDir,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../support/throwaway-postgres';

const logger = createLogger({ level: 'silent' });

/** A job whose try waits for the test, then writes its progress (with the database gone, it cannot). */
let releaseTry: () => void = () => undefined;
const heldJob = defineJob({
  name: 'test.held',
  payload: z.object({}),
  env: null,
  // Long enough that the test reads the run between the try it lost and the next.
  retry: { limit: 2, delaySeconds: 60 },
  async handler(_payload, { progress }) {
    await new Promise<void>((resolve) => {
      releaseTry = resolve;
    });
    await progress({ done: 1, total: 1 });
  },
});

describe.skipIf(!postgresBinDir())('a PostgreSQL outage under a running server', () => {
  let cluster: ThrowawayPostgres;
  let database: Database;
  let bus: NotifyBus;
  let jobs: Jobs;
  let services: BeaconServices;
  let running: RunningServer;
  let cookie: string;
  let cookieName: string;

  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
    ({ database } = await seededDatabase({ url: cluster.url }));
    bus = createNotifyBus(database, { reconnectMs: 200 });
    const invalidations = createInvalidations(bus);
    jobs = await startJobs({
      database,
      bus,
      definitions: [noopJob, heldJob],
      pollingIntervalSeconds: 0.5,
      logger,
    });
    const auth = developmentAuth({
      db: database.db,
      logger,
      devIdpIssuer: 'http://127.0.0.1:9',
    });
    services = createServices({
      db: database.db,
      b2c: fakeGateway().gateway,
      secrets: createSecrets(randomBytes(32)),
      invalidations,
      runEvents: jobs.events,
      jobs: jobs.queue,
    });
    await jobs.work(services);
    running = await createServer({
      config: { publicUrl: undefined, isDevelopment: false, trustProxy: false },
      services,
      auth,
      logger,
      host: '127.0.0.1',
      port: 0,
    });
    cookieName = auth.sessionCookieName;
    cookie = `${cookieName}=${await insertSession(database.db, SEED_USERS.maya.id)}`;
  }, 120_000);

  afterAll(async () => {
    await running?.close();
    await jobs?.stop(1_000);
    await bus?.close();
    await database?.close();
    await cluster?.destroy();
  }, 60_000);

  const orgsOf = (sessionCookie: string) =>
    fetch(`${running.url}/trpc/orgs.allOrgsForUser`, { headers: { cookie: sessionCookie } });
  const timed = async <T>(run: () => Promise<T>) => {
    const started = performance.now();
    const result = await run();
    return { result, ms: performance.now() - started };
  };

  it('answers 503 with Retry-After and a plain message while the database is down, then recovers', async () => {
    expect((await orgsOf(cookie)).status).toBe(200);
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);

    await cluster.stop('fast');

    // A signed-in user whose session is cached, and one whose session must be looked up.
    const fresh = `${cookieName}=00000000-0000-4000-8000-000000000000`;
    for (const sessionCookie of [cookie, fresh]) {
      const { result: res, ms } = await timed(() => orgsOf(sessionCookie));
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_S));
      const body = (await res.json()) as {
        error: { json: { message: string; data: { code: string; reason: string } } };
      };
      expect(body.error.json.message).toBe(APP_MESSAGES.databaseUnavailable);
      expect(body.error.json.data).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        reason: 'database-unavailable',
      });
      // Never a hang: at most the pool's connection timeout.
      expect(ms).toBeLessThan(6_000);
    }
    // A batch whose other call fails for another reason (here its input) is a 503 as a whole,
    // never tRPC's mixed 207: a client or load balancer reads one status.
    const batch = await fetch(
      `${running.url}/trpc/orgs.allOrgsForUser,orgs.getContext?batch=1&input=${encodeURIComponent(
        JSON.stringify({ 1: { json: { orgId: 'not-an-id' } } }),
      )}`,
      { headers: { cookie } },
    );
    expect(batch.status).toBe(503);
    expect(batch.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_S));
    const calls = (await batch.json()) as { error: { json: { data: { code: string } } } }[];
    expect(calls.map((call) => call.error.json.data.code)).toEqual([
      'SERVICE_UNAVAILABLE',
      'BAD_REQUEST',
    ]);
    // Auth.js's own endpoints: its adapter's failure is a 503 too, not "no session" or a sign-in error.
    const session = await timed(() =>
      fetch(`${running.url}/api/auth/session`, { headers: { cookie: fresh } }),
    );
    expect(session.result.status).toBe(503);
    expect(session.result.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_S));
    expect(await session.result.json()).toEqual({
      error: { message: APP_MESSAGES.databaseUnavailable },
    });
    expect(session.ms).toBeLessThan(6_000);
    // A browser's sign-out (a form post with Auth.js's CSRF token) gets a page saying so.
    const csrf = await fetch(`${running.url}/api/auth/csrf`);
    expect(csrf.status).toBe(200);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const csrfCookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const signOut = await fetch(`${running.url}/api/auth/signout`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `${csrfCookie}; ${fresh}`,
      },
      body: new URLSearchParams({ csrfToken }).toString(),
    });
    expect(signOut.status).toBe(503);
    expect(signOut.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_S));
    expect(signOut.headers.get('content-type')).toMatch(/^text\/html/);
    expect(signOut.headers.getSetCookie()).toEqual([]);
    expect(await signOut.text()).toContain(APP_MESSAGES.databaseUnavailable);

    const ready = await timed(() => fetch(`${running.url}/readyz`));
    expect(ready.result.status).toBe(503);
    expect(ready.result.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_S));
    expect(await ready.result.json()).toEqual({
      status: 'unavailable',
      message: APP_MESSAGES.databaseUnavailable,
    });
    expect(ready.ms).toBeLessThan(3_000);
    // Liveness is the process, not the database.
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);

    await cluster.start();

    // Back without a restart: requests, readiness, the LISTEN connection and the job queue.
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await orgsOf(cookie)).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
    const back = await fetch(`${running.url}/api/auth/session`, { headers: { cookie } });
    expect(back.status).toBe(200);
    expect(((await back.json()) as { user: { email: string } }).user.email).toBe(
      SEED_USERS.maya.email,
    );
    let listening = 0;
    while (Date.now() < deadline && listening === 0) {
      const { rows } = await (
        database.handle.client as unknown as {
          query: (text: string, values: unknown[]) => Promise<{ rows: { n: number }[] }>;
        }
      ).query('select count(*)::int as n from pg_stat_activity where application_name = $1', [
        LISTEN_APPLICATION_NAME,
      ]);
      listening = rows[0]?.n ?? 0;
      if (listening === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(listening).toBe(1);

    const { run } = await jobs.queue.enqueue(
      'system.noop',
      { steps: 1 },
      { orgId: SEED_ORGS.acme.id, key: 'after-outage' },
    );
    let state = '';
    while (Date.now() < deadline + 15_000 && state !== 'completed') {
      state = (await services.jobs.get(SEED_ORGS.acme.id, { id: run.id })).status;
      if (state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(state).toBe('completed');
  }, 90_000);

  it('a try that loses the database hands its job back for another try once the database answers', async () => {
    const { run } = await jobs.queue.enqueue(
      'test.held',
      {},
      {
        orgId: SEED_ORGS.acme.id,
        key: 'held-through-outage',
      },
    );
    const statusOf = async () => await services.jobs.get(SEED_ORGS.acme.id, { id: run.id });
    const until = async (done: (status: string) => boolean, what: string) => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const current = await statusOf().catch(() => null);
        if (current && done(current.status)) return current;
        if (Date.now() > deadline) throw new Error(`The job's run never got to ${what}.`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    await until((status) => status === 'running', 'running');

    await cluster.stop('fast');
    releaseTry();
    await cluster.start();

    // Handed back, not left active until its heartbeat lapses: the run says why, and waits for its
    // next try (60 s away), which pg-boss has scheduled.
    const handedBack = await until((status) => status !== 'running', 'another state');
    expect(handedBack).toMatchObject({
      status: 'retrying',
      error: 'The database was unavailable during this try.',
    });
  }, 90_000);
});
