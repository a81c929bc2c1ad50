/** PostgreSQL through node-postgres: loaded only when DATABASE_URL is set (client.ts). */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './client';
import * as schema from './schema';

export function nodePostgresDatabase(url: string, poolMax: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  const db = drizzle({ client: pool, schema });
  return {
    db,
    driver: 'node-postgres',
    handle: { driver: 'node-postgres', db, client: pool },
    close: () => pool.end(),
  };
}
