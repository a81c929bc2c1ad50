/**
 * The real process (server/main.ts) on a data folder of its own: data, sessions, the Auth.js secret and
 * the secrets key survive a restart, the demo seed runs once, and a production start never seeds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '~/server/db/client';
import { orgs, users } from '~/server/db/schema';
import { SEED_INSTANCES, SEED_ORGS, SEED_USERS } from '~/server/seed-data';
import { type MainProcess, startMainProcess } from './support/main-process';
import { signInViaDevIdp } from './support/sign-in';

const dataDirs: string[] = [];
const running: MainProcess[] = [];

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-main-'));
  dataDirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>): Promise<MainProcess> {
  const server = await startMainProcess(env);
  running.push(server);
  return server;
}

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const SEEDED = 'seeded the demo data into an empty database';
const acme = SEED_ORGS.acme.id;

/** tRPC over HTTP with a cookie: the `json` of the result, or throws with the status and body. */
function trpc(url: string, cookie: string) {
  const read = async (res: Response) => {
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${res.status} ${text}`);
    return (JSON.parse(text) as { result: { data: { json: unknown } } }).result.data.json;
  };
  return {
    query: async (proc: string, input: unknown) =>
      read(
        await fetch(
          `${url}/trpc/${proc}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
          { headers: { cookie } },
        ),
      ),
    mutate: async (proc: string, input: unknown) =>
      read(
        await fetch(`${url}/trpc/${proc}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ json: input }),
        }),
      ),
  };
}

describe('server/main.ts', () => {
  it('keeps data, the session, the Auth.js secret and the secrets key across a restart; seeds once', async () => {
    const DATA_DIR = tempDataDir();
    const first = await start({ DATA_DIR });
    expect(first.stdout()).toContain(SEEDED);

    // Google: Salesforce is the simulator's Account Manager under `npm start` (ADR 0036).
    const { appJar, landedAt } = await signInViaDevIdp(first.url, 'google', SEED_USERS.maya.email);
    expect(landedAt).toBe(`${first.url}/app/`);
    const cookie = appJar.header();
    // The CSRF token of the sign-in's cookie, hashed with this process's AUTH_SECRET: only the same
    // secret accepts it after the restart.
    const { csrfToken } = (await (
      await fetch(`${first.url}/api/auth/csrf`, { headers: { cookie } })
    ).json()) as { csrfToken: string };

    const api = trpc(first.url, cookie);
    await api.mutate('envs.create', { orgId: acme, name: 'Restart', slug: 'restart' });
    const seededPrompts = (await api.query('prompts.list', { orgId: acme })) as { id: string }[];
    expect(seededPrompts).toHaveLength(3);
    await api.mutate('prompts.delete', { orgId: acme, promptId: seededPrompts[0]!.id });
    const verify = {
      orgId: acme,
      b2cInstanceId: SEED_INSTANCES.acmeProd.id,
      capability: 'ocapi-data',
    };
    expect(await api.mutate('b2cAPIClients.verify', verify)).toMatchObject({ status: 'ok' });
    expect(await first.stop()).toBe(0);

    // RATE_LIMIT_SIGN_IN reaches the sign-in routes (checked below).
    const second = await start({ DATA_DIR, RATE_LIMIT_SIGN_IN: '2' });
    expect(second.stdout()).not.toContain(SEEDED);
    const again = trpc(second.url, cookie);
    // The same session cookie is still signed in.
    const session = (await (
      await fetch(`${second.url}/api/auth/session`, { headers: { cookie } })
    ).json()) as { user: { email: string } } | null;
    expect(session?.user.email).toBe(SEED_USERS.maya.email);
    // The env made before the restart is there; the deleted seeded prompt did not come back.
    const envs = (await again.query('envs.list', { orgId: acme })) as { slug: string }[];
    expect(envs.map((e) => e.slug)).toEqual(['prod', 'restart', 'staging']);
    const prompts = (await again.query('prompts.list', { orgId: acme })) as { id: string }[];
    expect(prompts.map((p) => p.id).sort()).toEqual(
      seededPrompts
        .slice(1)
        .map((p) => p.id)
        .sort(),
    );
    expect(await again.query('orgs.allOrgsForUser', undefined)).toHaveLength(2);
    // The API client's secret, encrypted by the first process, still decrypts (key kept in DATA_DIR).
    expect(await again.mutate('b2cAPIClients.verify', verify)).toMatchObject({ status: 'ok' });

    // Two sign-in requests a minute from this address, as RATE_LIMIT_SIGN_IN said; the third is refused.
    const signIns: number[] = [];
    for (let i = 0; i < 3; i++)
      signIns.push((await fetch(`${second.url}/api/auth/signin`, { redirect: 'manual' })).status);
    expect(signIns.map((status) => status === 429)).toEqual([false, false, true]);

    // Sign out with the first process's CSRF token: accepted, so AUTH_SECRET is the same.
    const out = await fetch(`${second.url}/api/auth/signout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, callbackUrl: '/app/' }),
    });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).not.toContain('error');
    const after = await fetch(`${second.url}/api/auth/session`, { headers: { cookie } });
    expect(await after.json()).toBeNull();
    expect(await second.stop()).toBe(0);
  }, 180_000);

  it('never seeds the demo data in production', async () => {
    const DATA_DIR = tempDataDir();
    const server = await start({
      DATA_DIR,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://beacon.example.test',
      AUTH_SECRET: 'x'.repeat(40),
      BEACON_SECRET_KEY: Buffer.alloc(32, 3).toString('base64'),
      SALESFORCE_CLIENT_ID: 'client-id',
      SALESFORCE_CLIENT_SECRET: 'client-secret',
    });
    expect(server.stdout()).not.toContain(SEEDED);
    expect(server.stdout()).toContain('production: the demo data is not seeded');
    expect(await server.stop()).toBe(0);

    // The database was migrated (the tables exist) and is empty.
    const database = await createDatabase({ dataDir: path.join(DATA_DIR, 'pglite') });
    try {
      expect((await database.db.select({ n: count() }).from(users))[0]?.n).toBe(0);
      expect((await database.db.select({ n: count() }).from(orgs))[0]?.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 120_000);
});
