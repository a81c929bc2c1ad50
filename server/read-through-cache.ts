/**
 * The read-through cache behind every hot read: org/env reads (orgs/data-cache.ts), membership roles
 * (orgs/access.ts) and resolved sessions (auth/auth.ts). Entries are refreshed ahead of their expiry: a
 * hit past half its TTL is served and reloaded in the background, so busy keys never expire under load
 * (an expiry made every request waiting on the reload: the bench's PostgreSQL tail). No value is ever
 * served past its TTL.
 */

export interface CacheOptions {
  ttlMs?: number;
  /** Age after which a hit is still served but reloaded in the background (default: half the TTL). */
  refreshAfterMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export interface ReadThroughOptions<V> extends CacheOptions {
  /** A time (ms since the epoch) a loaded value must not be served past, e.g. a session's own expiry. */
  expiresAt?: (value: V) => number | undefined;
  /** Told when a background reload fails (the caller saw the cached value and never sees the error). */
  onBackgroundError?: (error: unknown) => void;
}

export interface ReadThroughCache<V> {
  /** The cached value, or `load()`'s (shared by concurrent misses; a rejection is not cached). */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Forget one key, or everything. Loads already running are not cached and not shared afterwards. */
  invalidate(key?: string): void;
  /** Forget the keys that match (as `invalidate` does for one). */
  invalidateWhere(matches: (key: string) => boolean): void;
  /** The value a `get` would be served now from memory, without loading or refreshing anything. */
  peek(key: string): V | undefined;
  readonly size: number;
}

/**
 * Values are deep-frozen: they are shared between requests, so a caller that mutates one would change
 * what the next request sees.
 */
export function createReadThroughCache<V>(
  options: ReadThroughOptions<V> = {},
): ReadThroughCache<V> {
  const ttlMs = options.ttlMs ?? 10_000;
  const refreshAfterMs = Math.min(options.refreshAfterMs ?? ttlMs / 2, ttlMs);
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: V; until: number; refreshAt: number }>();
  const inFlight = new Map<string, Promise<V>>();
  // Bumped on every invalidation: a load that started before a change must not cache its (old) answer.
  let generation = 0;

  function start(key: string, load: () => Promise<V>): Promise<V> {
    const startedAt = generation;
    const pending: Promise<V> = load()
      .then((loaded) => {
        const value = deepFreeze(loaded);
        if (startedAt === generation && ttlMs > 0) {
          if (entries.size >= maxEntries && !entries.has(key)) {
            // Maps iterate in insertion order: drop the oldest.
            const oldest = entries.keys().next();
            if (!oldest.done) entries.delete(oldest.value);
          }
          const at = now();
          const expiresAt = options.expiresAt?.(value);
          const until =
            expiresAt !== undefined && Number.isFinite(expiresAt)
              ? Math.min(at + ttlMs, expiresAt)
              : at + ttlMs;
          entries.set(key, { value, until, refreshAt: at + refreshAfterMs });
        }
        return value;
      })
      .finally(() => {
        if (inFlight.get(key) === pending) inFlight.delete(key);
      });
    inFlight.set(key, pending);
    return pending;
  }

  function forget(key: string) {
    entries.delete(key);
    inFlight.delete(key);
  }

  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit) {
        const at = now();
        if (hit.until > at) {
          // Served as it is; reloaded once in the background. A failed reload keeps the entry until
          // its TTL, when a caller waits for a load and sees the error.
          if (hit.refreshAt <= at && !inFlight.has(key)) {
            start(key, load).catch((error: unknown) => options.onBackgroundError?.(error));
          }
          return Promise.resolve(hit.value);
        }
        entries.delete(key);
      }
      return inFlight.get(key) ?? start(key, load);
    },
    invalidate(key) {
      generation++;
      if (key === undefined) {
        entries.clear();
        inFlight.clear();
      } else {
        forget(key);
      }
    },
    invalidateWhere(matches) {
      generation++;
      for (const key of [...entries.keys(), ...inFlight.keys()]) if (matches(key)) forget(key);
    },
    peek(key) {
      const hit = entries.get(key);
      return hit && hit.until > now() ? hit.value : undefined;
    },
    get size() {
      return entries.size;
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
