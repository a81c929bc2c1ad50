/**
 * Call limits per person and per org on tRPC (docs/security.md, rule 6), in fixed windows of a minute.
 * Every procedure counts in the `call` class; those that start model work or call the customer's
 * instance say so in their meta (`{ limit: 'model' }`, `{ limit: 'instance' }`) and count in a
 * stricter class instead. The guards of server/trpc/trpc.ts count in the step they already take.
 *
 * Cheap calls are counted in this process's memory: two map lookups, no await, nothing on the
 * database (with N processes a person may make up to N times the limit; the limit is for abuse, not
 * for billing). The strict classes count in the shared PostgreSQL store (server/rate-limits.ts,
 * `rate_limits`) when the process has one, so every process holds one limit; on PGlite (one process)
 * they are counted in memory too. See docs/decisions/0034-spend-budget-and-rate-limits.md.
 */
import { DomainError } from '~/domain/shared/errors';
import {
  type LimitClass,
  type LimitScope,
  RATE_LIMIT_WINDOW_MS,
  rateLimitedMessage,
} from '~/domain/shared/rate-limits';
import type { RateCounter } from '~/server/rate-limits';

/** Calls per minute; 0 is no limit. */
export interface ClassLimit {
  perUser: number;
  perOrg: number;
}
export type CallLimitsConfig = Record<LimitClass, ClassLimit>;

/**
 * The server's defaults (RATE_LIMIT_CALLS, RATE_LIMIT_MODEL_CALLS, RATE_LIMIT_INSTANCE_CALLS change
 * them): a screen batches two to four calls, so 1,200 a minute is a person clicking as fast as they
 * can for a minute with room to spare; model work and instance calls are a handful a minute.
 */
export const DEFAULT_CALL_LIMITS: CallLimitsConfig = {
  call: { perUser: 1_200, perOrg: 6_000 },
  model: { perUser: 20, perOrg: 60 },
  instance: { perUser: 30, perOrg: 120 },
};

/** A call over its limit: TOO_MANY_REQUESTS with reason `rate-limited`; the answer carries Retry-After. */
export class RateLimitError extends DomainError {
  constructor(
    readonly scope: LimitScope,
    readonly limitClass: LimitClass,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', rateLimitedMessage(scope, limitClass, retryAfterSeconds), 'rate-limited');
  }
}

export interface CallLimits {
  /**
   * Counts one call by `userId` (and in `orgId`, when the procedure names an org) and throws a
   * RateLimitError when either is over its limit. Answers synchronously (undefined) when it counts in
   * memory, so the request path awaits nothing for cheap calls.
   */
  check(limitClass: LimitClass, userId: string, orgId: string | null): Promise<void> | undefined;
}

/** No limits: the services' default where no process configured any (tests, scripts). */
export const NO_CALL_LIMITS: CallLimits = { check: () => undefined };

/** Fixed windows in this process's memory: key → the current window's start and hits. */
export function createMemoryWindows(windowMs: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; hits: number }>();
  let swept = 0;
  return {
    /** Counts a hit on `key`; answers the hits of the current window, this one included. */
    hit(key: string): number {
      const t = now();
      const start = t - (t % windowMs);
      if (start !== swept) {
        // A new window: every older one is over. Once per window, not per call.
        for (const [k, w] of windows) if (w.start < start) windows.delete(k);
        swept = start;
      }
      const window = windows.get(key);
      if (window && window.start === start) return ++window.hits;
      windows.set(key, { start, hits: 1 });
      return 1;
    },
    /** Seconds until the current window ends. */
    retryAfterSeconds(): number {
      const t = now();
      return (windowMs - (t % windowMs)) / 1000;
    },
    get size() {
      return windows.size;
    },
  };
}

export function createCallLimits(
  config: CallLimitsConfig,
  options: {
    /** The shared store (PostgreSQL); absent, the strict classes count in memory as well. */
    sharedCounter?: RateCounter;
    windowMs?: number;
    now?: () => number;
  } = {},
): CallLimits {
  const windowMs = options.windowMs ?? RATE_LIMIT_WINDOW_MS;
  // One map per class and scope: the keys are the ids themselves, no string built per call.
  const memory = {
    call: {
      user: createMemoryWindows(windowMs, options.now),
      org: createMemoryWindows(windowMs, options.now),
    },
    model: {
      user: createMemoryWindows(windowMs, options.now),
      org: createMemoryWindows(windowMs, options.now),
    },
    instance: {
      user: createMemoryWindows(windowMs, options.now),
      org: createMemoryWindows(windowMs, options.now),
    },
  } satisfies Record<LimitClass, Record<LimitScope, ReturnType<typeof createMemoryWindows>>>;
  const shared = options.sharedCounter;

  function inMemory(limitClass: LimitClass, userId: string, orgId: string | null): void {
    const limit = config[limitClass];
    const windows = memory[limitClass];
    if (limit.perUser > 0 && windows.user.hit(userId) > limit.perUser) {
      throw new RateLimitError('user', limitClass, windows.user.retryAfterSeconds());
    }
    if (orgId !== null && limit.perOrg > 0 && windows.org.hit(orgId) > limit.perOrg) {
      throw new RateLimitError('org', limitClass, windows.org.retryAfterSeconds());
    }
  }

  async function inStore(
    counter: RateCounter,
    limitClass: LimitClass,
    userId: string,
    orgId: string | null,
  ): Promise<void> {
    const limit = config[limitClass];
    // The person first: one person's calls over their own limit do not use up their org's.
    if (limit.perUser > 0) {
      const { hits, resetInMs } = await counter.hit(`limit:${limitClass}:user:${userId}`, windowMs);
      if (hits > limit.perUser) throw new RateLimitError('user', limitClass, resetInMs / 1000);
    }
    if (orgId !== null && limit.perOrg > 0) {
      const { hits, resetInMs } = await counter.hit(`limit:${limitClass}:org:${orgId}`, windowMs);
      if (hits > limit.perOrg) throw new RateLimitError('org', limitClass, resetInMs / 1000);
    }
  }

  return {
    check(limitClass, userId, orgId) {
      if (shared && limitClass !== 'call') return inStore(shared, limitClass, userId, orgId);
      inMemory(limitClass, userId, orgId);
      return undefined;
    },
  };
}
