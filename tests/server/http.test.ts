/** The HTTP surface against a real listening server (PGlite in memory, dev IdP, ephemeral ports). */
import { createTRPCClient, createWSClient, TRPCClientError, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { TRPC_MAX_BODY_BYTES } from '~/server/app';
import { SEED_USERS } from '~/server/seed-data';
import type { AppRouter } from '~/server/trpc/router';
import { CookieJar, signInViaDevIdp } from './support/sign-in';
import { APP_INDEX_HTML, startTestServer, type TestServer } from './support/test-server';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const get = (path: string, init: RequestInit = {}) =>
  fetch(`${t.url}${path}`, { redirect: 'manual', ...init });

describe('routes', () => {
  it('redirects / to /app/', async () => {
    const res = await get('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/app/');
  });

  it('answers /healthz with a request id', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
  });

  it('answers /readyz 200 while the database answers', async () => {
    const res = await get('/readyz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('keeps a sane incoming request id and replaces a hostile one', async () => {
    expect(
      (await get('/healthz', { headers: { 'x-request-id': 'abc-123' } })).headers.get(
        'x-request-id',
      ),
    ).toBe('abc-123');
    const hostile = await get('/healthz', { headers: { 'x-request-id': 'a b<script>' } });
    expect(hostile.headers.get('x-request-id')).not.toContain('<');
  });

  it('serves the app with history fallback', async () => {
    for (const path of ['/app/', '/app', '/app/acme/prod/settings', '/app/no/such/page?x=1']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(APP_INDEX_HTML);
    }
  });

  it('serves hashed assets as immutable and a missing one as 404 (never HTML)', async () => {
    const asset = await get('/app/assets/main-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await get('/app/assets/gone-123.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toContain('html');
  });

  it('answers unknown paths with a JSON 404', async () => {
    const res = await get('/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { message: 'Not Found' } });
  });
});

describe('security headers', () => {
  it('sends a CSP naming only self, Cal.com, Sentry ingest and the IdP for sign-in', async () => {
    const csp = (await get('/app/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://app.cal.com https://cal.com");
    expect(csp).toContain('https://*.ingest.sentry.io');
    expect(csp).toContain('frame-src https://app.cal.com https://cal.com');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("font-src 'self' data:");
    expect(csp).toContain("img-src 'self' data: blob:;");
    expect(csp).not.toContain('fonts.googleapis.com');
    expect(csp).toMatch(/form-action 'self' http:\/\/127\.0\.0\.1:\d+/);
  });

  it('hides the framework and blocks sniffing and framing', async () => {
    const res = await get('/healthz');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('answers tRPC with API headers: nothing runs, frames, sniffs or is stored', async () => {
    const res = await get('/trpc/orgs.allOrgsForUser');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    expect(res.headers.get('x-powered-by')).toBeNull();
    // The page policy is for documents only.
    expect(res.headers.get('content-security-policy')).not.toContain('cal.com');
  });
});

describe('tRPC transport rules', () => {
  it.each([
    ['application/x-www-form-urlencoded', 'orgId=x'],
    ['multipart/form-data; boundary=x', '--x--'],
    ['text/plain', '{"orgId":"x"}'],
  ])('refuses a %s mutation with 415 before tRPC', async (type, body) => {
    const res = await get('/trpc/orgs.verify', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    expect(res.status).toBe(415);
    const json = (await res.json()) as { error: { json: { data: { code: string } } } };
    expect(json.error.json.data.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses other methods with 405 and GET for a mutation', async () => {
    expect((await get('/trpc/orgs.verify', { method: 'PUT' })).status).toBe(405);
    expect((await get('/trpc/orgs.verify?input=%7B%7D')).status).toBe(405);
  });

  it('answers a JSON mutation signed out with UNAUTHORIZED', async () => {
    const res = await get('/trpc/orgs.verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ json: { orgId: 'x' } }),
    });
    expect(res.status).toBe(401);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await get('/trpc/orgs.create', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: await t.sessionCookieFor(SEED_USERS.ada.id),
      },
      body: JSON.stringify({ json: { name: 'x'.repeat(200_000), slug: 'x' } }),
    });
    expect(res.status).toBe(413);
  });

  it('never sends a stack trace outside development', async () => {
    const cookie = await t.sessionCookieFor(SEED_USERS.maya.id);
    const res = await get('/trpc/orgs.getContext?input=%7Bbad', { headers: { cookie } });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toMatch(/stack|at .*\.ts:\d+/);
  });

  it('answers an unexpected failure with a bare 500: no internal message, no stack', async () => {
    const cookie = await t.sessionCookieFor(SEED_USERS.maya.id);
    const internal = 'connect ECONNREFUSED 10.1.2.3:5432 (relation "memberships" in /srv/db.ts)';
    const original = t.services.orgs.allForUser;
    t.services.orgs.allForUser = async () => Promise.reject(new Error(internal));
    try {
      const res = await get('/trpc/orgs.allOrgsForUser', { headers: { cookie } });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({
        error: {
          json: {
            message: 'Internal server error.',
            data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, zodError: null },
          },
        },
      });
      for (const leak of ['ECONNREFUSED', '10.1.2.3', 'memberships', '/srv/db.ts', 'stack'])
        expect(text).not.toContain(leak);
      // The failure's reference is the request id its log lines carry.
      const requestId = res.headers.get('x-request-id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(text).error.json.data.requestId).toBe(requestId);
      expect(text).not.toMatch(/at .*\.ts:\d+/);
    } finally {
      t.services.orgs.allForUser = original;
    }
  });

  it('answers a batch of up to 50 calls and refuses a bigger one with 400', async () => {
    const cookie = await t.sessionCookieFor(SEED_USERS.maya.id);
    const batchOf = (n: number) =>
      get(`/trpc/${Array(n).fill('orgs.allOrgsForUser').join(',')}?batch=1&input=%7B%7D`, {
        headers: { cookie },
      });
    const fifty = await batchOf(50);
    expect(fifty.status).toBe(200);
    expect((await fifty.json()) as unknown[]).toHaveLength(50);
    const tooMany = await batchOf(51);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({
      error: {
        json: { message: 'Batch call exceeds maximum size', data: { code: 'BAD_REQUEST' } },
      },
    });
  });

  it('answers a batched query for a signed-in member', async () => {
    const cookie = await t.sessionCookieFor(SEED_USERS.maya.id);
    const input = encodeURIComponent(JSON.stringify({ 0: { json: null }, 1: { json: undefined } }));
    const res = await get(`/trpc/orgs.allOrgsForUser,system.status?batch=1&input=${input}`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { data: { json: unknown } } }[];
    expect(body).toHaveLength(2);
    expect(Array.isArray(body[0]?.result.data.json)).toBe(true);
    // The session was resolved once and is now served from the cache.
    expect(t.auth.sessions.peek(cookie.split('=')[1] ?? '')?.user).toMatchObject({
      id: SEED_USERS.maya.id,
    });
  });
});

describe('Auth.js', () => {
  it('GET /api/auth/session is empty when signed out', async () => {
    const res = await get('/api/auth/session');
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
  });

  it('GET /api/auth/csrf returns a token and an httpOnly, SameSite=Lax cookie', async () => {
    const res = await get('/api/auth/csrf');
    expect(res.status).toBe(200);
    expect((await res.json()) as { csrfToken: string }).toEqual({
      csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('authjs.csrf-token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('exposes only id, name, email, image and isSuperUser in the session', async () => {
    const cookie = await t.sessionCookieFor(SEED_USERS.ada.id);
    const session = (await (await get('/api/auth/session', { headers: { cookie } })).json()) as {
      user: unknown;
      expires: string;
    };
    expect(session.user).toEqual({
      id: SEED_USERS.ada.id,
      name: SEED_USERS.ada.name,
      email: SEED_USERS.ada.email,
      image: null,
      isSuperUser: true,
    });
    expect(Object.keys(session).sort()).toEqual(['expires', 'user']);
  });

  it('answers an input nested as deep as a body may carry as zod does: 400 with field errors', async () => {
    const cookie = await t.sessionCookieFor(SEED_USERS.maya.id);
    const depth = Math.floor((TRPC_MAX_BODY_BYTES - 20) / 2);
    const body = `{"json":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    expect(body.length).toBeLessThan(TRPC_MAX_BODY_BYTES);
    const res = await get('/trpc/envs.create', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as {
      error: { json: { message: string; data: { code: string; zodError: unknown } } };
    };
    // Not the reader's stack overflowing ("Maximum call stack size exceeded"): the schema's answer.
    expect(answer.error.json.data).toMatchObject({
      code: 'BAD_REQUEST',
      zodError: { formErrors: ['Invalid input: expected object, received array'], fieldErrors: {} },
    });
    expect(answer.error.json.message).not.toMatch(/call stack/i);
  });

  it('answers a malformed JSON body with 400 and no details', async () => {
    const res = await get('/api/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"csrfToken":',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: Record<string, unknown> };
    expect(Object.keys(body.error)).toEqual(['message']);
  });

  it('signs in through the development IdP, lands on the conflict page for a second provider, and signs out', async () => {
    const email = SEED_USERS.sam.email;
    const first = await signInViaDevIdp(t.url, 'salesforce', email);
    expect(first.landedAt).toBe(`${t.url}/app/`);
    const jar = first.appJar;
    const session = (await (
      await get('/api/auth/session', { headers: { cookie: jar.header() } })
    ).json()) as { user: { email: string; isSuperUser: boolean } };
    expect(session.user).toMatchObject({ email, isSuperUser: false });

    // The session works for tRPC too.
    const orgs = await get('/trpc/orgs.allOrgsForUser', { headers: { cookie: jar.header() } });
    expect(orgs.status).toBe(200);

    // Same email through the other provider: the provider-conflict screen with all four params.
    const conflict = await signInViaDevIdp(t.url, 'google', email);
    const landed = new URL(conflict.landedAt);
    expect(landed.pathname).toBe('/app/auth/error');
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      error: 'OAuthAccountNotLinked',
      email,
      newProvider: 'google',
      existingProvider: 'salesforce',
    });
    expect(conflict.appJar.get(t.auth.sessionCookieName)).toBeUndefined();

    // Signing in again with the original provider still works.
    expect((await signInViaDevIdp(t.url, 'salesforce', email)).landedAt).toBe(`${t.url}/app/`);

    // Sign out: POST with csrfToken + callbackUrl; the cached session is dropped at once.
    const { csrfToken } = (await (
      await get('/api/auth/csrf', { headers: { cookie: jar.header() } })
    ).json()) as { csrfToken: string };
    const out = await get('/api/auth/signout', {
      method: 'POST',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, callbackUrl: '/app/' }),
    });
    expect(out.status).toBe(302);
    const after = await get('/trpc/orgs.allOrgsForUser', { headers: { cookie: jar.header() } });
    expect(after.status).toBe(401);
  }, 30_000);

  it('refuses a sign-in post without the CSRF token', async () => {
    const jar = new CookieJar();
    const res = await get('/api/auth/signin/salesforce', {
      method: 'POST',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ callbackUrl: '/app/' }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('error=MissingCSRF');
  });
});

describe('sign-in rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ signInRateLimit: { limit: 3 } });
  }, 60_000);
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 on sign-in and its callback once the limit is spent; other routes still answer', async () => {
    const signIn = () =>
      fetch(`${limited.url}/api/auth/signin/salesforce`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ callbackUrl: '/app/' }),
      });
    for (let i = 0; i < 3; i += 1) expect((await signIn()).status).toBe(302);
    const refused = await signIn();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: 'Too many sign-in attempts. Wait a minute and try again.',
    });
    expect(refused.headers.get('ratelimit-policy')).toContain('3;');
    const callback = await fetch(`${limited.url}/api/auth/callback/google?code=x&state=y`, {
      redirect: 'manual',
    });
    expect(callback.status).toBe(429);
    expect((await fetch(`${limited.url}/api/auth/session`)).status).toBe(200);
    expect((await fetch(`${limited.url}/healthz`)).status).toBe(200);
  });
});

describe('/ws', () => {
  const open = (origin: string | undefined) =>
    new Promise<number | 'open'>((resolve) => {
      const ws = new WebSocket(`${t.url.replace('http', 'ws')}/ws`, {
        ...(origin ? { origin } : {}),
      });
      ws.on('open', () => {
        ws.close();
        resolve('open');
      });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => undefined);
    });

  it('accepts a same-origin upgrade and refuses a cross-site one', async () => {
    expect(await open(t.url)).toBe('open');
    expect(await open('https://evil.example')).toBe(403);
  });

  /** A tRPC client over /ws only, its upgrade request carrying `cookie` (as a browser's would). */
  function wsClient(cookie: string | undefined) {
    class CookieWebSocket extends WebSocket {
      constructor(url: string) {
        super(url, cookie ? { headers: { cookie } } : {});
      }
    }
    const client = createWSClient({
      url: `${t.url.replace('http', 'ws')}/ws`,
      WebSocket: CookieWebSocket as unknown as typeof globalThis.WebSocket,
      lazy: { enabled: false, closeMs: 0 },
      retryDelayMs: () => 60_000,
    });
    const trpc = createTRPCClient<AppRouter>({
      links: [wsLink({ client, transformer: superjson })],
    });
    return { trpc, close: () => client.close() };
  }

  /** The first event of system.statusUpdates: its data, or the error it ends with. */
  function firstStatusUpdate(cookie: string | undefined) {
    const { trpc, close } = wsClient(cookie);
    return new Promise<{ data?: { name: string; ok: boolean }[]; error?: unknown }>((resolve) => {
      const subscription = trpc.system.statusUpdates.subscribe(undefined, {
        onData: (data) => {
          subscription.unsubscribe();
          resolve({ data });
        },
        onError: (error) => resolve({ error }),
      });
    }).finally(close);
  }

  it('carries tRPC subscriptions: system.statusUpdates sends the status report to a signed-in user', async () => {
    const cookie = await t.sessionCookieFor(SEED_USERS.maya.id);
    const { data, error } = await firstStatusUpdate(cookie);
    expect(error).toBeUndefined();
    expect(data?.map((c) => [c.name, c.ok])).toEqual([
      ['server', true],
      ['database', true],
    ]);
  });

  it('refuses the subscription without a session: UNAUTHORIZED', async () => {
    const { data, error } = await firstStatusUpdate(undefined);
    expect(data).toBeUndefined();
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe('UNAUTHORIZED');
  });

  it('is not served over HTTP: 405 with a tRPC error, never an event stream', async () => {
    const cookie = await t.sessionCookieFor(SEED_USERS.maya.id);
    for (const path of [
      'system.statusUpdates',
      'system.status,system.statusUpdates?batch=1',
      // Escaped, the name is not in the raw path; tRPC decodes it all the same.
      'system.status%2Csystem%2EstatusUpdates?batch=1',
      // tRPC's Express adapter calls the last segment of the path, whatever comes before it.
      'x/system.statusUpdates',
      '/system.statusUpdates',
      '%zz/system.statusUpdates',
    ]) {
      const res = await get(`/trpc/${path}`, { headers: { cookie } });
      expect(res.status, path).toBe(405);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = (await res.json()) as { error: { json: { message: string } } };
      expect(body.error.json.message).toBe('Subscriptions are served over WebSocket at /ws.');
    }
  });
});
