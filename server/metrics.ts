/**
 * What an operator scrapes at `/metrics` (Prometheus text format, prom-client): tRPC requests and
 * their latency by procedure and status, background job runs by kind and outcome and the queue's depth,
 * model calls, tokens and spend by vendor, B2C Commerce calls and their errors by API and kind, the
 * database pool, cache invalidations, and Node's own process metrics. One registry per process: each
 * server and worker is scraped on its own (docs/operations.md).
 *
 * Counting must never cost a request its answer: every record is a counter step or a histogram
 * observation in memory; the gauges that ask the database (queue depth) run only when scraped.
 */
import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db/client';
import { BOSS_SCHEMA } from './jobs/boss-db';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'beacon_' });

const trpcRequests = new Counter({
  name: 'beacon_trpc_requests_total',
  help: 'tRPC calls over HTTP, by procedure and HTTP status',
  labelNames: ['procedure', 'status'] as const,
  registers: [metricsRegistry],
});
const trpcDuration = new Histogram({
  name: 'beacon_trpc_request_duration_seconds',
  help: 'Time to answer a tRPC HTTP request, by procedure (a batch counts for each of its calls)',
  labelNames: ['procedure'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});
const jobRuns = new Counter({
  name: 'beacon_job_runs_total',
  help: 'Background job tries, by kind and outcome (completed, retrying, failed, released)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry],
});
const jobDuration = new Histogram({
  name: 'beacon_job_run_duration_seconds',
  help: 'Time one job try took, by kind',
  labelNames: ['kind'] as const,
  buckets: [0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
  registers: [metricsRegistry],
});
const aiCalls = new Counter({
  name: 'beacon_ai_calls_total',
  help: 'Model calls, by vendor and outcome (ok or the failure reason)',
  labelNames: ['vendor', 'outcome'] as const,
  registers: [metricsRegistry],
});
const aiTokens = new Counter({
  name: 'beacon_ai_tokens_total',
  help: 'Model tokens, by vendor and direction (input, output)',
  labelNames: ['vendor', 'direction'] as const,
  registers: [metricsRegistry],
});
const aiSpend = new Counter({
  name: 'beacon_ai_spend_usd_total',
  help: 'Model spend at list prices in US dollars, by vendor',
  labelNames: ['vendor'] as const,
  registers: [metricsRegistry],
});
const instanceCalls = new Counter({
  name: 'beacon_instance_calls_total',
  help: 'Calls to Salesforce B2C Commerce, by API and outcome (ok, client-error, auth, forbidden, not-found, rate-limited, server-error, network, timeout)',
  labelNames: ['api', 'outcome'] as const,
  registers: [metricsRegistry],
});
const cacheInvalidations = new Counter({
  name: 'beacon_cache_invalidations_total',
  help: 'Read-cache invalidations, by cache and direction (published by this process, received from others)',
  labelNames: ['cache', 'direction'] as const,
  registers: [metricsRegistry],
});

export type InstanceCallOutcome =
  | 'ok'
  | 'client-error'
  | 'auth'
  | 'forbidden'
  | 'not-found'
  | 'rate-limited'
  | 'server-error'
  | 'network'
  | 'timeout';

/** An HTTP status as the outcome label of an instance call. */
export function instanceCallOutcome(status: number): InstanceCallOutcome {
  if (status < 400) return 'ok';
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  return status >= 500 ? 'server-error' : 'client-error';
}

export const metrics = {
  /** One HTTP request to /trpc: each procedure of its batch with its own status. */
  trpcRequest(calls: readonly { procedure: string; status: number }[], seconds: number) {
    for (const call of calls) {
      trpcRequests.inc({ procedure: call.procedure, status: String(call.status) });
      trpcDuration.observe({ procedure: call.procedure }, seconds);
    }
  },
  jobRun(kind: string, outcome: 'completed' | 'retrying' | 'failed' | 'released', seconds: number) {
    jobRuns.inc({ kind, outcome });
    jobDuration.observe({ kind }, seconds);
  },
  aiCall(record: {
    provider: string;
    ok: boolean;
    reason?: string | undefined;
    inputTokens: number;
    outputTokens: number;
    costUsd: number;
  }) {
    aiCalls.inc({
      vendor: record.provider,
      outcome: record.ok ? 'ok' : (record.reason ?? 'error'),
    });
    if (record.inputTokens > 0)
      aiTokens.inc({ vendor: record.provider, direction: 'input' }, record.inputTokens);
    if (record.outputTokens > 0)
      aiTokens.inc({ vendor: record.provider, direction: 'output' }, record.outputTokens);
    if (record.costUsd > 0) aiSpend.inc({ vendor: record.provider }, record.costUsd);
  },
  instanceCall(api: string, outcome: InstanceCallOutcome) {
    instanceCalls.inc({ api, outcome });
  },
  cacheInvalidation(cache: string, direction: 'published' | 'received') {
    cacheInvalidations.inc({ cache, direction });
  },
};

/**
 * The gauges read when scraped: the job queue's depth by kind and state (pg-boss's table, on the
 * same database) and the connection pool's use. Call once per process with its database.
 */
export function watchDatabase(database: Database): void {
  metricsRegistry.removeSingleMetric('beacon_job_queue_depth');
  metricsRegistry.removeSingleMetric('beacon_db_pool_connections');
  new Gauge({
    name: 'beacon_job_queue_depth',
    help: 'Jobs waiting or running, by kind and state (created, retry, active)',
    labelNames: ['kind', 'state'] as const,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      try {
        const result = await database.db.execute(
          sql.raw(
            `select name, state::text as state, count(*)::int as jobs from ${BOSS_SCHEMA}.job where state in ('created', 'retry', 'active') group by 1, 2`,
          ),
        );
        const { rows } = result as unknown as {
          rows: { name: string; state: string; jobs: number }[];
        };
        for (const row of rows) this.set({ kind: row.name, state: row.state }, Number(row.jobs));
      } catch {
        // pg-boss not installed yet (a process before its first start) or the database away: no samples.
      }
    },
  });
  new Gauge({
    name: 'beacon_db_pool_connections',
    help: 'Database connections by state (total, idle, waiting); PGlite is one connection',
    labelNames: ['state'] as const,
    registers: [metricsRegistry],
    collect() {
      const handle = database.handle;
      if (handle.driver === 'node-postgres') {
        this.set({ state: 'total' }, handle.client.totalCount);
        this.set({ state: 'idle' }, handle.client.idleCount);
        this.set({ state: 'waiting' }, handle.client.waitingCount);
      } else {
        this.set({ state: 'total' }, 1);
      }
    },
  });
}
