/** Rate-limit counters every process shares. */
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters every process shares (server/rate-limits.ts): one row per key (a client's
 * address for sign-in, an AI vendor for model calls) holding the current fixed window's start (ms since
 * the epoch, PostgreSQL's clock) and its hit count. A hit in a later window restarts the count.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    /** When the window ends (ms since the epoch): rows past it are swept. */
    windowEnd: bigint('window_end', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limits_window_end_idx').on(t.windowEnd)],
);
