/**
 * The monitoring area's job kinds: planning a run and its samples (server/monitoring/runner.ts), and
 * a schedule's occurrence (server/monitoring/schedule.ts).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MONITORING_CONCURRENCY } from '~/domain/monitoring/runs';
import { monitoringRuns } from '~/server/db/schema';
import { defineJob, type JobEnv } from '~/server/jobs/define';
import {
  MONITORING_PLAN_JOB,
  MONITORING_SAMPLE_JOB,
  planMonitoringRun,
  runSample,
  SAMPLE_RETRY,
} from './runner';
import { MONITORING_SCHEDULED_JOB, runScheduled } from './schedule';

/** A run's jobs name the run; the run names its env. */
const runEnv: JobEnv = {
  work: 'monitoring-run',
  of: (payload) =>
    sql`(select ${monitoringRuns.envId} from ${monitoringRuns} where ${monitoringRuns.id} = ${payload} ->> 'runId')`,
};

export const monitoringPlanJob = defineJob({
  name: MONITORING_PLAN_JOB,
  payload: z.object({ runId: z.string().min(1) }),
  env: runEnv,
  retry: { limit: 3, delaySeconds: 5, maxDelaySeconds: 120 },
  expireInSeconds: 10 * 60,
  concurrency: 2,
  handler: ({ runId }, context) => planMonitoringRun(runId, context),
});

export const monitoringSampleJob = defineJob({
  name: MONITORING_SAMPLE_JOB,
  payload: z.object({
    runId: z.string().min(1),
    promptKey: z.string().min(1),
    engine: z.string().min(1),
    idx: z.number().int().min(0),
  }),
  env: runEnv,
  retry: SAMPLE_RETRY,
  expireInSeconds: 10 * 60,
  concurrency: MONITORING_CONCURRENCY,
  maxGroupConcurrency: MONITORING_CONCURRENCY,
  handler: (payload, context) => runSample(payload, context),
});

/** A schedule's occurrence: starts the env's run (server/monitoring/schedule.ts). */
export const monitoringScheduledJob = defineJob({
  name: MONITORING_SCHEDULED_JOB,
  payload: z.object({ envId: z.string().min(1) }),
  env: { work: 'monitoring-run', of: (payload) => sql`${payload} ->> 'envId'` },
  retry: { limit: 3, delaySeconds: 30, maxDelaySeconds: 600 },
  expireInSeconds: 5 * 60,
  concurrency: 2,
  handler: ({ envId }, context) => runScheduled(envId, context),
});

export const monitoringJobs = [monitoringPlanJob, monitoringSampleJob, monitoringScheduledJob];
