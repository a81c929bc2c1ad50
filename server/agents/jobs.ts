/** The agents area's job kinds: planning a run, and its items (server/agents/runner.ts). */
import { z } from 'zod';
import { RUN_CONCURRENCY } from '~/domain/agents/runs';
import { defineJob } from '~/server/jobs/define';
import { AGENTS_ITEM_JOB, AGENTS_PLAN_JOB, ITEM_RETRY, planRun, runItem } from './runner';

export const agentsPlanJob = defineJob({
  name: AGENTS_PLAN_JOB,
  payload: z.object({ runId: z.string().min(1) }),
  retry: { limit: 3, delaySeconds: 5, maxDelaySeconds: 120 },
  expireInSeconds: 10 * 60,
  concurrency: 2,
  handler: ({ runId }, context) => planRun(runId, context),
});

export const agentsItemJob = defineJob({
  name: AGENTS_ITEM_JOB,
  payload: z.object({ runId: z.string().min(1), idx: z.number().int().min(0) }),
  retry: ITEM_RETRY,
  // Past the AI call's own timeout (AI_TIMEOUT_MS, 2 minutes by default) with room to store.
  expireInSeconds: 10 * 60,
  // Items of every run this process works at once; each run (a group) keeps to its own concurrency.
  concurrency: 50,
  maxGroupConcurrency: RUN_CONCURRENCY.max,
  handler: ({ runId, idx }, context) => runItem(runId, idx, context),
});

export const agentsJobs = [agentsPlanJob, agentsItemJob];
