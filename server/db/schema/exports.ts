/** Org exports and their parts. */
import { sql } from 'drizzle-orm';
import { ORG_EXPORT_STATUSES } from '~/domain/orgs/export';
import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestampTz } from './columns';
import { users } from './auth';
import { orgs } from './orgs';

/** Raw bytes (PostgreSQL `bytea`): node-postgres reads a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres sends a Buffer as binary; any other view is wrapped without a copy.
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * An owner's export of the org's data (server/orgs/export.ts, ADR 0045): requested, made by the
 * `orgs.export` job, downloadable until `expires_at` (24 hours after it is ready), then removed. The
 * archive itself is in `org_export_parts`, in the database, so every node of the cluster can serve it.
 */
export const orgExports = pgTable(
  'org_exports',
  {
    id: id(),
    orgId: belongsTo('org_id', () => orgs.id),
    /** Null once that person's account is gone. */
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORG_EXPORT_STATUSES }).notNull().default('queued'),
    /** Rows per table in the archive (its manifest's counts). */
    tableCounts: jsonb('table_counts').$type<Record<string, number>>(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestampTz('finished_at'),
    expiresAt: timestampTz('expires_at'),
  },
  (t) => [
    index('org_exports_org_created_idx').on(t.orgId, t.createdAt),
    index('org_exports_expires_idx').on(t.expiresAt),
    // One export of an org is made at a time.
    uniqueIndex('org_exports_active_uq')
      .on(t.orgId)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** An archive's bytes in parts of a few MB, in order: neither writing nor serving one holds it whole. */
export const orgExportParts = pgTable(
  'org_export_parts',
  {
    exportId: belongsTo('export_id', () => orgExports.id),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ name: 'org_export_parts_pk', columns: [t.exportId, t.seq] })],
);
