/**
 * The one list of the org's tables (tables.ts) against the schema: every table is exported or named as
 * not exported, and a column that looks like a credential never reaches an archive.
 */
import { getTableName } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ENCRYPTED_COLUMNS } from '~/server/secret-rotation';
import {
  EXPORTED_TABLES,
  exportedColumns,
  NOT_EXPORTED_TABLES,
  primaryKeyOf,
  schemaTables,
  tablesWith,
} from './tables';

const exported = EXPORTED_TABLES.map((t) => getTableName(t.table));
const notExported = [...NOT_EXPORTED_TABLES.keys()].map((t) => getTableName(t));
const columnsOf = (name: string) =>
  getTableConfig(schemaTables().find((t) => getTableName(t) === name)!).columns.map((c) => c.name);

/** Names that say "credential": secrets, passwords, ciphertext, hashes, tokens (not token counts). */
const CREDENTIAL = /secret|password|ciphertext|hash|(^|_)token$/;

describe('the org tables list', () => {
  it('names every table of the schema once: exported or not, never both', () => {
    expect(new Set(exported).size).toBe(exported.length);
    expect(exported.filter((name) => notExported.includes(name))).toEqual([]);
    const listed = [...exported, ...notExported].sort();
    expect(listed).toEqual(
      schemaTables()
        .map((t) => getTableName(t))
        .sort(),
    );
  });

  it('covers every table with an org_id or env_id (what deleting an org or env removes)', () => {
    const scoped = [...new Set([...tablesWith('org_id'), ...tablesWith('env_id')])];
    expect(
      scoped.filter((name) => !exported.includes(name) && !notExported.includes(name)),
    ).toEqual([]);
    // Only the exports themselves, and what the copy's triggers derive, are not exported.
    expect(scoped.filter((name) => notExported.includes(name)).sort()).toEqual([
      'catalog_copy_counts',
      'catalog_product_categories',
      'org_exports',
    ]);
  });

  it('finds each table’s rows through a column it has', () => {
    for (const { table, scope } of EXPORTED_TABLES) {
      const columns = getTableConfig(table).columns.map((c) => c.name);
      const name = getTableName(table);
      if (scope.kind === 'org') expect(columns, name).toContain('org_id');
      if (scope.kind === 'env') expect(columns, name).toContain('env_id');
      if (scope.kind === 'child') {
        expect(columns, name).toContain(scope.column);
        expect(columnsOf(getTableName(scope.parent)), name).toContain('org_id');
      }
      if (scope.kind === 'org-row' || scope.kind === 'members') expect(columns).toContain('id');
      // Pages are read in primary-key order.
      expect(primaryKeyOf(table).length, name).toBeGreaterThan(0);
    }
  });

  it('leaves out every credential-like column, and omits only columns that exist (never a key)', () => {
    for (const spec of EXPORTED_TABLES) {
      const name = getTableName(spec.table);
      const all = getTableConfig(spec.table).columns.map((c) => c.name);
      for (const column of spec.omit ?? []) expect(all, name).toContain(column);
      for (const column of primaryKeyOf(spec.table))
        expect(spec.omit ?? [], name).not.toContain(column);
      expect(
        exportedColumns(spec).filter((c) => CREDENTIAL.test(c)),
        name,
      ).toEqual([]);
    }
    expect(EXPORTED_TABLES.flatMap((t) => t.omit ?? [])).toEqual(
      expect.arrayContaining(['secret_ciphertext', 'token_hash']),
    );
  });

  it('writes no encrypted column (those the secret key rotation re-encrypts)', () => {
    expect(ENCRYPTED_COLUMNS.length).toBeGreaterThan(0);
    for (const { name } of ENCRYPTED_COLUMNS) {
      const [table, column] = name.split('.') as [string, string];
      const spec = EXPORTED_TABLES.find((t) => getTableName(t.table) === table);
      if (spec) expect(exportedColumns(spec), name).not.toContain(column);
      else expect(notExported, name).toContain(table);
    }
  });
});
