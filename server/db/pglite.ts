/** Embedded PGlite behind Drizzle's PGlite driver: loaded only when no DATABASE_URL is set (client.ts). */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database } from './client';
import type { PGliteThread } from './pglite-thread';
import * as schema from './schema';

/** Wraps an open PGlite (tests load one from a migrated template) or one on its worker thread. */
export function pgliteDatabase(client: PGlite | PGliteThread): Database {
  // Drizzle's PGlite driver and migrator call only `query` and `transaction` (whose client has `query`
  // and `exec`); PGliteThread has those, with the same behaviour (pglite-thread.test.ts).
  const db = drizzle({ client: client as PGlite, schema });
  return {
    db,
    driver: 'pglite',
    handle: { driver: 'pglite', db, client },
    close: () => client.close(),
  };
}
