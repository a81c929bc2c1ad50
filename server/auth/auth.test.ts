import { describe, expect, it } from 'vitest';
import { createDatabase, IN_MEMORY } from '../db/client';
import { createLogger } from '../log';
import { createAuth, readCookie, type AuthDeps } from './auth';

const db = createDatabase({ dataDir: IN_MEMORY }).db;
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
