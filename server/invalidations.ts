/**
 * Cache invalidations across processes. A process that forgets a cached session, membership role, org
 * or env list (after its own write) also sends the key on one NOTIFY channel; every other process on the
 * database forgets it too, within the time a notification takes (milliseconds). When a process's listening
 * connection comes back after a drop it forgets everything those caches hold, since notifications sent
 * meanwhile are lost (server/db/notify.ts).
 */
import { randomBytes } from 'node:crypto';
import type { NotifyBus } from './db/notify';
import { metrics } from './metrics';

export const CACHE_CHANGED_CHANNEL = 'beacon_cache_changed';

/** The caches whose entries other processes must forget. */
export type CacheName = 'sessions' | 'roles' | 'orgs' | 'envs';

export interface Invalidations {
  /** Tells the other processes to forget `key` of the cache (every key when absent). Never throws. */
  publish(cache: CacheName, key?: string): void;
  /**
   * Calls `forget(key)` for the cache's keys other processes published, and `forget(undefined)` (forget
   * everything) when their messages may have been missed.
   */
  on(cache: CacheName, forget: (key: string | undefined) => void): () => void;
}

/** One process (PGlite, tests of one service): nothing to tell anyone. */
export const LOCAL_INVALIDATIONS: Invalidations = {
  publish() {},
  on: () => () => undefined,
};

const CACHE_NAMES: readonly CacheName[] = ['sessions', 'roles', 'orgs', 'envs'];

interface Message {
  /** The sending process (its own messages are skipped: it has already forgotten the key). */
  from: string;
  cache: CacheName;
  key?: string;
}

export function createInvalidations(
  bus: NotifyBus,
  options: { onPublishError?: (error: unknown) => void } = {},
): Invalidations {
  const self = randomBytes(8).toString('hex');
  const handlers = new Map<CacheName, Set<(key: string | undefined) => void>>();
  const each = (cache: CacheName, key: string | undefined) => {
    for (const forget of handlers.get(cache) ?? []) forget(key);
  };
  bus.subscribe(
    CACHE_CHANGED_CHANNEL,
    (payload) => {
      const message = parse(payload);
      if (message && message.from !== self) {
        metrics.cacheInvalidation(message.cache, 'received');
        each(message.cache, message.key);
      }
    },
    () => {
      for (const cache of CACHE_NAMES) each(cache, undefined);
    },
  );
  return {
    publish(cache, key) {
      const message: Message = { from: self, cache, ...(key === undefined ? {} : { key }) };
      metrics.cacheInvalidation(cache, 'published');
      bus
        .publish(CACHE_CHANGED_CHANNEL, JSON.stringify(message))
        .catch((error: unknown) => options.onPublishError?.(error));
    },
    on(cache, forget) {
      let set = handlers.get(cache);
      if (!set) handlers.set(cache, (set = new Set()));
      set.add(forget);
      return () => set.delete(forget);
    },
  };
}

function parse(payload: string): Message | null {
  try {
    const value = JSON.parse(payload) as Partial<Message>;
    if (typeof value.from !== 'string' || !CACHE_NAMES.includes(value.cache as CacheName)) {
      return null;
    }
    return {
      from: value.from,
      cache: value.cache as CacheName,
      ...(typeof value.key === 'string' ? { key: value.key } : {}),
    };
  } catch {
    return null;
  }
}
