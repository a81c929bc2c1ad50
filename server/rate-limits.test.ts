import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type Database } from './db/client';
import { describeEachDriver } from './db/test-db';
import { signInRateLimit } from './http/security';
import {
  createRateCounter,
  createSharedRateLimiter,
  type RateCounter,
  sharedRateLimitStore,
} from './rate-limits';

const key = (name: string) => `${name}:${randomBytes(4).toString('hex')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDriver('rate limits shared through the database', (get, driver) => {
  // Two processes' counters: on PostgreSQL each has a pool of its own; PGlite has one process.
  let second: Database | undefined;
  let a: RateCounter;
  let b: RateCounter;
  beforeAll(async () => {
    const { handle } = get();
    if (driver === 'postgres' && handle.driver === 'node-postgres') {
      second = await createDatabase({ url: handle.client.options.connectionString, poolMax: 2 });
    }
    a = createRateCounter(get().db);
    b = createRateCounter((second ?? get()).db);
  });
  afterAll(async () => {
    await second?.close();
  });

  /** Waits for the start of a fresh `windowMs` window, so a test's hits all land in one. */
  async function windowStart(windowMs: number) {
    const { resetInMs } = await a.hit(key('clock'), windowMs);
    await sleep(resetInMs + 5);
  }

  it('two counters on one database share the count, and the next window starts again at 1', async () => {
    const k = key('shared');
    await windowStart(1_000);
    expect((await a.hit(k, 1_000)).hits).toBe(1);
    expect((await b.hit(k, 1_000)).hits).toBe(2);
    const third = await a.hit(k, 1_000);
    expect(third.hits).toBe(3);
    expect(third.resetInMs).toBeLessThanOrEqual(1_000);
    await sleep(third.resetInMs + 5);
    expect((await b.hit(k, 1_000)).hits).toBe(1);
    await b.undo(k);
    expect((await a.hit(k, 1_000)).hits).toBe(1);
    await a.reset(k);
    expect((await b.hit(k, 1_000)).hits).toBe(1);
  });

  it('sign-in: two servers with a limit of 2 refuse the third attempt, whichever gets it', async () => {
    const prefix = key('sign-in');
    const serve = async (counter: RateCounter) => {
      const app = express();
      app.use(
        signInRateLimit({
          limit: 2,
          windowMs: 60_000,
          store: sharedRateLimitStore(counter, prefix),
        }),
      );
      app.get('/api/auth/signin', (_req, res) => res.json({ ok: true }));
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      return {
        get: () =>
          fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/signin`),
        close: () => new Promise((resolve) => server.close(resolve)),
      };
    };
    const [one, two] = [await serve(a), await serve(b)];
    try {
      // A window may end between the calls; start at a fresh one.
      await windowStart(5_000);
      expect((await one.get()).status).toBe(200);
      expect((await two.get()).status).toBe(200);
      const refused = await one.get();
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        error: 'Too many sign-in attempts. Wait a minute and try again.',
      });
      expect((await two.get()).status).toBe(429);
    } finally {
      await one.close();
      await two.close();
    }
  }, 30_000);

  it('AI requests per minute: two processes share the limit; the call over it waits for the next window', async () => {
    const vendor = key('ai:anthropic');
    const windowMs = 1_500;
    const first = createSharedRateLimiter(a, vendor, 2, windowMs);
    const other = createSharedRateLimiter(b, vendor, 2, windowMs);
    await windowStart(windowMs);
    const started = Date.now();
    await first.acquire();
    await other.acquire();
    expect(Date.now() - started).toBeLessThan(500);
    // Over the limit: waiting, and an abort ends the wait.
    const aborted = other.acquire(AbortSignal.timeout(200));
    await expect(aborted).rejects.toThrow();
    await first.acquire();
    expect(Date.now() - started).toBeGreaterThanOrEqual(windowMs - 100);
  }, 30_000);
});
