/**
 * How an area declares a background job kind: a name, a zod payload, a handler and its retry policy.
 * Handlers live beside their area's service (`server/<area>/jobs.ts`); server/jobs/registry.ts lists
 * every area's kinds, as the root router lists every area's routers.
 */
import type { AlertWebhooks } from '~/server/services';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { RunningWork } from '~/domain/orgs/deletion';
import type { Db } from '~/server/db/client';
import type { AiService } from '~/server/ai/service';
import type { B2CInstancesService } from '~/server/instances/service';
import type { MonitoringService } from '~/server/monitoring/service';

/**
 * The services job handlers use, and only those: a model call (agents, monitoring), an env's
 * instance clients (sync, publish, agents) and starting a scheduled monitoring run. Naming them here rather than every area's services keeps
 * the jobs layer from depending on every area.
 */
export interface JobServices {
  ai: Pick<AiService, 'generateText' | 'generateWithSearch' | 'generateObject'>;
  b2cInstances: Pick<B2CInstancesService, 'clientsForEnv'>;
  monitoring: Pick<MonitoringService, 'start'>;
  alertWebhooks: AlertWebhooks;
}

export interface JobProgress {
  /** Steps done so far. */
  done: number;
  /** Steps in all, when known. */
  total?: number | null;
  /** What is happening now, for the screen ("Translating 3 of 12 products"). */
  message?: string | null;
}

export interface JobContext {
  runId: string;
  orgId: string;
  /** The run's logical effect: write it into the area's own unique keys so a second try adds nothing. */
  key: string;
  /** 1 on the first try. */
  attempt: number;
  /** No try is left after this one: a transient failure now is final (record it rather than throw). */
  lastAttempt: boolean;
  /** Aborted when the job expires or the worker stops for good: stop calling out and return. */
  signal: AbortSignal;
  db: Db;
  /** The services handlers use (a model, an instance's clients), as the process running the job built them. */
  services: JobServices;
  /** Records progress on the run and tells every screen watching it. */
  progress(progress: JobProgress): Promise<void>;
  /** Queues follow-up work on the same queue (idempotent by org, kind and key, like every enqueue). */
  enqueue(kind: string, payload: unknown, options: EnqueueOptionsLike): Promise<unknown>;
  /** Queues many jobs of one kind at once (one statement per thousand), idempotent like `enqueue`. */
  enqueueMany(
    kind: string,
    jobs: readonly { payload: unknown; key: string }[],
    options: Omit<EnqueueOptionsLike, 'key'>,
  ): Promise<void>;
}

export interface EnqueueOptionsLike {
  orgId: string;
  key: string;
  /** Jobs of one group run at most `concurrency` at a time across every worker process. */
  group?: { id: string; concurrency: number };
}

export interface RetryPolicy {
  /** Tries after the first; only transient failures use them (errors.ts). */
  limit: number;
  /** The first pause; each next one doubles (with jitter), up to `maxDelaySeconds`. */
  delaySeconds: number;
  maxDelaySeconds?: number;
}

/**
 * The env a kind's runs work in, for deleting an env (server/orgs/deletion.ts): its runs and queued jobs
 * go with it, and one still unfinished refuses the deletion as `work`.
 */
export interface JobEnv {
  /** What a person is told is still running. */
  work: RunningWork;
  /** The env's id as SQL over a payload of this kind (a jsonb expression). */
  of: (payload: SQL) => SQL;
}

export const DEFAULT_RETRY: RetryPolicy = { limit: 3, delaySeconds: 5, maxDelaySeconds: 300 };

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** `<area>.<name>`: the queue's name too. */
  name: string;
  payload: S;
  /** Required, so a new kind says whether it belongs to an env: null for kinds that work for none. */
  env: JobEnv | null;
  handler: (payload: z.output<S>, context: JobContext) => Promise<void>;
  retry?: RetryPolicy;
  /** How long one try may run before the queue takes the job back for another worker. */
  expireInSeconds?: number;
  /** Jobs one worker process runs at the same time (default 10). */
  concurrency?: number;
  /** Set for kinds whose jobs are enqueued in groups: the most `group.concurrency` may be. */
  maxGroupConcurrency?: number;
}

/** Declares a job kind; the payload's type flows from its schema into the handler. */
export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/** A job kind with its payload type erased, as the registry holds them. */
export type AnyJobDefinition = JobDefinition<z.ZodType>;
