/**
 * An org's data export (ADR 0045): an owner asks, the `orgs.export` job writes one zip archive (a JSON
 * lines file per table of server/orgs/tables.ts with the org's rows only, secrets left out, and a
 * manifest) into the database in parts, and the download route streams it to the org's owners until
 * it expires 24 hours later; an hourly sweep removes expired ones.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, desc, eq, getTableName, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import {
  EXPORT_MAX_BYTES,
  EXPORT_MESSAGES,
  exportExpiresAt,
  exportFileName,
  isExpired,
  mayExportOrg,
  type OrgExport,
} from '~/domain/orgs/export';
import { DomainError } from '~/domain/shared/errors';
import type { SessionUser } from '~/domain/shared/session';
import { type Db, rowsOf } from '~/server/db/client';
import { memberships, orgExportParts, orgExports, orgs } from '~/server/db/schema';
import { PermanentError } from '~/server/jobs/errors';
import type { JobQueue } from '~/server/jobs/queue';
import type { Logger } from '~/server/log';
import { type Periodic, startPeriodic } from '~/server/periodic';
import { MIGRATIONS_DIR, ROOT } from '~/server/paths';
import {
  EXPORTED_TABLES,
  exportedColumns,
  type ExportedTable,
  NOT_EXPORTED_TABLES,
  orgRowsOf,
  primaryKeyOf,
} from './tables';

export const ORG_EXPORT_JOB = 'orgs.export';
/** The archive is stored in parts of this size (the last one smaller). */
export const PART_BYTES = 4 * 1024 * 1024;
/** Rows one query reads: a page of the largest rows (catalogue documents) stays a few MB. */
const ROWS_PER_QUERY = 500;
const SWEEP_EVERY_MS = 60 * 60_000;
const ACTIVE = ['queued', 'running'] as const;
/**
 * An export still being made this long after it was asked for lost its job (a worker killed on its
 * last try): a new request fails it and starts again, rather than wait for it for ever. Longer than
 * the job's tries can take (three of an hour each, and their pauses).
 */
export const STALE_AFTER_MS = 4 * 60 * 60_000;

export const MANIFEST_FORMAT = 'beacon-org-export';
export const MANIFEST_VERSION = 1;

/** What manifest.json says. */
export interface ExportManifest {
  format: typeof MANIFEST_FORMAT;
  formatVersion: typeof MANIFEST_VERSION;
  org: { id: string; slug: string; name: string };
  requestedAt: string;
  createdAt: string;
  beacon: { version: string; migration: string };
  /** Rows per table (`<table>.jsonl`). */
  tables: Record<string, number>;
  /** Columns of exported tables that are never written, by table. */
  omittedColumns: Record<string, string[]>;
  /** Tables not exported, and why. */
  notExported: Record<string, string>;
}

type ExportRow = typeof orgExports.$inferSelect;

function toOrgExport(row: ExportRow): OrgExport {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    expiresAt: row.expiresAt,
    sizeBytes: row.sizeBytes,
    error: row.error,
  };
}

const EXPORT_COLUMNS = {
  id: orgExports.id,
  orgId: orgExports.orgId,
  requestedBy: orgExports.requestedBy,
  status: orgExports.status,
  tableCounts: orgExports.tableCounts,
  sizeBytes: orgExports.sizeBytes,
  error: orgExports.error,
  createdAt: orgExports.createdAt,
  finishedAt: orgExports.finishedAt,
  expiresAt: orgExports.expiresAt,
};

/** What the download route answers: the archive, or why not (with its HTTP status). */
export type ExportDownload =
  | {
      ok: true;
      fileName: string;
      sizeBytes: number;
      /** The archive's parts in order. */
      parts(): AsyncGenerator<Uint8Array>;
    }
  | { ok: false; status: 403 | 404 | 409 | 410; message: string };

export interface OrgExportsService {
  /** The org's newest export (its bytes stay in the database); null before the first. */
  latest(orgId: string): Promise<OrgExport | null>;
  /**
   * Starts an export, or answers the one already being made (one at a time per org). The caller has
   * checked that `actor` is an owner (the router, with `mayExportOrg`).
   */
  request(actor: SessionUser, orgId: string): Promise<OrgExport>;
  /** The archive for `userId`, who must be an owner of its org now, while it has not expired. */
  download(userId: string, exportId: string): Promise<ExportDownload>;
}

export interface OrgExportsDeps {
  db: Db;
  jobs?: Pick<JobQueue, 'enqueue'>;
  now?: () => Date;
}

export function createOrgExportsService({
  db,
  jobs,
  now = () => new Date(),
}: OrgExportsDeps): OrgExportsService {
  async function active(orgId: string) {
    const [row] = await db
      .select(EXPORT_COLUMNS)
      .from(orgExports)
      .where(and(eq(orgExports.orgId, orgId), inArray(orgExports.status, [...ACTIVE])));
    return row ?? null;
  }

  return {
    async latest(orgId) {
      const [row] = await db
        .select(EXPORT_COLUMNS)
        .from(orgExports)
        .where(eq(orgExports.orgId, orgId))
        .orderBy(desc(orgExports.createdAt))
        .limit(1);
      return row ? toOrgExport(row) : null;
    },

    async request(actor, orgId) {
      if (!jobs) throw new DomainError('UNAVAILABLE', 'Background jobs are not running.');
      const running = await active(orgId);
      if (running && running.createdAt.getTime() > now().getTime() - STALE_AFTER_MS) {
        return toOrgExport(running);
      }
      if (running) {
        await db
          .update(orgExports)
          .set({ status: 'failed', error: EXPORT_MESSAGES.failed, finishedAt: now() })
          .where(and(eq(orgExports.id, running.id), inArray(orgExports.status, [...ACTIVE])));
      }
      const made = await db.transaction(async (tx) => {
        // The partial unique index allows one active export per org: a second request at the same
        // moment inserts nothing and answers the first.
        const [row] = await tx
          .insert(orgExports)
          .values({ orgId, requestedBy: actor.id })
          .onConflictDoNothing()
          .returning(EXPORT_COLUMNS);
        if (!row) return null;
        await jobs.enqueue(ORG_EXPORT_JOB, { exportId: row.id }, { orgId, key: row.id, tx });
        return row;
      });
      const row = made ?? (await active(orgId));
      if (!row) throw new DomainError('CONFLICT', EXPORT_MESSAGES.notReady);
      return toOrgExport(row);
    },

    async download(userId, exportId) {
      const [row] = await db
        .select({ ...EXPORT_COLUMNS, slug: orgs.slug, role: memberships.role })
        .from(orgExports)
        .innerJoin(orgs, eq(orgs.id, orgExports.orgId))
        .leftJoin(
          memberships,
          and(eq(memberships.orgId, orgExports.orgId), eq(memberships.userId, userId)),
        )
        .where(eq(orgExports.id, exportId));
      // Another org's export, or none: the same answer, so ids cannot be probed.
      if (!row || !row.role) return { ok: false, status: 404, message: EXPORT_MESSAGES.notFound };
      if (!mayExportOrg({ role: row.role })) {
        return { ok: false, status: 403, message: EXPORT_MESSAGES.ownersOnly };
      }
      if (row.status !== 'ready' || row.sizeBytes === null) {
        return row.status === 'failed'
          ? { ok: false, status: 404, message: EXPORT_MESSAGES.notFound }
          : { ok: false, status: 409, message: EXPORT_MESSAGES.notReady };
      }
      if (isExpired(row, now()))
        return { ok: false, status: 410, message: EXPORT_MESSAGES.expired };
      return {
        ok: true,
        fileName: exportFileName(row.slug, row.createdAt),
        sizeBytes: row.sizeBytes,
        parts: () => readParts(db, exportId),
      };
    },
  };
}

async function* readParts(db: Db, exportId: string): AsyncGenerator<Uint8Array> {
  // One part in memory at a time, however large the archive.
  for (let seq = 0; ; seq++) {
    const [part] = await db
      .select({ bytes: orgExportParts.bytes })
      .from(orgExportParts)
      .where(and(eq(orgExportParts.exportId, exportId), eq(orgExportParts.seq, seq)));
    if (!part) return;
    yield part.bytes;
  }
}

/** Beacon's version (package.json) and its newest migration: what wrote the archive. */
function beaconRelease(): { version: string; migration: string } {
  const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  return { version, migration: journal.entries.at(-1)?.tag ?? 'none' };
}

/** Thrown when the archive outgrows EXPORT_MAX_BYTES: trying again would not help. */
class ArchiveTooLarge extends PermanentError {}

/** Collects the zip's output and stores it in parts of `partBytes` as it grows. */
function partWriter(db: Db, exportId: string, partBytes: number, maxBytes: number) {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let total = 0;
  let failure: unknown = null;
  async function store(final: boolean) {
    while (pendingBytes >= partBytes || (final && pendingBytes > 0)) {
      const whole = Buffer.concat(pending, pendingBytes);
      const size = Math.min(partBytes, whole.byteLength);
      await db.insert(orgExportParts).values({ exportId, seq, bytes: whole.subarray(0, size) });
      seq++;
      const rest = whole.subarray(size);
      pending = rest.byteLength > 0 ? [rest] : [];
      pendingBytes = rest.byteLength;
    }
  }
  return {
    /** fflate's callback: output arrives synchronously as entries are pushed. */
    onData(error: Error | null, chunk: Uint8Array) {
      if (error) failure = error;
      total += chunk.byteLength;
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
    },
    async flush(final = false) {
      if (failure) throw failure;
      if (total > maxBytes) throw new ArchiveTooLarge(EXPORT_MESSAGES.tooLarge);
      await store(final);
    },
    get total() {
      return total;
    },
  };
}

/** Writes one table's org rows as JSON lines into the zip; returns how many. */
async function writeTable(
  db: Db,
  zip: Zip,
  writer: ReturnType<typeof partWriter>,
  spec: ExportedTable,
  orgId: string,
  signal: AbortSignal,
): Promise<number> {
  const name = getTableName(spec.table);
  const columns = exportedColumns(spec);
  const key = primaryKeyOf(spec.table);
  const file = new ZipDeflate(`${name}.jsonl`, { level: 6 });
  zip.add(file);
  const list = sql.join(
    columns.map((c) => sql`t.${sql.identifier(c)}`),
    sql`, `,
  );
  const keyOf = (alias: string) =>
    sql.join(
      key.map((c) => sql`${sql.raw(alias)}.${sql.identifier(c)}`),
      sql`, `,
    );
  const keyJson = sql.join(
    key.map((c) => sql`${c}::text, x.${sql.identifier(c)}`),
    sql`, `,
  );
  let after: string | null = null;
  let count = 0;
  for (;;) {
    signal.throwIfAborted();
    // Keyset pages in primary-key order; the key of the page's last row is read back as JSON and
    // turned into the table's own types by jsonb_populate_record.
    const next: SQL = after
      ? sql`and (${keyOf('t')}) > (select ${keyOf('k')} from jsonb_populate_record(null::${sql.identifier(name)}, ${after}::jsonb) k)`
      : sql``;
    const rows: { line: string; k: string }[] = rowsOf(
      await db.execute(sql`
        select row_to_json(x)::text as line, jsonb_build_object(${keyJson})::text as k
          from (select ${list} from ${sql.identifier(name)} t
                 where ${orgRowsOf(spec.scope, orgId)} ${next}
                 order by ${keyOf('t')}
                 limit ${ROWS_PER_QUERY}) x`),
    );
    if (rows.length === 0) break;
    file.push(strToU8(rows.map((r) => `${r.line}\n`).join('')));
    count += rows.length;
    after = rows.at(-1)!.k;
    await writer.flush();
    if (rows.length < ROWS_PER_QUERY) break;
  }
  file.push(new Uint8Array(0), true);
  await writer.flush();
  return count;
}

/**
 * The job: writes the export's archive, then marks it ready for 24 hours. Idempotent: a ready export
 * is left as it is, and a try that died part way starts its parts again.
 */
export async function buildExport(
  db: Db,
  exportId: string,
  {
    signal,
    lastAttempt,
    now = () => new Date(),
    partBytes = PART_BYTES,
    maxBytes = EXPORT_MAX_BYTES,
  }: {
    signal: AbortSignal;
    lastAttempt: boolean;
    now?: () => Date;
    /** The parts' size and the archive's limit (tests make them small). */
    partBytes?: number;
    maxBytes?: number;
  },
): Promise<void> {
  const [found] = await db
    .select({ ...EXPORT_COLUMNS, slug: orgs.slug, name: orgs.name })
    .from(orgExports)
    .innerJoin(orgs, eq(orgs.id, orgExports.orgId))
    .where(eq(orgExports.id, exportId));
  // Gone with its org, or already made (the job delivered again).
  if (!found || found.status === 'ready' || found.status === 'failed') return;
  await db.update(orgExports).set({ status: 'running' }).where(eq(orgExports.id, exportId));
  await db.delete(orgExportParts).where(eq(orgExportParts.exportId, exportId));
  const writer = partWriter(db, exportId, partBytes, maxBytes);
  const zip = new Zip((error, chunk) => writer.onData(error, chunk));
  try {
    const tables: Record<string, number> = {};
    for (const spec of EXPORTED_TABLES) {
      tables[getTableName(spec.table)] = await writeTable(
        db,
        zip,
        writer,
        spec,
        found.orgId,
        signal,
      );
    }
    const manifest: ExportManifest = {
      format: MANIFEST_FORMAT,
      formatVersion: MANIFEST_VERSION,
      org: { id: found.orgId, slug: found.slug, name: found.name },
      requestedAt: found.createdAt.toISOString(),
      createdAt: now().toISOString(),
      beacon: beaconRelease(),
      tables,
      omittedColumns: Object.fromEntries(
        EXPORTED_TABLES.filter((t) => t.omit?.length).map((t) => [
          getTableName(t.table),
          [...t.omit!],
        ]),
      ),
      notExported: Object.fromEntries(
        [...NOT_EXPORTED_TABLES].map(([table, why]) => [getTableName(table), why]),
      ),
    };
    const file = new ZipDeflate('manifest.json', { level: 6 });
    zip.add(file);
    file.push(strToU8(`${JSON.stringify(manifest, null, 2)}\n`), true);
    zip.end();
    await writer.flush(true);
    const finishedAt = now();
    await db
      .update(orgExports)
      .set({
        status: 'ready',
        tableCounts: tables,
        sizeBytes: writer.total,
        finishedAt,
        expiresAt: exportExpiresAt(finishedAt),
        error: null,
      })
      .where(eq(orgExports.id, exportId));
  } catch (error) {
    zip.terminate();
    if (signal.aborted) throw error;
    const tooLarge = error instanceof ArchiveTooLarge;
    // Another try may pass (the database was away); the last one records the failure for the owner.
    if (!tooLarge && !lastAttempt) throw error;
    await db.delete(orgExportParts).where(eq(orgExportParts.exportId, exportId));
    await db
      .update(orgExports)
      .set({
        status: 'failed',
        error: tooLarge ? EXPORT_MESSAGES.tooLarge : EXPORT_MESSAGES.failed,
        finishedAt: now(),
      })
      .where(eq(orgExports.id, exportId));
    throw tooLarge ? error : new PermanentError(EXPORT_MESSAGES.failed, { cause: error });
  }
}

/** Removes exports past their time (with their parts); returns how many. */
export async function removeExpiredExports(db: Db, at: Date): Promise<number> {
  const removed = await db
    .delete(orgExports)
    .where(lte(orgExports.expiresAt, at))
    .returning({ id: orgExports.id });
  return removed.length;
}

export type ExportSweep = Periodic;

/** Removes expired exports now and every hour (every process that runs workers runs it). */
export function startExportSweep({
  db,
  logger,
  everyMs = SWEEP_EVERY_MS,
  now = () => new Date(),
}: {
  db: Db;
  logger?: Logger;
  everyMs?: number;
  now?: () => Date;
}): ExportSweep {
  return startPeriodic(
    async () => {
      const removed = await removeExpiredExports(db, now());
      if (removed > 0) logger?.info({ removed }, 'expired org exports removed');
    },
    { everyMs, onError: (err) => logger?.error({ err }, 'org export sweep failed') },
  );
}
