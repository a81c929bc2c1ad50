/** Background job runs (the progress a person watches). */
import { JOB_RUN_STATUSES } from '~/domain/jobs/runs';
import { index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestampTz, updatedAt } from './columns';
import { orgs } from './orgs';

/**
 * One row per logical effect of a background job (docs/decisions/0021-background-jobs.md): enqueueing
 * the same (org, kind, key) again finds this row instead of starting a second run, and a run already
 * completed is never run again when the queue delivers its job twice. The job's progress lives here too;
 * a trigger (migration 0002) announces each insert and update with NOTIFY on `beacon_job_run_changed`
 * (the run id as payload), so every server process can stream it. The queue's own tables
 * (pg-boss, schema `pgboss`) hold the job itself, under the same id.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: id(),
    orgId: belongsTo('org_id', () => orgs.id),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: JOB_RUN_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    progressMessage: text('progress_message'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestampTz('finished_at'),
  },
  (t) => [
    unique('job_runs_org_kind_key_uq').on(t.orgId, t.kind, t.key),
    index('job_runs_org_created_idx').on(t.orgId, t.createdAt),
  ],
);
