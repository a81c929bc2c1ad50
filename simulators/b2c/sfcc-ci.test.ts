/**
 * Salesforce's own CLI, sfcc-ci 2.13, against the simulated Account Manager and sandbox API: what a
 * person at a terminal would see. sfcc-ci speaks https only (`https://` + `SFCC_LOGIN_URL` or
 * `SFCC_SANDBOX_API_HOST`), so a TLS front per API forwards to the simulator's /am and /ods, with a
 * throwaway certificate that the CLI trusts through NODE_EXTRA_CA_CERTS.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer, type Server } from 'node:https';
import { createRequire } from 'node:module';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccountManager, SIM_AM_ORG_ID } from './account-manager-data';
import { type B2CSimulator, createB2CSimulator, SIM_ADMIN_CLIENT } from './simulator';

const CLI = createRequire(import.meta.url).resolve('sfcc-ci/cli.js');
const SANDBOX_HOST = 'zzte-001.dx.commercecloud.salesforce.com';

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

let dir: string;
let sim: B2CSimulator;
const fronts: Server[] = [];
const children = new Set<ChildProcess>();
let env: Record<string, string>;
/** A HOME each for the client's session and Ada's, as on two machines. */
let clientHome: string;
let adaHome: string;
let clientAuth: Result;
let adaLogin: Result;
/**
 * The commands after signing in, all started at once (each spends most of its time starting Node and
 * waiting); the tests read their answers.
 */
let runs: {
  realms: Promise<Result>;
  sandboxes: Promise<Result>;
  orgsRefused: Promise<Result>;
  orgTable: Promise<Result>;
  org: Promise<Result>;
  users: Promise<Result>;
  /** client:create, then client:list. */
  clients: Promise<[Result, Result]>;
};
const CLIENT_PASSWORD = 'Ci-client-secret-0123456789';

/** A port nothing listens on (taken, then released): sfcc-ci's sign-in listener takes it. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** https://127.0.0.1:<port>/x → `${target}/x`; answers its `host:port`, which is what sfcc-ci takes. */
async function tlsFront(target: string, tls: { key: Buffer; cert: Buffer }): Promise<string> {
  const upstream = new URL(target);
  const server = createHttpsServer(tls, (req, res) => {
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: `${upstream.pathname}${req.url ?? '/'}`,
        method: req.method,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fronts.push(server);
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * `sfcc-ci <args>` in `home`; `onStdout` sees the output so far as it comes, and the child (to stop
 * it). A run that hangs is stopped after 30 s.
 */
function sfccCi(
  home: string,
  args: string[],
  onStdout?: (soFar: string, child: ChildProcess) => void,
) {
  return new Promise<Result>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: home,
      env: { ...env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      onStdout?.(stdout, child);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      children.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * `auth:login` (the implicit flow) with the test as the browser: it opens the login URL sfcc-ci
 * prints, picks `login` on the sign-in page, and follows the redirect to sfcc-ci's listener, whose
 * page script sends the fragment's access token back as a query.
 */
async function signInAs(home: string, login: string) {
  let browsing: Promise<unknown> | undefined;
  const result = await sfccCi(home, ['auth:login', SIM_ADMIN_CLIENT.clientId], (stdout, child) => {
    const url = /Login url: (\S+)/.exec(stdout)?.[1];
    // The listener is up once sfcc-ci says it waits.
    if (browsing || !url || !stdout.includes('Waiting for user to authenticate')) return;
    browsing = (async () => {
      const loginUrl = new URL(url);
      // The browser reaches Account Manager itself; only sfcc-ci needs the TLS front.
      const authorize = `${sim.accountManagerUrl}${loginUrl.pathname}`;
      const page = await fetch(`${authorize}${loginUrl.search}`);
      expect(await page.text()).toContain(login);
      const chosen = await fetch(authorize, {
        method: 'POST',
        body: new URLSearchParams({ ...Object.fromEntries(loginUrl.searchParams), login }),
        redirect: 'manual',
      });
      const back = new URL(chosen.headers.get('location') ?? 'x:');
      const token = new URLSearchParams(back.hash.slice(1)).get('access_token') ?? '';
      expect((await fetch(`${back.origin}/`)).status).toBe(200);
      // sfcc-ci exits as soon as it has stored the token, possibly before the answer is out.
      await fetch(`${back.origin}/?${new URLSearchParams({ access_token: token })}`).catch(
        () => undefined,
      );
    })().catch((error: unknown) => {
      // sfcc-ci would wait for the browser forever.
      child.kill();
      return error;
    });
  });
  const failed = await browsing;
  if (failed) throw failed;
  return result;
}

const json = (result: Result): unknown => {
  expect(result, result.stderr).toMatchObject({ code: 0 });
  return JSON.parse(result.stdout);
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'beacon-sfcc-ci-'));
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  const request = 'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1';
  execFileSync(
    'openssl',
    [
      ...request.split(' '),
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', keyPath, '-out', certPath],
    ],
    { stdio: 'ignore' },
  );
  const tls = { key: readFileSync(keyPath), cert: readFileSync(certPath) };

  // sfcc-ci's sign-in redirect is http://localhost:<SFCC_OAUTH_LOCAL_PORT>; its README has the
  // customer register it on the API key, as done here for the port the test picks.
  const loginPort = await freePort();
  const accountManager = demoAccountManager(['zzte']);
  accountManager.adminClient.redirectUrls.push(`http://localhost:${loginPort}`);
  sim = await createB2CSimulator({ seed: 3, accountManager });
  env = {
    PATH: process.env.PATH ?? '',
    NODE_EXTRA_CA_CERTS: certPath,
    SFCC_LOGIN_URL: await tlsFront(sim.accountManagerUrl, tls),
    SFCC_SANDBOX_API_HOST: await tlsFront(sim.sandboxApiUrl, tls),
    SFCC_OAUTH_LOCAL_PORT: String(loginPort),
    // What xdg-open runs to "open" the login URL: nothing; the test is the browser.
    BROWSER: 'true',
  };
  clientHome = join(dir, 'client');
  adaHome = join(dir, 'ada');
  mkdirSync(clientHome);
  mkdirSync(adaHome);
  [clientAuth, adaLogin] = await Promise.all([
    sfccCi(clientHome, ['client:auth', SIM_ADMIN_CLIENT.clientId, SIM_ADMIN_CLIENT.clientSecret]),
    signInAs(adaHome, 'ada@beacon.test'),
  ]);
  const inClient = (...args: string[]) => sfccCi(clientHome, args);
  const asAda = (...args: string[]) => sfccCi(adaHome, args);
  runs = {
    realms: inClient('sandbox:realm:list', '--json'),
    sandboxes: inClient('sandbox:list', '--json'),
    orgsRefused: inClient('org:list'),
    orgTable: asAda('org:list'),
    org: asAda('org:list', '--org', 'Acme Outfitters', '--json'),
    users: asAda('user:list', '--json'),
    clients: (async () => {
      const configuration = JSON.stringify({ name: 'CI deploy', password: CLIENT_PASSWORD });
      const created = await asAda('client:create', '-c', configuration, '--noprompt', '--json');
      return [created, await asAda('client:list', '--json')];
    })(),
  };
});

afterAll(async () => {
  for (const child of children) child.kill();
  await Promise.all(
    fronts.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
  await sim?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('sfcc-ci 2.13 against the simulator', () => {
  it('client:auth signs the API client in with client credentials', () => {
    expect(clientAuth, clientAuth.stderr).toMatchObject({ code: 0 });
    expect(clientAuth.stdout).toContain('Authentication succeeded');
  });

  it('auth:login signs Ada in through the browser', () => {
    expect(adaLogin, adaLogin.stderr).toMatchObject({ code: 0 });
    expect(adaLogin.stdout).toContain('Authentication succeeded');
  });

  it("the client's sandbox commands: realm zzte and its sandbox by host name", async () => {
    expect(json(await runs.realms)).toEqual(['zzte']);
    expect(json(await runs.sandboxes)).toEqual([
      expect.objectContaining({
        realm: 'zzte',
        instance: '001',
        hostName: SANDBOX_HOST,
        state: 'started',
        // sfcc-ci's table (without --json) shows `versions.app`.
        versions: expect.objectContaining({ app: expect.any(String) }),
        links: expect.objectContaining({
          bm: `https://${SANDBOX_HOST}/on/demandware.store/Sites-Site`,
        }),
      }),
    ]);
  });

  it('org:list with client credentials fails: Account Manager refuses them for organizations', async () => {
    const refused = await runs.orgsRefused;
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'Operation forbidden. Please make sure, you have the permission to perform this operation.',
    );
  });

  it('Ada (Account Administrator) sees her organization, Acme Outfitters with realm zzte', async () => {
    const table = await runs.orgTable;
    expect(table, table.stderr).toMatchObject({ code: 0 });
    expect(table.stdout).toContain(`${SIM_AM_ORG_ID} │ Acme Outfitters │ 1`);
    expect(table.stdout).not.toContain('Initech');
    expect(json(await runs.org)).toMatchObject({
      id: SIM_AM_ORG_ID,
      name: 'Acme Outfitters',
      realms: ['zzte'],
    });
  });

  it("Ada lists her organization's users", async () => {
    const { content } = json(await runs.users) as { content: { mail: string }[] };
    expect(content.map((u) => u.mail).sort()).toEqual([
      'ada@beacon.test',
      'maya@beacon.test',
      'sam@beacon.test',
    ]);
  });

  it('Ada creates an API client in her organization, inactive, then finds it in client:list', async () => {
    const [create, list] = await runs.clients;
    const created = json(create) as { client: { id: string } };
    expect(created).toMatchObject({
      message: expect.stringMatching(
        /^Oauth client has been created\. Generated client ID \S{7}\.$/,
      ),
      client: { name: 'CI deploy', organizations: [SIM_AM_ORG_ID], active: false },
    });
    expect(JSON.stringify(created)).not.toContain(CLIENT_PASSWORD);
    const listed = json(list) as { id: string }[];
    expect(listed.map((c) => c.id)).toEqual([SIM_ADMIN_CLIENT.clientId, created.client.id]);
  });
});
