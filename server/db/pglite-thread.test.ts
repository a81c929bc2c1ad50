import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, IN_MEMORY } from './client';
import { migrateDatabase } from './migrate';
import { pgliteDatabase } from './pglite';
import { PGliteThread } from './pglite-thread';
import { orgs } from './schema';

describe('PGlite on its worker thread, through Drizzle', () => {
  let database: Database;
  beforeAll(async () => {
    database = pgliteDatabase(new PGliteThread(IN_MEMORY));
    await migrateDatabase(database);
  }, 120_000);
  afterAll(() => database.close());

  /** Which of `wanted` are stored (each test writes orgs of its own). */
  const stored = async (...wanted: string[]) =>
    (
      await database.db
        .select({ id: orgs.id })
        .from(orgs)
        .where(inArray(orgs.id, wanted))
        .orderBy(orgs.id)
    ).map((o) => o.id);

  it('writes and reads rows with their types (timestamps come back as dates)', async () => {
    await database.db.insert(orgs).values({ id: 'org_a', slug: 'a', name: 'A', verified: true });
    const [row] = await database.db.select().from(orgs).where(eq(orgs.id, 'org_a'));
    expect(row).toMatchObject({ id: 'org_a', slug: 'a', name: 'A', verified: true });
    expect(row?.createdAt).toBeInstanceOf(Date);
    const counted = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orgs where id = 'org_a'`,
    );
    expect((counted as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 1 }]);
  });

  it("keeps PostgreSQL's error fields, so a unique violation is known by its code", async () => {
    await database.db.insert(orgs).values({ id: 'org_b', slug: 'b', name: 'B' });
    const duplicate = database.db.insert(orgs).values({ id: 'org_b2', slug: 'b', name: 'B2' });
    await expect(duplicate).rejects.toMatchObject({
      cause: { code: '23505', constraint: 'orgs_slug_unique' },
    });
  });

  it('commits a transaction that resolves, and rolls back one that throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(orgs).values({ id: 'org_c', slug: 'c', name: 'C' });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(orgs).values({ id: 'org_d', slug: 'd', name: 'D' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(orgs).values({ id: 'org_e', slug: 'e', name: 'E' });
        tx.rollback();
      }),
    ).rejects.toThrow(/rollback/i);
    expect(await stored('org_c', 'org_d', 'org_e')).toEqual(['org_c']);
  });

  it('keeps a query from outside waiting until an open transaction ends', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInTx = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = database.db
      .transaction(async (tx) => {
        await tx.insert(orgs).values({ id: 'org_f', slug: 'f', name: 'F' });
        inserted();
        await gate;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await insertedInTx;
    // Were this query run inside the open transaction, it would see org_f.
    const outside = stored('org_f');
    release();
    expect(await transaction).toBe('roll back');
    expect(await outside).toEqual([]);
  });

  it('rolls back a block that fails inside its own BEGIN before the next caller runs', async () => {
    const thread = database.handle.client as PGliteThread;
    const block = thread.execBlock(
      "BEGIN; INSERT INTO orgs (id, slug, name) VALUES ('org_g', 'g', 'G'); SELECT 1/0; COMMIT;",
    );
    // Sent while the block runs: it must find a usable connection, not an aborted transaction.
    const next = stored('org_g');
    await expect(block).rejects.toThrow('division by zero');
    expect(await next).toEqual([]);
    const [first, second] = await thread.execBlock('SELECT 1 AS one; SELECT 2 AS two');
    expect([first?.rows, second?.rows]).toEqual([[{ one: 1 }], [{ two: 2 }]]);
  });

  it('delivers NOTIFY payloads to listeners on the main thread until they stop listening', async () => {
    const thread = database.handle.client as PGliteThread;
    const heard: string[] = [];
    const stop = await thread.listen('beacon_test', (payload) => heard.push(payload));
    await database.db.execute(sql`select pg_notify('beacon_test', 'one')`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('beacon_test', 'two')`);
    });
    await expect.poll(() => heard).toEqual(['one', 'two']);
    await stop();
    await database.db.execute(sql`select pg_notify('beacon_test', 'three')`);
    await thread.query('select 1');
    expect(heard).toEqual(['one', 'two']);
  });

  it('refuses a parser that would change values, since it cannot run on the other thread', async () => {
    const thread = database.handle.client as PGliteThread;
    expect(() =>
      thread.query('select 1', [], { parsers: { 1184: (value: string) => new Date(value) } }),
    ).toThrow('Parser for type 1184 changes values');
  });
});

describe('PGliteThread opening and closing', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-pglite-thread-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails every call with the opening error when the data folder cannot be opened', async () => {
    const notAFolder = path.join(dir, 'file');
    writeFileSync(notAFolder, 'not a database');
    const thread = new PGliteThread(notAFolder);
    await expect(thread.ready).rejects.toThrow();
    await expect(thread.query('select 1')).rejects.toThrow();
    await thread.close();
  }, 60_000);

  it('answers calls after close with a clear error', async () => {
    const thread = new PGliteThread(IN_MEMORY);
    await thread.ready;
    expect((await thread.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await thread.close();
    await expect(thread.query('select 1')).rejects.toThrow('The database is closed.');
  }, 60_000);
});
