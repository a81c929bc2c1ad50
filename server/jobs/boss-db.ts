/**
 * How pg-boss reaches the database. On PostgreSQL (DATABASE_URL) it opens its own `pg` pool; on PGlite
 * it goes through the one connection Drizzle uses, via this adapter, in the order calls arrive: the
 * worker thread's gate keeps each pg-boss block (several statements, often its own BEGIN … COMMIT)
 * whole, and keeps it out of a Drizzle transaction that is open, and vice versa
 * (docs/decisions/0021-background-jobs.md).
 */
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { ConstructorOptions, Db as IDatabase } from 'pg-boss';
import type { Database, DbOrTx } from '~/server/db/client';
import { PGliteThread } from '~/server/db/pglite-thread';

/** The schema pg-boss installs its tables in. */
export const BOSS_SCHEMA = 'pgboss';

type Rows = { rows: unknown[] };

/** What the adapter needs of PGlite: the thread (the server) or an in-process PGlite (tests). */
export type PGliteClient = PGlite | PGliteThread;

/**
 * pg-boss's `db` over PGlite, answering like `pg`: a parameterised statement → `{ rows }`; SQL without
 * parameters may hold several statements → `{ rows }` for one, one `{ rows }` per statement for more
 * (pg-boss reads the rows of every statement of a block, e.g. an advisory lock's before the COMMIT).
 */
export function pgliteBossDb(client: PGliteClient): IDatabase {
  const execBlock =
    client instanceof PGliteThread
      ? (sql: string) => client.execBlock(sql)
      : // An in-process PGlite (tests) has no gate of ours: roll back after a failed block as soon as
        // the failure is seen. Only the server runs on the thread, where nothing can slip in between.
        async (sql: string) => {
          try {
            return await client.exec(sql);
          } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw error;
          }
        };
  return {
    async executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
      if (values?.length) {
        const { rows } = await client.query(text, values);
        return { rows };
      }
      const results = await execBlock(text);
      const answers: Rows[] = results.map((r) => ({ rows: r.rows }));
      // The declared return type is pg's single result; pg itself answers an array for a block.
      return (answers.length === 1 ? answers[0]! : answers) as unknown as Rows;
    },
    // NOTIFY from any statement on this database reaches a listener on the same connection, so workers
    // wake as soon as a job is sent; there is no connection to lose, so "reconnected" fires once.
    async listen(channel, onNotification, onReconnect) {
      const unlisten = await client.listen(channel, onNotification);
      onReconnect();
      return { close: () => unlisten() };
    },
  };
}

/**
 * The connection part of pg-boss's options for the server's database: the PGlite adapter, or a small
 * pool of pg-boss's own on the same PostgreSQL (it holds one more connection to LISTEN).
 */
export function bossConnection(database: Database): ConstructorOptions {
  const { handle } = database;
  if (handle.driver === 'pglite') {
    return { db: pgliteBossDb(handle.client), backend: 'pglite', schema: BOSS_SCHEMA };
  }
  const { connectionString } = handle.client.options;
  if (!connectionString) throw new Error('The job queue needs the PostgreSQL URL of the database.');
  return { connectionString, schema: BOSS_SCHEMA, max: 4 };
}

/**
 * pg-boss's `db` for one call made inside a Drizzle transaction (`boss.insert(…, { db })`): its statement
 * runs on the transaction's connection, so the jobs commit or roll back with the rows they belong to.
 * Only single parameterised statements come this way (a job insert); their `$n` placeholders become
 * Drizzle parameters, so the statement reaches either driver through Drizzle's public `execute`.
 */
export function transactionBossDb(tx: DbOrTx): IDatabase {
  return {
    async executeSql(text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) =>
        i % 2 === 1 ? sql`${values[Number(part) - 1]}` : sql.raw(part),
      );
      const result: unknown = await tx.execute(sql.join(chunks));
      // node-postgres answers { rows }; PGlite's thread answers the rows themselves.
      return { rows: Array.isArray(result) ? result : (result as { rows: unknown[] }).rows };
    },
  };
}
