/**
 * Account Manager: client-credentials tokens (cached until shortly before expiry), the instances an
 * organization may link, and the API client named `Beacon`.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { API_CLIENT_NAME } from '~/domain/instances/constants';
import { B2CAuthError, type B2CCallContext } from './errors';
import { basicAuth, type HttpClient, parseBody } from './http';

export const TOKEN_PATH = '/dwsso/oauth2/access_token';
/** A cached token is replaced this long before it expires. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().positive(),
});

export interface TokenSource {
  /** A valid bearer token, fetched or from cache. */
  get(): Promise<string>;
  /** Drops the cached token, e.g. after an API answered 401 to it. */
  invalidate(): void;
}

export function createTokenSource(options: {
  http: HttpClient;
  accountManagerUrl: string;
  clientId: string;
  clientSecret: string;
  now?: () => number;
}): TokenSource {
  const now = options.now ?? Date.now;
  const call: B2CCallContext = { api: 'account-manager', method: 'POST', resource: TOKEN_PATH };
  let cached: { token: string; refreshAt: number } | null = null;
  let inFlight: Promise<string> | null = null;

  const fetchToken = async () => {
    const response = await options.http({
      call,
      url: `${options.accountManagerUrl}${TOKEN_PATH}`,
      headers: {
        authorization: basicAuth(options.clientId, options.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      // Asking for a token has no side effect, so it is safe to retry.
      idempotent: true,
    });
    const body = parseBody(response, call, tokenResponseSchema);
    cached = {
      token: body.access_token,
      refreshAt: now() + body.expires_in * 1000 - TOKEN_REFRESH_MARGIN_MS,
    };
    return body.access_token;
  };

  return {
    async get() {
      if (cached && now() < cached.refreshAt) return cached.token;
      inFlight ??= fetchToken().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    invalidate() {
      cached = null;
    },
  };
}

/**
 * Sends with a bearer token; when the API answers 401 (the token expired or was revoked early) it
 * drops the token and tries once more with a fresh one. A 401 from the token endpoint itself
 * propagates: the client id or secret is wrong.
 */
export async function withBearer<T>(
  tokens: TokenSource,
  send: (token: string) => Promise<T>,
): Promise<T> {
  const token = await tokens.get();
  try {
    return await send(token);
  } catch (error) {
    if (!(error instanceof B2CAuthError)) throw error;
    tokens.invalidate();
    return send(await tokens.get());
  }
}

const instanceSchema = z.object({
  id: z.string(),
  realm: z.string(),
  instance: z.string(),
  hostname: z.string(),
  tenantType: z.enum(['sandbox', 'development', 'staging', 'production']),
});
export type AccountManagerInstance = z.infer<typeof instanceSchema>;

const apiClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizations: z.array(z.string()).optional(),
  active: z.boolean().optional(),
});
export type AccountManagerApiClient = z.infer<typeof apiClientSchema>;

const pageOf = <T extends z.ZodType>(item: T) => z.object({ content: z.array(item) });

export interface AccountManagerClient {
  tokens: TokenSource;
  listInstances(organizationId: string): Promise<AccountManagerInstance[]>;
  findApiClient(organizationId: string, name: string): Promise<AccountManagerApiClient | null>;
  createApiClient(
    organizationId: string,
    name: string,
    secret: string,
  ): Promise<AccountManagerApiClient>;
  /** Sets a new password (secret) on an existing API client; the old one stops working. */
  setApiClientPassword(apiClientId: string, secret: string): Promise<AccountManagerApiClient>;
  /**
   * The API client named `Beacon` with a secret Beacon can store: created with a new secret, or,
   * when it already exists (Account Manager never shows a secret again), given a new one.
   */
  getOrCreateApiClient(
    organizationId: string,
  ): Promise<{ clientId: string; secret: string; rotated: boolean }>;
}

/**
 * A secret meeting Account Manager's password rules (upper, lower, digit, special, 12+ chars).
 * Exported for tests; not secret material itself.
 */
export function generateApiClientSecret(): string {
  return `Bc1!${randomBytes(24).toString('base64url')}`;
}

export function createAccountManagerClient(options: {
  http: HttpClient;
  accountManagerUrl: string;
  clientId: string;
  clientSecret: string;
  now?: () => number;
}): AccountManagerClient {
  const tokens = createTokenSource(options);
  const base = `${options.accountManagerUrl}/dw/rest/v1`;

  const authed = (call: B2CCallContext, url: string, json?: unknown) =>
    withBearer(tokens, (token) =>
      options.http({ call, url, json, headers: { authorization: `Bearer ${token}` } }),
    );

  const client: AccountManagerClient = {
    tokens,
    async listInstances(organizationId) {
      const call: B2CCallContext = {
        api: 'account-manager',
        method: 'GET',
        resource: '/instances',
      };
      const url = `${base}/instances?${new URLSearchParams({ organization: organizationId })}`;
      return parseBody(await authed(call, url), call, pageOf(instanceSchema)).content;
    },
    async findApiClient(organizationId, name) {
      const call: B2CCallContext = {
        api: 'account-manager',
        method: 'GET',
        resource: '/apiclients',
      };
      const url = `${base}/apiclients?${new URLSearchParams({ organization: organizationId, name })}`;
      const page = parseBody(await authed(call, url), call, pageOf(apiClientSchema));
      return page.content.find((c) => c.name === name) ?? null;
    },
    async createApiClient(organizationId, name, secret) {
      const call: B2CCallContext = {
        api: 'account-manager',
        method: 'POST',
        resource: '/apiclients',
      };
      const response = await authed(call, `${base}/apiclients`, {
        name,
        description: `${name} integration`,
        organizations: [organizationId],
        password: secret,
        active: true,
        tokenEndpointAuthMethod: 'client_secret_basic',
      });
      return parseBody(response, call, apiClientSchema);
    },
    async setApiClientPassword(apiClientId, secret) {
      const resource = `/apiclients/${encodeURIComponent(apiClientId)}`;
      const call: B2CCallContext = { api: 'account-manager', method: 'PUT', resource };
      // Account Manager's PUT is a partial update: only the fields sent change.
      const response = await authed(call, `${base}${resource}`, { password: secret });
      return parseBody(response, call, apiClientSchema);
    },
    async getOrCreateApiClient(organizationId) {
      const secret = generateApiClientSecret();
      const existing = await client.findApiClient(organizationId, API_CLIENT_NAME);
      if (existing) {
        await client.setApiClientPassword(existing.id, secret);
        return { clientId: existing.id, secret, rotated: true };
      }
      const created = await client.createApiClient(organizationId, API_CLIENT_NAME, secret);
      return { clientId: created.id, secret, rotated: false };
    },
  };
  return client;
}
