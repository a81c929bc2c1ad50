/**
 * The monitoring area's job kinds: planning a run and its samples (server/monitoring/runner.ts), a
 * schedule's occurrence (server/monitoring/schedule.ts), and an org's answer retention
 * (server/monitoring/retention.ts).
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
import { MONITORING_RETENTION_JOB, removeOldAnswers } from './retention';
import {
  ALERT_WEBHOOK_RETRY,
  deliverAlertWebhook,
  MONITORING_ALERT_WEBHOOK_JOB,
  MONITORING_ALERTS_JOB,
  runAlertsJob,
} from './alerts';
import { monitoringAlerts } from '~/server/db/schema';
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

/** An ended run read for alerts, once (server/monitoring/alerts.ts). */
export const monitoringAlertsJob = defineJob({
  name: MONITORING_ALERTS_JOB,
  payload: z.object({ runId: z.string().min(1) }),
  env: runEnv,
  retry: { limit: 3, delaySeconds: 5, maxDelaySeconds: 120 },
  expireInSeconds: 5 * 60,
  concurrency: 2,
  handler: ({ runId }, context) => runAlertsJob(runId, context),
});

/** One alert posted to the env's webhook; retried while the webhook may get over its failure. */
export const monitoringAlertWebhookJob = defineJob({
  name: MONITORING_ALERT_WEBHOOK_JOB,
  payload: z.object({ alertId: z.string().min(1) }),
  env: {
    work: 'monitoring-run',
    of: (payload) =>
      sql`(select ${monitoringAlerts.envId} from ${monitoringAlerts} where ${monitoringAlerts.id} = ${payload} ->> 'alertId')`,
  },
  retry: ALERT_WEBHOOK_RETRY,
  expireInSeconds: 2 * 60,
  concurrency: 2,
  handler: ({ alertId }, context) =>
    deliverAlertWebhook(
      alertId,
      context,
      context.services.alertWebhooks.sender,
      context.services.alertWebhooks.appUrl,
    ),
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

/** One org's pass over its old answers; the org is the job run's. */
export const monitoringRetentionJob = defineJob({
  name: MONITORING_RETENTION_JOB,
  payload: z.object({}),
  // Works across the org's envs; deleting an env removes its runs and answers anyway.
  env: null,
  retry: { limit: 3, delaySeconds: 60, maxDelaySeconds: 600 },
  expireInSeconds: 30 * 60,
  concurrency: 1,
  async handler(_payload, context) {
    const removed = await removeOldAnswers(context.db, context.orgId, new Date());
    await context.progress({
      done: removed.runs,
      total: removed.runs,
      message: `Removed ${removed.answers} answers of ${removed.runs} ${removed.runs === 1 ? 'run' : 'runs'}`,
    });
  },
});

export const monitoringJobs = [
  monitoringPlanJob,
  monitoringSampleJob,
  monitoringAlertsJob,
  monitoringAlertWebhookJob,
  monitoringScheduledJob,
  monitoringRetentionJob,
];
