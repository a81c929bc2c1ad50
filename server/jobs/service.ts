/** Reading job runs for screens: one run of an org, and its changes as they happen. */
import { and, eq, type SQL } from 'drizzle-orm';
import { isFinished, type JobRun, type JobRunRef } from '~/domain/jobs/runs';
import { DomainError } from '~/domain/shared/errors';
import type { Db } from '~/server/db/client';
import { jobRuns } from '~/server/db/schema';
import type { RunEvents } from './events';

export const RUN_NOT_FOUND_MESSAGE = 'This job run does not exist in this org.';

export interface JobRunsService {
  get(orgId: string, ref: JobRunRef): Promise<JobRun>;
  /** The run now, then each change, until it finishes or `signal` aborts. */
  watch(orgId: string, ref: JobRunRef, signal?: AbortSignal): AsyncGenerator<JobRun>;
}

const columns = {
  id: jobRuns.id,
  orgId: jobRuns.orgId,
  kind: jobRuns.kind,
  key: jobRuns.key,
  status: jobRuns.status,
  attempts: jobRuns.attempts,
  progressDone: jobRuns.progressDone,
  progressTotal: jobRuns.progressTotal,
  progressMessage: jobRuns.progressMessage,
  error: jobRuns.error,
  createdAt: jobRuns.createdAt,
  updatedAt: jobRuns.updatedAt,
  finishedAt: jobRuns.finishedAt,
};

function where(orgId: string, ref: JobRunRef): SQL | undefined {
  return 'id' in ref
    ? and(eq(jobRuns.orgId, orgId), eq(jobRuns.id, ref.id))
    : and(eq(jobRuns.orgId, orgId), eq(jobRuns.kind, ref.kind), eq(jobRuns.key, ref.key));
}

/** Whether two reads of a run differ in anything a screen shows. */
function changed(a: JobRun, b: JobRun): boolean {
  return (
    a.status !== b.status ||
    a.attempts !== b.attempts ||
    a.progressDone !== b.progressDone ||
    a.progressTotal !== b.progressTotal ||
    a.progressMessage !== b.progressMessage ||
    a.error !== b.error
  );
}

export function createJobRunsService(db: Db, events: RunEvents): JobRunsService {
  async function find(orgId: string, ref: JobRunRef): Promise<JobRun | undefined> {
    const [run] = await db.select(columns).from(jobRuns).where(where(orgId, ref)).limit(1);
    return run;
  }

  async function get(orgId: string, ref: JobRunRef): Promise<JobRun> {
    const run = await find(orgId, ref);
    if (!run) throw new DomainError('NOT_FOUND', RUN_NOT_FOUND_MESSAGE);
    return run;
  }

  return {
    get,
    async *watch(orgId, ref, signal) {
      let run = await get(orgId, ref);
      // Wake-ups arriving while a read is under way are kept: one more read follows. It starts true:
      // a change made between the first read and watching is caught by reading once more.
      let pending = true;
      let wake: (() => void) | undefined;
      const stopWatching = events.watch(run.id, () => {
        pending = true;
        wake?.();
      });
      const onAbort = () => wake?.();
      signal?.addEventListener('abort', onAbort);
      try {
        yield run;
        while (!isFinished(run.status) && !signal?.aborted) {
          if (!pending) {
            await new Promise<void>((resolve) => (wake = resolve));
            wake = undefined;
            continue;
          }
          pending = false;
          const next = await find(orgId, { id: run.id });
          if (!next) return;
          if (changed(run, next)) yield next;
          run = next;
        }
      } finally {
        stopWatching();
        signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}
