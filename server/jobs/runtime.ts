/**
 * Background jobs in a process: the queue (pg-boss), this process's workers when it runs them, and the
 * run-change listener the progress streams read. The server starts it (`npm start`), and so does a
 * worker process of its own (`npm run worker`, server/worker-main.ts) against the same database.
 */
import type { Database } from '~/server/db/client';
import type { NotifyBus } from '~/server/db/notify';
import type { Logger } from '~/server/log';
import type { AnyJobDefinition, JobServices } from './define';
import { createRunEvents, type RunEvents } from './events';
import { type JobQueue, type JobQueueOptions, startJobQueue } from './queue';
import { jobDefinitions } from './registry';

/** How long a stopping process lets jobs in flight finish before it releases them to other workers. */
export const SHUTDOWN_GRACE_MS = 8_000;

export interface Jobs {
  queue: JobQueue;
  events: RunEvents;
  /** Starts this process's workers; their handlers reach the areas through `services`. */
  work(services: JobServices): Promise<void>;
  /** Stops fetching, waits up to `graceMs` for jobs in flight, releases the rest, stops listening. */
  stop(graceMs?: number): Promise<void>;
}

export interface StartJobsOptions extends Partial<Omit<JobQueueOptions, 'database'>> {
  database: Database;
  logger?: Logger;
  /**
   * Run workers in this process now, with these services. Without them, call `work(services)` once
   * the services (which need the queue and the run events) are built.
   */
  services?: JobServices;
  definitions?: readonly AnyJobDefinition[];
  /** The process's LISTEN connection (server/db/notify.ts); without it the run events open their own. */
  bus?: NotifyBus;
}

export async function startJobs({
  services,
  definitions = jobDefinitions,
  bus,
  ...options
}: StartJobsOptions): Promise<Jobs> {
  const events = createRunEvents(options.database, bus ? { bus } : {});
  const queue = await startJobQueue({ ...options, definitions });
  await events.ready();
  if (services) await queue.work(services);
  return {
    queue,
    events,
    work: (workerJobServices) => queue.work(workerJobServices),
    async stop(graceMs = SHUTDOWN_GRACE_MS) {
      try {
        await queue.stop({ graceful: true, timeoutMs: graceMs });
      } finally {
        await events.close();
      }
    },
  };
}
