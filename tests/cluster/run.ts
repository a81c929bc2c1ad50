/**
 * `npm run test:cluster`: Beacon as a cluster on one machine, under load and failures. A throw-away
 * PostgreSQL of its own (tests/support/throwaway-postgres.ts), the B2C Commerce and AI provider
 * simulators in this process, 3 server processes (JOB_WORKERS=false) and 2 worker processes built
 * as `npm run build` builds them, and a round-robin front (front.ts). Under a mixed load —
 * signed-in queries through the front, an agent run of AGENT_ITEMS items, a bulk publish of
 * PUBLISH_PROPOSALS proposals, a monitoring run — it SIGKILLs a worker mid-run and the server
 * carrying a WebSocket watcher mid-request, restarts PostgreSQL, then signs a session out on one
 * server and asks another. Prints the table; exits 1 when a check fails. Every wait has a timeout;
 * the whole run is bounded by DEADLINE_MS.
 * Env: CLUSTER_LOG_LEVEL (the processes' LOG_LEVEL, default warn), CLUSTER_KEEP_LOGS=1 prints the
 * processes' stderr at the end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createTRPCClient, createWSClient, httpLink, wsLink } from '@trpc/client';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import superjson from 'superjson';
import { WebSocket } from 'ws';
import { AI_ENGINES } from '~/domain/ai/models';
import { RUN_CONCURRENCY } from '~/domain/agents/runs';
import { createAiSimulator } from '~/simulators/ai/simulator';
import { createB2CSimulator } from '~/simulators/b2c';
import { SIM_STOREFRONT_CATALOG_ID } from '~/simulators/b2c/data';
import {
  insertProposals,
  PROPOSAL_CHANGES,
  simulatorMonitoringConfig,
} from '~/scripts/bench-support';
import { createDatabase } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import {
  agentRuns,
  catalogProducts,
  envs,
  memberships,
  monitoringRuns,
  monitoringSamples,
  orgs,
  proposals,
  users,
} from '~/server/db/schema';
import { createB2CGateway } from '~/server/integrations/b2c/gateway.impl';
import { insertSession } from '~/server/local-stack';
import { syncCatalogue } from '~/server/products/sync';
import { createSecrets } from '~/server/secrets';
import { createServices } from '~/server/services';
import { linkedOrgOnSimulator } from '~/server/simulator-link';
import type { AppRouter } from '~/server/trpc/router';
import { type Backend, startFront } from './front';
import { freePort, startThrowawayPostgres } from '~/tests/support/throwaway-postgres';

/** The issue's numbers: items of the agent run, proposals of the bulk publish. */
const AGENT_ITEMS = 2_000;
const PUBLISH_PRODUCTS = 100;
/** Five proposals a product (field × locale), as bench:reviews makes them: 500 in all. */
const PUBLISH_PROPOSALS = PUBLISH_PRODUCTS * PROPOSAL_CHANGES.length;
/** The monitoring run: prompts × 3 engines × samples answers. */
const MONITORING_PROMPTS = 5;
const MONITORING_SAMPLES = 10;
const SERVERS = 3;
const WORKERS = 2;
/** Concurrent query loops through the front, each pausing between requests. */
const LOAD_LOOPS = 6;
const LOAD_PAUSE_MS = 25;
/** A request slower than this counts as hung. */
const REQUEST_TIMEOUT_MS = 5_000;
const OUTAGE_MS = 4_000;
const SIGN_OUT_GOAL_MS = 1_000;
/** Under 5 minutes on a quiet 2-core machine; the bound leaves room for a busy one. */
const DEADLINE_MS = 9 * 60_000;
const HOST_AGENTS = 'zzte-001.dx.commercecloud.salesforce.com';
/** The model name on the bulk publish's proposals, telling them from the agent's. */
const PUBLISH_MODEL = 'cluster-publish';

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '../..');
const BUILD_DIR = path.join(ROOT, '.cluster', 'server');
const started = performance.now();
const elapsed = () => ((performance.now() - started) / 1000).toFixed(1).padStart(6);
const log = (line: string) => process.stderr.write(`[${elapsed()} s] ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A process the test waits on has exited: waiting longer is pointless. */
class CrashedError extends Error {}

async function waitFor<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined | null | false>,
  everyMs = 100,
): Promise<T> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    let value: T | undefined | null | false;
    try {
      value = await probe();
    } catch (error) {
      if (error instanceof CrashedError)
        throw new CrashedError(`gave up (a process exited): ${what}`, { cause: error });
      value = undefined;
    }
    if (value) return value;
    if (performance.now() > until) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
    await sleep(everyMs);
  }
}

// ── Processes ───────────────────────────────────────────────────────────────────────────────────

interface Proc {
  name: string;
  child: ChildProcess;
  stderr: string[];
  killed: boolean;
}

const procs: Proc[] = [];
const alive = (proc: Proc) => proc.child.exitCode === null && proc.child.signalCode === null;

function spawnProcess(name: string, entry: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [path.join(BUILD_DIR, entry)], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  const proc: Proc = { name, child, stderr: [], killed: false };
  child.stderr!.on('data', (chunk: Buffer) => {
    proc.stderr.push(chunk.toString());
    if (proc.stderr.length > 400) proc.stderr.shift();
  });
  procs.push(proc);
  return proc;
}

/** /readyz where the server has it, else /healthz (answers 200 once the process serves). */
async function ready(port: number): Promise<boolean> {
  const base = `http://127.0.0.1:${port}`;
  const readyz = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) });
  await readyz.body?.cancel();
  if (readyz.status !== 404) return readyz.status === 200;
  const healthz = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
  await healthz.body?.cancel();
  return healthz.status === 200;
}

// ── Load ────────────────────────────────────────────────────────────────────────────────────────

type Phase = 'steady' | 'worker-kill' | 'server-kill' | 'pg-outage' | 'pg-back' | 'after';
interface Outcome {
  phase: Phase;
  kind: string;
  ms: number;
}

const outcomes: Outcome[] = [];
let phase: Phase = 'steady';
let loadRunning = true;

function kindOf(status: number, retryAfter: string | null): string {
  if (status === 200) return 'ok';
  if (status === 503) return retryAfter ? '503+retry-after' : '503 no retry hint';
  return `http ${status}`;
}

async function loadLoop(url: string, cookie: string): Promise<void> {
  while (loadRunning) {
    const at = phase;
    const t = performance.now();
    let kind: string;
    try {
      const response = await fetch(url, {
        headers: { cookie },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      kind = kindOf(response.status, response.headers.get('retry-after'));
    } catch (error) {
      const name = (error as Error).name;
      kind = name === 'TimeoutError' ? 'hung (> 5 s)' : 'network error';
    }
    outcomes.push({ phase: at, kind, ms: performance.now() - t });
    await sleep(LOAD_PAUSE_MS);
  }
}

// ── Main ────────────────────────────────────────────────────────────────────────────────────────

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}
const checks: Check[] = [];
const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

async function main(): Promise<void> {
  const deadline = setTimeout(() => {
    log(`FAIL: the cluster test passed its deadline of ${DEADLINE_MS / 1000} s`);
    void cleanup().finally(() => process.exit(1));
  }, DEADLINE_MS);
  deadline.unref();

  log('building the server and the worker (as npm run build does)');
  const { buildServer } = await import('../../scripts/build-server.mjs');
  await buildServer({
    entries: ['server/main.ts', 'server/worker-main.ts'],
    outdir: path.relative(ROOT, BUILD_DIR),
    quiet: true,
  });

  log('starting a throw-away PostgreSQL');
  const pg = await startThrowawayPostgres();
  cleanups.push(() => pg.destroy());
  const database = await createDatabase({ url: pg.url, poolMax: 4 });
  // The test's own pool outlives the restart: a connection cut then is dropped, not thrown.
  if (database.handle.driver === 'node-postgres') database.handle.client.on('error', () => {});
  await migrateDatabase(database);
  const db = database.db;

  const b2c = await createB2CSimulator({ products: 16_000 });
  const ai = await createAiSimulator();
  cleanups.push(
    () => void b2c.stop(),
    () => void ai.stop(),
  );
  const key = randomBytes(32);
  const secrets = createSecrets(key);
  const services = createServices({
    db,
    b2c: createB2CGateway({ ...b2c.gatewayConfig(), retryBaseMs: 1 }),
    secrets,
  });

  log('setting up: an agent env, a review env and a monitoring env');
  const agentsEnv = await linkedOrgOnSimulator({
    db,
    services,
    secrets,
    simulator: b2c,
    host: HOST_AGENTS,
  });
  const { orgId, userId } = agentsEnv;
  {
    const clients = await services.b2cInstances.clientsForEnv(orgId, agentsEnv.envId);
    await syncCatalogue({ db, data: clients.data, envId: agentsEnv.envId, full: true });
    const inScope = await db
      .select({ id: catalogProducts.b2cProductId })
      .from(catalogProducts)
      .where(
        and(
          eq(catalogProducts.envId, agentsEnv.envId),
          inArray(catalogProducts.type, ['master', 'item', 'set', 'bundle']),
          sql`${catalogProducts.catalogIds} && array[${SIM_STOREFRONT_CATALOG_ID}]`,
        ),
      )
      .orderBy(catalogProducts.b2cProductId)
      .limit(AGENT_ITEMS);
    if (inScope.length < AGENT_ITEMS) throw new Error(`only ${inScope.length} products in scope`);
    await db
      .update(catalogProducts)
      .set({ catalogIds: [] })
      .where(
        and(
          eq(catalogProducts.envId, agentsEnv.envId),
          notInArray(
            catalogProducts.b2cProductId,
            inScope.map((p) => p.id),
          ),
        ),
      );
    await services.agents.saveConfig(orgId, agentsEnv.envId, userId, {
      type: 'seo',
      provider: 'anthropic',
      catalogIds: [SIM_STOREFRONT_CATALOG_ID],
      fields: ['page_title', 'page_description', 'page_keywords'],
      languages: ['default'],
    });
  }
  // The bulk publish: PUBLISH_PRODUCTS products outside the agent's scope, five pending proposals
  // each (as bench:reviews makes them), approved before the agent run proposes anything.
  const reviewsEnvId = agentsEnv.envId;
  {
    const picked = await db
      .select({ id: catalogProducts.b2cProductId })
      .from(catalogProducts)
      .where(
        and(
          eq(catalogProducts.envId, reviewsEnvId),
          inArray(catalogProducts.type, ['master', 'item']),
          sql`cardinality(${catalogProducts.catalogIds}) = 0`,
        ),
      )
      .orderBy(catalogProducts.b2cProductId)
      .limit(PUBLISH_PRODUCTS);
    if (picked.length < PUBLISH_PRODUCTS) throw new Error(`only ${picked.length} to publish`);
    const ids = picked.map((p) => p.id);
    await insertProposals(db, {
      envId: reviewsEnvId,
      products: ids,
      label: 'cluster ',
      model: PUBLISH_MODEL,
    });
  }
  const [monitoringEnv] = await db
    .insert(envs)
    .values({ orgId, slug: 'monitoring', name: 'Monitoring' })
    .returning({ id: envs.id });
  const monitoringEnvId = monitoringEnv!.id;
  const monitoringConfig = simulatorMonitoringConfig({
    prompts: MONITORING_PROMPTS,
    samples: MONITORING_SAMPLES,
    topics: ['leather bag for work'],
  });
  await services.monitoring.saveConfig(orgId, monitoringEnvId, userId, monitoringConfig);
  const monitoringTotal = MONITORING_PROMPTS * AI_ENGINES.length * MONITORING_SAMPLES;
  const [org] = await db.select().from(orgs).where(eq(orgs.id, orgId));
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  await db.insert(memberships).values({ userId: user!.id, orgId, role: 'owner' });

  // ── The cluster ──
  const ports = await Promise.all(Array.from({ length: SERVERS }, () => freePort()));
  const backends: Backend[] = ports.map((port, i) => ({
    name: `server-${i + 1}`,
    port,
    up: false,
  }));
  const front = await startFront(backends);
  cleanups.push(() => void front.close());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-cluster-data-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const common: Record<string, string> = {
    // The production layout with the simulators standing in for B2C Commerce and the AI vendors.
    // NODE_ENV=production refuses simulator URLs at start (docs/security.md, rule 9), so the
    // processes run as `test`: no demo seed (the database is not empty), no development sign-in
    // (both providers are configured), the same servers, workers and PostgreSQL otherwise.
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PUBLIC_URL: front.url,
    DATABASE_URL: pg.url,
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    BEACON_SECRET_KEY: key.toString('base64'),
    // Sessions are written straight into the table; the provider is never reached.
    SALESFORCE_CLIENT_ID: 'cluster-test',
    SALESFORCE_CLIENT_SECRET: 'cluster-test',
    GOOGLE_CLIENT_ID: 'cluster-test',
    GOOGLE_CLIENT_SECRET: 'cluster-test',
    B2C_SIMULATOR_URL: b2c.url,
    AI_SIMULATOR_URL: ai.url,
    AI_TIMEOUT_MS: '30000',
    // The load loops are one script signed in as one person, far past any person's call limit
    // (docs/security.md, rule 6; server/trpc/limits.test.ts holds it): counted, out of reach.
    RATE_LIMIT_CALLS: '1000000000,1000000000',
    LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
  };
  log(`starting ${SERVERS} servers and ${WORKERS} workers`);
  const spawnServer = (i: number) =>
    spawnProcess(backends[i]!.name, 'main.mjs', {
      ...common,
      PORT: String(backends[i]!.port),
      JOB_WORKERS: 'false',
    });
  // The first server migrates alone; the others start together once it is up.
  const waitReady = async (i: number) => {
    const backend = backends[i]!;
    await waitFor(`${backend.name} ready`, 90_000, async () => {
      if (servers[i]!.child.exitCode !== null) throw new Error(`${backend.name} exited`);
      return ready(backend.port);
    }).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${servers[i]!.stderr.join('')}`);
    });
    backend.up = true;
  };
  const servers = [spawnServer(0)];
  await waitReady(0);
  for (let i = 1; i < SERVERS; i++) servers.push(spawnServer(i));
  await Promise.all(servers.slice(1).map((_, i) => waitReady(i + 1)));
  const workers = Array.from({ length: WORKERS }, (_, i) =>
    spawnProcess(`worker-${i + 1}`, 'worker-main.mjs', common),
  );
  await sleep(2_000);
  for (const worker of workers) {
    if (worker.child.exitCode !== null)
      throw new Error(`${worker.name} exited: ${worker.stderr.join('')}`);
  }

  const cookieName = 'authjs.session-token';
  const session = await insertSession(db, userId);
  const cookie = `${cookieName}=${session}`;
  const trpc = createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${front.url}/trpc`, transformer: superjson, headers: { cookie } })],
  });
  const input = encodeURIComponent(
    JSON.stringify({
      0: { json: { orgSlug: org!.slug, envSlug: 'prod' } },
      1: { json: { orgId } },
    }),
  );
  const queryUrl = `${front.url}/trpc/orgs.getContext,envs.list?batch=1&input=${input}`;
  const probe = await fetch(queryUrl, { headers: { cookie } });
  if (probe.status !== 200) throw new Error(`the query answered ${probe.status}`);
  // Half the loops read what each process caches (the org and its envs), half read the database on
  // every request (the prompt library): those must answer 503 while PostgreSQL is down.
  const uncachedUrl = `${front.url}/trpc/prompts.list?batch=1&input=${encodeURIComponent(
    JSON.stringify({ 0: { json: { orgId } } }),
  )}`;
  const uncachedProbe = await fetch(uncachedUrl, { headers: { cookie } });
  if (uncachedProbe.status !== 200) {
    throw new Error(`the uncached query answered ${uncachedProbe.status}`);
  }
  const loops = Array.from({ length: LOAD_LOOPS }, (_, i) =>
    loadLoop(i % 2 === 0 ? queryUrl : uncachedUrl, cookie),
  );

  // ── The runs, started through the front as the app starts them ──
  log(`starting the agent run (${AGENT_ITEMS} items), the bulk publish, the monitoring run`);
  const approved = await trpc.reviews.approve.mutate({
    orgId,
    envId: reviewsEnvId,
    selection: { filter: { reviewStatus: 'pending', agentType: 'all', showOffline: true } },
  });
  const agentRun = await trpc.agents.start.mutate({
    orgId,
    envId: agentsEnv.envId,
    agentType: 'seo',
    concurrency: RUN_CONCURRENCY.max,
  });
  const monitoringRun = await trpc.monitoring.start.mutate({ orgId, envId: monitoringEnvId });

  // A WebSocket watcher of the agent run through the front, as the run screen watches it.
  const wsEvents: { at: number; itemsDone: number }[] = [];
  let wsCloses = 0;
  class CookieSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie } });
    }
  }
  const wsClient = createWSClient({
    url: `${front.url.replace(/^http/, 'ws')}/ws`,
    WebSocket: CookieSocket as unknown as typeof globalThis.WebSocket,
    retryDelayMs: () => 200,
    onClose: () => {
      wsCloses++;
    },
  });
  const wsTrpc = createTRPCClient<AppRouter>({
    links: [wsLink({ client: wsClient, transformer: superjson })],
  });
  const watcher = wsTrpc.agents.watchRun.subscribe(
    { orgId, envId: agentsEnv.envId, runId: agentRun.id },
    {
      onData: (value: unknown) => {
        const run = (
          value && typeof value === 'object' && 'data' in value ? value.data : value
        ) as { itemsDone: number };
        wsEvents.push({ at: performance.now(), itemsDone: run.itemsDone });
      },
    },
  );
  cleanups.push(() => {
    watcher.unsubscribe();
    void wsClient.close();
  });
  const progress = () => wsEvents.at(-1)?.itemsDone ?? 0;
  const atLeast = (share: number) =>
    waitFor(`agent run at ${share * 100}%`, 120_000, async () => {
      const [row] = await db
        .select({ done: agentRuns.itemsDone })
        .from(agentRuns)
        .where(eq(agentRuns.id, agentRun.id));
      return (row?.done ?? 0) >= share * AGENT_ITEMS;
    });

  // ── Failure 1: a worker dies mid-run ──
  await atLeast(0.15);
  phase = 'worker-kill';
  log(`SIGKILL ${workers[0]!.name} at ${progress()} items seen by the watcher`);
  workers[0]!.killed = true;
  workers[0]!.child.kill('SIGKILL');

  // ── Failure 2: the server carrying the watcher dies mid-request ──
  await atLeast(0.3);
  phase = 'server-kill';
  const victimIndex = Math.max(
    0,
    backends.findIndex((b) => front.socketsOn(b.name) > 0),
  );
  const victim = backends[victimIndex]!;
  const doneAtKill = progress();
  const closesBefore = wsCloses;
  const killedAt = performance.now();
  log(`SIGKILL ${victim.name} (the watcher's server) at ${doneAtKill} items`);
  servers[victimIndex]!.killed = true;
  servers[victimIndex]!.child.kill('SIGKILL');
  victim.up = false;
  let wsResumeMs = NaN;
  try {
    const resumed = await waitFor('the watcher resumes', 30_000, async () =>
      wsCloses > closesBefore
        ? wsEvents.find((e) => e.at > killedAt && e.itemsDone > doneAtKill)
        : undefined,
    );
    wsResumeMs = resumed.at - killedAt;
  } catch (error) {
    log(String(error));
  }
  check(
    'WebSocket watcher reconnects and resumes progress',
    Number.isFinite(wsResumeMs),
    Number.isFinite(wsResumeMs)
      ? `resumed ${wsResumeMs.toFixed(0)} ms after its server died`
      : 'no progress after the kill',
  );

  // ── Failure 3: PostgreSQL restarts ──
  await atLeast(0.45).catch(() => undefined);
  phase = 'pg-outage';
  log('stopping PostgreSQL');
  const outageStart = performance.now();
  await pg.stop();
  await sleep(OUTAGE_MS);
  await pg.start();
  const pgBackAt = performance.now();
  phase = 'pg-back';
  log(`PostgreSQL back after ${(pgBackAt - outageStart).toFixed(0)} ms down`);
  const serverReconnect: string[] = [];
  for (const [i, backend] of backends.entries()) {
    if (!backend.up && servers[i]!.killed) continue;
    try {
      await waitFor(`${backend.name} ready again`, 30_000, async () => {
        if (servers[i]!.child.exitCode !== null || servers[i]!.child.signalCode !== null)
          throw new CrashedError();
        return ready(backend.port);
      });
      serverReconnect.push(`${backend.name} ${(performance.now() - pgBackAt).toFixed(0)} ms`);
    } catch (error) {
      backend.up = false;
      serverReconnect.push(
        `${backend.name} ${error instanceof CrashedError ? 'exited' : 'not ready after 30 s'}`,
      );
    }
  }
  const doneAtPgBack = await waitFor('agents progress readable', 10_000, async () => {
    const [row] = await db
      .select({ done: agentRuns.itemsDone })
      .from(agentRuns)
      .where(eq(agentRuns.id, agentRun.id));
    return row ? { done: row.done } : undefined;
  });
  let workerResumeMs = NaN;
  try {
    await waitFor('the jobs progress again', 60_000, async () => {
      if (!workers.some(alive)) throw new CrashedError();
      const [row] = await db
        .select({ done: agentRuns.itemsDone, status: agentRuns.status })
        .from(agentRuns)
        .where(eq(agentRuns.id, agentRun.id));
      return row && (row.done > doneAtPgBack.done || row.status !== 'running');
    });
    workerResumeMs = performance.now() - pgBackAt;
  } catch (error) {
    log(String(error));
  }
  phase = 'after';
  const afterFrom = outcomes.length;
  log('PostgreSQL back; waiting for every run to finish');

  // ── Every job completes ──
  const terminal = ['succeeded', 'partly-failed', 'failed', 'cancelled'];
  const finished = await waitFor(
    'every run finished',
    Math.max(10_000, DEADLINE_MS - (performance.now() - started) - 30_000),
    async () => {
      if (!workers.some(alive)) throw new CrashedError();
      const [agent] = await db.select().from(agentRuns).where(eq(agentRuns.id, agentRun.id));
      const [monitoring] = await db
        .select()
        .from(monitoringRuns)
        .where(eq(monitoringRuns.id, monitoringRun.id));
      const [pending] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(proposals)
        .where(and(eq(proposals.envId, reviewsEnvId), eq(proposals.status, 'approved')));
      return agent &&
        monitoring &&
        terminal.includes(agent.status) &&
        terminal.includes(monitoring.status) &&
        Number(pending?.n ?? 1) === 0
        ? { agent, monitoring }
        : undefined;
    },
    500,
  ).catch((error: unknown) => {
    log(String(error));
    return undefined;
  });
  await sleep(3_000);
  loadRunning = false;
  await Promise.all(loops);
  const afterOutcomes = outcomes.slice(afterFrom);

  // ── Sign-out on one server, refused on another ──
  const [a, b] = backends.filter((x) => x.up);
  let signOutMs: number | null = null;
  if (a && b) {
    signOutMs = await signOutAcross(
      db,
      userId,
      cookieName,
      a,
      b,
      queryUrl.slice(front.url.length),
    ).catch((error: unknown) => {
      log(`sign-out check: ${String(error)}`);
      return null;
    });
    check(
      `sign-out on ${a.name} refused on ${b.name} within ${SIGN_OUT_GOAL_MS} ms`,
      signOutMs !== null && signOutMs <= SIGN_OUT_GOAL_MS,
      signOutMs === null ? 'still accepted after 15 s' : `refused after ${signOutMs.toFixed(0)} ms`,
    );
  } else {
    check('sign-out on one server refused on another', false, 'fewer than two servers up');
  }

  // ── Counted in the database and the simulator ──
  const [agentCounts] = await db
    .execute(
      sql`
    select count(*)::int as rows,
           count(distinct (b2c_product_id, locale, field))::int as distinct
      from ${proposals} where env_id = ${agentsEnv.envId} and model <> ${PUBLISH_MODEL}`,
    )
    .then(rowsOf<{ rows: number; distinct: number }>);
  const [agent] = await db.select().from(agentRuns).where(eq(agentRuns.id, agentRun.id));
  const itemRows = await db
    .execute(
      sql`
    select count(*) filter (where status = 'done')::int as done, count(*)::int as items
      from agent_run_items where run_id = ${agentRun.id}`,
    )
    .then((r) => rowsOf<{ done: number; items: number }>(r)[0])
    .catch(() => undefined);
  const agentLost = AGENT_ITEMS - (agent?.itemsDone ?? 0);
  const agentDuplicates = (agentCounts?.rows ?? 0) - (agentCounts?.distinct ?? 0);

  const [publishCounts] = await db
    .execute(
      sql`
    select count(*) filter (where status = 'published')::int as published, count(*)::int as rows
      from ${proposals} where env_id = ${reviewsEnvId} and model = ${PUBLISH_MODEL}`,
    )
    .then(rowsOf<{ published: number; rows: number }>);
  const patches = b2c.requests.filter(
    (r) => r.method === 'PATCH' && r.path.includes(HOST_AGENTS) && r.path.includes('/products/'),
  );
  const patchedProducts = new Set(patches.map((r) => r.path)).size;
  const publishLost = PUBLISH_PROPOSALS - (publishCounts?.published ?? 0);
  const publishDuplicates = patches.length - patchedProducts;

  const [monitoring] = await db
    .select()
    .from(monitoringRuns)
    .where(eq(monitoringRuns.id, monitoringRun.id));
  if (!finished) log('not every run finished in time');
  const [sampleCounts] = await db
    .execute(
      sql`
    select count(*) filter (where status = 'done')::int as done, count(*)::int as rows
      from ${monitoringSamples} where run_id = ${monitoringRun.id}`,
    )
    .then(rowsOf<{ done: number; rows: number }>);
  const monitoringLost = monitoringTotal - (sampleCounts?.done ?? 0);
  const monitoringDuplicates = (monitoring?.samplesDone ?? 0) - (sampleCounts?.done ?? 0);

  const jobRows = [
    {
      job: `agent run, ${AGENT_ITEMS} items`,
      done: `${agent?.itemsDone ?? '?'} items, ${agentCounts?.rows ?? 0} proposals (${agent?.status ?? 'not finished'})`,
      duplicates: agentDuplicates,
      lost: agentLost,
    },
    {
      job: `bulk publish, ${PUBLISH_PROPOSALS} proposals`,
      done: `${publishCounts?.published ?? 0} published, ${patches.length} PATCHes over ${patchedProducts} products (approved ${approved.changed})`,
      duplicates: publishDuplicates,
      lost: publishLost,
    },
    {
      job: `monitoring run, ${monitoringTotal} samples`,
      done: `${sampleCounts?.done ?? 0} samples (${monitoring?.status ?? 'not finished'})`,
      duplicates: Math.max(0, monitoringDuplicates),
      lost: monitoringLost,
    },
  ];
  for (const row of jobRows) {
    check(`${row.job}: exactly once`, row.duplicates === 0 && row.lost === 0, row.done);
  }
  if (itemRows) log(`agent items: ${itemRows.done}/${itemRows.items} done`);

  // ── Requests ──
  const outage = outcomes.filter((o) => o.phase === 'pg-outage');
  const outageBad = outage.filter((o) => o.kind !== 'ok' && o.kind !== '503+retry-after');
  const refused = outage.filter((o) => o.kind === '503+retry-after').length;
  check(
    'requests during the PostgreSQL outage: 503 with Retry-After, none hung',
    outageBad.length === 0 && refused > 0,
    outageBad.length === 0
      ? `${outage.length} requests, ${refused} answered 503 with Retry-After`
      : `${outageBad.length} of ${outage.length}: ${summarize(outageBad)}`,
  );
  const afterBad = afterOutcomes.filter((o) => o.kind !== 'ok');
  check(
    'requests after PostgreSQL is back: 0 errors',
    afterBad.length === 0 && afterOutcomes.length > 0,
    `${afterBad.length} errors of ${afterOutcomes.length}${afterBad.length ? `: ${summarize(afterBad)}` : ''}`,
  );
  const crashed = procs.filter((p) => !p.killed && !alive(p));
  check(
    'no process crashed',
    crashed.length === 0,
    crashed.length === 0
      ? `${procs.filter(alive).length} alive`
      : crashed.map((p) => p.name).join(', '),
  );
  const hung = outcomes.filter((o) => o.kind.startsWith('hung'));
  check('no request hung', hung.length === 0, `${hung.length} hung`);

  // ── The table ──
  console.log('');
  console.log(`Cluster test: ${SERVERS} servers, ${WORKERS} workers, PostgreSQL restarted once`);
  console.log('');
  console.log('| phase       | requests | ok     | errors by kind');
  console.log('|-------------|---------:|-------:|---------------');
  const phases: Phase[] = ['steady', 'worker-kill', 'server-kill', 'pg-outage', 'pg-back', 'after'];
  for (const p of phases) {
    const rows = outcomes.filter((o) => o.phase === p);
    const ok = rows.filter((o) => o.kind === 'ok').length;
    console.log(
      `| ${p.padEnd(11)} | ${String(rows.length).padStart(8)} | ${String(ok).padStart(6)} | ${summarize(rows.filter((o) => o.kind !== 'ok')) || '—'}`,
    );
  }
  console.log('');
  console.log('| job                              | done | duplicates | lost');
  console.log('|----------------------------------|------|-----------:|-----:');
  for (const row of jobRows) {
    console.log(
      `| ${row.job.padEnd(32)} | ${row.done} | ${String(row.duplicates).padStart(10)} | ${String(row.lost).padStart(4)}`,
    );
  }
  console.log('');
  console.log('Reconnect times:');
  console.log(
    `  WebSocket watcher after its server's SIGKILL: ${Number.isFinite(wsResumeMs) ? `${wsResumeMs.toFixed(0)} ms` : 'never'}`,
  );
  console.log(`  servers ready after PostgreSQL came back: ${serverReconnect.join(', ')}`);
  console.log(
    `  jobs progressing after PostgreSQL came back: ${Number.isFinite(workerResumeMs) ? `${workerResumeMs.toFixed(0)} ms` : 'never'}`,
  );
  console.log(
    `  sign-out seen by another server: ${signOutMs === null ? 'never' : `${signOutMs.toFixed(0)} ms`}`,
  );
  console.log('');
  for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name} — ${c.detail}`);
  const passed = checks.filter((c) => c.ok).length;
  console.log('');
  console.log(`cluster: ${passed} passed, ${checks.length - passed} failed`);
  for (const p of crashed) {
    // The error's own lines, not the dump of the objects it holds.
    const lines = p.stderr
      .join('')
      .split('\n')
      .filter((line) => /error|^\s+at |code: /i.test(line))
      .slice(0, 8);
    console.log(`--- ${p.name} exited (${p.child.exitCode ?? p.child.signalCode}):`);
    for (const line of lines) console.log(line.slice(0, 200));
  }
  if (process.env.CLUSTER_KEEP_LOGS === '1') {
    for (const p of procs) process.stderr.write(`--- ${p.name}\n${p.stderr.join('')}\n`);
  }
  await database.close().catch(() => undefined);
  if (passed !== checks.length) process.exitCode = 1;
}

/** The rows of a raw `db.execute` (node-postgres answers `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function summarize(rows: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of rows) counts.set(o.kind, (counts.get(o.kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => `${kind}: ${n}`).join(', ');
}

/** Signs a fresh session out on `a` (Auth.js's own sign-out, with its CSRF token) after both servers
 * have answered it (so each may hold it in a cache), then asks `b` until it refuses; ms or null. */
async function signOutAcross(
  db: Parameters<typeof insertSession>[0],
  userId: string,
  cookieName: string,
  a: Backend,
  b: Backend,
  queryPath: string,
): Promise<number | null> {
  const token = await insertSession(db, userId);
  const cookie = `${cookieName}=${token}`;
  const me = (backend: Backend) =>
    fetch(`http://127.0.0.1:${backend.port}/api/auth/session`, { headers: { cookie } }).then(
      async (r) => ((await r.json()) as { user?: unknown } | null)?.user !== undefined,
    );
  const query = (backend: Backend) =>
    fetch(`http://127.0.0.1:${backend.port}${queryPath}`, { headers: { cookie } }).then(
      async (r) => {
        await r.body?.cancel();
        return r.status === 200;
      },
    );
  const warm = (await me(a)) && (await query(a)) && (await query(b));
  if (!warm) throw new Error('the fresh session was refused before the sign-out');
  const csrf = await fetch(`http://127.0.0.1:${a.port}/api/auth/csrf`, { headers: { cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const signOut = await fetch(`http://127.0.0.1:${a.port}/api/auth/signout`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: `${cookie}; ${csrfCookie}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ csrfToken }).toString(),
  });
  await signOut.body?.cancel();
  const t = performance.now();
  while (performance.now() - t < 15_000) {
    const response = await fetch(`http://127.0.0.1:${b.port}${queryPath}`, {
      headers: { cookie },
    });
    await response.body?.cancel();
    if (response.status === 401) return performance.now() - t;
    await sleep(50);
  }
  return null;
}

const cleanups: (() => void | Promise<void>)[] = [];
async function cleanup(): Promise<void> {
  for (const proc of procs) {
    if (proc.child.exitCode === null && !proc.child.killed) proc.child.kill('SIGKILL');
  }
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch {
      // best effort
    }
  }
}
process.on('SIGINT', () => {
  void cleanup().finally(() => process.exit(130));
});

try {
  await main();
} catch (error) {
  console.error(
    `cluster: FAIL — ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  for (const p of procs) process.stderr.write(`--- ${p.name}\n${p.stderr.slice(-20).join('')}\n`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
process.exit(process.exitCode ?? 0);
