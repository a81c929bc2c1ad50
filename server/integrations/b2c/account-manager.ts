/**
 * Account Manager as Salesforce documents it (docs/decisions/0036-account-manager-as-documented.md):
 * client-credentials tokens (cached until shortly before expiry), and typed calls of the REST API
 * under /dw/rest/v1 (users/current, organizations, instances, apiclients), each made with a token
 * source: Beacon's own client, or a person's token from their Account Manager sign-in.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  AM_PAGE_SIZE_MAX,
  type AmApiClientCreate,
  amApiClientCreateSchema,
  amApiClientSchema,
  amInstanceSchema,
  amOrganizationSchema,
  amPageSchema,
  amPasswordChangeSchema,
  amUserSchema,
} from '~/domain/instances/account-manager';
import { B2CAuthError, type B2CCallContext, B2CRequestError } from './errors';
import { basicAuth, type HttpClient, parseBody } from './http';

export const TOKEN_PATH = '/dwsso/oauth2/access_token';
export const AUTHORIZE_PATH = '/dwsso/oauth2/authorize';
/** A cached token is replaced this long before it expires. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;
/** Page size for the collections Beacon reads whole. */
export const PAGE_SIZE = 200;
/** More pages than this and the collection is not what Beacon expects of one customer. */
const MAX_PAGES = 50;

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
  /** Whether `get` after `invalidate` can bring a different token (a person's token cannot). */
  readonly renewable: boolean;
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
    renewable: true,
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

/** A person's access token from their Account Manager sign-in; when refused, they sign in again. */
export function personToken(accessToken: string): TokenSource {
  return { renewable: false, get: async () => accessToken, invalidate() {} };
}

/**
 * Sends with a bearer token; when the API answers 401 (the token expired or was revoked early) and
 * the source can bring another, it drops the token and tries once more. A 401 from the token endpoint
 * itself propagates: the client id or secret is wrong.
 */
export async function withBearer<T>(
  tokens: TokenSource,
  send: (token: string) => Promise<T>,
): Promise<T> {
  const token = await tokens.get();
  try {
    return await send(token);
  } catch (error) {
    if (!(error instanceof B2CAuthError) || !tokens.renewable) throw error;
    tokens.invalidate();
    return send(await tokens.get());
  }
}

export type AccountManagerUser = z.infer<typeof amUserSchema>;
export type AccountManagerOrganization = z.infer<typeof amOrganizationSchema>;
export type AccountManagerInstance = z.infer<typeof amInstanceSchema>;
export type AccountManagerApiClient = z.infer<typeof amApiClientSchema>;
export type NewApiClient = AmApiClientCreate;

export interface AccountManagerClient {
  /** Beacon's own client-credentials tokens. */
  tokens: TokenSource;
  /** The person a token belongs to (refused for a client's token). */
  currentUser(auth: TokenSource): Promise<AccountManagerUser>;
  /** Organizations the person administers (Account Administrator only). */
  listOrganizations(auth: TokenSource): Promise<AccountManagerOrganization[]>;
  getOrganization(auth: TokenSource, id: string): Promise<AccountManagerOrganization>;
  /** Development, staging and production tenants of the principal's organizations, every page. */
  listInstances(auth: TokenSource): Promise<AccountManagerInstance[]>;
  getInstance(auth: TokenSource, id: string): Promise<AccountManagerInstance>;
  /** API clients the person may manage, every page (Account or API Administrator, signed in). */
  listApiClients(auth: TokenSource): Promise<AccountManagerApiClient[]>;
  getApiClient(auth: TokenSource, id: string): Promise<AccountManagerApiClient>;
  /** Creates a client (a person's token with Account or API Administrator; 403 otherwise). */
  createApiClient(auth: TokenSource, client: NewApiClient): Promise<AccountManagerApiClient>;
  /**
   * Rotates a client's secret as the spec documents it: the current password and the new one
   * (`PUT /apiclients/{id}/password`); a 400 when `old` is not the current one.
   */
  changeApiClientPassword(
    auth: TokenSource,
    id: string,
    change: { old: string; new: string },
  ): Promise<void>;
}

/**
 * A secret meeting Account Manager's password rules (upper, lower, digit, special, 12+ chars).
 * Exported for tests; not secret material itself.
 */
export function generateApiClientSecret(): string {
  return `Bc1!${randomBytes(24).toString('base64url')}`;
}

/** Beacon's own client-credentials tokens when none is configured: every call says so. */
const notConfigured: TokenSource = {
  renewable: false,
  get: () =>
    Promise.reject(
      new Error(
        "Beacon's own Account Manager API client is not configured (B2C_ACCOUNT_MANAGER_CLIENT_ID).",
      ),
    ),
  invalidate() {},
};

export function createAccountManagerClient(options: {
  http: HttpClient;
  accountManagerUrl: string;
  /** Beacon's own client; without it `tokens` refuses (people's tokens still work). */
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  now?: () => number;
  /** Page size for collections read whole. */
  pageSize?: number;
}): AccountManagerClient {
  const { clientId, clientSecret } = options;
  const tokens =
    clientId && clientSecret
      ? createTokenSource({ ...options, clientId, clientSecret })
      : notConfigured;
  const pageSize = Math.min(options.pageSize ?? PAGE_SIZE, AM_PAGE_SIZE_MAX);
  const base = `${options.accountManagerUrl}/dw/rest/v1`;

  const send = (
    auth: TokenSource,
    method: string,
    resource: string,
    json?: unknown,
    idempotent?: boolean,
  ) => {
    const call: B2CCallContext = {
      api: 'account-manager',
      method,
      resource: resource.split('?')[0] ?? resource,
    };
    const response = withBearer(auth, (token) =>
      options.http({
        call,
        url: `${base}${resource}`,
        ...(json === undefined ? {} : { json }),
        ...(idempotent === undefined ? {} : { idempotent }),
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    return { call, response };
  };
  const get = async <T>(auth: TokenSource, resource: string, schema: z.ZodType<T>) => {
    const { call, response } = send(auth, 'GET', resource);
    return parseBody(await response, call, schema);
  };
  /**
   * Every page of a collection (`?page=&size=`, zero-based). The collections have `content` only, so
   * a page shorter than the size is the last; when the total is a multiple of the size, the next page
   * is empty, or refused as past the end (the b2c SDK reads a users or roles page past the end as an
   * error naming fromIndex and toIndex): a 400 after a full page ends the walk too.
   */
  const all = async <T>(auth: TokenSource, resource: string, item: z.ZodType<T>) => {
    const items: T[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      let content: T[];
      try {
        ({ content } = await get(
          auth,
          `${resource}?${new URLSearchParams({ page: String(page), size: String(pageSize) })}`,
          amPageSchema(item),
        ));
      } catch (error) {
        if (page > 0 && error instanceof B2CRequestError && error.status === 400) return items;
        throw error;
      }
      items.push(...content);
      if (content.length < pageSize) return items;
    }
    return items;
  };
  const path = (collection: string, id: string) => `/${collection}/${encodeURIComponent(id)}`;

  return {
    tokens,
    currentUser: (auth) => get(auth, '/users/current', amUserSchema),
    listOrganizations: (auth) => all(auth, '/organizations', amOrganizationSchema),
    getOrganization: (auth, id) => get(auth, path('organizations', id), amOrganizationSchema),
    listInstances: (auth) => all(auth, '/instances', amInstanceSchema),
    getInstance: (auth, id) => get(auth, path('instances', id), amInstanceSchema),
    listApiClients: (auth) => all(auth, '/apiclients', amApiClientSchema),
    getApiClient: (auth, id) => get(auth, path('apiclients', id), amApiClientSchema),
    async createApiClient(auth, client) {
      // Built through the spec's APIClientCreate: a field it lacks throws before anything is sent.
      const json = amApiClientCreateSchema.parse(client);
      // Sent once (POST is not repeated on 5xx): a retry could create a second client.
      const { call, response } = send(auth, 'POST', '/apiclients', json);
      return parseBody(await response, call, amApiClientSchema);
    },
    async changeApiClientPassword(auth, id, change) {
      const json = amPasswordChangeSchema.parse(change);
      // Sent once: after a lost answer the old password may no longer be the current one.
      const { response } = send(auth, 'PUT', `${path('apiclients', id)}/password`, json, false);
      await response;
    },
  };
}
