import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '~/server/db/schema';
import { openTestDatabase } from '~/server/db/test-db';
import { createLogger } from '~/server/log';
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

  it('in production offers only configured providers and never the development IdP', () => {
    const prod = { ...base, isProduction: true };
    expect(() => createAuth({ config: prod, db, logger })).toThrow('No sign-in provider');
    const auth = createAuth({
      config: { ...prod, salesforce: { clientId: 'sf', clientSecret: 's' } },
      db,
      logger,
      devIdpIssuer: 'http://127.0.0.1:3001',
    });
    expect(providerIds(auth)).toEqual(['salesforce']);
    const [provider] = auth.config.providers;
    expect(typeof provider === 'object' && 'issuer' in provider ? provider.issuer : null).toBe(
      'https://login.salesforce.com',
    );
  });
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
