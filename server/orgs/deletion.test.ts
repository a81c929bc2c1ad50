/**
 * Deleting an env or an org through the router, on PGlite and PostgreSQL: who may, the typed
 * confirmation, refusal while work runs, and that every row of the env (or org) goes with its job
 * runs, pg-boss schedules and queued jobs, while another env's and another org's rows stay as they were.
 * The tables are read from the schema (server/orgs/tables.ts, which the org export shares): a new table
 * with an env_id or org_id column is counted here (and must be filled by test-support.ts's `fillEnv`/`fillOrg`, or the
 * fixtures check fails).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_MESSAGES } from '~/domain/orgs/deletion';
import type { SessionUser } from '~/domain/shared/session';
import * as schema from '~/server/db/schema';
import {
  agentRunItems,
  agentRuns,
  jobRuns,
  monitoringRuns,
  monitoringSamples,
} from '~/server/db/schema';
import { rowsOf } from '~/server/db/client';
import { describeEachDriver } from '~/server/db/test-db';
import { type Jobs, startJobs } from '~/server/jobs/runtime';
import { createSecrets } from '~/server/secrets';
import { type BeaconServices, createServices } from '~/server/services';
import { tablesWith } from '~/server/orgs/tables';
import { type OrgFiller, orgFiller, SCHEDULED } from '~/server/orgs/test-support';
import { fakeGateway, trpcRefusal as refusal } from '~/server/test-support';
import type { Context } from '~/server/trpc/context';
import { appRouter } from '~/server/trpc/router';
import { createCallerFactory } from '~/server/trpc/trpc';

const ENV_TABLES = tablesWith('env_id');
const ORG_TABLES = tablesWith('org_id');

describeEachDriver('deleting an env or an org', (get) => {
  let jobs: Jobs;
  let services: BeaconServices;
  beforeAll(async () => {
    // The queue (no workers): its tables hold the schedules and queued jobs deletion must remove.
    jobs = await startJobs({ database: get() });
    services = createServices({
      db: get().db,
      b2c: fakeGateway().gateway,
      secrets: createSecrets(randomBytes(32)),
      runEvents: jobs.events,
      jobs: jobs.queue,
    });
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop(1_000);
  });

  const db = () => get().db;
  const caller = (user: SessionUser) =>
    createCallerFactory(appRouter)({ user, services, requestId: 'test' } satisfies Context);

  const filler = () => orgFiller(db(), jobs.queue);
  let fill: OrgFiller;
  beforeAll(() => {
    fill = filler();
  });

  async function count(query: ReturnType<typeof sql>): Promise<number> {
    const [row] = rowsOf<{ n: number }>(await db().execute(query));
    return Number(row?.n);
  }

  /** Rows per env-scoped table (and the run children, and pg-boss's) for one env. */
  async function envCounts(envId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of ENV_TABLES) {
      counts[table] = await count(
        sql`select count(*)::int as n from ${sql.identifier(table)} where env_id = ${envId}`,
      );
    }
    counts.agent_run_items = await count(
      sql`select count(*)::int as n from ${agentRunItems} join ${agentRuns} on ${agentRuns.id} = ${agentRunItems.runId} where ${agentRuns.envId} = ${envId}`,
    );
    counts.monitoring_samples = await count(
      sql`select count(*)::int as n from ${monitoringSamples} join ${monitoringRuns} on ${monitoringRuns.id} = ${monitoringSamples.runId} where ${monitoringRuns.envId} = ${envId}`,
    );
    counts.job_runs = await count(
      sql`select count(*)::int as n from ${jobRuns} where ${jobRuns.payload} ->> 'envId' = ${envId}
            or ${jobRuns.payload} ->> 'runId' in (select id from ${agentRuns} where env_id = ${envId})`,
    );
    const ids = fill.bossOf.get(envId) ?? [];
    counts['pgboss.job (queued)'] = await count(
      sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry') and id::text in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    counts['pgboss.schedule'] = await count(
      sql`select count(*)::int as n from pgboss.schedule where name = ${SCHEDULED} and key = ${envId}`,
    );
    return counts;
  }

  async function orgCounts(orgId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of ORG_TABLES) {
      counts[table] = await count(
        sql`select count(*)::int as n from ${sql.identifier(table)} where org_id = ${orgId}`,
      );
    }
    counts['pgboss.schedule'] = await count(
      sql`select count(*)::int as n from pgboss.schedule where data -> 'scheduled' ->> 'orgId' = ${orgId}`,
    );
    return counts;
  }

  const zeroes = (counts: Record<string, number>) =>
    Object.fromEntries(Object.keys(counts).map((k) => [k, 0]));

  const world = () => fill.world();

  it('fills every env-scoped and org-scoped table (so the counts below cover them all)', async () => {
    const { prod, org } = await world();
    const envEmpty = Object.entries(await envCounts(prod.id)).filter(([, n]) => n === 0);
    const orgEmpty = Object.entries(await orgCounts(org.id)).filter(([, n]) => n === 0);
    expect(envEmpty).toEqual([]);
    expect(orgEmpty).toEqual([]);
    expect(ENV_TABLES).toContain('catalog_products');
    expect(ORG_TABLES).toContain('memberships');
  });

  describe('envs.delete', () => {
    it('refuses a member who is not an owner: FORBIDDEN, with the reason', async () => {
      const { member, org, prod } = await world();
      const before = await envCounts(prod.id);
      const input = { orgId: org.id, envId: prod.id, confirmation: 'prod' };
      expect(await refusal(caller(member).envs.delete(input))).toEqual({
        code: 'FORBIDDEN',
        message: DELETION_MESSAGES.envOwnersOnly,
        reason: 'deletion-owners-only',
      });
      expect(await envCounts(prod.id)).toEqual(before);
    });

    it('refuses a confirmation that is not the env’s slug: BAD_REQUEST', async () => {
      const { owner, org, prod } = await world();
      for (const confirmation of ['', 'Prod', 'staging', 'Production']) {
        expect(
          await refusal(caller(owner).envs.delete({ orgId: org.id, envId: prod.id, confirmation })),
        ).toEqual({
          code: 'BAD_REQUEST',
          message: DELETION_MESSAGES.confirmationMismatch('prod'),
          reason: 'deletion-confirmation-mismatch',
        });
      }
      expect((await envCounts(prod.id)).catalog_products).toBe(1);
    });

    it('refuses while an agent run, a monitoring run or a catalogue sync is active, naming it', async () => {
      const { owner, org, prod } = await world();
      const input = { orgId: org.id, envId: prod.id, confirmation: 'prod' };
      await db().update(agentRuns).set({ status: 'running' }).where(eq(agentRuns.envId, prod.id));
      expect(await refusal(caller(owner).envs.delete(input))).toEqual({
        code: 'CONFLICT',
        message: DELETION_MESSAGES.envWorkRunning(['agent-run']),
        reason: 'deletion-work-running',
      });
      expect(DELETION_MESSAGES.envWorkRunning(['agent-run'])).toBe(
        'This environment cannot be deleted while an agent run is running. Wait for it to end, or cancel it, then delete.',
      );
      await db()
        .update(monitoringRuns)
        .set({ status: 'queued' })
        .where(eq(monitoringRuns.envId, prod.id));
      await jobs.queue.enqueue(
        'products.sync',
        { envId: prod.id, full: false },
        { orgId: org.id, key: `${prod.id}:2` },
      );
      expect((await refusal(caller(owner).envs.delete(input))).message).toBe(
        'This environment cannot be deleted while an agent run, a monitoring run and a catalogue sync are running. Wait for them to end, or cancel them, then delete.',
      );
      expect((await envCounts(prod.id)).agent_runs).toBe(1);
    });

    it('deletes every row of the env, its job runs, schedule and queued jobs; the org’s other env and another org stay', async () => {
      const w = await world();
      const stagingBefore = await envCounts(w.staging.id);
      const otherBefore = await envCounts(w.otherProd.id);
      const otherOrgBefore = await orgCounts(w.other.id);
      const orgBefore = await orgCounts(w.org.id);
      const prodBefore = await envCounts(w.prod.id);

      const deleted = await caller(w.owner).envs.delete({
        orgId: w.org.id,
        envId: w.prod.id,
        confirmation: ' prod ',
      });
      expect(deleted).toEqual({ orgSlug: w.org.slug, envSlug: 'prod' });

      expect(await envCounts(w.prod.id)).toEqual(zeroes(prodBefore));
      expect(await envCounts(w.staging.id)).toEqual(stagingBefore);
      expect(await envCounts(w.otherProd.id)).toEqual(otherBefore);
      expect(await orgCounts(w.other.id)).toEqual(otherOrgBefore);
      // The org loses the env and what was only the env's; staging still uses the API client.
      expect(await orgCounts(w.org.id)).toEqual({
        ...orgBefore,
        envs: 1,
        agent_runs: orgBefore.agent_runs! - 1,
        monitoring_runs: orgBefore.monitoring_runs! - 1,
        monitoring_alerts: orgBefore.monitoring_alerts! - 1,
        analyst_messages: orgBefore.analyst_messages! - 1,
        landing_pages: orgBefore.landing_pages! - 1,
        job_runs: orgBefore.job_runs! - 2,
        'pgboss.schedule': 1,
      });
      // The env is gone from the list every page reads (the read cache was told).
      expect((await caller(w.owner).envs.list({ orgId: w.org.id })).map((e) => e.slug)).toEqual([
        'staging',
      ]);
    });

    it('removes the stored API client secret with the org’s last linked env; a superuser may delete', async () => {
      const w = await world();
      await caller(w.owner).envs.delete({
        orgId: w.org.id,
        envId: w.prod.id,
        confirmation: 'prod',
      });
      expect((await orgCounts(w.org.id)).b2c_api_clients).toBe(1);
      await caller(w.superuser).envs.delete({
        orgId: w.org.id,
        envId: w.staging.id,
        confirmation: 'staging',
      });
      expect((await orgCounts(w.org.id)).b2c_api_clients).toBe(0);
      // The org's list of instances stays, for a new env to link.
      expect((await orgCounts(w.org.id)).b2c_instances).toBe(2);
      expect((await orgCounts(w.other.id)).b2c_api_clients).toBe(1);
    });

    it('answers NOT_FOUND for an env of another org', async () => {
      const w = await world();
      const { code } = await refusal(
        caller(w.owner).envs.delete({
          orgId: w.org.id,
          envId: w.otherProd.id,
          confirmation: 'prod',
        }),
      );
      expect(code).toBe('NOT_FOUND');
      expect((await envCounts(w.otherProd.id)).catalog_products).toBe(1);
    });
  });

  describe('orgs.delete', () => {
    it('refuses a member, and an owner who is not the last one: FORBIDDEN, with the reason', async () => {
      const w = await world();
      const input = { orgId: w.org.id, confirmation: w.org.slug };
      const refused = {
        code: 'FORBIDDEN',
        message: DELETION_MESSAGES.orgLastOwnerOnly,
        reason: 'deletion-last-owner-only',
      };
      expect(await refusal(caller(w.member).orgs.delete(input))).toEqual(refused);
      await db()
        .update(schema.memberships)
        .set({ role: 'owner' })
        .where(eq(schema.memberships.userId, w.member.id));
      services.cache.clear();
      expect(await refusal(caller(w.owner).orgs.delete(input))).toEqual(refused);
      expect((await orgCounts(w.org.id)).envs).toBe(2);
    });

    it('refuses a confirmation that is not the org’s slug, and while work runs in any env', async () => {
      const w = await world();
      expect(
        await refusal(caller(w.owner).orgs.delete({ orgId: w.org.id, confirmation: 'acme' })),
      ).toEqual({
        code: 'BAD_REQUEST',
        message: DELETION_MESSAGES.confirmationMismatch(w.org.slug),
        reason: 'deletion-confirmation-mismatch',
      });
      await db()
        .update(monitoringRuns)
        .set({ status: 'running' })
        .where(eq(monitoringRuns.envId, w.staging.id));
      expect(
        await refusal(caller(w.owner).orgs.delete({ orgId: w.org.id, confirmation: w.org.slug })),
      ).toEqual({
        code: 'CONFLICT',
        message:
          'This org cannot be deleted while a monitoring run is running in its environments. Wait for it to end, or cancel it, then delete.',
        reason: 'deletion-work-running',
      });
      expect((await orgCounts(w.org.id)).envs).toBe(2);
    });

    it('its last owner deletes everything of the org; another org stays as it was', async () => {
      const w = await world();
      const otherEnvBefore = await envCounts(w.otherProd.id);
      const otherOrgBefore = await orgCounts(w.other.id);
      const orgBefore = await orgCounts(w.org.id);
      const prodBefore = await envCounts(w.prod.id);
      const stagingBefore = await envCounts(w.staging.id);
      // Read once, so the role is cached: deletion must make it forget.
      expect(await caller(w.owner).envs.list({ orgId: w.org.id })).toHaveLength(2);

      expect(
        await caller(w.owner).orgs.delete({ orgId: w.org.id, confirmation: w.org.slug }),
      ).toEqual({ orgSlug: w.org.slug });

      expect(await orgCounts(w.org.id)).toEqual(zeroes(orgBefore));
      expect(await envCounts(w.prod.id)).toEqual(zeroes(prodBefore));
      expect(await envCounts(w.staging.id)).toEqual(zeroes(stagingBefore));
      expect(await envCounts(w.otherProd.id)).toEqual(otherEnvBefore);
      expect(await orgCounts(w.other.id)).toEqual(otherOrgBefore);
      expect((await refusal(caller(w.owner).envs.list({ orgId: w.org.id }))).code).toBe(
        'FORBIDDEN',
      );
      expect(await caller(w.owner).orgs.allOrgsForUser()).toEqual([]);
    });

    it('a superuser deletes an org with several owners', async () => {
      const w = await world();
      await db()
        .update(schema.memberships)
        .set({ role: 'owner' })
        .where(eq(schema.memberships.userId, w.member.id));
      await caller(w.superuser).orgs.delete({ orgId: w.org.id, confirmation: w.org.slug });
      expect((await orgCounts(w.org.id)).memberships).toBe(0);
      expect((await orgCounts(w.other.id)).memberships).toBe(1);
    });
  });
});
