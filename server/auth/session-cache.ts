/**
 * A short-lived cache of resolved sessions, keyed by the session cookie's value. Every tRPC call needs
 * the user; asking Auth.js (one internal request + two queries) each time costs most of a batch's
 * budget. Entries live a few seconds, never past the session's expiry, and sign-out drops them.
 */
import type { SessionUser } from '../../domain/entities';

interface Entry {
  user: SessionUser | null;
  until: number;
}

export interface SessionCache {
  get(token: string): SessionUser | null | undefined;
  set(token: string, user: SessionUser | null, expires?: Date): void;
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
    set(token, user, expires) {
      if (ttlMs <= 0) return;
      const expiresAt = expires?.getTime();
      const until = Math.min(
        now() + ttlMs,
        expiresAt !== undefined && Number.isFinite(expiresAt) ? expiresAt : Infinity,
      );
      if (entries.size >= maxEntries) {
        // Maps iterate in insertion order: drop the oldest.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(token, { user, until });
    },
    delete(token) {
      entries.delete(token);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
