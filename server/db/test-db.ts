/**
 * Test databases: in-memory PGlite always, and a throw-away database on a real PostgreSQL when
 * TEST_DATABASE_URL is set (scripts/pg-test-db.sh prints one). Suites run once per driver.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { createDatabase, type Database } from './client';
import { dropForced } from './drop-database';
import { migrateDatabase, MIGRATIONS_FOLDER } from './migrate';
import { pgliteDatabase } from './pglite';

export type TestDriver = 'pglite' | 'postgres';

/**
 * Under CI the PostgreSQL leg is required: a run without TEST_DATABASE_URL (scripts/pg-test-db.sh found
 * no PostgreSQL and printed nothing) must fail, not quietly test PGlite only.
 */
export function requireTestDatabaseUrlInCi(env: NodeJS.ProcessEnv = process.env): void {
  const ci = ['true', '1'].includes((env.CI ?? '').trim().toLowerCase());
  if (ci && !env.TEST_DATABASE_URL?.trim()) {
    throw new Error(
      'CI is set but TEST_DATABASE_URL is empty: the data-layer tests must also run on PostgreSQL. ' +
        'Install it (apt-get install -y postgresql) and run `npm run test:unit:pg`, which sets ' +
        'TEST_DATABASE_URL from scripts/pg-test-db.sh.',
    );
  }
}
requireTestDatabaseUrlInCi();

export const TEST_DRIVERS: TestDriver[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** A migrated, empty database that nothing else uses; `close()` also drops a PostgreSQL one. */
export async function openTestDatabase(driver: TestDriver = 'pglite'): Promise<Database> {
  if (driver === 'pglite') return openPgliteFromTemplate();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set.');
  const name = `beacon_t_${randomBytes(6).toString('hex')}`;
  const template = await postgresTemplate(adminUrl);
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const database = await createDatabase({ url: databaseUrl(adminUrl, name), poolMax: 4 });
  // The template is migrated already, so this finds every migration applied (and proves it).
  await migrateDatabase(database);
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(adminUrl, (admin) => dropForced(admin, name));
    },
  };
}

/**
 * An empty database that nothing else uses, with no migration applied (for tests of a migration over
 * data written before it); `close()` also drops a PostgreSQL one.
 */
export async function openEmptyTestDatabase(driver: TestDriver = 'pglite'): Promise<Database> {
  if (driver === 'pglite') return pgliteDatabase(new PGlite());
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set.');
  const name = `beacon_t_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const database = await createDatabase({ url: databaseUrl(adminUrl, name), poolMax: 2 });
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(adminUrl, (admin) => dropForced(admin, name));
    },
  };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let templateName: Promise<string> | undefined;

/**
 * A migrated database that test databases are copied from (`CREATE DATABASE … TEMPLATE`), named after
 * the migrations' content like the PGlite template: copying it is much faster than migrating each
 * test database. The first test file to need it builds it under a temporary name and renames it when
 * complete, holding an advisory lock so parallel files build it once; a template is never connected
 * to afterwards (PostgreSQL refuses to copy a database with connections).
 */
function postgresTemplate(adminUrl: string): Promise<string> {
  templateName ??= (async () => {
    const name = `beacon_tpl_${path.basename(await templateFile(), '.tar')}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY.toString()]);
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        name,
      ]);
      if (!rowCount) {
        const partial = `beacon_tpl_part_${randomBytes(6).toString('hex')}`;
        await client.query(`CREATE DATABASE ${partial}`);
        try {
          const database = await createDatabase({
            url: databaseUrl(adminUrl, partial),
            poolMax: 2, // the migrator holds one connection for its lock and runs on another
          });
          try {
            await migrateDatabase(database);
          } finally {
            await database.close();
          }
          await client.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
        } catch (error) {
          await dropForced(client, partial).catch(() => undefined);
          throw error;
        }
      }
    } finally {
      await client.end(); // also releases the advisory lock
    }
    return name;
  })();
  templateName.catch(() => {
    templateName = undefined;
  });
  return templateName;
}

/** The advisory lock's key while a test template is built (any bigint unique to this purpose). */
const TEMPLATE_LOCK_KEY = 6_212_567_012n;

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

const TEMPLATE_DIR = path.resolve('node_modules/.cache/beacon-test-pglite');

/** Keyed by the migrations' content, so a new migration makes a new template. */
async function templateFile(): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else hash.update(entry.name).update(await readFile(full));
    }
  };
  await walk(MIGRATIONS_FOLDER);
  return path.join(TEMPLATE_DIR, `${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * A fresh in-memory PGlite. Creating one runs initdb in WebAssembly (seconds on a busy machine); loading
 * a dump of an already-migrated one is several times faster, so the first test file saves a template.
 * The dump is kept uncompressed (42 MB on disk, in the page cache after the first file): loading it
 * takes about 430 ms against 600–730 ms for the gzip one, on a quiet machine (docs/benchmarks/ci.md).
 */
async function openPgliteFromTemplate(): Promise<Database> {
  const file = await templateFile();
  const template = await readFile(file).catch(() => null);
  if (template) {
    const database = pgliteDatabase(new PGlite({ loadDataDir: new Blob([template]) }));
    await migrateDatabase(database);
    return database;
  }
  const client = new PGlite();
  const database = pgliteDatabase(client);
  await migrateDatabase(database);
  const dump = await client.dumpDataDir('none');
  await mkdir(TEMPLATE_DIR, { recursive: true });
  // Write then rename, so a parallel test file never reads half a template.
  const partial = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return database;
}
