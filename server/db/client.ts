/**
 * Opens the database: PostgreSQL through node-postgres when a URL is given, else embedded PGlite persisted
 * under a data folder, on a worker thread of its own (pglite-thread.ts). All come back as one `Db` type
 * (pg-core), so services never know which it is.
 */
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PGliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: what helpers that may run inside a transaction accept. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

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

export function createDatabase(options: DatabaseOptions = {}): Database {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax ?? 10 });
    const db = drizzleNodePg({ client: pool, schema });
    return {
      db,
      driver: 'node-postgres',
      handle: { driver: 'node-postgres', db, client: pool },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  return pgliteDatabase(new PGliteThread(dataDir));
}

/** Wraps an open PGlite (tests load one from a migrated template) or one on its worker thread. */
export function pgliteDatabase(client: PGlite | PGliteThread): Database {
  // Drizzle's PGlite driver and migrator call only `query` and `transaction` (whose client has `query`
  // and `exec`); PGliteThread has those, with the same behaviour (pglite-thread.test.ts).
  const db = drizzlePglite({ client: client as PGlite, schema });
  return {
    db,
    driver: 'pglite',
    handle: { driver: 'pglite', db, client },
    close: () => client.close(),
  };
}
