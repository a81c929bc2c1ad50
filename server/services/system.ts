/** Health of the server's parts; the database check is a timed round trip. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { HealthCheck, Services } from '../trpc/context';

export function createSystemService(
  db: Db,
  now: () => Date = () => new Date(),
): Services['system'] {
  return {
    async status(): Promise<HealthCheck[]> {
      const checkedAt = now();
      const started = performance.now();
      let database: HealthCheck;
      try {
        await db.execute(sql`select 1`);
        database = {
          name: 'database',
          ok: true,
          latencyMs: Math.round((performance.now() - started) * 100) / 100,
          lastError: null,
          checkedAt,
        };
      } catch (error) {
        database = {
          name: 'database',
          ok: false,
          latencyMs: null,
          lastError: error instanceof Error ? error.message : String(error),
          checkedAt,
        };
      }
      return [{ name: 'server', ok: true, latencyMs: 0, lastError: null, checkedAt }, database];
    },
  };
}
