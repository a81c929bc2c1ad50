/**
 * Exporting an org through the router and the download route, on PGlite and PostgreSQL: only owners
 * ask and download (checked at download time too), the archive holds exactly the org's rows of every
 * table the org tables list exports, nothing of another org and no secret, and an expired archive is
 * neither served nor kept.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, getTableName, inArray, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import express from 'express';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_AVAILABLE_HOURS,
  EXPORT_MESSAGES,
  exportDownloadPath,
  exportFileName,
} from '~/domain/orgs/export';
import { APP_MESSAGES } from '~/domain/shared/messages';
import type { SessionUser } from '~/domain/shared/session';
import { rowsOf } from '~/server/db/client';
import { memberships, orgExportParts, orgExports } from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import { type Jobs, startJobs } from '~/server/jobs/runtime';
import { createSecrets } from '~/server/secrets';
import { type BeaconServices, createServices } from '~/server/services';
import { fakeGateway, trpcRefusal as refusal } from '~/server/test-support';
import type { Context } from '~/server/trpc/context';
import { appRouter } from '~/server/trpc/router';
import { createCallerFactory } from '~/server/trpc/trpc';
import {
  buildExport,
  type ExportDownload,
  type ExportManifest,
  ORG_EXPORT_JOB,
  PART_BYTES,
  removeExpiredExports,
  STALE_AFTER_MS,
} from './export';
import { EXPORTS_PATH, exportRoutes } from './export-route';
import { orgExportJob } from './jobs';
import { EXPORTED_TABLES, schemaTables } from './tables';
import { type OrgFiller, orgFiller, secretsOf } from './test-support';

const HOUR = 60 * 60 * 1000;
/** Child tables and the table whose `run_id` they name. */
const PARENT: Record<string, string> = {
  agent_run_items: 'agent_runs',
  monitoring_samples: 'monitoring_runs',
};

async function bytesOf(download: ExportDownload): Promise<Uint8Array> {
  if (!download.ok) throw new Error(`Refused: ${download.status} ${download.message}`);
  const parts: Uint8Array[] = [];
  for await (const part of download.parts()) parts.push(part);
  const bytes = Buffer.concat(parts);
  expect(bytes.byteLength).toBe(download.sizeBytes);
  return bytes;
}

function unpack(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const text = Object.fromEntries(Object.entries(files).map(([name, b]) => [name, strFromU8(b)]));
  const manifest = JSON.parse(text['manifest.json']!) as ExportManifest;
  const rows = Object.fromEntries(
    Object.entries(text)
      .filter(([name]) => name.endsWith('.jsonl'))
      .map(([name, body]) => [
        name.replace(/\.jsonl$/, ''),
        body
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      ]),
  );
  return { files, text, manifest, rows, all: Object.values(text).join('\n') };
}

describeEachDriver('exporting an org', (get) => {
  let jobs: Jobs;
  let services: BeaconServices;
  let clock = new Date();
  let fill: OrgFiller;
  beforeAll(async () => {
    // The queue without workers: the tests run the job's handler themselves.
    jobs = await startJobs({ database: get() });
    services = createServices({
      db: get().db,
      b2c: fakeGateway().gateway,
      secrets: createSecrets(randomBytes(32)),
      runEvents: jobs.events,
      jobs: jobs.queue,
      now: () => clock,
    });
    fill = orgFiller(get().db, jobs.queue);
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop(1_000);
  });

  const db = () => get().db;
  const caller = (user: SessionUser) =>
    createCallerFactory(appRouter)({ user, services, requestId: 'test' } satisfies Context);
  const build = (exportId: string, options: { partBytes?: number; maxBytes?: number } = {}) =>
    buildExport(db(), exportId, {
      signal: new AbortController().signal,
      lastAttempt: true,
      now: () => clock,
      ...options,
    });

  /** The org's rows per exported table, counted from the schema's own columns. */
  async function orgCounts(orgId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const { table } of EXPORTED_TABLES) {
      const name = getTableName(table);
      const columns = getTableConfig(table).columns.map((c) => c.name);
      const t = sql.identifier(name);
      const where = columns.includes('org_id')
        ? sql`org_id = ${orgId}`
        : columns.includes('env_id')
          ? sql`env_id in (select id from envs where org_id = ${orgId})`
          : name === 'orgs'
            ? sql`id = ${orgId}`
            : name === 'users'
              ? sql`id in (select user_id from memberships where org_id = ${orgId})`
              : sql`run_id in (select id from ${sql.identifier(PARENT[name]!)} where org_id = ${orgId})`;
      const [row] = rowsOf<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from ${t} where ${where}`),
      );
      counts[name] = Number(row?.n);
    }
    return counts;
  }

  /** Every id (`id` column) of every row of the org's, in every table. */
  async function orgIds(orgId: string): Promise<string[]> {
    const ids = [orgId];
    for (const table of schemaTables()) {
      const columns = getTableConfig(table).columns.map((c) => c.name);
      if (!columns.includes('id') || !columns.includes('org_id')) continue;
      const rows = rowsOf<{ id: string }>(
        await db().execute(
          sql`select id from ${sql.identifier(getTableName(table))} where org_id = ${orgId}`,
        ),
      );
      ids.push(...rows.map((r) => r.id));
    }
    return ids;
  }

  /** Acme-like and another org, every table filled (test-support.ts); no export yet. */
  async function world() {
    const w = await fill.world();
    // Exports are not exported, and each test starts with none.
    await db()
      .delete(orgExports)
      .where(inArray(orgExports.orgId, [w.org.id, w.other.id]));
    return w;
  }

  /** Requests an export as `owner` and runs its job: the export, ready. */
  async function exported(owner: SessionUser, orgId: string) {
    const requested = await caller(owner).orgs.requestExport({ orgId });
    await build(requested.id);
    const ready = await caller(owner).orgs.latestExport({ orgId });
    expect(ready).toMatchObject({ id: requested.id, status: 'ready' });
    return ready!;
  }

  describe('asking', () => {
    it('refuses a member who is not an owner, and a superuser, with the reason; a non-member too', async () => {
      const w = await world();
      const refused = {
        code: 'FORBIDDEN',
        message: EXPORT_MESSAGES.ownersOnly,
        reason: 'export-owners-only',
      };
      for (const user of [w.member, w.superuser]) {
        expect(await refusal(caller(user).orgs.requestExport({ orgId: w.org.id }))).toEqual(
          refused,
        );
        expect(await refusal(caller(user).orgs.latestExport({ orgId: w.org.id }))).toEqual(refused);
      }
      expect(
        (await refusal(caller(w.otherOwner).orgs.requestExport({ orgId: w.org.id }))).code,
      ).toBe('FORBIDDEN');
      const [row] = rowsOf<{ n: number }>(
        await db().execute(
          sql`select count(*)::int as n from org_exports where org_id = ${w.org.id}`,
        ),
      );
      expect(Number(row?.n)).toBe(0);
    });

    it('makes one export at a time: asking again while it is made answers the same one', async () => {
      const w = await world();
      expect(await caller(w.owner).orgs.latestExport({ orgId: w.org.id })).toBeNull();
      const first = await caller(w.owner).orgs.requestExport({ orgId: w.org.id });
      expect(first).toMatchObject({ status: 'queued', sizeBytes: null, expiresAt: null });
      expect(await caller(w.owner).orgs.requestExport({ orgId: w.org.id })).toEqual(first);
      const [run] = rowsOf<{ kind: string; key: string; payload: unknown }>(
        await db().execute(
          sql`select kind, key, payload from job_runs where org_id = ${w.org.id} and kind = ${ORG_EXPORT_JOB}`,
        ),
      );
      expect(run).toEqual({ kind: ORG_EXPORT_JOB, key: first.id, payload: { exportId: first.id } });
      expect(orgExportJob.env).toBeNull();
      await build(first.id);
      // Once made, the next request starts a new one.
      const second = await caller(w.owner).orgs.requestExport({ orgId: w.org.id });
      expect(second.id).not.toBe(first.id);
      // One whose job was lost (still queued hours later) is failed, and a new one starts.
      clock = new Date(second.createdAt.getTime() + STALE_AFTER_MS + 1000);
      try {
        const third = await caller(w.owner).orgs.requestExport({ orgId: w.org.id });
        expect(third.id).not.toBe(second.id);
        const [stale] = await db()
          .select({ status: orgExports.status, error: orgExports.error })
          .from(orgExports)
          .where(eq(orgExports.id, second.id));
        expect(stale).toEqual({ status: 'failed', error: EXPORT_MESSAGES.failed });
      } finally {
        clock = new Date();
      }
    });
  });

  describe('the archive', () => {
    it('holds exactly the org’s rows of every exported table, a manifest, and nothing of another org', async () => {
      const w = await world();
      const before = await orgCounts(w.org.id);
      // The filler writes every table, so each count below is a real check.
      expect(Object.entries(before).filter(([, n]) => n === 0)).toEqual([]);
      const ready = await exported(w.owner, w.org.id);
      const archive = unpack(
        await bytesOf(await services.orgExports.download(w.owner.id, ready.id)),
      );

      expect(Object.keys(archive.files).sort()).toEqual(
        [...EXPORTED_TABLES.map((t) => `${getTableName(t.table)}.jsonl`), 'manifest.json'].sort(),
      );
      const counts = Object.fromEntries(
        Object.entries(archive.rows).map(([table, rows]) => [table, rows.length]),
      );
      // The job's own run is one of the org's job runs now.
      expect(counts).toEqual({ ...before, job_runs: before.job_runs! + 1 });
      expect(archive.manifest).toMatchObject({
        format: 'beacon-org-export',
        formatVersion: 1,
        org: { id: w.org.id, slug: w.org.slug, name: w.org.name },
        tables: counts,
        beacon: { version: expect.any(String), migration: expect.stringMatching(/^\d{4}_/) },
        omittedColumns: {
          b2c_api_clients: ['secret_ciphertext'],
          invitations: ['token_hash'],
        },
      });
      expect(archive.manifest.notExported).toHaveProperty('sessions');
      // Each row is the org's: the org, its envs, its runs.
      const envIds = [w.prod.id, w.staging.id];
      for (const row of archive.rows.catalog_products!) expect(envIds).toContain(row.env_id);
      for (const row of archive.rows.prompts!) expect(row.org_id).toBe(w.org.id);
      expect(archive.rows.orgs).toEqual([expect.objectContaining({ id: w.org.id })]);
      expect(archive.rows.users!.map((u) => u.id).sort()).toEqual([w.owner.id, w.member.id].sort());

      // Nothing of the other org: no id of any of its rows, not its slug, not its owner.
      const foreign = [
        ...(await orgIds(w.other.id)),
        w.other.slug,
        w.otherOwner.id,
        w.otherProd.id,
      ];
      expect(foreign.length).toBeGreaterThan(10);
      expect(foreign.filter((id) => archive.all.includes(id))).toEqual([]);
    });

    it('contains no secret: neither the API client’s encrypted secret nor invitation token hashes', async () => {
      const w = await world();
      const ready = await exported(w.owner, w.org.id);
      const archive = unpack(
        await bytesOf(await services.orgExports.download(w.owner.id, ready.id)),
      );
      const secrets = secretsOf(w.org.id);
      expect(archive.all).not.toContain(secrets.ciphertext);
      expect(archive.all).not.toContain(secrets.tokenHash);
      expect(archive.all).not.toMatch(
        /secret_ciphertext"\s*:|token_hash"\s*:|session_token|access_token/,
      );
      expect(archive.rows.b2c_api_clients).toEqual([
        expect.objectContaining({ org_id: w.org.id, client_id: 'client' }),
      ]);
      for (const user of archive.rows.users!) {
        expect(Object.keys(user).sort()).toEqual(['created_at', 'email', 'id', 'image', 'name']);
      }
    });

    it('is stored in parts and read back whole; a job delivered again leaves it as it is', async () => {
      const w = await world();
      const requested = await caller(w.owner).orgs.requestExport({ orgId: w.org.id });
      await build(requested.id, { partBytes: 1024 });
      const ready = (await caller(w.owner).orgs.latestExport({ orgId: w.org.id }))!;
      const parts = await db()
        .select({ seq: orgExportParts.seq })
        .from(orgExportParts)
        .where(eq(orgExportParts.exportId, ready.id));
      expect(parts.length).toBe(Math.ceil(ready.sizeBytes! / 1024));
      expect(parts.length).toBeGreaterThan(2);
      const archive = unpack(
        await bytesOf(await services.orgExports.download(w.owner.id, ready.id)),
      );
      expect(archive.manifest.tables.prompts).toBe(1);
      await build(ready.id);
      expect(await caller(w.owner).orgs.latestExport({ orgId: w.org.id })).toEqual(ready);
      expect(PART_BYTES).toBe(4 * 1024 * 1024);
    });

    it('fails, saying so, when the archive would pass the size limit; nothing of it is kept', async () => {
      const w = await world();
      const requested = await caller(w.owner).orgs.requestExport({ orgId: w.org.id });
      await expect(build(requested.id, { partBytes: 256, maxBytes: 1024 })).rejects.toThrow(
        EXPORT_MESSAGES.tooLarge,
      );
      expect(await caller(w.owner).orgs.latestExport({ orgId: w.org.id })).toMatchObject({
        id: requested.id,
        status: 'failed',
        error: EXPORT_MESSAGES.tooLarge,
        sizeBytes: null,
        expiresAt: null,
      });
      const parts = await db()
        .select({ seq: orgExportParts.seq })
        .from(orgExportParts)
        .where(eq(orgExportParts.exportId, requested.id));
      expect(parts).toEqual([]);
      expect(await services.orgExports.download(w.owner.id, requested.id)).toMatchObject({
        status: 404,
      });
      // A failed export is no longer the one being made: the owner may ask again.
      const again = await caller(w.owner).orgs.requestExport({ orgId: w.org.id });
      expect(again).toMatchObject({ status: 'queued' });
      expect(again.id).not.toBe(requested.id);
    });
  });

  describe('downloading', () => {
    it('serves an owner; refuses a member (403), another org’s owner (404), an owner no longer one (403)', async () => {
      const w = await world();
      const ready = await exported(w.owner, w.org.id);
      expect(await services.orgExports.download(w.member.id, ready.id)).toEqual({
        ok: false,
        status: 403,
        message: EXPORT_MESSAGES.ownersOnly,
      });
      for (const user of [w.otherOwner, w.superuser]) {
        expect(await services.orgExports.download(user.id, ready.id)).toEqual({
          ok: false,
          status: 404,
          message: EXPORT_MESSAGES.notFound,
        });
      }
      expect(await services.orgExports.download(w.owner.id, 'no-such-export')).toMatchObject({
        status: 404,
      });
      // Checked at download time: the owner who asked, made a member since, may not download.
      await db()
        .update(memberships)
        .set({ role: 'member' })
        .where(and(eq(memberships.orgId, w.org.id), eq(memberships.userId, w.owner.id)));
      expect(await services.orgExports.download(w.owner.id, ready.id)).toMatchObject({
        status: 403,
      });
    });

    it('refuses an expired export (410) and the sweep removes it; until then it is served', async () => {
      const w = await world();
      const ready = await exported(w.owner, w.org.id);
      expect(ready.expiresAt!.getTime() - ready.finishedAt!.getTime()).toBe(
        EXPORT_AVAILABLE_HOURS * HOUR,
      );
      clock = new Date(ready.expiresAt!.getTime() - 1000);
      // Earlier tests' exports may be due; this one is not.
      await removeExpiredExports(db(), clock);
      expect((await services.orgExports.download(w.owner.id, ready.id)).ok).toBe(true);
      clock = new Date(ready.expiresAt!.getTime() + 1000);
      expect(await services.orgExports.download(w.owner.id, ready.id)).toEqual({
        ok: false,
        status: 410,
        message: EXPORT_MESSAGES.expired,
      });
      // The other org's ready export is not the sweep's yet (made later).
      const otherReady = await exported(w.otherOwner, w.other.id);
      expect(await removeExpiredExports(db(), clock)).toBeGreaterThanOrEqual(1);
      expect(await caller(w.owner).orgs.latestExport({ orgId: w.org.id })).toBeNull();
      const parts = await db()
        .select({ seq: orgExportParts.seq })
        .from(orgExportParts)
        .where(eq(orgExportParts.exportId, ready.id));
      expect(parts).toEqual([]);
      expect(await services.orgExports.download(w.owner.id, ready.id)).toMatchObject({
        status: 404,
      });
      expect((await services.orgExports.download(w.otherOwner.id, otherReady.id)).ok).toBe(true);
      clock = new Date();
    });

    it('over HTTP: an attachment named for the org and day; 401, 403, 404, 410 and 503 as JSON without a stack', async () => {
      const w = await world();
      const ready = await exported(w.owner, w.org.id);
      const users = new Map([w.owner, w.member, w.otherOwner].map((u) => [u.id, u]));
      const app = express().use(
        EXPORTS_PATH,
        exportRoutes({
          auth: { resolveUser: async (req) => users.get(String(req.headers['x-user'])) ?? null },
          services,
        }),
      );
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const get = (user: string | null, id = ready.id) =>
        fetch(`${base}${exportDownloadPath(id)}`, { headers: user ? { 'x-user': user } : {} });
      try {
        const ok = await get(w.owner.id);
        expect(ok.status).toBe(200);
        expect(ok.headers.get('content-type')).toBe('application/zip');
        expect(ok.headers.get('content-disposition')).toBe(
          `attachment; filename="${exportFileName(w.org.slug, ready.createdAt)}"`,
        );
        expect(exportFileName(w.org.slug, ready.createdAt)).toMatch(
          new RegExp(`^beacon-${w.org.slug}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
        );
        const archive = unpack(new Uint8Array(await ok.arrayBuffer()));
        expect(archive.manifest.org.id).toBe(w.org.id);

        for (const [user, status, message] of [
          [null, 401, EXPORT_MESSAGES.signIn],
          [w.member.id, 403, EXPORT_MESSAGES.ownersOnly],
          [w.otherOwner.id, 404, EXPORT_MESSAGES.notFound],
        ] as const) {
          const refused = await get(user);
          expect(refused.status).toBe(status);
          expect(await refused.json()).toEqual({ error: { message } });
        }
        expect((await get(w.owner.id, 'x'.repeat(65))).status).toBe(404);
        clock = new Date(ready.expiresAt!.getTime() + 1);
        const gone = await get(w.owner.id);
        expect(gone.status).toBe(410);
        expect(await gone.json()).toEqual({ error: { message: EXPORT_MESSAGES.expired } });
        // The database away: 503 with a retry hint, not a 500.
        const outage = express().use(
          EXPORTS_PATH,
          exportRoutes({
            auth: { resolveUser: async () => w.owner },
            services: {
              orgExports: {
                latest: async () => null,
                download: async () => {
                  throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
                },
              },
            },
          }),
        );
        const down = outage.listen(0, '127.0.0.1');
        await new Promise((resolve) => down.once('listening', resolve));
        try {
          const answer = await fetch(
            `http://127.0.0.1:${(down.address() as AddressInfo).port}${exportDownloadPath(ready.id)}`,
          );
          expect(answer.status).toBe(503);
          expect(answer.headers.get('retry-after')).toBe('5');
          expect(await answer.json()).toEqual({
            error: { message: APP_MESSAGES.databaseUnavailable },
          });
        } finally {
          await new Promise((resolve) => down.close(resolve));
        }
      } finally {
        clock = new Date();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });

  it('is removed with its org', async () => {
    const w = await world();
    await exported(w.owner, w.org.id);
    await caller(w.owner).orgs.delete({ orgId: w.org.id, confirmation: w.org.slug });
    const rows = await db()
      .select({ id: orgExports.id })
      .from(orgExports)
      .where(eq(orgExports.orgId, w.org.id));
    expect(rows).toEqual([]);
  });
});
