/**
 * A production deployment's first day, through the tRPC router with the real services, background jobs
 * and the AI simulator (docs/decisions/0035-production-first-day.md): someone new from the free AEO
 * report creates their own (unverified) org and an env, and reaches a first monitoring run without
 * waiting for anyone, while the org gate still holds everything else; a superuser then finds the org
 * among the unverified ones and verifies it from there.
 */
import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '~/domain/shared/session';
import { type AiSimulator, createAiSimulator } from '~/simulators/ai/simulator';
import { describeEachDriver } from '~/server/db/test-db';
import { type Jobs, startJobs } from '~/server/jobs/runtime';
import { monitoringPlanJob, monitoringSampleJob } from '~/server/monitoring/jobs';
import { createSecrets } from '~/server/secrets';
import { type BeaconServices, createServices } from '~/server/services';
import { aiOnSimulator } from '~/server/simulator-link';
import { fakeGateway, makeUser } from '~/server/test-support';
import { appRouter } from '~/server/trpc/router';
import { createCallerFactory } from '~/server/trpc/trpc';

const TIMEOUT_MS = 60_000;

let ai: AiSimulator;
beforeAll(async () => {
  ai = await createAiSimulator();
});
afterAll(async () => {
  await ai.stop();
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const reason = (error.cause as { reason?: string } | undefined)?.reason;
    return `${error.code}${reason ? ` ${reason}` : ''}`;
  }
}

describeEachDriver('a production deployment’s first day', (get) => {
  let jobs: Jobs;
  let services: BeaconServices;
  const as = (user: SessionUser) =>
    createCallerFactory(appRouter)({ user, services, requestId: 'first-day' });

  beforeAll(async () => {
    jobs = await startJobs({
      database: get(),
      definitions: [monitoringPlanJob, monitoringSampleJob],
      pollingIntervalSeconds: 0.5,
    });
    services = createServices({
      db: get().db,
      b2c: fakeGateway().gateway,
      secrets: createSecrets(randomBytes(32)),
      runEvents: jobs.events,
      jobs: jobs.queue,
      ai: aiOnSimulator(ai.url, 5_000),
    });
    await jobs.work(services);
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop(1_000);
  });

  // Steps of one day: the superuser verifies the org the newcomer made, so they run in this order
  // even when the tests are shuffled.
  describe('in order', { shuffle: false }, () => {
    it('someone new from the free AEO report reaches a first monitoring run without waiting for anyone', async () => {
      const db = get().db;
      const newcomer = as(await makeUser(db, { email: 'first.visitor@brand.test' }));

      // Back from signing in at /app/?campaign=aeo: the campaign is noted; no org yet.
      await newcomer.monitoring.noteCampaign({ campaign: 'aeo' });
      expect(await newcomer.orgs.bestRedirectForUser({})).toMatchObject({
        status: 'no-org-memberships',
      });
      expect(await newcomer.orgs.creation()).toBe('first');

      // Their own org (unverified, they own it), then its first env.
      const org = await newcomer.orgs.create({ name: 'Brand Co', slug: 'brand-co' });
      expect(org).toMatchObject({ slug: 'brand-co', verified: false });
      const env = await newcomer.envs.create({ orgId: org.id, name: 'Production', slug: 'prod' });
      expect(env.b2cInstance).toBeNull();
      expect(await newcomer.orgs.bestRedirectForUser({})).toMatchObject({ status: 'ok', org, env });
      const scope = { orgId: org.id, envId: env.id };

      // The server still holds the gates and the superusers' rules for them.
      expect(await refusal(newcomer.products.syncState(scope))).toBe('FORBIDDEN onboarding-needed');
      expect(await refusal(newcomer.agents.overview(scope))).toBe('FORBIDDEN onboarding-needed');
      expect(await refusal(newcomer.orgs.verify({ orgId: org.id }))).toBe('FORBIDDEN');
      expect(await refusal(newcomer.orgs.overview({ show: 'all' }))).toBe('NOT_FOUND');
      expect(await refusal(newcomer.orgs.create({ name: 'Another', slug: 'another-co' }))).toBe(
        'FORBIDDEN org-creation-refused',
      );

      // Home (monitoring) opts out of both gates: configured and run with no instance.
      expect((await newcomer.monitoring.getConfig(scope)).config).toBeNull();
      await newcomer.monitoring.saveConfig({
        ...scope,
        brandName: 'Brand Co',
        brandDomain: 'brand.test',
        newPrompts: ['Which rain jacket should I buy for city cycling?'],
        engines: ['openai', 'anthropic'],
        samples: 2,
      });
      const run = await newcomer.monitoring.start(scope);
      expect(run).toMatchObject({ status: 'queued', trigger: 'manual', samplesTotal: 4 });

      let latest: typeof run | undefined = run;
      for (const started = Date.now(); Date.now() - started < TIMEOUT_MS;) {
        [latest] = await newcomer.monitoring.runs(scope);
        if (latest && !['queued', 'running'].includes(latest.status)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(latest).toMatchObject({ id: run.id, status: 'succeeded', samplesDone: 4 });
      const results = await newcomer.monitoring.results(scope);
      expect(results.overall?.mentionRate).toBeDefined();
      expect(results.prompts.map((p) => p.text)).toEqual([
        'Which rain jacket should I buy for city cycling?',
      ]);
    }, 120_000);

    it('a superuser finds the new org among the unverified ones and verifies it from the list', async () => {
      const db = get().db;
      const superuser = as(await makeUser(db, { isSuperUser: true }));
      const waiting = await superuser.orgs.overview({ show: 'unverified' });
      const brand = waiting.find((o) => o.slug === 'brand-co');
      expect(brand).toMatchObject({
        verified: false,
        memberCount: 1,
        members: [{ email: 'first.visitor@brand.test', role: 'owner' }],
        envs: [{ slug: 'prod', b2cInstance: null }],
      });
      await superuser.orgs.verify({ orgId: brand!.id });
      expect(
        (await superuser.orgs.overview({ show: 'unverified' })).map((o) => o.id),
      ).not.toContain(brand!.id);
      expect(
        (await superuser.orgs.overview({ show: 'all' })).find((o) => o.id === brand!.id)?.verified,
      ).toBe(true);
    });
  });
});
