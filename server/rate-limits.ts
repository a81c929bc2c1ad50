/**
 * Rate limits every process counts together, in PostgreSQL's `rate_limits` table: fixed windows on the
 * database's clock (so processes whose clocks differ agree on the window), one upsert per hit. Used by the
 * sign-in limit (an express-rate-limit store) and by the AI vendors' requests per minute. On PGlite (one
 * process) the in-memory limiters stay: there is no one to share with.
 */
import { sql } from 'drizzle-orm';
import type { Store } from 'express-rate-limit';
import type { Db } from './db/client';

export interface RateCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the window ends (ms since the epoch, the database's clock). */
  resetAt: number;
  /** Milliseconds until the window ends, as the database sees it now. */
  resetInMs: number;
}

export interface RateCounter {
  /** Counts one hit on `key` in the current `windowMs` window. */
  hit(key: string, windowMs: number): Promise<RateCount>;
  /** Takes one hit back (a request express-rate-limit decides not to count). */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Rows whose window ended this long ago are deleted, at most once a minute per process. */
const SWEEP_EVERY_MS = 60_000;

export function createRateCounter(db: Db, now: () => number = Date.now): RateCounter {
  let lastSweep = 0;
  const sweep = () => {
    if (now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now();
    void db
      .execute(
        sql`delete from rate_limits where window_end < (extract(epoch from clock_timestamp()) * 1000)::bigint - ${SWEEP_EVERY_MS}::bigint`,
      )
      .catch(() => undefined);
  };
  return {
    async hit(key, windowMs) {
      const window = Math.max(1, Math.round(windowMs));
      const result = await db.execute<{ hits: number; window_end: string; reset_in: string }>(sql`
        with clock as (select (extract(epoch from clock_timestamp()) * 1000)::bigint as t)
        insert into rate_limits (key, window_start, window_end, hits)
        select ${key}, (t / ${window}::bigint) * ${window}::bigint,
               (t / ${window}::bigint + 1) * ${window}::bigint, 1
          from clock
        on conflict (key) do update set
          hits = case when rate_limits.window_start = excluded.window_start
                      then rate_limits.hits + 1 else 1 end,
          window_start = excluded.window_start,
          window_end = excluded.window_end
        returning hits, window_end,
          window_end - (extract(epoch from clock_timestamp()) * 1000)::bigint as reset_in`);
      const row = (
        result as unknown as { rows: { hits: number; window_end: string; reset_in: string }[] }
      ).rows[0];
      if (!row) throw new Error('The rate-limit upsert returned no row.');
      sweep();
      return {
        hits: Number(row.hits),
        resetAt: Number(row.window_end),
        resetInMs: Math.max(0, Number(row.reset_in)),
      };
    },
    async undo(key) {
      await db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key}`);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}

/** An express-rate-limit store on the shared counter; `prefix` keeps each limiter's keys apart. */
export function sharedRateLimitStore(counter: RateCounter, prefix: string): Store {
  let windowMs = 60_000;
  return {
    prefix,
    localKeys: false,
    init(options) {
      windowMs = options.windowMs;
    },
    async increment(key) {
      const { hits, resetAt } = await counter.hit(`${prefix}${key}`, windowMs);
      return { totalHits: hits, resetTime: new Date(resetAt) };
    },
    decrement: (key) => counter.undo(`${prefix}${key}`),
    resetKey: (key) => counter.reset(`${prefix}${key}`),
  };
}

/**
 * At most `requestsPerMinute` acquisitions per window (a minute) across every process sharing the counter; a call
 * over the limit waits for the next window (and tries again there), or rejects when `signal` aborts.
 */
export function createSharedRateLimiter(
  counter: RateCounter,
  key: string,
  requestsPerMinute: number,
  /** The window (a minute; tests shorten it). */
  windowMs = 60_000,
) {
  return {
    async acquire(signal?: AbortSignal): Promise<void> {
      for (;;) {
        signal?.throwIfAborted();
        const { hits, resetInMs } = await counter.hit(key, windowMs);
        if (hits <= requestsPerMinute) return;
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, resetInMs + 1);
          signal?.addEventListener(
            'abort',
            () => {
              clearTimeout(timer);
              reject(signal.reason);
            },
            { once: true },
          );
        });
      }
    },
  };
}
