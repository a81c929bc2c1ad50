/**
 * `npm run bench:server`: autocannon on loopback, bounded in time. Three targets, each served by its own
 * child process so the load generator does not share the server's event loop:
 *   full    batched GET /trpc/orgs.getContext,envs.list?batch=1 as a signed-in member (session row made
 *           directly in the database; PGlite on disk, migrated and seeded)
 *   express a bare Express JSON endpoint (the ceiling)
 *   trpc    a bare tRPC batched query: two procedures, superjson, no auth, no database
 *   core    the full request path with the two procedures' data answered from memory (diagnostic)
 * Prints req/s, p50/p99 latency, non-2xx and errors, and the ratios against bare Express.
 * Env: BENCH_DURATION (s, default 20), BENCH_CONNECTIONS (default 50), BENCH_LOG_LEVEL (default warn),
 * DATABASE_URL (bench PostgreSQL instead of PGlite).
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Express } from 'express';

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP = 3;
const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..');

type Target = 'full' | 'core' | 'express' | 'trpc';

interface Ready {
  port: number;
  path: string;
  headers: Record<string, string>;
}

// ── Child: serve one target ────────────────────────────────────────────────────────────────────────

async function serve(target: Target): Promise<Ready> {
  const express = (await import('express')).default;
  if (target === 'express') {
    const app = express();
    app.disable('x-powered-by');
    app.get('/json', (_req, res) => {
      res.json({ org: { id: 'org_acme', slug: 'acme' }, envs: [{ slug: 'prod' }] });
    });
    return { port: await listen(app), path: '/json', headers: {} };
  }
  if (target === 'trpc') {
    const { initTRPC } = await import('@trpc/server');
    const { createExpressMiddleware } = await import('@trpc/server/adapters/express');
    const superjson = (await import('superjson')).default;
    const t = initTRPC.create({ transformer: superjson });
    const router = t.router({
      a: t.procedure.query(() => ({ org: { id: 'org_acme', slug: 'acme', verified: true } })),
      b: t.procedure.query(() => [{ id: 'env_acme_prod', slug: 'prod' }]),
    });
    const app = express();
    app.use('/trpc', createExpressMiddleware({ router }));
    const input = encodeURIComponent(JSON.stringify({ 0: { json: null }, 1: { json: null } }));
    return { port: await listen(app), path: `/trpc/a,b?batch=1&input=${input}`, headers: {} };
  }
  return serveFull(target === 'core');
}

/** `core` is the full stack with the two procedures' data calls answered from memory: what the server
 * core (session, guards, tRPC, helmet, logs) costs without the data queries. */
async function serveFull(stubData: boolean): Promise<Ready> {
  const { createServer } = await import('../server/app');
  const { createAuth } = await import('../server/auth/auth');
  const { createDatabase } = await import('../server/db/client');
  const { migrateDatabase } = await import('../server/db/migrate');
  const { sessions } = await import('../server/db/schema');
  const { createLogger } = await import('../server/log');
  const { seed } = await import('../server/seed');
  const { SEED_ENVS, SEED_ORGS, SEED_USERS } = await import('../server/seed-data');
  const { createServices } = await import('../server/services/index');
  const { createSecrets } = await import('../server/services/secrets');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-bench-'));
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const database = createDatabase({
    url: process.env.DATABASE_URL,
    dataDir: path.join(dataDir, 'pglite'),
  });
  await migrateDatabase(database);
  const secrets = createSecrets(randomBytes(32));
  await seed(database.db, { secrets });
  const logger = createLogger({ level: process.env.BENCH_LOG_LEVEL ?? 'warn' });
  const auth = createAuth({
    config: {
      publicUrl: undefined,
      salesforce: null,
      google: null,
      isProduction: false,
      authSecret: randomBytes(32).toString('hex'),
    },
    db: database.db,
    logger,
    // No sign-in happens during the bench; the providers only need an issuer to be built.
    devIdpIssuer: 'http://127.0.0.1:9',
  });
  const sessionToken = randomUUID();
  await database.db.insert(sessions).values({
    sessionToken,
    userId: SEED_USERS.maya.id,
    expires: new Date(Date.now() + 3_600_000),
  });
  const noB2C = () => Promise.reject(new Error('not used by the bench'));
  const services = createServices({
    db: database.db,
    b2c: {
      instanceBaseUrl: (host: string) => `https://${host}`,
      listInstances: noB2C,
      ensureApiClient: noB2C,
      verify: noB2C,
    },
    secrets,
  });
  if (stubData) {
    const user = { ...SEED_USERS.maya, image: null };
    const context = await services.orgs.getContext(user, 'acme', 'prod');
    const envList = await services.envs.list(SEED_ORGS.acme.id);
    services.orgs.getContext = async () => context;
    services.envs.list = async () => envList;
  }
  const running = await createServer({
    config: { publicUrl: undefined, isDevelopment: false, trustProxy: false },
    services,
    auth,
    logger,
    host: '127.0.0.1',
    port: 0,
  });
  const input = encodeURIComponent(
    JSON.stringify({
      0: { json: { orgSlug: SEED_ORGS.acme.slug, envSlug: SEED_ENVS.acmeProd.slug } },
      1: { json: { orgId: SEED_ORGS.acme.id } },
    }),
  );
  return {
    port: running.port,
    path: `/trpc/orgs.getContext,envs.list?batch=1&input=${input}`,
    headers: { cookie: `${auth.sessionCookieName}=${sessionToken}` },
  };
}

function listen(app: Express): Promise<number> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

// ── Parent: run autocannon against each child ──────────────────────────────────────────────────────

interface Figures {
  target: Target;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function startChild(target: Target): Promise<{ ready: Ready; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SELF, '--serve', target], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('READY '));
      if (line)
        resolve({ ready: JSON.parse(line.slice(6)) as Ready, stop: () => child.kill('SIGKILL') });
    });
    child.on('exit', (code) =>
      reject(new Error(`${target} server exited (${code}) before it was ready`)),
    );
  });
}

function run(url: string, headers: Record<string, string>, duration: number) {
  return autocannon({ url, connections: CONNECTIONS, duration, headers });
}

async function measure(target: Target): Promise<Figures> {
  const { ready, stop } = await startChild(target);
  try {
    const url = `http://127.0.0.1:${ready.port}${ready.path}`;
    const probe = await fetch(url, { headers: ready.headers });
    if (probe.status !== 200)
      throw new Error(`${target}: probe answered ${probe.status}: ${await probe.text()}`);
    await run(url, ready.headers, WARMUP);
    const r = await run(url, ready.headers, DURATION);
    return {
      target,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
    };
  } finally {
    stop();
  }
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--serve') {
    // A clean exit on SIGINT lets `node --cpu-prof` write its profile.
    process.on('SIGINT', () => process.exit(0));
    const ready = await serve(args[1] as Target);
    process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
    return;
  }
  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `bench:server — ${CONNECTIONS} connections, ${DURATION} s each (+${WARMUP} s warm-up), ${db}`,
  );
  const results: Figures[] = [];
  for (const target of ['express', 'trpc', 'core', 'full'] as const) {
    const f = await measure(target);
    results.push(f);
    console.log(
      `${target.padEnd(8)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  non-2xx ${f.non2xx}  errors ${f.errors}`,
    );
  }
  const [express, trpc, core, full] = results as [Figures, Figures, Figures, Figures];
  const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
  console.log(`bare tRPC / bare Express: ${ratio(trpc.rps, express.rps).toFixed(3)}×`);
  console.log(
    `core, data from memory / bare Express: ${ratio(core.rps, express.rps).toFixed(3)}× (session, guards, tRPC, headers, logs)`,
  );
  console.log(
    `full stack / bare Express: ${ratio(full.rps, express.rps).toFixed(3)}× (goal ≥ ${db === 'PGlite' ? '0.20' : '0.25'}×)`,
  );
  console.log(`full p99 / bare tRPC p99: ${ratio(full.p99, trpc.p99).toFixed(2)}× (goal ≤ 1.5×)`);
  const bad = results.some((r) => r.non2xx > 0 || r.errors > 0);
  if (bad) {
    console.log('FAIL: some requests were not 2xx');
    process.exitCode = 1;
  }
}

await main();
