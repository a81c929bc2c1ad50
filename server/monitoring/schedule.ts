/**
 * Monitoring on a schedule (docs/decisions/0028-monitoring-runs.md): each env whose config says daily
 * or weekly has one pg-boss schedule, keyed by the env, that enqueues `monitoring.scheduled`; that job
 * starts a run as a person's "Run now" does. Envs are spread over the hour so that many schedules do
 * not all ask the engines in the same minute.
 */
import { createHash } from 'node:crypto';
import type { MonitoringSchedule } from '~/domain/monitoring/config';
import { DomainError } from '~/domain/shared/errors';
import type { JobContext } from '~/server/jobs/define';

export const MONITORING_SCHEDULED_JOB = 'monitoring.scheduled';

/** The hour (UTC) scheduled runs start in; the minute is the env's own. */
const RUN_HOUR_UTC = 5;

/** The env's cron expression for its schedule; null when it is off. */
export function monitoringCron(schedule: MonitoringSchedule, envId: string): string | null {
  if (schedule === 'off') return null;
  const minute = createHash('sha256').update(envId).digest().readUInt16BE(0) % 60;
  // Weekly on Mondays.
  return schedule === 'daily'
    ? `${minute} ${RUN_HOUR_UTC} * * *`
    : `${minute} ${RUN_HOUR_UTC} * * 1`;
}

/**
 * A schedule came due: run, unless a run is already going, or the config or the env was removed
 * meanwhile.
 */
export async function runScheduled(envId: string, context: JobContext): Promise<void> {
  try {
    await context.services.monitoring.start(context.orgId, envId, null, 'schedule');
  } catch (error) {
    if (error instanceof DomainError && ['CONFLICT', 'INVALID', 'NOT_FOUND'].includes(error.kind)) {
      return;
    }
    throw error;
  }
}
