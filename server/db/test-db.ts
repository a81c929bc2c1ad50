/**
 * Test databases: in-memory PGlite always, and a throw-away database on a real PostgreSQL when
 * TEST_DATABASE_URL is set (scripts/pg-test-db.sh prints one). Suites run once per driver.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { createDatabase, IN_MEMORY, type Database } from './client';
import { migrateDatabase } from './migrate';

export type TestDriver = 'pglite' | 'postgres';

export const TEST_DRIVERS: TestDriver[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** A migrated, empty database that nothing else uses; `close()` also drops a PostgreSQL one. */
export async function openTestDatabase(driver: TestDriver = 'pglite'): Promise<Database> {
  if (driver === 'pglite') {
    const database = createDatabase({ dataDir: IN_MEMORY });
    await migrateDatabase(database);
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set.');
  const name = `beacon_t_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = createDatabase({ url: url.toString(), poolMax: 4 });
  await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(adminUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

async function withAdmin(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs a suite once per available driver, each on its own fresh database (opened before the suite,
 * closed after). `setup` runs once after opening, e.g. to seed.
 */
export function describeEachDriver(
  name: string,
  suite: (get: () => Database, driver: TestDriver) => void,
  setup?: (database: Database) => Promise<void>,
): void {
  describe.each(TEST_DRIVERS)(`${name} [%s]`, (driver) => {
    let database: Database | undefined;
    beforeAll(async () => {
      database = await openTestDatabase(driver);
      await setup?.(database);
    }, 60_000);
    afterAll(async () => {
      await database?.close();
    });
    suite(() => {
      if (!database) throw new Error('The test database is not open yet.');
      return database;
    }, driver);
  });
}
