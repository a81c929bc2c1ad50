/** A background job run as screens see it: its state, its progress, and how to name one in a request. */
import { z } from 'zod/mini';
import { idSchema } from '~/domain/shared/ids';

/**
 * queued → running → completed, or → retrying (a passing fault; it runs again after a pause) → running,
 * or → failed (a fault that another try cannot fix, or the last try spent).
 */
export const JOB_RUN_STATUSES = ['queued', 'running', 'retrying', 'completed', 'failed'] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];

/** A run that will not change any more: a progress stream ends with it. */
export function isFinished(status: JobRunStatus): boolean {
  return status === 'completed' || status === 'failed';
}

export interface JobRun {
  id: string;
  orgId: string;
  /** The job kind, `<area>.<name>` (e.g. `system.noop`). */
  kind: string;
  /** The run's logical effect within its org and kind: enqueueing the same key again finds this run. */
  key: string;
  status: JobRunStatus;
  /** Tries started so far. */
  attempts: number;
  progressDone: number;
  progressTotal: number | null;
  progressMessage: string | null;
  /** Why the last try failed, in words a person understands; null when it did not fail. */
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

const kindSchema = z.string().check(z.minLength(1), z.maxLength(100));
const keySchema = z.string().check(z.minLength(1), z.maxLength(200));

/** A run named by its id, or by its kind and key (what the screen that started it knows). */
export const jobRunRefSchema = z.union([
  z.object({ id: idSchema }),
  z.object({ kind: kindSchema, key: keySchema }),
]);
export type JobRunRef = z.infer<typeof jobRunRefSchema>;

export const jobProgressInput = z.object({ orgId: idSchema, run: jobRunRefSchema });
export type JobProgressInput = z.infer<typeof jobProgressInput>;
