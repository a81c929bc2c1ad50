/**
 * Migration 0015_invitation_token_hashes over invitations made before it: each keeps working through
 * the link already sent, now found by its token's hash, and the token itself is gone from the table.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '~/server/db/client';
import { migrateDatabase, MIGRATIONS_FOLDER } from '~/server/db/migrate';
import { openEmptyTestDatabase, TEST_DRIVERS } from '~/server/db/test-db';
import { testServices } from '~/server/test-support';
import { hashInvitationToken } from './invitations-service';

const BEFORE = '0014_analyst_one_answer';

/** The migrations folder as it was up to `tag`: a copy whose journal ends there. */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === tag);
  if (end < 0) throw new Error(`No migration ${tag}.`);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(file, JSON.stringify(journal));
  return dir;
}

async function migrateTo(database: Database, folder: string) {
  const { handle } = database;
  if (handle.driver === 'pglite') await migratePglite(handle.db, { migrationsFolder: folder });
  else await migrateNodePg(handle.db, { migrationsFolder: folder });
}

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

describe.each(TEST_DRIVERS)('invitation tokens hashed by migration [%s]', (driver) => {
  const opened: Database[] = [];
  const folders: string[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('an invitation made before the migration is accepted through its link afterwards; its token is no longer stored', async () => {
    const database = await openEmptyTestDatabase(driver);
    opened.push(database);
    const before = migrationsUpTo(BEFORE);
    folders.push(before);
    await migrateTo(database, before);
    const { db } = database;
    const token = 'Zr8vQ2mY4kT7pL1xN6cB3dF9hJ0sW5eA2uG8iK4oR1q';
    await db.execute(sql`insert into users (id, email, name) values
      ('u-owner', 'owner@example.test', 'Owner'), ('u-invitee', 'invitee@example.test', 'Invitee')`);
    await db.execute(sql`insert into orgs (id, slug, name) values ('o-1', 'acme-old', 'Acme')`);
    await db.execute(sql`insert into invitations (id, org_id, email, token, expires_at, invited_by)
      values ('i-1', 'o-1', 'invitee@example.test', ${token}, now() + interval '1 day', 'u-owner')`);

    await migrateDatabase(database);

    const [row] = rowsOf<{ json: string }>(
      await db.execute(
        sql`select row_to_json(i)::text as json from invitations i where i.id = 'i-1'`,
      ),
    );
    expect(row!.json).not.toContain(token);
    expect(JSON.parse(row!.json)).toMatchObject({ token_hash: hashInvitationToken(token) });
    expect(hashInvitationToken(token)).toMatch(/^[0-9a-f]{64}$/);

    const { services } = testServices(db);
    const invitee = {
      id: 'u-invitee',
      email: 'invitee@example.test',
      name: 'Invitee',
      isSuperUser: false,
    };
    expect(await services.invitations.accept(invitee, token)).toMatchObject({
      org: { id: 'o-1' },
    });
    expect(await services.access.roleInOrg('u-invitee', 'o-1')).toBe('member');
    // A fresh database: PGlite's initdb in WebAssembly and every migration, as client.test.ts does.
  }, 120_000);
});
