/**
 * The simulated Account Manager (under /am) and On-Demand Sandbox API (under /ods): only what
 * Salesforce documents, and where a detail is not documented the smallest answer, refused rather than
 * invented. Every fact and its source: docs/decisions/0036-account-manager-as-documented.md.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  AM_ROLES,
  API_CLIENT_ADMIN_ROLES,
  parseTenantFilter,
  tenantFilterGrants,
} from '~/domain/instances/account-manager';
import amSpec from '~/domain/instances/account-manager-v1.spec.json' with { type: 'json' };
import { AM_USER_SCOPES, type AccountManagerData, type AmUser } from './account-manager-data';
import { escapeHtml } from './business-manager';

/** Beacon's own Account Manager client in the simulator; not a secret anywhere else. */
export const SIM_ADMIN_CLIENT = {
  clientId: 'beacon-simulator',
  clientSecret: 'beacon-simulator-secret',
} as const;

export const TOKEN_PATH = '/dwsso/oauth2/access_token';
export const AUTHORIZE_PATH = '/dwsso/oauth2/authorize';
const REST = '/dw/rest/v1';

export type TokenEndpointAuthMethod =
  'private_key_jwt' | 'client_secret_post' | 'client_secret_basic' | 'none';
const AUTH_METHODS: readonly TokenEndpointAuthMethod[] = [
  'private_key_jwt',
  'client_secret_post',
  'client_secret_basic',
  'none',
];

export interface SimApiClient {
  id: string;
  name: string;
  secret: string;
  organizations: string[];
  active: boolean;
  description?: string;
  roles?: string[];
  roleTenantFilter?: string | null;
  tokenEndpointAuthMethod?: TokenEndpointAuthMethod | null;
  redirectUrls?: string[];
  scopes?: string[];
  defaultScopes?: string[];
  createdAt?: string;
  /** Epoch ms before which its credentials fail although it is active (slow activation). */
  usableFrom?: number;
}

/** Who a token was issued to. */
export type Principal =
  | { kind: 'client'; clientId: string; scopes: string[] }
  | { kind: 'user'; clientId: string; scopes: string[]; user: AmUser };

/** What the instance APIs and the sandbox API need of a principal. */
interface Grants {
  organizations: string[];
  roles: string[];
  roleTenantFilter: string;
}

export interface AccountManagerOptions {
  data: AccountManagerData;
  apiClients: Map<string, SimApiClient>;
  /** The simulated tenants, by realm; sandboxes are listed by the sandbox API, the rest by /instances. */
  tenants: () => readonly SimTenant[];
  tokenLifetimeSeconds: () => number;
  activationDelaySeconds: () => number;
  /**
   * Requests per minute per principal for the resources whose specs document X-RateLimit-* (API
   * clients, users, roles); null plays no limit and sends no headers. The real limit is not
   * documented (ADR 0046).
   */
  rateLimitPerMinute: () => number | null;
  newId: () => string;
}

export interface SimTenant {
  /** Sandbox API id (a UUID); Account Manager names the other tenants by `instanceId`. */
  id: string;
  realm: string;
  instance: string;
  instanceId: string;
  hostname: string;
  tenantType: 'sandbox' | 'development' | 'staging' | 'production';
}

/** The sandboxes' release (no source gives one; see ADR 0036). */
const SANDBOX_APP_VERSION = '26.1';

/** Account Manager's short tenant types (Instances API guide: "dev", "stg", "prd"). */
const AM_TENANT_TYPE = { development: 'dev', staging: 'stg', production: 'prd' } as const;

// ---- Answers in the shapes the specifications give ----

/** am-apiclients-api-v1.yaml, UnauthorizedError. */
const UNAUTHORIZED = {
  errors: [
    {
      message: 'Full authentication is required to access this resource',
      code: 'InsufficientAuthenticationException',
      fieldErrors: null,
    },
  ],
};

const forbidden = (res: Response, message: string) =>
  // The specifications give 403 a description and no body; the description is the message.
  res.status(403).json({ errors: [{ message, fieldErrors: null }] });

interface FieldError {
  field: string;
  code: string;
  defaultMessage: string;
  rejectedValue: unknown;
}

/** 400 in the shape of the specification's one example (ErrorApiClientValidation). */
function invalid(res: Response, objectName: string, fieldErrors: FieldError[]) {
  res.status(400).json({
    errors: [
      {
        message: `invalid argument ${objectName}`,
        code: `invalid argument ${objectName}`,
        fieldErrors: fieldErrors.map((e) => ({
          codes: [`${e.code}.${objectName}.${e.field}`, `${e.code}.${e.field}`, e.code],
          arguments: null,
          defaultMessage: e.defaultMessage,
          objectName,
          field: e.field,
          rejectedValue: e.rejectedValue ?? null,
          bindingFailure: false,
          code: e.code,
        })),
      },
    ],
  });
}

function parseBasic(header: string | undefined): { user: string; password: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** `?page=&size=` (zero-based page; size 1–max), or null after answering 400. */
function pageOf(req: Request, res: Response, max = 4000): { page: number; size: number } | null {
  const read = (name: string, fallback: number) => {
    const raw = req.query[name];
    if (raw === undefined) return fallback;
    return typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  };
  const page = read('page', 0);
  const size = read('size', 20);
  if (!Number.isSafeInteger(page) || !Number.isSafeInteger(size) || size < 1 || size > max) {
    invalid(res, 'Pageable', [
      {
        field: Number.isSafeInteger(page) ? 'size' : 'page',
        code: 'Range',
        defaultMessage: `page must be 0 or more, size between 1 and ${max}`,
        rejectedValue: Number.isSafeInteger(page) ? req.query.size : req.query.page,
      },
    ]);
    return null;
  }
  return { page, size };
}

const fieldsOf = (schema: { properties: object }) => new Set(Object.keys(schema.properties));
const CREATE_FIELDS = fieldsOf(amSpec.apiclients.schemas.APIClientCreate);
const UPDATE_FIELDS = fieldsOf(amSpec.apiclients.schemas.APIClientUpdate);
const READ_FIELDS = fieldsOf(amSpec.apiclients.schemas.APIClientRead);

/**
 * A page past the end of a collection. The b2c SDK reads a users or roles page past the end as an
 * error whose message names fromIndex and toIndex; what the API clients collection answers is not
 * documented, so the simulator refuses it with a 400 that says so (ADR 0046).
 */
function pastTheEnd<T>(res: Response, items: T[], { page, size }: { page: number; size: number }) {
  if (page === 0 || page * size < items.length) return false;
  res.status(400).json({
    errors: [
      {
        message: `fromIndex(${page * size}) > toIndex(${items.length}): a page past the end (the simulator's answer; the real one for this collection is not documented)`,
        code: 'IndexOutOfBoundsException',
      },
    ],
  });
  return true;
}

function paged<T>(items: T[], { page, size }: { page: number; size: number }) {
  return {
    content: items.slice(page * size, page * size + size),
    totalElements: items.length,
    totalPages: Math.ceil(items.length / size),
    number: page,
    size,
  };
}

/**
 * Whether `asked` is one of the client's redirect URLs: exactly, or a registered loopback URL on any
 * port (RFC 8252 §7.3; Beacon's development server picks its port).
 */
function registeredRedirect(registered: readonly string[], asked: string): boolean {
  if (registered.includes(asked)) return true;
  let url: URL;
  try {
    url = new URL(asked);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' || !['127.0.0.1', 'localhost'].includes(url.hostname)) return false;
  return registered.some((r) => {
    const reg = new URL(r);
    return (
      reg.hostname === url.hostname &&
      reg.port === '' &&
      reg.pathname === url.pathname &&
      reg.search === url.search
    );
  });
}

interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  userId: string;
  scopes: string[];
  codeChallenge: string | null;
  expiresAt: number;
}

interface TokenRecord {
  principal: Principal;
  expiresAt: number;
}

export interface SimAccountManager {
  /** Mounted at /am. */
  router: express.Router;
  /** Mounted at /ods: the On-Demand Sandbox API (`/api/v1/...`). */
  sandboxApi: express.Router;
  /** The API client a client-credentials token was issued to (what the instance APIs accept), or null. */
  bearerClient(req: Request): string | null;
  /** Whether Account Manager knows this API client id. */
  knownClient(clientId: string): boolean;
  revokeTokens(): void;
  /** Starts every principal's rate-limit window anew, as if a minute had passed. */
  resetRateLimits(): void;
}

export function createSimAccountManager(options: AccountManagerOptions): SimAccountManager {
  const { data, apiClients } = options;
  const signingKey = randomBytes(32);
  const tokens = new Map<string, TokenRecord>();
  const codes = new Map<string, AuthorizationCode>();

  const usersById = new Map(data.users.map((u) => [u.id, u]));
  const userByMail = (mail: string) =>
    [...usersById.values()].find((u) => u.mail.toLowerCase() === mail.trim().toLowerCase());
  /**
   * Someone typed in on the sign-in page (an address the demo data does not list): an Account Manager
   * user of no organization, with no role, remembered until the simulator stops. Stands for a person
   * of another customer, or a newcomer to Beacon (what the development IdP's "someone new" is).
   */
  const newcomer = (mail: string): AmUser | undefined => {
    const address = mail.trim().toLowerCase();
    if (address.length > 254 || !/^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/.test(address)) {
      return undefined;
    }
    const user: AmUser = {
      id: randomUUID(),
      mail: address,
      firstName: address.split('@')[0] ?? address,
      lastName: '',
      organizations: [],
      primaryOrganization: '',
      roles: [],
      roleTenantFilter: '',
    };
    usersById.set(user.id, user);
    return user;
  };

  const adminClient = (): SimApiClient => ({
    id: SIM_ADMIN_CLIENT.clientId,
    name: 'Beacon (simulator)',
    secret: SIM_ADMIN_CLIENT.clientSecret,
    organizations: data.adminClient.organizations,
    active: true,
    roles: data.adminClient.roles,
    roleTenantFilter: data.adminClient.roleTenantFilter,
    redirectUrls: data.adminClient.redirectUrls,
    defaultScopes: data.adminClient.defaultScopes,
    scopes: data.adminClient.defaultScopes,
    tokenEndpointAuthMethod: 'client_secret_basic',
    createdAt: '2026-01-01T00:00:00Z',
  });
  // Public: no secret, so Basic never authenticates it (the random one below is never sent anywhere).
  const signInClient: SimApiClient = {
    id: data.signInClient.id,
    name: data.signInClient.name,
    secret: randomBytes(32).toString('hex'),
    organizations: [],
    active: true,
    roles: [],
    redirectUrls: data.signInClient.redirectUrls,
    defaultScopes: [...AM_USER_SCOPES],
    scopes: [...AM_USER_SCOPES],
    tokenEndpointAuthMethod: 'none',
    createdAt: '2026-01-01T00:00:00Z',
  };
  const clientById = (id: string): SimApiClient | undefined =>
    id === SIM_ADMIN_CLIENT.clientId
      ? adminClient()
      : id === signInClient.id
        ? signInClient
        : apiClients.get(id);
  const allClients = () => [adminClient(), ...apiClients.values()];
  const knownClient = (id: string) => clientById(id) !== undefined;
  const usable = (client: SimApiClient) =>
    client.active && (client.usableFrom === undefined || Date.now() >= client.usableFrom);

  const grantsOf = (principal: Principal): Grants => {
    if (principal.kind === 'user') return principal.user;
    const client = clientById(principal.clientId);
    return {
      organizations: client?.organizations ?? [],
      roles: client?.roles ?? [],
      roleTenantFilter: client?.roleTenantFilter ?? '',
    };
  };

  /** A JWT, as Account Manager's tokens are (sfcc-ci and the b2c CLI decode them, unverified). */
  const issueToken = (principal: Principal, implicit = false) => {
    const now = Math.floor(Date.now() / 1000);
    const lifetime = options.tokenLifetimeSeconds();
    const grants = grantsOf(principal);
    const claims: Record<string, unknown> = {
      sub: principal.kind === 'user' ? principal.user.id : principal.clientId,
      client_id: principal.clientId,
      grant_type:
        principal.kind === 'client'
          ? 'client_credentials'
          : implicit
            ? 'implicit'
            : 'authorization_code',
      scope: principal.scopes,
      iat: now,
      exp: now + lifetime,
      jti: randomBytes(12).toString('hex'),
      // The `roles` and `tenantFilter` scopes put these in the token (b2c CLI authentication guide).
      ...(principal.scopes.includes('roles') ? { roles: grants.roles } : {}),
      ...(principal.scopes.includes('tenantFilter')
        ? { tenantFilter: grants.roleTenantFilter }
        : {}),
      ...(principal.kind === 'user' && principal.scopes.includes('mail')
        ? { mail: principal.user.mail }
        : {}),
    };
    const unsigned = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
    const token = `${unsigned}.${base64url(createHmac('sha256', signingKey).update(unsigned).digest())}`;
    tokens.set(token, { principal, expiresAt: Date.now() + lifetime * 1000 });
    return { token, lifetime };
  };

  const principalOf = (req: Request): Principal | null => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const record = tokens.get(header.slice(7));
    if (!record || record.expiresAt <= Date.now()) return null;
    return record.principal;
  };

  // ---- OAuth 2.0 ----
  const router = express.Router();
  const form = express.urlencoded({ extended: false });

  const scopesOf = (raw: unknown, client: SimApiClient) => {
    const asked = typeof raw === 'string' ? raw.split(/\s+/).filter(Boolean) : [];
    return asked.length > 0 ? asked : (client.defaultScopes ?? ['mail']);
  };

  /** The authorize request's parameters, checked; answers an error itself and returns null. */
  const authorizeRequest = (params: Record<string, unknown>, res: Response) => {
    const text = (name: string) => (typeof params[name] === 'string' ? params[name] : '');
    const client = clientById(text('client_id'));
    const redirectUri = text('redirect_uri');
    // Without a known client and one of its redirect URLs, nothing may be sent anywhere.
    if (!client || !registeredRedirect(client.redirectUrls ?? [], redirectUri)) {
      res.status(400).type('text').send('Unknown client_id or unregistered redirect_uri.');
      return null;
    }
    const back = (error: string) => {
      const url = new URL(redirectUri);
      url.searchParams.set('error', error);
      if (text('state')) url.searchParams.set('state', text('state'));
      res.redirect(302, url.toString());
      return null;
    };
    const responseType = text('response_type');
    // The implicit flow (token in the redirect's fragment) is for a client with a secret, as sfcc-ci's
    // `auth:login` uses its API key; a public client is set up for the code with PKCE.
    const implicitAllowed = client.tokenEndpointAuthMethod !== 'none';
    if (responseType !== 'code' && !(responseType === 'token' && implicitAllowed)) {
      return back('unsupported_response_type');
    }
    const challenge = responseType === 'code' ? text('code_challenge') || null : null;
    if (challenge && (text('code_challenge_method') || 'plain') !== 'S256') {
      return back('invalid_request');
    }
    // A client without a secret proves itself with PKCE.
    if (client.tokenEndpointAuthMethod === 'none' && !challenge) return back('invalid_request');
    return {
      client,
      redirectUri,
      responseType: responseType as 'code' | 'token',
      state: text('state'),
      scope: text('scope'),
      challenge,
      challengeMethod: text('code_challenge_method'),
    };
  };

  router.get(AUTHORIZE_PATH, (req, res) => {
    const request = authorizeRequest(req.query as Record<string, unknown>, res);
    if (!request) return;
    const hidden = Object.entries({
      client_id: request.client.id,
      redirect_uri: request.redirectUri,
      response_type: request.responseType,
      state: request.state,
      scope: request.scope,
      code_challenge: request.challenge ?? '',
      code_challenge_method: request.challengeMethod,
    })
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
      .join('');
    const buttons = data.users
      .map(
        (u) =>
          `<li><button type="submit" name="login" value="${escapeHtml(u.mail)}">${escapeHtml(`${u.firstName} ${u.lastName}`)} (${escapeHtml(u.mail)})</button></li>`,
      )
      .join('');
    res
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Account Manager (simulator)</title></head><body><main><h1>Account Manager (simulator)</h1><p>${escapeHtml(request.client.name)} asks to sign you in. No password here: choose who you are.</p><form method="post" action="${escapeHtml(req.baseUrl + AUTHORIZE_PATH)}">${hidden}<ul>${buttons}</ul></form><h2>Someone new</h2><form method="post" action="${escapeHtml(req.baseUrl + AUTHORIZE_PATH)}">${hidden}<input type="hidden" name="new" value="1"><label for="new-login">E-mail address</label> <input id="new-login" name="login" type="email" required maxlength="254" autocomplete="off"> <button type="submit">Sign in as someone new</button></form></main></body></html>`,
      );
  });

  router.post(AUTHORIZE_PATH, form, (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const request = authorizeRequest(body, res);
    if (!request) return;
    const login = typeof body.login === 'string' ? body.login : '';
    const user = userByMail(login) ?? (body.new === '1' ? newcomer(login) : undefined);
    if (!user) {
      res.status(400).type('text').send('Unknown user.');
      return;
    }
    if (request.responseType === 'token') {
      // Implicit: the token goes back in the fragment (RFC 6749 §4.2.2), never through the server.
      const scopes = scopesOf(request.scope, request.client);
      const { token, lifetime } = issueToken(
        { kind: 'user', clientId: request.client.id, scopes, user },
        true,
      );
      const fragment = new URLSearchParams({
        access_token: token,
        token_type: 'Bearer',
        expires_in: String(lifetime),
        scope: scopes.join(' '),
        ...(request.state ? { state: request.state } : {}),
      });
      const url = new URL(request.redirectUri);
      url.hash = fragment.toString();
      res.redirect(302, url.toString());
      return;
    }
    const code = randomBytes(24).toString('base64url');
    codes.set(code, {
      clientId: request.client.id,
      redirectUri: request.redirectUri,
      userId: user.id,
      scopes: scopesOf(request.scope, request.client),
      codeChallenge: request.challenge,
      expiresAt: Date.now() + 60_000,
    });
    const url = new URL(request.redirectUri);
    url.searchParams.set('code', code);
    if (request.state) url.searchParams.set('state', request.state);
    res.redirect(302, url.toString());
  });

  router.post(TOKEN_PATH, form, (req, res) => {
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const basic = parseBasic(req.headers.authorization);
    const invalidClient = () =>
      res
        .status(401)
        .json({ error: 'invalid_client', error_description: 'Client authentication failed' });
    // Basic for clients with a secret; a public client (no secret) names itself in the body.
    let client: SimApiClient | undefined;
    if (basic) {
      client = clientById(basic.user);
      if (
        !client ||
        client.tokenEndpointAuthMethod === 'none' ||
        client.secret !== basic.password ||
        !usable(client)
      ) {
        return invalidClient();
      }
    } else {
      client = clientById(body.client_id ?? '');
      if (!client || client.tokenEndpointAuthMethod !== 'none' || !usable(client)) {
        return invalidClient();
      }
    }

    if (body.grant_type === 'client_credentials') {
      if (!basic) return invalidClient();
      const { token, lifetime } = issueToken({
        kind: 'client',
        clientId: client.id,
        scopes: scopesOf(body.scope, client),
      });
      res.json({
        access_token: token,
        scope: scopesOf(body.scope, client).join(' '),
        token_type: 'Bearer',
        expires_in: lifetime,
      });
      return;
    }
    if (body.grant_type === 'authorization_code') {
      const grant = codes.get(body.code ?? '');
      codes.delete(body.code ?? '');
      const verifier = body.code_verifier ?? '';
      const challengeOk =
        !grant?.codeChallenge ||
        createHash('sha256').update(verifier).digest('base64url') === grant.codeChallenge;
      const user = grant ? usersById.get(grant.userId) : undefined;
      if (
        !grant ||
        !user ||
        grant.expiresAt <= Date.now() ||
        grant.clientId !== client.id ||
        grant.redirectUri !== body.redirect_uri ||
        !challengeOk
      ) {
        res.status(400).json({ error: 'invalid_grant' });
        return;
      }
      const { token, lifetime } = issueToken({
        kind: 'user',
        clientId: client.id,
        scopes: grant.scopes,
        user,
      });
      res.json({
        access_token: token,
        scope: grant.scopes.join(' '),
        token_type: 'Bearer',
        expires_in: lifetime,
      });
      return;
    }
    res.status(400).json({ error: 'unsupported_grant_type' });
  });

  // ---- REST API ----
  const authenticated = (req: Request, res: Response, next: NextFunction) => {
    const principal = principalOf(req);
    if (!principal) {
      res.status(401).json(UNAUTHORIZED);
      return;
    }
    res.locals.principal = principal;
    next();
  };
  const principal = (res: Response) => res.locals.principal as Principal;
  /**
   * Organization and API client management need a person's sign-in: client credentials are refused
   * whatever roles the client holds (b2c CLI Account Manager guide).
   */
  const userWith =
    (roles: readonly string[], what: string) =>
    (req: Request, res: Response, next: NextFunction) => {
      const p = principal(res);
      if (p.kind !== 'user' || !p.user.roles.some((r) => roles.includes(r))) {
        forbidden(res, `Principal lacks permission to ${what}.`);
        return;
      }
      next();
    };
  const accountAdmin = userWith([AM_ROLES.accountAdmin], 'read organizations');
  const clientAdmin = userWith(API_CLIENT_ADMIN_ROLES, 'manage API clients');

  router.use(REST, authenticated);

  /**
   * X-RateLimit-Limit (per minute), -Remaining (left in the window) and -Reset (the window's end, a
   * UTC date-time) on every answer of the resources whose specs document them (am-apiclients-api,
   * am-users-api, am-roles-api), and 429 once the window's requests are spent. Organizations and
   * instances have no spec and get none.
   */
  const windows = new Map<string, { start: number; used: number }>();
  const RATE_LIMITED = new RegExp(`^${REST}/(apiclients|users|roles)(/|$)`);
  router.use((req, res, next) => {
    const limit = options.rateLimitPerMinute();
    if (limit === null || !RATE_LIMITED.test(req.path)) return next();
    const key = JSON.stringify(principal(res));
    const now = Date.now();
    let window = windows.get(key);
    if (!window || now >= window.start + 60_000) {
      window = { start: now, used: 0 };
      windows.set(key, window);
    }
    window.used += 1;
    res.set({
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(Math.max(0, limit - window.used)),
      'X-RateLimit-Reset': new Date(window.start + 60_000).toISOString(),
    });
    // The 429's body is not documented (RateLimitedError has headers only).
    if (window.used > limit) return res.status(429).end();
    next();
  });
  /** Starts every principal's window anew, as if a minute had passed. */
  const resetRateLimits = () => windows.clear();

  /** UserRead (users specification); nobody here has a verifier (second factor) on record. */
  const userDoc = (u: AmUser) => ({
    id: u.id,
    mail: u.mail,
    firstName: u.firstName,
    lastName: u.lastName,
    displayName: `${u.firstName} ${u.lastName}`,
    roles: u.roles,
    roleTenantFilter: u.roleTenantFilter,
    organizations: u.organizations,
    primaryOrganization: u.primaryOrganization,
    userState: 'ENABLED',
    linkedToSfIdentity: false,
    verifiers: [],
  });

  router.get(`${REST}/users/current`, (_req, res) => {
    const p = principal(res);
    // Not documented for a client's token; sfcc-ci falls back to /apiclients/{sub} when this fails.
    if (p.kind !== 'user') {
      forbidden(res, 'Principal lacks permission to read the current user.');
      return;
    }
    res.json(userDoc(p.user));
  });

  /**
   * Users: a client needs User Administrator; a person Account or User Administrator (b2c CLI Account
   * Manager guide). Those of the principal's organizations are listed.
   */
  router.get(`${REST}/users`, (req, res) => {
    const p = principal(res);
    const allowed: readonly string[] =
      p.kind === 'user' ? [AM_ROLES.accountAdmin, AM_ROLES.userAdmin] : [AM_ROLES.userAdmin];
    if (!grantsOf(p).roles.some((r) => allowed.includes(r))) {
      forbidden(res, 'Principal lacks permission to read users.');
      return;
    }
    const page = pageOf(req, res);
    if (!page) return;
    const mine = new Set(grantsOf(p).organizations);
    const users = [...usersById.values()].filter((u) => u.organizations.some((o) => mine.has(o)));
    // UserCollection has `content` only.
    res.json({ content: paged(users, page).content.map(userDoc) });
  });

  const visibleOrgs = (p: Principal) => {
    const mine = new Set(grantsOf(p).organizations);
    return data.organizations.filter((o) => mine.has(o.id));
  };
  router.get(`${REST}/organizations`, accountAdmin, (req, res) => {
    const page = pageOf(req, res, 5000);
    if (page) res.json(paged(visibleOrgs(principal(res)), page));
  });
  router.get(`${REST}/organizations/search/findByName`, accountAdmin, (req, res) => {
    const prefix = typeof req.query.startsWith === 'string' ? req.query.startsWith : '';
    const ignoreCase = req.query.ignoreCase !== 'false';
    const norm = (s: string) => (ignoreCase ? s.toLowerCase() : s);
    const content = visibleOrgs(principal(res)).filter((o) =>
      norm(o.name).startsWith(norm(prefix)),
    );
    res.json({ content });
  });
  router.get(`${REST}/organizations/:id`, accountAdmin, (req, res) => {
    const org = visibleOrgs(principal(res)).find((o) => o.id === req.params.id);
    if (!org) res.status(404).json({ errors: [{ message: 'Organization not found' }] });
    else res.json(org);
  });

  // Instances API: "instances available to your organization" (development, staging, production).
  const instancesOf = (p: Principal) => {
    const realms = new Set(visibleOrgs(p).flatMap((o) => o.realms));
    return options
      .tenants()
      .filter((t) => t.tenantType !== 'sandbox' && realms.has(t.realm))
      .map((t) => ({
        id: t.instanceId,
        realmId: t.realm,
        tenantType: AM_TENANT_TYPE[t.tenantType as keyof typeof AM_TENANT_TYPE],
        description: `${t.realm} ${t.tenantType}`,
      }));
  };
  router.get(`${REST}/instances`, (req, res) => {
    const page = pageOf(req, res);
    if (page) res.json(paged(instancesOf(principal(res)), page));
  });
  router.get(`${REST}/instances/:id`, (req, res) => {
    const found = instancesOf(principal(res)).find((i) => i.id === req.params.id);
    if (!found) res.status(404).json({ errors: [{ message: 'Instance not found' }] });
    else res.json(found);
  });

  // API Clients API. The secret (password) is never part of an answer.
  const clientDoc = (c: SimApiClient) => ({
    id: c.id,
    name: c.name,
    description: c.description ?? null,
    passwordModificationTimestamp: null,
    jwtPublicKey: null,
    redirectUrls: c.redirectUrls ?? [],
    scopes: c.scopes ?? [],
    defaultScopes: c.defaultScopes ?? [],
    organizations: c.organizations,
    active: c.active,
    versionControl: [],
    roles: c.roles ?? [],
    roleTenantFilter: c.roleTenantFilter ?? null,
    tokenEndpointAuthMethod: c.tokenEndpointAuthMethod ?? null,
    lastAuthenticatedDate: null,
    disabledTimestamp: null,
    createdAt: c.createdAt ?? null,
  });
  const manageable = (p: Principal, c: SimApiClient) =>
    c.organizations.some((o) => grantsOf(p).organizations.includes(o));

  router.get(`${REST}/apiclients`, clientAdmin, (req, res) => {
    const page = pageOf(req, res);
    if (!page) return;
    const p = principal(res);
    const clients = allClients()
      .filter((c) => manageable(p, c))
      .map(clientDoc);
    if (pastTheEnd(res, clients, page)) return;
    // APIClientCollection has `content` only.
    res.json({ content: paged(clients, page).content });
  });
  router.get(`${REST}/apiclients/:id`, clientAdmin, (req, res) => {
    const client = clientById(String(req.params.id));
    if (!client || !manageable(principal(res), client)) {
      res.status(404).json({ errors: [{ message: 'API client not found' }] });
      return;
    }
    res.json(clientDoc(client));
  });

  const json = express.json({ limit: '100kb' });
  /** APIClientCreate / APIClientUpdate: field checks from the specification. */
  const checkFields = (body: Record<string, unknown>, creating: boolean): FieldError[] => {
    const errors: FieldError[] = [];
    // Only the document's fields, and none the spec marks read only (the same spec subset Beacon's
    // contract test holds its requests to).
    const documented = creating ? CREATE_FIELDS : UPDATE_FIELDS;
    for (const field of Object.keys(body)) {
      if (documented.has(field)) continue;
      if (creating || field !== 'password') {
        errors.push({
          field,
          code: READ_FIELDS.has(field) ? 'ReadOnly' : 'UnknownField',
          defaultMessage: READ_FIELDS.has(field)
            ? 'is read only'
            : `is not a field of ${creating ? 'APIClientCreate' : 'APIClientUpdate'}`,
          rejectedValue: body[field],
        });
      }
    }
    const str = (field: string, min: number, max: number, required: boolean) => {
      const value = body[field];
      if (value === undefined || value === null) {
        if (required) {
          errors.push({
            field,
            code: 'NotNull',
            defaultMessage: 'must not be null',
            rejectedValue: null,
          });
        }
        return;
      }
      if (typeof value !== 'string' || value.length < min || value.length > max) {
        errors.push({
          field,
          code: 'Size',
          defaultMessage: `size must be between ${min} and ${max}`,
          rejectedValue: field === 'password' ? null : value,
        });
      }
    };
    const list = (field: string, required: boolean) => {
      const value = body[field];
      if (value === undefined) {
        if (required) {
          errors.push({
            field,
            code: 'NotNull',
            defaultMessage: 'must not be null',
            rejectedValue: null,
          });
        }
        return;
      }
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
        errors.push({
          field,
          code: 'TypeMismatch',
          defaultMessage: 'must be a list of strings',
          rejectedValue: value,
        });
      }
    };
    str('name', 1, 200, creating);
    str('description', 0, 256, false);
    list('organizations', creating);
    list('roles', false);
    list('redirectUrls', false);
    list('scopes', false);
    list('defaultScopes', false);
    if (creating) str('password', 12, 128, true);
    if (body.active !== undefined && typeof body.active !== 'boolean') {
      errors.push({
        field: 'active',
        code: 'TypeMismatch',
        defaultMessage: 'must be a boolean',
        rejectedValue: body.active,
      });
    }
    const method = body.tokenEndpointAuthMethod;
    if (
      method !== undefined &&
      method !== null &&
      !AUTH_METHODS.includes(method as TokenEndpointAuthMethod)
    ) {
      errors.push({
        field: 'tokenEndpointAuthMethod',
        code: 'TypeMismatch',
        defaultMessage: `must be one of ${AUTH_METHODS.join(', ')}`,
        rejectedValue: method,
      });
    }
    const filter = body.roleTenantFilter;
    if (
      filter !== undefined &&
      filter !== null &&
      (typeof filter !== 'string' || !/^(\w+:\w{4,}_\w{3,}(,\w{4,}_\w{3,})*(;)?)*$/.test(filter))
    ) {
      errors.push({
        field: 'roleTenantFilter',
        code: 'Pattern',
        defaultMessage: 'must match "(\\w+:\\w{4,}_\\w{3,}(,\\w{4,}_\\w{3,})*(;)?)*"',
        rejectedValue: filter,
      });
    }
    return errors;
  };
  /** The organizations a person may give a client: their own. */
  const foreignOrgs = (p: Principal, orgs: unknown) =>
    Array.isArray(orgs) && orgs.some((o) => !grantsOf(p).organizations.includes(String(o)));

  const activation = (active: boolean) =>
    active ? Date.now() + options.activationDelaySeconds() * 1000 : undefined;

  router.post(`${REST}/apiclients`, clientAdmin, json, (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const errors = checkFields(body, true);
    if (errors.length > 0) return invalid(res, 'APIClient', errors);
    if (foreignOrgs(principal(res), body.organizations)) {
      return forbidden(res, 'Principal lacks permission to create API client.');
    }
    let id = options.newId();
    while (apiClients.has(id)) id = options.newId();
    const active = body.active === true;
    const client: SimApiClient = {
      id,
      name: body.name as string,
      secret: body.password as string,
      organizations: [...new Set(body.organizations as string[])],
      active,
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
      roles: (body.roles as string[] | undefined) ?? [],
      roleTenantFilter: (body.roleTenantFilter as string | undefined) ?? null,
      tokenEndpointAuthMethod:
        (body.tokenEndpointAuthMethod as TokenEndpointAuthMethod | undefined) ?? null,
      redirectUrls: (body.redirectUrls as string[] | undefined) ?? [],
      scopes: (body.scopes as string[] | undefined) ?? [],
      defaultScopes: (body.defaultScopes as string[] | undefined) ?? [],
      createdAt: new Date().toISOString(),
      ...(active ? { usableFrom: activation(true) } : {}),
    };
    apiClients.set(id, client);
    res.status(201).location(`${req.baseUrl}${REST}/apiclients/${id}`).json(clientDoc(client));
  });

  // A partial update; APIClientUpdate has no password (that is PUT .../password with the old one).
  router.put(`${REST}/apiclients/:id`, clientAdmin, json, (req, res) => {
    const client = apiClients.get(String(req.params.id));
    if (!client || !manageable(principal(res), client)) {
      res.status(404).json({ errors: [{ message: 'API client not found' }] });
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const errors = checkFields(body, false);
    if ('password' in body) {
      errors.push({
        field: 'password',
        code: 'NotWritable',
        defaultMessage: 'change the password with PUT /apiclients/{id}/password',
        rejectedValue: null,
      });
    }
    if (errors.length > 0) return invalid(res, 'APIClient', errors);
    if (foreignOrgs(principal(res), body.organizations)) {
      return forbidden(res, 'Principal lacks permission to update API client.');
    }
    for (const field of [
      'name',
      'description',
      'organizations',
      'roles',
      'roleTenantFilter',
      'tokenEndpointAuthMethod',
      'redirectUrls',
      'scopes',
      'defaultScopes',
    ] as const) {
      if (body[field] !== undefined) Object.assign(client, { [field]: body[field] });
    }
    if (typeof body.active === 'boolean') {
      if (body.active && !client.active) client.usableFrom = activation(true);
      client.active = body.active;
    }
    res.json(clientDoc(client));
  });

  router.put(`${REST}/apiclients/:id/password`, clientAdmin, json, (req, res) => {
    const client = apiClients.get(String(req.params.id));
    if (!client || !manageable(principal(res), client)) {
      res.status(404).json({ errors: [{ message: 'API client not found' }] });
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const errors: FieldError[] = [];
    if (body.old !== client.secret) {
      errors.push({
        field: 'old',
        code: 'Mismatch',
        defaultMessage: 'is not the current password',
        rejectedValue: null,
      });
    }
    if (typeof body.new !== 'string' || body.new.length < 12 || body.new.length > 128) {
      errors.push({
        field: 'new',
        code: 'Size',
        defaultMessage: 'size must be between 12 and 128',
        rejectedValue: null,
      });
    }
    if (errors.length > 0) return invalid(res, 'PasswordChange', errors);
    client.secret = body.new as string;
    res.status(204).end();
  });

  router.use(REST, (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const status = (err as { status?: number }).status ?? 500;
    res
      .status(status)
      .json({ errors: [{ message: err instanceof Error ? err.message : 'Error' }] });
  });

  // ---- On-Demand Sandbox API (ods-api-v1.json) ----
  const sandboxApi = express.Router();
  const odsFailure = (res: Response, code: number, message: string, reason: string) =>
    res.status(code).json({
      kind: 'Status',
      code,
      status: 'Failure',
      error: { status: 'Failure', message, reason },
    });
  /** Sandboxes the principal's Sandbox API User tenant filter covers (`{realm}_sbx` or one sandbox). */
  const sandboxesOf = (p: Principal) => {
    const filter = parseTenantFilter(grantsOf(p).roleTenantFilter);
    return options
      .tenants()
      .filter(
        (t) =>
          t.tenantType === 'sandbox' &&
          tenantFilterGrants(filter, AM_ROLES.sandboxApiUser, t.instanceId, { sandbox: true }),
      );
  };
  sandboxApi.use('/api/v1', (req, res, next) => {
    const p = principalOf(req);
    if (!p) return odsFailure(res, 401, 'Authentication required.', 'Unauthorized');
    if (!grantsOf(p).roles.includes(AM_ROLES.sandboxApiUser)) {
      return odsFailure(res, 403, 'The user is missing the Sandbox API User role.', 'Forbidden');
    }
    res.locals.principal = p;
    next();
  });
  sandboxApi.get('/api/v1/me', (_req, res) => {
    const p = principal(res);
    const grants = grantsOf(p);
    const filter = parseTenantFilter(grants.roleTenantFilter)[AM_ROLES.sandboxApiUser] ?? [];
    res.json({
      kind: 'UserInfo',
      code: 200,
      status: 'Success',
      data: {
        ...(p.kind === 'user'
          ? {
              user: {
                id: p.user.id,
                email: p.user.mail,
                name: `${p.user.firstName} ${p.user.lastName}`,
              },
            }
          : {}),
        client: { id: p.clientId },
        roles: grants.roles,
        realms: filter.filter((t) => t.endsWith('_sbx')).map((t) => t.slice(0, -4)),
        sandboxes: sandboxesOf(p).map((t) => t.id),
      },
    });
  });
  const sandboxDoc = (t: SimTenant) => {
    const origin = `https://${t.hostname}`;
    return {
      id: t.id,
      realm: t.realm,
      instance: t.instance,
      hostName: t.hostname,
      // The specification gives the field (`\d(\.\d)*`) and no value; sfcc-ci's table shows `app`.
      versions: { app: SANDBOX_APP_VERSION, web: SANDBOX_APP_VERSION },
      state: 'started',
      enabled: true,
      autoScheduled: false,
      analyticsEnabled: false,
      resourceProfile: 'medium',
      emails: [],
      tags: [],
      createdAt: '2026-01-01T00:00:00Z',
      createdBy: 'maya@beacon.test',
      links: {
        bm: `${origin}/on/demandware.store/Sites-Site`,
        ocapi: `${origin}/s/-/dw/data`,
        impex: `${origin}/on/demandware.servlet/webdav/Sites/Impex`,
        code: `${origin}/on/demandware.servlet/webdav/Sites/Cartridges`,
        logs: `${origin}/on/demandware.servlet/webdav/Sites/Logs`,
      },
    };
  };
  sandboxApi.get('/api/v1/sandboxes', (_req, res) => {
    res.json({
      kind: 'SandboxList',
      code: 200,
      status: 'Success',
      data: sandboxesOf(principal(res)).map(sandboxDoc),
    });
  });
  sandboxApi.get('/api/v1/sandboxes/:id', (req, res) => {
    const found = sandboxesOf(principal(res)).find((t) => t.id === req.params.id);
    if (!found) return odsFailure(res, 404, 'There is no sandbox with that id.', 'NotFound');
    res.json({ kind: 'Sandbox', code: 200, status: 'Success', data: sandboxDoc(found) });
  });

  return {
    router,
    sandboxApi,
    bearerClient(req) {
      const p = principalOf(req);
      return p?.kind === 'client' ? p.clientId : null;
    },
    knownClient,
    revokeTokens: () => tokens.clear(),
    resetRateLimits,
  };
}
