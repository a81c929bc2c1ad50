/** Reading job runs for screens: one run of an org, and its changes as they happen. */
import { and, eq, type SQL } from 'drizzle-orm';
import { isFinished, type JobRun, type JobRunRef } from '~/domain/jobs/runs';
import { DomainError } from '~/domain/shared/errors';
import type { Db } from '~/server/db/client';
import { jobRuns } from '~/server/db/schema';
import type { RunEvents } from './events';
import { watchUntilEnded } from './watch';

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
      const first = await get(orgId, ref);
      yield* watchUntilEnded({
        id: first.id,
        first,
        read: () => find(orgId, { id: first.id }),
        active: (run) => !isFinished(run.status),
        changed,
        events,
        signal,
      });
    },
  };
}
