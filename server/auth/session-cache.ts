/**
 * A short-lived cache of resolved sessions, keyed by the session cookie's value. Every tRPC call needs
 * the user; asking Auth.js (one internal request + two queries) each time costs most of a batch's
 * budget. Entries live a few seconds, never past the session's expiry, and sign-out drops them. Past
 * half their life they are `due`: the caller refreshes them in the background while still using them,
 * so a session in use does not expire under a burst of requests that would all wait for the lookup.
 */
import type { SessionUser } from '../../domain/entities';

interface Entry {
  user: SessionUser | null;
  until: number;
  refreshAt: number;
}

export interface SessionCache {
  get(token: string): SessionUser | null | undefined;
  /** True when the token's entry is still served but old enough to be refreshed. */
  due(token: string): boolean;
  /** A mark to pass to `set` from a lookup: the answer is dropped if `delete`/`clear` ran since. */
  ticket(): number;
  set(token: string, user: SessionUser | null, expires?: Date, ticket?: number): void;
  delete(token: string): void;
  clear(): void;
  readonly size: number;
}

export function createSessionCache(
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): SessionCache {
  const ttlMs = options.ttlMs ?? 10_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // Bumped by delete/clear (sign-out): a lookup that started before must not put the session back.
  let generation = 0;
  return {
    get(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(token);
        return undefined;
      }
      return entry.user;
    },
    due(token) {
      const entry = entries.get(token);
      return entry !== undefined && entry.refreshAt <= now() && entry.until > now();
    },
    ticket() {
      return generation;
    },
    set(token, user, expires, ticket) {
      if (ttlMs <= 0 || (ticket !== undefined && ticket !== generation)) return;
      const expiresAt = expires?.getTime();
      const at = now();
      const until = Math.min(
        at + ttlMs,
        expiresAt !== undefined && Number.isFinite(expiresAt) ? expiresAt : Infinity,
      );
      if (entries.size >= maxEntries && !entries.has(token)) {
        // Maps iterate in insertion order: drop the oldest.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(token, { user, until, refreshAt: at + ttlMs / 2 });
    },
    delete(token) {
      generation++;
      entries.delete(token);
    },
    clear() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
