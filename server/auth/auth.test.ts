import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type B2CSimulator, createB2CSimulator } from '~/simulators/b2c';
import { SIM_SIGN_IN_CLIENT_ID } from '~/simulators/b2c/account-manager-data';
import { accounts, sessions, users } from '~/server/db/schema';
import { openTestDatabase } from '~/server/db/test-db';
import { createLogger } from '~/server/log';
import { createSecrets } from '~/server/secrets';
import { accountManagerAccessToken } from './account-manager-token';
import { type AuthDeps, createAuth, readCookie } from './auth';

// A migrated database from the test template (initdb and migrations from scratch take seconds).
const database = await openTestDatabase();
const db = database.db;
const logger = createLogger({ level: 'silent' });
const base: AuthDeps['config'] = {
  publicUrl: undefined,
  salesforce: null,
  google: null,
  isProduction: false,
  authSecret: 'x'.repeat(64),
};

const providerIds = (auth: ReturnType<typeof createAuth>) =>
  auth.config.providers.map((p) => (typeof p === 'function' ? p().id : p.id));

describe('createAuth', () => {
  it('points both providers at the development IdP when no client ids are set', () => {
    const auth = createAuth({ config: base, db, logger, devIdpIssuer: 'http://127.0.0.1:3001' });
    expect(providerIds(auth)).toEqual(['salesforce', 'google']);
    expect(auth.config.session?.strategy).toBe('database');
    expect(auth.config.pages).toEqual({ signIn: '/app/', error: '/app/auth/error' });
    expect(auth.sessionCookieName).toBe('authjs.session-token');
  });

  it('uses Secure, __Secure- cookies when PUBLIC_URL is https', () => {
    const auth = createAuth({
      config: { ...base, publicUrl: 'https://beacon.example.com' },
      db,
      logger,
      devIdpIssuer: 'http://127.0.0.1:3001',
    });
    expect(auth.config.useSecureCookies).toBe(true);
    expect(auth.sessionCookieName).toBe('__Secure-authjs.session-token');
  });

  it('in production offers only configured providers; Salesforce is Account Manager OAuth with PKCE', () => {
    const prod = { ...base, isProduction: true };
    expect(() => createAuth({ config: prod, db, logger })).toThrow('No sign-in provider');
    const auth = createAuth({
      config: {
        ...prod,
        salesforce: { url: 'https://account.demandware.com', clientId: 'beacon-am' },
      },
      db,
      logger,
      devIdpIssuer: 'http://127.0.0.1:3001',
    });
    expect(providerIds(auth)).toEqual(['salesforce']);
    const [provider] = auth.config.providers;
    expect(provider).toMatchObject({
      id: 'salesforce',
      name: 'Salesforce',
      type: 'oauth',
      checks: ['pkce', 'state'],
      clientId: 'beacon-am',
      // No secret configured: a public client, which names itself and proves itself with PKCE.
      client: { token_endpoint_auth_method: 'none' },
      authorization: {
        url: 'https://account.demandware.com/dwsso/oauth2/authorize',
        params: { scope: 'openid mail roles tenantFilter' },
      },
      token: 'https://account.demandware.com/dwsso/oauth2/access_token',
      userinfo: { url: 'https://account.demandware.com/dw/rest/v1/users/current' },
    });
  });
});

describe('Sign in with Salesforce against the simulated Account Manager', () => {
  const secrets = createSecrets(randomBytes(32));
  let sim: B2CSimulator;
  let auth: ReturnType<typeof createAuth>;
  const origin = 'http://127.0.0.1:3999';

  beforeAll(async () => {
    sim = await createB2CSimulator();
    auth = createAuth({
      config: { ...base, salesforce: { url: `${sim.url}/am`, clientId: SIM_SIGN_IN_CLIENT_ID } },
      db,
      logger,
      devIdpIssuer: 'http://127.0.0.1:3001',
      secrets,
    });
  });
  afterAll(() => sim.stop());

  /** Auth.js's answer to one browser request (cookies carried by hand). */
  async function call(path: string, jar: Map<string, string>, init: RequestInit = {}) {
    const { response } = await auth.handle(
      new Request(`${origin}${path}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      }),
    );
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  }

  async function signIn(login: string) {
    const jar = new Map<string, string>();
    const { csrfToken } = (await (await call('/api/auth/csrf', jar)).json()) as {
      csrfToken: string;
    };
    const start = await call('/api/auth/signin/salesforce', jar, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${origin}/app/` }),
    });
    const authorize = new URL(start.headers.get('location') ?? '');
    // The person picks themselves on Account Manager's page, which posts its form back.
    const picked = await fetch(`${authorize.origin}${authorize.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), login }),
      redirect: 'manual',
    });
    const callback = new URL(picked.headers.get('location') ?? '');
    const done = await call(`${callback.pathname}${callback.search}`, jar);
    return { authorize, done, jar };
  }

  it('sends the person to Account Manager with PKCE, state and the role scopes, and keeps their token encrypted', async () => {
    const { authorize, done, jar } = await signIn('maya@beacon.test');
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${sim.url}/am/dwsso/oauth2/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: SIM_SIGN_IN_CLIENT_ID,
      response_type: 'code',
      redirect_uri: `${origin}/api/auth/callback/salesforce`,
      scope: 'openid mail roles tenantFilter',
      code_challenge_method: 'S256',
    });
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(`${origin}/app/`);
    expect(jar.get('authjs.session-token')).toBeTruthy();

    const [maya] = await db.select().from(users).where(eq(users.email, 'maya@beacon.test'));
    const rows = await db.select().from(accounts).where(eq(accounts.userId, maya!.id));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ provider: 'salesforce', refresh_token: null, id_token: null });
    // What is stored is a ciphertext; the token itself is nowhere in the row.
    expect(row!.access_token).toMatch(/^v2\./);
    const token = await accountManagerAccessToken(db, secrets, maya!.id);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(row)).not.toContain(token!);
    // It is the person's Account Manager token: the roles scope put Maya's roles into it.
    const claims = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()) as {
      roles: string[];
      tenantFilter: string;
    };
    expect(claims.roles).toContain('AM_API_ADMIN');
    expect(claims.tenantFilter).toContain('CCDX_SBX_USER:zzte_sbx');
    // Another key cannot read it, and then there is no token (sign in again), not an error.
    expect(
      await accountManagerAccessToken(db, createSecrets(randomBytes(32)), maya!.id),
    ).toBeNull();
  });

  it('renews the kept token on the next sign-in', async () => {
    const sam = await signInAs('sam@beacon.test');
    const first = await accountManagerAccessToken(db, secrets, sam);
    await signIn('sam@beacon.test');
    const second = await accountManagerAccessToken(db, secrets, sam);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
  });

  async function signInAs(login: string): Promise<string> {
    await signIn(login);
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, login));
    return row!.id;
  }
});

describe('readCookie', () => {
  it('reads one cookie and survives junk', () => {
    expect(readCookie('a=1; authjs.session-token=abc; b=2', 'authjs.session-token')).toBe('abc');
    expect(readCookie('authjs.session-token=%E0%A4%A', 'authjs.session-token')).toBeNull();
    expect(readCookie(undefined, 'x')).toBeNull();
    expect(readCookie('x', 'x')).toBeNull();
  });
});

describe('resolveUser (session cache with refresh ahead of expiry)', () => {
  let auth: ReturnType<typeof createAuth>;
  let clock = Date.now();

  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
    // Made after the clock is faked: the session cache reads Date.now as it is when created.
    auth = createAuth({ config: base, db, logger, devIdpIssuer: 'http://127.0.0.1:3001' });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  async function signedIn() {
    const id = randomUUID();
    await db.insert(users).values({ id, email: `${id}@beacon.test`, name: 'Cache Test' });
    const sessionToken = randomUUID();
    await db
      .insert(sessions)
      .values({ sessionToken, userId: id, expires: new Date(clock + 86_400_000) });
    const req = {
      headers: { host: '127.0.0.1:3000', cookie: `authjs.session-token=${sessionToken}` },
      socket: {},
    } as unknown as IncomingMessage;
    return { id, sessionToken, req };
  }
  const advance = (ms: number) => vi.setSystemTime((clock += ms));
  /** Lets a background lookup (an internal Auth.js request and two queries) finish. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('past half its 10-s life a session is still served and looked up again in the background', async () => {
    const { id, sessionToken, req } = await signedIn();
    expect((await auth.resolveUser(req))?.id).toBe(id);
    // Ended elsewhere (another server process signed it out).
    await db.delete(sessions).where(eq(sessions.sessionToken, sessionToken));
    advance(4_000);
    expect((await auth.resolveUser(req))?.id).toBe(id);
    advance(2_000);
    expect((await auth.resolveUser(req))?.id).toBe(id);
    await settle();
    // The refresh saw the session gone, before the 10 s were up.
    expect(await auth.resolveUser(req)).toBeNull();
  });
});
