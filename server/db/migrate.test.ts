import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { createDatabase } from './client';
import { migrateDatabase, MIGRATIONS_FOLDER } from './migrate';

const adminUrl = process.env.TEST_DATABASE_URL;

it.skipIf(!adminUrl)(
  'four processes starting together on a fresh PostgreSQL database all start, and each migration runs once [postgres]',
  async () => {
    const name = `beacon_m_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const processes = await Promise.all(
      [1, 2, 3, 4].map(() => createDatabase({ url: url.toString(), poolMax: 2 })),
    );
    try {
      const results = await Promise.allSettled(processes.map((p) => migrateDatabase(p)));
      expect(results.map((r) => r.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);

      const journal = JSON.parse(
        readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const admin2 = new pg.Client({ connectionString: url.toString() });
      await admin2.connect();
      const { rows } = await admin2
        .query<{ runs: number }>(
          'select count(*)::int as runs from drizzle.__drizzle_migrations group by hash',
        )
        .finally(() => admin2.end());
      expect(rows).toHaveLength(journal.entries.length);
      expect(rows.every((row) => row.runs === 1)).toBe(true);
    } finally {
      await Promise.all(processes.map((p) => p.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  },
  120_000,
);
