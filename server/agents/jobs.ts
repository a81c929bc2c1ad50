/** The agents area's job kinds: planning a run, and its items (server/agents/runner.ts). */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { RUN_CONCURRENCY } from '~/domain/agents/runs';
import { agentRuns } from '~/server/db/schema';
import { defineJob, type JobEnv } from '~/server/jobs/define';
import { AGENTS_ITEM_JOB, AGENTS_PLAN_JOB, ITEM_RETRY, planRun, runItem } from './runner';

/** Both kinds name their run; the run names its env. */
const runEnv: JobEnv = {
  work: 'agent-run',
  of: (payload) =>
    sql`(select ${agentRuns.envId} from ${agentRuns} where ${agentRuns.id} = ${payload} ->> 'runId')`,
};

export const agentsPlanJob = defineJob({
  name: AGENTS_PLAN_JOB,
  payload: z.object({ runId: z.string().min(1) }),
  env: runEnv,
  retry: { limit: 3, delaySeconds: 5, maxDelaySeconds: 120 },
  expireInSeconds: 10 * 60,
  concurrency: 2,
  handler: ({ runId }, context) => planRun(runId, context),
});

export const agentsItemJob = defineJob({
  name: AGENTS_ITEM_JOB,
  payload: z.object({ runId: z.string().min(1), idx: z.number().int().min(0) }),
  env: runEnv,
  retry: ITEM_RETRY,
  // Past the AI call's own timeout (AI_TIMEOUT_MS, 2 minutes by default) with room to store.
  expireInSeconds: 10 * 60,
  // Items of every run this process works at once; each run (a group) keeps to its own concurrency.
  concurrency: 50,
  maxGroupConcurrency: RUN_CONCURRENCY.max,
  handler: ({ runId, idx }, context) => runItem(runId, idx, context),
});

export const agentsJobs = [agentsPlanJob, agentsItemJob];
