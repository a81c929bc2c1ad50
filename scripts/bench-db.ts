/**
 * What the database benches share: running a measurement on PGlite and on a throw-away PostgreSQL
 * database (on the cluster scripts/pg-test-db.sh starts; a row says "not measured" when there is
 * none), or on PostgreSQL only. Rows are reported with bench-report.ts.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database, IN_MEMORY } from '~/server/db/client';
import { dropForced } from '~/server/db/drop-database';
import type { BenchRow } from './bench-report';

/** A throw-away database on the local PostgreSQL, or null (with the reason) when there is none. */
function adminUrl(): string | null {
  try {
    return execFileSync('scripts/pg-test-db.sh', { encoding: 'utf8' }).trim() || null;
  } catch (error) {
    process.stderr.write(`PostgreSQL skipped: ${(error as Error).message.split('\n')[0]}\n`);
    return null;
  }
}

async function withAdmin(url: string, run: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs `bench` on an in-memory PGlite, then on a fresh PostgreSQL database when there is one;
 * `BENCH_DATABASE=pglite` or `=postgresql` measures one of them.
 */
export async function onEachDatabase(
  bench: (name: 'PGlite' | 'PostgreSQL', database: Database) => Promise<BenchRow[]>,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const only = process.env.BENCH_DATABASE?.toLowerCase();
  if (only !== 'postgresql') {
    const pglite = await createDatabase({ dataDir: IN_MEMORY });
    try {
      rows.push(...(await bench('PGlite', pglite)));
    } finally {
      await pglite.close();
    }
  }
  if (only === 'pglite') return rows;
  const measured = await onPostgres((database) => bench('PostgreSQL', database));
  rows.push(
    ...(measured ?? [
      { case: 'all', database: 'PostgreSQL', figure: 'not measured', goal: '', met: null },
    ]),
  );
  return rows;
}

/**
 * Runs `bench` on a fresh database of the local PostgreSQL, dropped after; null (the reason on
 * stderr) when there is none.
 */
export async function onPostgres<T>(bench: (database: Database) => Promise<T>): Promise<T | null> {
  const admin = adminUrl();
  if (!admin) return null;
  const name = `beacon_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin(admin, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await createDatabase({ url: url.toString(), poolMax: 10 });
  try {
    return await bench(database);
  } finally {
    await database.close();
    await withAdmin(admin, (client) => dropForced(client, name));
  }
}
