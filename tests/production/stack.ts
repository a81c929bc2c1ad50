/**
 * What `npm run test:production` runs Beacon against: an empty PostgreSQL of its own, the B2C Commerce
 * and AI provider simulators playing the vendors' hosts behind one TLS front (a throwaway certificate
 * for their names), and Beacon as built, with NODE_ENV=production and the configuration a real
 * deployment has. Nothing in that configuration names a simulator: Account Manager is its default
 * https://account.demandware.com, the AI vendors are their SDKs' defaults, instances are the hosts the
 * customer types. What stands between them and this machine is the network: tests/production/hosts.mjs
 * in the server (a hosts file and port 443, in effect) and Chromium's host resolver rules in the browser.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AiSimulator, createAiSimulator } from '~/simulators/ai/simulator';
import { SIM_SIGN_IN_CLIENT_ID } from '~/simulators/b2c/account-manager-data';
import { type B2CSimulator, createB2CSimulator } from '~/simulators/b2c/simulator';
import { startThrowawayPostgres, type ThrowawayPostgres } from '~/tests/support/throwaway-postgres';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Someone BEACON_SUPERUSERS lists, new to Account Manager's sign-in and to Beacon. */
export const PRODUCTION_SUPERUSER = 'ops@beacon-operator.test';

/** The AI vendors' API hosts, and where the AI simulator plays each one's API. */
const AI_HOSTS: Record<string, string> = {
  'api.openai.com': '/openai',
  'api.anthropic.com': '/anthropic',
  'generativelanguage.googleapis.com': '/google',
  'api.perplexity.ai': '/perplexity',
};

/** Every name the front answers for: its certificate's names and the hosts rules'. */
export const PLAYED_HOSTS = [
  'account.demandware.com',
  '*.demandware.net',
  '*.dx.commercecloud.salesforce.com',
  ...Object.keys(AI_HOSTS),
];

export interface ProductionStack {
  /** Beacon's origin, e.g. http://127.0.0.1:41234. */
  url: string;
  /** The front's request log: JSON lines of FrontRequest. */
  frontLog: string;
  /** The TLS front's port on 127.0.0.1 (where the vendors' names lead). */
  frontPort: number;
  b2c: B2CSimulator;
  stop(): Promise<void>;
}

/** A certificate for the played names, trusted by Beacon's process through NODE_EXTRA_CA_CERTS. */
function throwawayCertificate(dir: string) {
  const keyPath = path.join(dir, 'key.pem');
  const certPath = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1'.split(' '),
      ...['-subj', '/CN=Beacon production test'],
      ...['-addext', `subjectAltName=${PLAYED_HOSTS.map((h) => `DNS:${h}`).join(',')}`],
      ...['-keyout', keyPath, '-out', certPath],
    ],
    { stdio: 'ignore' },
  );
  return { certPath, key: readFileSync(keyPath), cert: readFileSync(certPath) };
}

/** One request the front passed on, as the front's log (a JSON line each) keeps it. */
export interface FrontRequest {
  host: string;
  method: string;
  /** Without the query. */
  path: string;
  status: number;
}

/**
 * The front: TLS for the vendors' names, then the AI simulator (the vendor's paths under its prefix)
 * or the B2C simulator (Host kept: it answers Account Manager, the sandbox API and each instance at
 * their own hosts). Each request is appended to `logPath`, for the test to see which hosts Beacon and
 * the browser called.
 */
async function startFront(
  tls: { key: Buffer; cert: Buffer },
  b2c: B2CSimulator,
  ai: AiSimulator,
  port: number,
  logPath: string,
): Promise<Server> {
  const server = createHttpsServer(tls, (req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    res.on('finish', () => {
      const entry: FrontRequest = {
        host,
        method: req.method ?? '',
        path: (req.url ?? '/').split('?')[0] ?? '/',
        status: res.statusCode,
      };
      appendFileSync(logPath, `${JSON.stringify(entry)}\n`);
    });
    const aiPrefix = AI_HOSTS[host];
    const upstream = new URL(aiPrefix === undefined ? b2c.url : ai.url);
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: `${aiPrefix ?? ''}${req.url ?? '/'}`,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** Waits for Beacon's /healthz to answer 200, or for the process to end (then throws its output). */
async function waitHealthy(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`Beacon exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Beacon did not answer ${url}/healthz within 90 s:\n${output()}`);
}

export async function startProductionStack({
  port,
  frontPort,
}: {
  port: number;
  frontPort: number;
}): Promise<ProductionStack> {
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-production-'));
  const cleanups: (() => Promise<unknown> | unknown)[] = [() => rmSync(dir, { recursive: true })];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const pg: ThrowawayPostgres = await startThrowawayPostgres();
    cleanups.push(() => pg.destroy());
    const b2c = await createB2CSimulator();
    cleanups.push(() => b2c.stop());
    const ai = await createAiSimulator({ storefronts: b2c.url });
    cleanups.push(() => ai.stop());
    const tls = throwawayCertificate(dir);
    const frontLog = path.join(dir, 'front.jsonl');
    const front = await startFront(tls, b2c, ai, frontPort, frontLog);
    cleanups.push(
      () =>
        new Promise((resolve) => {
          front.close(resolve);
          front.closeAllConnections();
        }),
    );

    const url = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: pg.url,
      DATA_DIR: path.join(dir, 'data'),
      AUTH_SECRET: randomBytes(32).toString('hex'),
      BEACON_SECRET_KEY: randomBytes(32).toString('base64'),
      // Beacon's sign-in client as registered in the customer's Account Manager (docs/operations.md, Production):
      // a public client, redirect URL <PUBLIC_URL>/api/auth/callback/salesforce.
      SALESFORCE_CLIENT_ID: SIM_SIGN_IN_CLIENT_ID,
      BEACON_SUPERUSERS: PRODUCTION_SUPERUSER,
      // The vendors' keys: any value reaches the AI simulator, which checks none.
      ANTHROPIC_API_KEY: 'sk-ant-production-test',
      OPENAI_API_KEY: 'sk-production-test',
      GOOGLE_GENERATIVE_AI_API_KEY: 'production-test',
      PERPLEXITY_API_KEY: 'pplx-production-test',
      LOG_LEVEL: 'warn',
      // The network: the throwaway CA, and the vendors' names leading to the front.
      NODE_EXTRA_CA_CERTS: tls.certPath,
      BEACON_TEST_HOSTS: `${PLAYED_HOSTS.join(',')}=127.0.0.1:${frontPort}`,
    };
    let output = '';
    const child = spawn(
      process.execPath,
      ['--import', './tests/production/hosts.mjs', 'dist/server/main.mjs'],
      { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    cleanups.push(async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (process.env.PRODUCTION_KEEP_LOGS) process.stderr.write(output);
    });
    await waitHealthy(url, child, () => output);
    return { url, frontLog, frontPort, b2c, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Chromium's side of the network: the vendors' names to the front, their certificate accepted. */
export function chromiumHostRules(frontPort: number): string {
  return `--host-resolver-rules=${PLAYED_HOSTS.map((h) => `MAP ${h} 127.0.0.1:${frontPort}`).join(',')}`;
}
