/**
 * `npm run bench:cluster`: the bench:server workload (batched GET /trpc/orgs.getContext,envs.list as
 * a signed-in member, 50 connections) against 1 and against 3 server processes on one PostgreSQL, in
 * the same run. The servers are built as `npm run build` builds them and run with plain node,
 * NODE_ENV=production, JOB_WORKERS=false, on a throw-away PostgreSQL of the bench's own
 * (tests/support/throwaway-postgres.ts), migrated and seeded by the bench.
 * The load generator is wrk (Debian's package, C; `scripts/setup.mjs --bench` installs it): on 2 cores
 * the generator shares the machine with the servers, and wrk takes about a third of the CPU per request
 * that autocannon (Node) does. One wrk per server, run at once, the connections split between them, so
 * no proxy hop is measured; the 3-server req/s is their sum and its p99 the worst of the three.
 * Every server is warmed up alone first (its JIT reaches its steady state), then all together.
 * Rounds alternate 1 and 3 servers; the figures are the medians of the rounds. Beside req/s and p99 it
 * prints the servers' CPU (from /proc) and CPU time per request, and how busy the machine was: a lock
 * or a chatty cache shows as idle cores with fewer requests, or as database CPU per request.
 * Reports the ratio beside the goal (3 processes ≥ 1.3 × one, on 2 cores; bench-report.ts); exits 1
 * when the goal is missed or a request failed.
 * Env: BENCH_DURATION (s per round, default 15), BENCH_ROUNDS (default 5), BENCH_CONNECTIONS
 * (default 50), BENCH_WARMUP (s per server, default 8), BENCH_LOG_LEVEL (the servers' LOG_LEVEL,
 * default warn).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { insertSession } from '~/server/local-stack';
import { createSecrets } from '~/server/secrets';
import { seed } from '~/server/seed';
import { SEED_ENVS, SEED_ORGS, SEED_USERS } from '~/server/seed-data';
import { freePort, startThrowawayPostgres } from '../tests/support/throwaway-postgres';
import { reportRows } from './bench-report';

const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 8);
const GOAL = 1.3;
const SERVERS = 3;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_DIR = path.join(ROOT, '.cluster', 'bench');
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Figures {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The servers' CPU, in cores (1 = one core all the time). */
  serverCores: number;
  /** Server CPU time per request, in ms. */
  cpuMsPerRequest: number;
  /** The whole machine's CPU use, 0–1 (every core busy = 1). */
  busy: number;
}

/** CPU time (ms) a process has used, from /proc/<pid>/stat (utime + stime, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The machine's busy and total CPU ticks since boot, from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = values.map(Number);
  const total = ticks.reduce((sum, t) => sum + t, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: total - idle, total };
}

/** wrk's latency as ms ("812.00us", "12.34ms", "1.20s"). */
function wrkMs(value: string, unit: string): number {
  const n = Number(value);
  return unit === 'us' ? n / 1000 : unit === 's' ? n * 1000 : unit === 'm' ? n * 60_000 : n;
}

function wrk(url: string, connections: number, duration: number, cookie: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'wrk',
      ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', '-H', `cookie: ${cookie}`, url],
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
}

/** One wrk per server, all at once, the connections split between them. */
async function load(
  urls: string[],
  pids: number[],
  cookie: string,
  duration: number,
): Promise<Figures> {
  const cpuBefore = pids.map(cpuMs);
  const ticksBefore = machineTicks();
  const outputs = await Promise.all(
    urls.map((url, i) =>
      wrk(
        url,
        Math.floor(CONNECTIONS / urls.length) + (i < CONNECTIONS % urls.length ? 1 : 0),
        duration,
        cookie,
      ),
    ),
  );
  const ticksAfter = machineTicks();
  const serverMs = pids.reduce((sum, pid, i) => sum + cpuMs(pid) - cpuBefore[i]!, 0);
  const count = (output: string, pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const requests = outputs.reduce((sum, o) => sum + count(o, /(\d+) requests in/), 0);
  return {
    rps: outputs.reduce((sum, o) => sum + count(o, /Requests\/sec:\s+([\d.]+)/), 0),
    p99: Math.max(
      ...outputs.map((o) => {
        const m = /^\s+99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(o);
        return m ? wrkMs(m[1]!, m[2]!) : Number.NaN;
      }),
    ),
    non2xx: outputs.reduce((sum, o) => sum + count(o, /Non-2xx or 3xx responses: (\d+)/), 0),
    errors: outputs.reduce((sum, o) => {
      const m = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(o);
      return sum + (m ? m.slice(1).reduce((s2, v) => s2 + Number(v), 0) : 0);
    }, 0),
    serverCores: serverMs / (duration * 1000),
    cpuMsPerRequest: requests > 0 ? serverMs / requests : 0,
    busy: (ticksAfter.busy - ticksBefore.busy) / Math.max(1, ticksAfter.total - ticksBefore.total),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  const pg = await startThrowawayPostgres();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-bench-cluster-'));
  try {
    const { buildServer } = await import('./build-server.mjs');
    await buildServer({
      entries: ['server/main.ts'],
      outdir: path.relative(ROOT, BUILD_DIR),
      quiet: true,
    });
    const database = await createDatabase({ url: pg.url, poolMax: 2 });
    await migrateDatabase(database);
    const key = randomBytes(32);
    await seed(database.db, { secrets: createSecrets(key) });
    const session = await insertSession(database.db, SEED_USERS.maya.id);
    await database.close();

    const ports = await Promise.all(Array.from({ length: SERVERS }, () => freePort()));
    for (const port of ports) {
      const child = spawn(process.execPath, [path.join(BUILD_DIR, 'main.mjs')], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
          DATABASE_URL: pg.url,
          DATA_DIR: dataDir,
          AUTH_SECRET: randomBytes(32).toString('hex'),
          BEACON_SECRET_KEY: key.toString('base64'),
          SALESFORCE_CLIENT_ID: 'bench',
          SALESFORCE_CLIENT_SECRET: 'bench',
          // No simulator URLs: production refuses them at start (docs/security.md, rule 9), and
          // the measured calls reach neither B2C Commerce nor an AI vendor.
          JOB_WORKERS: 'false',
          // One signed-in person at thousands of calls a second: counted against the call limit as
          // in production, the limit itself out of reach (a refused call is not the work measured).
          RATE_LIMIT_CALLS: '1000000000,1000000000',
          LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        },
      });
      children.push(child);
    }
    const input = encodeURIComponent(
      JSON.stringify({
        0: { json: { orgSlug: SEED_ORGS.acme.slug, envSlug: SEED_ENVS.acmeProd.slug } },
        1: { json: { orgId: SEED_ORGS.acme.id } },
      }),
    );
    const urls = ports.map(
      (port) => `http://127.0.0.1:${port}/trpc/orgs.getContext,envs.list?batch=1&input=${input}`,
    );
    const cookie = `authjs.session-token=${session}`;
    for (const url of urls) {
      const until = Date.now() + 60_000;
      for (;;) {
        const status = await fetch(url, { headers: { cookie } })
          .then(async (r) => {
            await r.body?.cancel();
            return r.status;
          })
          .catch(() => 0);
        if (status === 200) break;
        if (Date.now() > until) throw new Error(`${url} answered ${status} after 60 s`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const pids = children.map((child) => child.pid!);
    log(
      `bench:cluster — wrk, ${CONNECTIONS} connections, ${DURATION} s per round, ${ROUNDS} rounds, PostgreSQL; warming each server up for ${WARMUP} s`,
    );
    for (const [i, url] of urls.entries()) await load([url], [pids[i]!], cookie, WARMUP);
    await load(urls, pids, cookie, 3);
    const one: Figures[] = [];
    const three: Figures[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 ? ([1, SERVERS] as const) : ([SERVERS, 1] as const);
      for (const n of order) {
        const figures = await load(urls.slice(0, n), pids.slice(0, n), cookie, DURATION);
        (n === 1 ? one : three).push(figures);
        log(
          `round ${round}, ${n} server${n === 1 ? '' : 's'}: ${figures.rps.toFixed(0)} req/s, p99 ${figures.p99.toFixed(1)} ms, servers ${figures.serverCores.toFixed(2)} cores, ${figures.cpuMsPerRequest.toFixed(3)} ms CPU/request, machine ${(figures.busy * 100).toFixed(0)}% busy, non-2xx ${figures.non2xx}, errors ${figures.errors}`,
        );
      }
    }
    const summary = (rows: Figures[]): Figures => ({
      rps: median(rows.map((f) => f.rps)),
      p99: median(rows.map((f) => f.p99)),
      non2xx: rows.reduce((sum, f) => sum + f.non2xx, 0),
      errors: rows.reduce((sum, f) => sum + f.errors, 0),
      serverCores: median(rows.map((f) => f.serverCores)),
      cpuMsPerRequest: median(rows.map((f) => f.cpuMsPerRequest)),
      busy: median(rows.map((f) => f.busy)),
    });
    const a = summary(one);
    const b = summary(three);
    const ratio = a.rps > 0 ? b.rps / a.rps : 0;
    const row = (label: string, f: Figures) =>
      `| ${label.padEnd(7)} | ${f.rps.toFixed(0).padStart(6)} | ${f.p99.toFixed(1).padStart(6)} | ${String(f.non2xx).padStart(7)} | ${String(f.errors).padStart(6)} | ${f.serverCores.toFixed(2).padStart(12)} | ${f.cpuMsPerRequest.toFixed(3).padStart(14)} | ${(f.busy * 100).toFixed(0).padStart(11)}% |`;
    console.log('');
    console.log(
      `Medians of ${ROUNDS} rounds (non-2xx and errors: totals), latency in ms, CPU from /proc:`,
    );
    console.log(
      "| servers |  req/s |    p99 | non-2xx | errors | servers' CPU | CPU ms/request | machine busy |",
    );
    console.log(
      '|---------|-------:|-------:|--------:|-------:|-------------:|---------------:|-------------:|',
    );
    console.log(row('1', a));
    console.log(row(String(SERVERS), b));
    console.log('');
    const failures = a.non2xx + a.errors + b.non2xx + b.errors;
    reportRows('cluster', [
      {
        case: `${SERVERS} servers / 1 server, req/s (wrk, ${CONNECTIONS} connections)`,
        database: 'PostgreSQL',
        figure: `${ratio.toFixed(2)}× (${b.rps.toFixed(0)} / ${a.rps.toFixed(0)} req/s)`,
        goal: `≥ ${GOAL}× on 2 cores`,
        met: ratio >= GOAL,
      },
      {
        case: 'non-2xx and errors, 1 and 3 servers',
        database: 'PostgreSQL',
        figure: String(failures),
        goal: '0',
        met: failures === 0,
      },
    ]);
    if (failures > 0) console.log('FAIL: some requests were not 2xx');
    if (ratio < GOAL || failures > 0) process.exitCode = 1;
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await pg.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
