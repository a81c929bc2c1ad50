/**
 * Rows in every env- and org-scoped table of server/orgs/tables.ts, for the tests that must see each
 * table go (deleting an env or an org) or leave (exporting an org): a table those tests count that no
 * filler writes fails their "fills every table" check.
 */
import { sql } from 'drizzle-orm';
import type { DesignerTheme } from '~/domain/theme-designer/theme-designer';
import type { Db } from '~/server/db/client';
import {
  agentConfigs,
  agentRunItems,
  agentRuns,
  aiBudgets,
  aiSpend,
  analystMessages,
  b2cApiClients,
  catalogCatalogs,
  catalogCategories,
  catalogProducts,
  catalogSyncs,
  invitations,
  jobRuns,
  landingPages,
  landingPageThemes,
  monitoringAggregates,
  monitoringAlerts,
  monitoringConfigs,
  monitoringRuns,
  monitoringSamples,
  orgExportParts,
  orgExports,
  prompts,
  proposalEvents,
  proposals,
} from '~/server/db/schema';
import type { JobQueue } from '~/server/jobs/queue';
import { addEnv, makeOrg, makeUser, uniq } from '~/server/test-support';

export const SCHEDULED = 'monitoring.scheduled';

/** The secrets `fillOrg` stores for an org: no archive may contain them. */
export function secretsOf(orgId: string) {
  return { ciphertext: `v1:ciphertext-of-${orgId}`, tokenHash: `token-hash-of-${orgId}` };
}

export type OrgFiller = ReturnType<typeof orgFiller>;

export function orgFiller(db: Db, jobs: JobQueue) {
  /** What pg-boss holds for an env: the ids of the jobs `fillEnv` queued, and its schedule. */
  const bossOf = new Map<string, string[]>();
  return {
    bossOf,
    /** A row in every env-scoped table, job runs of its kinds, a schedule and queued jobs in pg-boss. */
    async fillEnv(orgId: string, envId: string, userId: string) {
      const d = db;
      const now = new Date();
      await d.insert(catalogProducts).values({
        envId,
        b2cProductId: 'p1',
        type: 'master',
        online: true,
        catalogIds: ['c1'],
        categoryIds: ['root'],
        document: {},
        syncedAt: now,
      });
      await d.insert(catalogCatalogs).values({ envId, catalogId: 'c1', isMaster: true });
      await d
        .insert(catalogCategories)
        .values({ envId, catalogId: 'c1', categoryId: 'root', online: true });
      await d.insert(catalogSyncs).values({ envId, lastSyncedAt: now });
      const [proposal] = await d
        .insert(proposals)
        .values({
          envId,
          b2cProductId: 'p1',
          locale: 'default',
          field: 'name',
          agentType: 'seo',
          proposedValue: 'New name',
        })
        .returning({ id: proposals.id });
      await d
        .insert(proposalEvents)
        .values({ proposalId: proposal!.id, envId, action: 'proposed', toStatus: 'pending' });
      await d.insert(agentConfigs).values({ envId, agentType: 'seo', config: {} });
      const [agentRun] = await d
        .insert(agentRuns)
        .values({
          orgId,
          envId,
          agentType: 'seo',
          status: 'succeeded',
          provider: 'anthropic',
          model: 'm',
          concurrency: 1,
          config: {},
        })
        .returning({ id: agentRuns.id });
      await d.insert(agentRunItems).values({
        runId: agentRun!.id,
        idx: 0,
        b2cProductId: 'p1',
        locale: 'default',
        fieldGroup: 'name',
      });
      await d.insert(monitoringConfigs).values({ envId, config: {} });
      const [monitoringRun] = await d
        .insert(monitoringRuns)
        .values({ orgId, envId, status: 'succeeded', config: {} })
        .returning({ id: monitoringRuns.id });
      await d
        .insert(monitoringSamples)
        .values({ runId: monitoringRun!.id, promptKey: 'k', engine: 'openai', idx: 0 });
      await d.insert(monitoringAggregates).values({
        runId: monitoringRun!.id,
        envId,
        engine: 'openai',
        promptKey: 'k',
        n: 1,
        mentions: 1,
        citations: 0,
        positionSum: 1,
        brandCounts: {},
        productCounts: {},
        sentimentCounts: {},
        finishedAt: now,
      });
      await d.insert(monitoringAlerts).values({
        orgId,
        envId,
        runId: monitoringRun!.id,
        series: 'openai:',
        engine: 'openai',
        metric: 'mention',
        direction: 'drop',
        baseline: { rate: 0.5, successes: 5, n: 10 },
        current: { rate: 0, successes: 0, n: 1 },
        difference: -0.5,
        noise: 0.1,
        pValue: 0.001,
        runIds: [monitoringRun!.id],
        baselineRunIds: [],
      });
      await d.insert(analystMessages).values({ orgId, envId, userId, role: 'user', content: 'Hi' });
      await d.insert(landingPages).values({
        orgId,
        envId,
        title: 'Page',
        slug: 'page',
        locale: 'default',
        sections: [],
      });
      // Finished job runs of the env's kinds (the agent run's plan names the env through the run).
      const { run: sync } = await jobs.enqueue(
        'products.sync',
        { envId, full: false },
        { orgId, key: `${envId}:1` },
      );
      const { run: plan } = await jobs.enqueue(
        'agents.plan',
        { runId: agentRun!.id },
        { orgId, key: `run:${agentRun!.id}` },
      );
      await d
        .update(jobRuns)
        .set({ status: 'completed', finishedAt: now })
        .where(sql`${jobRuns.id} in (${sync.id}, ${plan.id})`);
      // The monitoring schedule, and one of its occurrences queued and not yet taken.
      await jobs.schedule(SCHEDULED, { envId }, { orgId, key: envId, cron: '0 5 * * *' });
      const occurrence = await jobs.boss.send(SCHEDULED, {
        scheduled: { orgId, key: `schedule:${envId}`, payload: { envId } },
      });
      // The sync's and the plan's jobs are still queued in pg-boss (no worker runs here).
      bossOf.set(envId, [sync.id, plan.id, occurrence!]);
    },

    /** A row in every org-scoped table that is not an env's. */
    async fillOrg(orgId: string, userId: string) {
      const d = db;
      await d
        .insert(b2cApiClients)
        .values({ orgId, clientId: 'client', secretCiphertext: secretsOf(orgId).ciphertext });
      await d.insert(invitations).values({
        orgId,
        email: `${uniq('invitee')}@example.test`,
        tokenHash: secretsOf(orgId).tokenHash,
        expiresAt: new Date(Date.now() + 86_400_000),
        invitedBy: userId,
      });
      await d.insert(prompts).values({ orgId, name: 'Bags', text: 'Which bag?' });
      await d
        .insert(landingPageThemes)
        .values({ orgId, name: 'Theme', theme: {} as DesignerTheme });
      await d
        .insert(aiSpend)
        .values({ orgId, month: '2026-01', area: 'agents', costUsd: 1, calls: 1 });
      await d.insert(aiBudgets).values({ orgId, budgetUsd: 200 });
      const [made] = await d
        .insert(orgExports)
        .values({ orgId, requestedBy: userId, status: 'ready', sizeBytes: 1 })
        .returning({ id: orgExports.id });
      await d
        .insert(orgExportParts)
        .values({ exportId: made!.id, seq: 0, bytes: new Uint8Array([1]) });
    },
    /**
     * Acme-like: an owner, a member, envs prod and staging (both linked to an instance), each filled;
     * a superuser of no org; and another org with its own prod, filled the same way.
     */
    async world() {
      const owner = await makeUser(db);
      const member = await makeUser(db);
      const superuser = await makeUser(db, { isSuperUser: true });
      const org = await makeOrg(db, {
        members: [{ user: owner, role: 'owner' }, { user: member }],
        verified: true,
      });
      const prod = await addEnv(db, org.id, 'prod', { onboarded: true });
      const staging = await addEnv(db, org.id, 'staging', { onboarded: true });
      const otherOwner = await makeUser(db);
      const other = await makeOrg(db, {
        members: [{ user: otherOwner, role: 'owner' }],
        verified: true,
      });
      const otherProd = await addEnv(db, other.id, 'prod', { onboarded: true });
      for (const [o, e, u] of [
        [org.id, prod.id, owner.id],
        [org.id, staging.id, member.id],
        [other.id, otherProd.id, otherOwner.id],
      ] as const) {
        await this.fillEnv(o, e, u);
      }
      await this.fillOrg(org.id, owner.id);
      await this.fillOrg(other.id, otherOwner.id);
      return { owner, member, superuser, org, prod, staging, other, otherOwner, otherProd };
    },
  };
}
