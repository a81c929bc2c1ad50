/**
 * Opens the database: PostgreSQL through node-postgres when a URL is given, else embedded PGlite persisted
 * under a data folder, on a worker thread of its own (pglite-thread.ts). All come back as one `Db` type
 * (pg-core), so services never know which it is. Only the driver in use is loaded (node-postgres.ts or
 * pglite.ts): the other one would only take room in the server's heap.
 */
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { PGliteThread } from './pglite-thread';
import type * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: what helpers that may run inside a transaction accept. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Rows of `db.execute`, whichever driver answered (node-postgres wraps them, PGlite's thread does not). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export const DEFAULT_DATA_DIR = '.data/pglite';
/** PGlite's in-memory mode; tests use it so each file gets a fresh, throw-away database. */
export const IN_MEMORY = 'memory://';

/** The driver-specific handle, kept for the migrator (each driver has its own). */
export type DriverHandle =
  | { driver: 'pglite'; db: PgliteDatabase<Schema>; client: PGlite | PGliteThread }
  | { driver: 'node-postgres'; db: NodePgDatabase<Schema>; client: pg.Pool };

export interface Database {
  db: Db;
  driver: DriverHandle['driver'];
  handle: DriverHandle;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL (DATABASE_URL); when set, PGlite is not used. */
  url?: string | undefined;
  /** PGlite data folder (default `.data/pglite`); `memory://` keeps it in memory. */
  dataDir?: string | undefined;
  /** node-postgres pool size. */
  poolMax?: number | undefined;
}

export async function createDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const { nodePostgresDatabase } = await import('./node-postgres');
    return nodePostgresDatabase(options.url, options.poolMax ?? 10);
  }
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  const [{ pgliteDatabase }, { PGliteThread }] = await Promise.all([
    import('./pglite'),
    import('./pglite-thread'),
  ]);
  return pgliteDatabase(new PGliteThread(dataDir));
}
