/**
 * Which tables hold an org's data, written once for the org's export (server/orgs/export.ts) and the
 * deletion tests (deletion.test.ts, which fill and count every table this names): every table of the
 * schema is either exported, with how its rows are found and which columns never leave, or named here
 * as not exported, with why. tables.test.ts fails on a table in neither list, so a new table cannot be
 * forgotten by one and not the other.
 */
import { getTableName, is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '~/server/db/schema';

/** How an exported table's rows of one org are found. */
export type OrgTableScope =
  /** The org's own row (`orgs`). */
  | { kind: 'org-row' }
  /** Rows with the org's `org_id`. */
  | { kind: 'org' }
  /** Rows with the `env_id` of one of the org's envs. */
  | { kind: 'env' }
  /** Rows whose `column` names a row of `parent` that is the org's (`org_id`). */
  | { kind: 'child'; parent: PgTable; column: string }
  /** The org's members' people (`users`). */
  | { kind: 'members' };

export interface ExportedTable {
  table: PgTable;
  scope: OrgTableScope;
  /** SQL column names never written to an archive: secrets, credentials, Beacon's own flags. */
  omit?: readonly string[];
}

/** Every table an export writes, in the archive's order (the org first, then what hangs off it). */
export const EXPORTED_TABLES: readonly ExportedTable[] = [
  { table: schema.orgs, scope: { kind: 'org-row' } },
  { table: schema.memberships, scope: { kind: 'org' } },
  {
    table: schema.users,
    scope: { kind: 'members' },
    // Who the members are (name, email); not what Beacon knows of them beyond this org.
    omit: ['email_verified', 'is_super_user', 'super_user_from_config', 'campaign'],
  },
  // The invitation link's token is a credential (ADR 0038): even its hash stays.
  { table: schema.invitations, scope: { kind: 'org' }, omit: ['token_hash'] },
  { table: schema.b2cInstances, scope: { kind: 'org' } },
  { table: schema.envs, scope: { kind: 'org' } },
  // The API client's id names it in Account Manager; its secret is a credential, encrypted or not.
  { table: schema.b2cApiClients, scope: { kind: 'org' }, omit: ['secret_ciphertext'] },
  { table: schema.prompts, scope: { kind: 'org' } },
  { table: schema.catalogCatalogs, scope: { kind: 'env' } },
  { table: schema.catalogCategories, scope: { kind: 'env' } },
  { table: schema.catalogProducts, scope: { kind: 'env' } },
  { table: schema.catalogSyncs, scope: { kind: 'env' } },
  { table: schema.agentConfigs, scope: { kind: 'env' } },
  { table: schema.agentRuns, scope: { kind: 'org' } },
  {
    table: schema.agentRunItems,
    scope: { kind: 'child', parent: schema.agentRuns, column: 'run_id' },
  },
  { table: schema.proposals, scope: { kind: 'env' } },
  { table: schema.proposalEvents, scope: { kind: 'env' } },
  { table: schema.monitoringConfigs, scope: { kind: 'env' } },
  { table: schema.monitoringRuns, scope: { kind: 'org' } },
  {
    table: schema.monitoringSamples,
    scope: { kind: 'child', parent: schema.monitoringRuns, column: 'run_id' },
  },
  { table: schema.monitoringAggregates, scope: { kind: 'env' } },
  { table: schema.monitoringAlerts, scope: { kind: 'org' } },
  { table: schema.analystMessages, scope: { kind: 'org' } },
  { table: schema.landingPageThemes, scope: { kind: 'org' } },
  { table: schema.landingPages, scope: { kind: 'org' } },
  { table: schema.jobRuns, scope: { kind: 'org' } },
  { table: schema.aiSpend, scope: { kind: 'org' } },
  { table: schema.aiBudgets, scope: { kind: 'org' } },
];

/** Tables no export writes, and why. Those with an org_id are still the org's, deleted with it. */
export const NOT_EXPORTED_TABLES: ReadonlyMap<PgTable, string> = new Map<PgTable, string>([
  [schema.accounts, 'sign-in methods: provider tokens are credentials'],
  [schema.sessions, 'session tokens are credentials'],
  [schema.verificationTokens, 'sign-in tokens are credentials'],
  [schema.rateLimits, 'call counters of the whole server, no org data'],
  [schema.orgExports, 'the exports themselves'],
  [schema.orgExportParts, 'the exports themselves'],
  // Derived from catalog_products by its triggers (migration 0027); an import would rebuild them.
  [
    schema.catalogProductCategories,
    "the copy's products by category, derived from catalog_products",
  ],
  [schema.catalogCopyCounts, "the copy's product count, derived from catalog_products"],
]);

/** Every table of the schema. */
export function schemaTables(): PgTable[] {
  return Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
    is(value, PgTable),
  );
}

/** Every table of the schema with a column named `column` (`env_id`, `org_id`), by name. */
export function tablesWith(column: string): string[] {
  return schemaTables()
    .filter((table) => getTableConfig(table).columns.some((c) => c.name === column))
    .map((table) => getTableName(table))
    .sort();
}

/** The SQL names of the table's primary key columns, in key order. */
export function primaryKeyOf(table: PgTable): string[] {
  const config = getTableConfig(table);
  const composite = config.primaryKeys[0];
  if (composite) return composite.columns.map((c) => c.name);
  return config.columns.filter((c) => c.primary).map((c) => c.name);
}

/** The SQL names of the columns an export writes for the table. */
export function exportedColumns({ table, omit = [] }: ExportedTable): string[] {
  return getTableConfig(table)
    .columns.map((c) => c.name)
    .filter((name) => !omit.includes(name));
}

const ident = (name: string) => sql.identifier(name);

/** The org's rows of an exported table, as SQL over the table aliased `t`. */
export function orgRowsOf(scope: OrgTableScope, orgId: string): SQL {
  switch (scope.kind) {
    case 'org-row':
      return sql`t.id = ${orgId}`;
    case 'org':
      return sql`t.org_id = ${orgId}`;
    case 'env':
      return sql`t.env_id in (select e.id from ${schema.envs} e where e.org_id = ${orgId})`;
    case 'child':
      return sql`t.${ident(scope.column)} in (select p.id from ${ident(getTableName(scope.parent))} p where p.org_id = ${orgId})`;
    case 'members':
      return sql`t.id in (select m.user_id from ${schema.memberships} m where m.org_id = ${orgId})`;
  }
}
