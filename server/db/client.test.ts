import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './client';
import { migrateDatabase } from './migrate';
import { orgs } from './schema';
import { describeEachDriver } from './test-db';

describe('PGlite persistence', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('data written before close is there after reopening the data folder', async () => {
    const dataDir = path.join(dir, 'pglite');
    const first = await createDatabase({ dataDir });
    expect(first.driver).toBe('pglite');
    await migrateDatabase(first);
    await first.db.insert(orgs).values({ id: 'org_persist', slug: 'persist', name: 'Persist' });
    await first.close();

    const second = await createDatabase({ dataDir });
    await migrateDatabase(second); // already applied: a no-op
    const rows = await second.db.select().from(orgs).where(eq(orgs.id, 'org_persist'));
    expect(rows).toMatchObject([{ slug: 'persist', name: 'Persist', verified: false }]);
    await second.close();
  }, 120_000);
});

describeEachDriver('migrations', (get) => {
  it('apply once and record themselves; re-running is a no-op', async () => {
    const database = get();
    await migrateDatabase(database);
    const result = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const rows = (result as unknown as { rows: { n: number }[] }).rows;
    expect(rows[0]?.n).toBeGreaterThanOrEqual(1);
  });
});
