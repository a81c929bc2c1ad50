/**
 * Backups as docs/operations.md says to take them: a seeded database on a PostgreSQL of this test's
 * own (tests/support/throwaway-postgres.ts) is dumped with `pg_dump -Fc` and restored with
 * `pg_restore` into a new database. Beacon opens the restored one (its migrations find nothing to do,
 * the job queue opens its tables), a person signed in before the dump reads the same orgs, products
 * and monitoring results through the HTTP server, and the stored API client secret decrypts with the
 * key kept beside the backup, and with no other.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTRPCClient, httpLink } from '@trpc/client';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '~/server/app';
import { createDatabase, type Database } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { b2cApiClients, catalogProducts } from '~/server/db/schema';
import { apiClientSecretContext } from '~/server/instances/service';
import { startJobs } from '~/server/jobs/runtime';
import { developmentAuth, insertSession } from '~/server/local-stack';
import { createLogger } from '~/server/log';
import { monitoringRunAt } from '~/server/monitoring/test-support';
import { ENCRYPTED_COLUMNS } from '~/server/secret-rotation';
import { createSecrets, type Secrets } from '~/server/secrets';
import { seed } from '~/server/seed';
import { SEED_API_CLIENT, SEED_ENVS, SEED_ORGS, SEED_USERS } from '~/server/seed-data';
import { createServices } from '~/server/services';
import { noopJob } from '~/server/system/jobs';
import { fakeGateway } from '~/server/test-support';
import type { AppRouter } from '~/server/trpc/router';
import {
  postgresBinDir,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../support/throwaway-postgres';

const run = promisify(execFile);
const logger = createLogger({ level: 'silent' });
const bin = postgresBinDir();
const ci = ['true', '1'].includes((process.env.CI ?? '').trim().toLowerCase());
// CI installs PostgreSQL for the data-layer tests: there the backup test must run, not skip.
if (!bin && ci) {
  throw new Error('CI is set but PostgreSQL is not installed: the backup test needs pg_dump.');
}

const scope = { orgId: SEED_ORGS.acme.id, envId: SEED_ENVS.acmeProd.id };

/** Beacon's HTTP server over a database, as `npm start` builds it (no simulators, no workers). */
async function serve(database: Database, secrets: Secrets) {
  const auth = developmentAuth({ db: database.db, logger, devIdpIssuer: 'http://127.0.0.1:9' });
  const services = createServices({ db: database.db, b2c: fakeGateway().gateway, secrets });
  const running: RunningServer = await createServer({
    config: { publicUrl: undefined, isDevelopment: false, trustProxy: false },
    services,
    auth,
    logger,
    host: '127.0.0.1',
    port: 0,
  });
  return { running, cookieName: auth.sessionCookieName };
}

/** What a signed-in person reads: their orgs, the env's products and its monitoring results. */
async function figures(url: string, cookie: string) {
  const trpc = createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${url}/trpc`, transformer: superjson, headers: { cookie } })],
  });
  const [orgs, products, results, prompt] = await Promise.all([
    trpc.orgs.allOrgsForUser.query(),
    trpc.products.list.query(scope),
    trpc.monitoring.results.query(scope),
    trpc.monitoring.prompt.query({ ...scope, promptKey: 'p-bags' }),
  ]);
  return {
    orgs: orgs.map((o) => o.slug).sort(),
    products: products.total,
    results,
    answers: prompt.samples.map((s) => s.answer),
  };
}

async function migrationsApplied(database: Database): Promise<number> {
  const result = await database.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as {
    n: number;
  }[];
  return Number(rows[0]!.n);
}

describe.skipIf(!bin)(
  bin
    ? 'backups: pg_dump and pg_restore'
    : 'backups: pg_dump and pg_restore (skipped: PostgreSQL is not installed under /usr/lib/postgresql)',
  () => {
    let cluster: ThrowawayPostgres;
    let dir: string;
    const key = randomBytes(32);
    const secrets = createSecrets(key);
    let cookie: string;
    let before: Awaited<ReturnType<typeof figures>>;
    let restoredUrl: string;

    beforeAll(async () => {
      cluster = await startThrowawayPostgres();
      dir = mkdtempSync(path.join(tmpdir(), 'beacon-backup-'));

      // The database to back up: the demo data (its API client secret encrypted under `key`), a few
      // catalogue products, a finished monitoring run, and the job queue's own tables.
      const source = await createDatabase({ url: cluster.url, poolMax: 4 });
      try {
        await migrateDatabase(source);
        await seed(source.db, { secrets });
        await source.db.insert(catalogProducts).values(
          ['BAG-1', 'COAT-2', 'HAT-3'].map((id) => ({
            envId: scope.envId,
            b2cProductId: id,
            type: 'item' as const,
            online: true,
            name: { default: `Product ${id}` },
            document: { id },
            syncedAt: new Date(),
          })),
        );
        await monitoringRunAt(source.db, scope, new Date(Date.now() - 60 * 60_000));
        const jobs = await startJobs({ database: source, definitions: [noopJob], logger });
        await jobs.stop(1_000);

        // Signed in before the backup: the session is a row, and comes back with the restore.
        const server = await serve(source, secrets);
        try {
          cookie = `${server.cookieName}=${await insertSession(source.db, SEED_USERS.maya.id)}`;
          before = await figures(server.running.url, cookie);
        } finally {
          await server.running.close();
        }
      } finally {
        await source.close();
      }

      const dump = path.join(dir, 'beacon.dump');
      const connection = ['-h', '127.0.0.1', '-p', String(cluster.port), '-U', 'postgres'];
      await run(path.join(bin!, 'pg_dump'), [...connection, '-Fc', '-d', 'beacon', '-f', dump]);
      expect(statSync(dump).size).toBeGreaterThan(0);

      const admin = new pg.Client({
        connectionString: `postgres://postgres@127.0.0.1:${cluster.port}/postgres`,
      });
      await admin.connect();
      await admin.query('CREATE DATABASE beacon_restored');
      await admin.end();
      await run(path.join(bin!, 'pg_restore'), [
        ...connection,
        '--exit-on-error',
        '-d',
        'beacon_restored',
        dump,
      ]);
      restoredUrl = cluster.url.replace(/\/beacon$/, '/beacon_restored');
    }, 180_000);

    afterAll(async () => {
      await cluster?.destroy();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    it('has something to compare: the seeded figures', () => {
      expect(before.orgs).toEqual(expect.arrayContaining([SEED_ORGS.acme.slug]));
      expect(before.products).toBe(3);
      expect(before.results.overall?.mentionRate.n).toBe(12);
      expect(before.answers).toHaveLength(6);
    });

    it('starts Beacon on the restored database and reads the same figures', async () => {
      const restored = await createDatabase({ url: restoredUrl, poolMax: 4 });
      try {
        // Migrations at start find every one applied.
        const applied = await migrationsApplied(restored);
        await migrateDatabase(restored);
        expect(await migrationsApplied(restored)).toBe(applied);
        // The job queue opens its restored tables.
        const jobs = await startJobs({ database: restored, definitions: [noopJob], logger });
        await jobs.stop(1_000);

        const server = await serve(restored, secrets);
        try {
          expect(await figures(server.running.url, cookie)).toEqual(before);
          // Signing in afresh works too.
          const fresh = `${server.cookieName}=${await insertSession(restored.db, SEED_USERS.maya.id)}`;
          expect((await figures(server.running.url, fresh)).products).toBe(3);
        } finally {
          await server.running.close();
        }
      } finally {
        await restored.close();
      }
    });

    it('decrypts the stored API client secret with the key kept beside the backup, and with no other', async () => {
      const restored = await createDatabase({ url: restoredUrl, poolMax: 2 });
      try {
        const [client] = await restored.db
          .select({ ciphertext: b2cApiClients.secretCiphertext })
          .from(b2cApiClients)
          .where(eq(b2cApiClients.orgId, SEED_API_CLIENT.orgId));
        const context = apiClientSecretContext(SEED_API_CLIENT.orgId);
        expect(secrets.decrypt(client!.ciphertext!, context)).toBe(SEED_API_CLIENT.secret);
        // A process started with the same key (BEACON_SECRET_KEY) reads it the same way.
        expect(createSecrets(Buffer.from(key)).decrypt(client!.ciphertext!, context)).toBe(
          SEED_API_CLIENT.secret,
        );
        expect(() => createSecrets(randomBytes(32)).decrypt(client!.ciphertext!, context)).toThrow(
          /a key Beacon no longer has/,
        );
        // Every encrypted column's ciphertexts (the list secrets:rotate keeps) read back.
        let read = 0;
        for (const column of ENCRYPTED_COLUMNS) {
          for (const stored of await column.read(restored.db)) {
            expect(() => secrets.decrypt(stored.ciphertext, stored.context)).not.toThrow();
            read += 1;
          }
        }
        expect(read).toBeGreaterThan(0);
      } finally {
        await restored.close();
      }
    });
  },
);
