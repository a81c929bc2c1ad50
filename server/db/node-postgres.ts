/** PostgreSQL through node-postgres: loaded only when DATABASE_URL is set (client.ts). */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './client';
import * as schema from './schema';

/**
 * A request waits at most this long for a connection (then fails as "database unavailable", 503) instead
 * of hanging while PostgreSQL is down.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

export function nodePostgresDatabase(
  url: string,
  poolMax: number,
  onIdleError: (error: Error) => void = () => undefined,
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle connection that PostgreSQL ends (a restart) is an 'error' event on the pool: without a
  // listener it would end the process. The pool drops that connection and opens another when asked.
  pool.on('error', onIdleError);
  const db = drizzle({ client: pool, schema });
  return {
    db,
    driver: 'node-postgres',
    handle: { driver: 'node-postgres', db, client: pool },
    close: () => pool.end(),
  };
}
