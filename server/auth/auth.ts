/**
 * Sign-in: Auth.js with database sessions (Drizzle adapter) and two providers: `salesforce`, which is
 * Account Manager OAuth (server/auth/account-manager-provider.ts), and Google's OIDC. A provider
 * without a configured client id points at the development identity provider. Providers' tokens are
 * not kept, except the person's Account Manager access token, encrypted (account-manager-token.ts).
 * Also resolves the signed-in user for tRPC (HTTP and WebSocket) through a short-lived session cache.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import type { Adapter } from '@auth/core/adapters';
import type { Provider } from '@auth/core/providers';
import type { Session } from '@auth/core/types';
import Google from '@auth/core/providers/google';
import { Auth as authjs, setEnvDefaults } from '@auth/core';
import { DrizzleAdapter } from '@auth/drizzle-adapter';
import { type ExpressAuthConfig, getSession } from '@auth/express';
import type { Request } from 'express';
import type { SessionUser } from '~/domain/shared/session';
import { DEV_IDP_CLIENTS, type DevIdpClientName } from '~/domain/dev/idp-clients';
import type { Config, OidcClientConfig } from '~/server/config';
import type { Secrets } from '~/server/secrets';
import type { Db } from '~/server/db/client';
import { accounts, sessions, users, verificationTokens } from '~/server/db/schema';
import { type Invalidations, LOCAL_INVALIDATIONS } from '~/server/invalidations';
import type { Logger } from '~/server/log';
import { createReadThroughCache, type ReadThroughCache } from '~/server/read-through-cache';
import { conflictUrl, decideLink } from './account-links';
import { accountManagerProvider } from './account-manager-provider';
import { ACCOUNT_MANAGER_PROVIDER, storeAccountManagerToken } from './account-manager-token';
import { applySuperuserList } from './superusers';

export const AUTH_ERROR_PAGE = '/app/auth/error';
export const SIGN_IN_PAGE = '/app/';
const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

export interface AuthDeps {
  config: Pick<Config, 'publicUrl' | 'salesforce' | 'google' | 'isProduction'> & {
    authSecret: string;
    /** `BEACON_SUPERUSERS` (server/auth/superusers.ts); absent is an empty list. */
    superusers?: readonly string[];
  };
  db: Db;
  logger: Logger;
  /** The development IdP's issuer; required when a provider is not configured. */
  devIdpIssuer?: string | undefined;
  /** Seconds a resolved session is reused (0 turns the cache off). */
  sessionCacheTtlMs?: number;
  /** Sign-outs reach the other processes' session caches through it (server/invalidations.ts). */
  invalidations?: Invalidations;
  /**
   * Encrypts the person's Account Manager access token at rest; without it no token is kept (creating
   * an API client then asks them to paste one's credentials).
   */
  secrets?: Secrets;
}

/** A resolved session: the user (null when the token names no live session) and when it expires. */
export interface ResolvedSession {
  user: SessionUser | null;
  expires: number | undefined;
}

export interface Auth {
  config: ExpressAuthConfig;
  sessionCookieName: string;
  /**
   * Resolved sessions by token. Every tRPC call needs the user, and asking Auth.js (one internal request
   * and two queries) each time would cost most of a batch's budget. Entries live 10 s, never past the
   * session's expiry; past half their life they are looked up again in the background while still
   * served; sign-out drops them (in every process), and a lookup that raced the sign-out is not cached.
   */
  sessions: ReadThroughCache<ResolvedSession>;
  /** The signed-in user for a request (HTTP or a WebSocket upgrade), or null. */
  resolveUser(req: IncomingMessage): Promise<SessionUser | null>;
  /** Drops the cached session of this request, here and in every other process (called on sign-out). */
  forget(req: IncomingMessage): void;
  /**
   * Sessions ended behind Auth.js's back, their rows already deleted (sign out everywhere, a deleted
   * account): forgotten and their listeners told, here and in every other process.
   */
  endSessions(tokens: readonly string[]): void;
  /** The session token a request carries in its session cookie, or null. */
  sessionTokenOf(req: IncomingMessage): string | null;
  /**
   * Calls `listener` when a session ends: with its token after a sign-out in this process or another,
   * or with undefined when other processes' sign-outs may have been missed (the listening connection
   * dropped: every session must be looked up again). The cached entry is gone by then. Returns the
   * unsubscribe. Open WebSockets close on it (server/http/ws.ts).
   */
  onSessionEnded(listener: (token: string | undefined) => void): () => void;
  /** Auth.js's answer to one request at /api/auth (server/auth/routes.ts serves it). */
  handle(request: globalThis.Request): Promise<AuthAnswer>;
}

/**
 * Auth.js's response, and its adapter's failure when one happened: Auth.js itself answers that as a failed
 * sign-in (its error page, an empty session), whatever the cause.
 */
export interface AuthAnswer {
  response: globalThis.Response;
  adapterError?: unknown;
}

interface SessionUserFields {
  id?: string;
  name?: string | null;
  email?: string | null;
  image?: string | null;
  isSuperUser?: boolean;
}

export function createAuth(deps: AuthDeps): Auth {
  const { config, db, logger } = deps;
  const secure = config.publicUrl?.startsWith('https://') ?? false;
  const sessionCookieName = `${secure ? '__Secure-' : ''}authjs.session-token`;

  const provider = (name: DevIdpClientName, configured: OidcClientConfig | null): Provider[] => {
    if (configured) {
      return [
        Google({
          clientId: configured.clientId,
          clientSecret: configured.clientSecret,
          allowDangerousEmailAccountLinking: true,
          ...(configured.issuer ? { issuer: configured.issuer } : {}),
        }),
      ];
    }
    // Production offers only configured providers: the development IdP never stands in there.
    if (config.isProduction) return [];
    if (!deps.devIdpIssuer)
      throw new Error(`The ${name} provider needs the development IdP issuer.`);
    const client = DEV_IDP_CLIENTS[name];
    return [
      {
        id: name,
        name: client.label,
        type: 'oidc',
        issuer: deps.devIdpIssuer,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        checks: ['pkce', 'state'],
        // prompt=login: the picker shows every time, so the same email can be picked from either provider.
        authorization: { params: { scope: 'openid email profile', prompt: 'login' } },
        // Guarded by the signIn callback below: only account-less (seeded/invited) users are linked.
        allowDangerousEmailAccountLinking: true,
      },
    ];
  };
  const providers = [
    ...(config.salesforce
      ? [accountManagerProvider(config.salesforce)]
      : provider('salesforce', null)),
    ...provider('google', config.google),
  ];
  if (providers.length === 0) throw new Error('No sign-in provider is configured.');

  const authConfig: ExpressAuthConfig = {
    basePath: '/api/auth',
    secret: config.authSecret,
    trustHost: true,
    useSecureCookies: secure,
    adapter: failuresRecorded(
      withoutProviderTokens(
        DrizzleAdapter(db, {
          usersTable: users,
          accountsTable: accounts,
          sessionsTable: sessions,
          verificationTokensTable: verificationTokens,
        }),
      ),
    ),
    session: { strategy: 'database', maxAge: SESSION_MAX_AGE_S, updateAge: 24 * 60 * 60 },
    providers,
    pages: { signIn: SIGN_IN_PAGE, error: AUTH_ERROR_PAGE },
    callbacks: {
      async signIn({ account, profile }) {
        if (!account || (account.type !== 'oidc' && account.type !== 'oauth')) return true;
        const email = typeof profile?.email === 'string' ? profile.email : null;
        const decision = await decideLink(db, {
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          email,
        });
        if (decision.kind === 'conflict' && email) {
          // This redirect answers the person's own callback, after their provider proved the email.
          return conflictUrl({
            email,
            newProvider: account.provider,
            existingProvider: decision.existingProvider,
          });
        }
        // Linking to an existing person needs a provider-verified email.
        if (decision.kind === 'claim') return profile?.email_verified === true;
        return true;
      },
      // Only what the client needs: never the session token or internal user columns.
      session({ session, user }): Session {
        const u = user as SessionUserFields;
        const exposed: SessionUser = {
          id: u.id ?? '',
          name: u.name ?? null,
          email: u.email ?? '',
          image: u.image ?? null,
          isSuperUser: u.isSuperUser === true,
        };
        return {
          expires: session.expires.toISOString?.() ?? String(session.expires),
          user: exposed,
        };
      },
    },
    events: {
      // After the user row exists (a first sign-in creates it) and before the browser is sent back:
      // the session it then reads already carries the list's answer.
      async signIn({ user, account, profile }) {
        if (!user.id) return;
        // Every Salesforce sign-in renews the kept Account Manager token (Auth.js writes an account
        // row only on the first, and without tokens: withoutProviderTokens).
        if (
          account?.provider === ACCOUNT_MANAGER_PROVIDER &&
          account.access_token &&
          deps.secrets
        ) {
          await storeAccountManagerToken(db, deps.secrets, {
            providerAccountId: account.providerAccountId,
            accessToken: account.access_token,
            expiresAt: account.expires_at ?? null,
          });
        }
        await applySuperuserList(db, config.superusers ?? [], {
          userId: user.id,
          email: user.email,
          emailVerified: profile?.email_verified === true,
        });
      },
    },
    logger: {
      error(error) {
        // Sign-in mistakes (expired state, a refused sign-in) are warnings; configuration faults are errors.
        const type = (error as { type?: string }).type ?? error.name;
        const level = type === 'Configuration' || type === 'AdapterError' ? 'error' : 'warn';
        logger[level]({ authError: type, msg: error.message }, 'auth error');
      },
      warn(code) {
        logger.warn({ authWarning: code }, 'auth warning');
      },
      debug() {},
    },
  };

  // What ExpressAuth does on every request (AUTH_* variables fill what the config leaves unset).
  setEnvDefaults(process.env, authConfig);

  const sessionCache = createReadThroughCache<ResolvedSession>({
    ttlMs: deps.sessionCacheTtlMs ?? 10_000,
    expiresAt: (session) => session.expires,
    // A failed refresh keeps the entry until it expires; the next request then waits for a lookup.
    onBackgroundError: (err) => logger.warn({ err }, 'session refresh failed'),
  });
  const invalidations = deps.invalidations ?? LOCAL_INVALIDATIONS;
  const endedListeners = new Set<(token: string | undefined) => void>();
  /** A sign-out here or elsewhere: the cache forgets the session first, then the listeners hear of it. */
  const ended = (token: string | undefined) => {
    sessionCache.invalidate(token);
    for (const listener of endedListeners) listener(token);
  };
  invalidations.on('sessions', ended);

  function tokenOf(req: IncomingMessage): string | null {
    return readCookie(req.headers.cookie, sessionCookieName);
  }

  async function lookUp(req: IncomingMessage): Promise<ResolvedSession> {
    // Auth.js answers "no session" when its adapter fails: the lookup's own adapter failure is rethrown
    // instead (a database out of reach becomes a 503), and nothing is cached.
    const lookup: AdapterFailure = {};
    const session = await adapterFailures.run(lookup, () =>
      getSession(asExpressRequest(req), authConfig),
    );
    if (lookup.error !== undefined) throw lookup.error;
    const u = session?.user as SessionUserFields | undefined;
    const user: SessionUser | null =
      u?.id && u.email
        ? {
            id: u.id,
            name: u.name ?? null,
            email: u.email,
            image: u.image ?? null,
            isSuperUser: u.isSuperUser === true,
          }
        : null;
    return { user, expires: session?.expires ? Date.parse(session.expires) : undefined };
  }

  return {
    config: authConfig,
    sessionCookieName,
    sessions: sessionCache,
    async resolveUser(req) {
      const token = tokenOf(req);
      if (!token) return null;
      // Concurrent calls with one token share a lookup (a page load fires several requests at once).
      return (await sessionCache.get(token, () => lookUp(req))).user;
    },
    forget(req) {
      const token = tokenOf(req);
      if (!token) return;
      ended(token);
      // The token is what the sessions table holds in the clear; whoever can LISTEN can read that table.
      invalidations.publish('sessions', token);
    },
    endSessions(tokens) {
      for (const token of tokens) {
        ended(token);
        invalidations.publish('sessions', token);
      }
    },
    sessionTokenOf: tokenOf,
    onSessionEnded(listener) {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
    },
    async handle(request) {
      const call: AdapterFailure = {};
      const response = await adapterFailures.run(call, () => authjs(request, authConfig));
      return call.error === undefined ? { response } : { response, adapterError: call.error };
    },
  };
}

interface AdapterFailure {
  error?: unknown;
}
/** The adapter error of the Auth.js call under way (a session lookup, a sign-in), which Auth.js itself swallows. */
const adapterFailures = new AsyncLocalStorage<AdapterFailure>();

/** The adapter with each method's failure recorded for the Auth.js call that made it (then rethrown). */
function failuresRecorded(adapter: Adapter): Adapter {
  return Object.fromEntries(
    Object.entries(adapter).map(([name, method]) => [
      name,
      typeof method === 'function'
        ? async (...args: unknown[]) => {
            try {
              return await (method as (...a: unknown[]) => unknown).apply(adapter, args);
            } catch (error) {
              const lookup = adapterFailures.getStore();
              if (lookup) lookup.error ??= error;
              throw error;
            }
          }
        : method,
    ]),
  ) as Adapter;
}

/**
 * The adapter with the providers' tokens left out of the account rows it writes: Beacon calls no
 * provider API with them, except Account Manager's, whose access token the signIn event keeps
 * encrypted. Nothing a provider issued is ever stored in plain text.
 */
function withoutProviderTokens(adapter: Adapter): Adapter {
  const { linkAccount } = adapter;
  if (!linkAccount) return adapter;
  return {
    ...adapter,
    linkAccount: (account) =>
      linkAccount.call(adapter, {
        ...account,
        access_token: undefined,
        refresh_token: undefined,
        id_token: undefined,
      }),
  };
}

/** getSession reads only protocol and headers; a WebSocket upgrade request has the headers. */
function asExpressRequest(req: IncomingMessage): Request {
  if ('protocol' in req) return req as Request;
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  return Object.assign(Object.create(req) as Request, {
    protocol: encrypted ? 'https' : 'http',
    headers: req.headers,
  });
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header || header.length > 16_384) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}
