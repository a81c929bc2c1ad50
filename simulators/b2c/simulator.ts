/**
 * The B2C Commerce simulator: one loopback HTTP server playing Account Manager (under /am), the
 * On-Demand Sandbox API (under /ods) and any number of instances (under /hosts/{host}), each with
 * OCAPI Data and Shop, WebDAV on /impex and a Business Manager stand-in whose pasted settings are
 * enforced. See docs/decisions/0008-b2c-gateway-and-simulator.md and, for Account Manager and the
 * sandbox API, 0036-account-manager-as-documented.md.
 *
 * This file assembles the systems it plays, each in its own file: Account Manager and the sandbox API
 * (account-manager.ts), and on each instance (instance.ts) WebDAV (webdav-routes.ts), OCAPI Data
 * (ocapi-data-routes.ts), OCAPI Shop (ocapi-shop-routes.ts) and Business Manager
 * (business-manager.ts); beside them the control API under /__sim: fault injection (faults.ts),
 * catalogue edits and storefronts (control-routes.ts); and the state kept across restarts (state.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { B2CCapability } from '~/domain/instances/capabilities';
import { OCAPI_METHODS } from '~/domain/instances/constants';
import { ocapiGrants, type OcapiMethod } from '~/domain/instances/snippets';
import type { B2CGatewayConfig } from '~/server/integrations/b2c/gateway.impl';
import { businessManagerRouter, businessManagerUrl, escapeHtml } from './business-manager';
import {
  AUTHORIZE_PATH,
  createSimAccountManager,
  SIM_ADMIN_CLIENT,
  type SimApiClient,
  TOKEN_PATH,
} from './account-manager';
import {
  AM_USER_SCOPES,
  type AccountManagerData,
  demoAccountManager,
  SIM_LOOPBACK_REDIRECT_URL,
} from './account-manager-data';
import { simProductRoutes, simStorefrontRoutes, type SimStorefront } from './control-routes';
import { generateInstanceData, removeProduct, type SimInstanceData } from './data';
import { createFaults, type FaultRule } from './faults';
import { currentInstance, type SimInstance, type SimInstanceSpec } from './instance';
import { ocapiDataRouter, refuseOtherVersions, sendFault } from './ocapi-data-routes';
import { ocapiShopRouter } from './ocapi-shop-routes';
import { createPrng, hashSeed } from './prng';
import { restoreState, saveState } from './state';
import { webdavRouter } from './webdav-routes';

export type { SimInstance, SimInstanceSpec, TenantType } from './instance';
export type { FaultRule } from './faults';
export { WEBDAV_ROOT } from './webdav-routes';

export const DEFAULT_SIM_INSTANCES: readonly SimInstanceSpec[] = [
  {
    realm: 'zzte',
    instance: '001',
    hostname: 'zzte-001.dx.commercecloud.salesforce.com',
    tenantType: 'sandbox',
  },
  {
    realm: 'zzte',
    instance: '002',
    hostname: 'zzte-002.dx.commercecloud.salesforce.com',
    tenantType: 'development',
  },
  {
    realm: 'zzte',
    instance: '003',
    hostname: 'zzte-003.dx.commercecloud.salesforce.com',
    tenantType: 'staging',
  },
  {
    realm: 'zzte',
    instance: 'prd',
    hostname: 'production-eu01-zzte.demandware.net',
    tenantType: 'production',
  },
];

export { SIM_ADMIN_CLIENT, type SimApiClient } from './account-manager';

/**
 * How Beacon's gateway reaches a simulator at `url` playing `instances`. Account Manager names no host
 * for a development, staging or production tenant: the development and staging tenants' hosts are
 * configuration here (`instanceHosts`), so the demo's historical ids keep working; production is left
 * out, so it asks for its host in onboarding as every tenant does in a real deployment. Sandboxes'
 * hosts come from the sandbox API.
 */
export function simulatorGatewayConfig(
  url: string,
  instances: readonly SimInstanceSpec[] = DEFAULT_SIM_INSTANCES,
): B2CGatewayConfig {
  return {
    accountManagerUrl: `${url}/am`,
    sandboxApiUrl: `${url}/ods`,
    clientId: SIM_ADMIN_CLIENT.clientId,
    clientSecret: SIM_ADMIN_CLIENT.clientSecret,
    extraAllowedHosts: [url],
    instanceBaseUrl: `${url}/hosts/{host}`,
    instanceHosts: Object.fromEntries(
      instances
        .filter((i) => i.tenantType !== 'sandbox' && i.tenantType !== 'production')
        .map((i) => [`${i.realm}_${i.instance}`, i.hostname.toLowerCase()]),
    ),
  };
}

/**
 * A demo person's Account Manager access token from the simulator's Account Manager at `am`: its
 * sign-in page's form submitted as the person would, then the authorization code with PKCE, for the
 * simulator's admin client. For tests that reach a simulator only by its URL.
 */
export async function simulatorUserToken(am: string, login: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const signedIn = await fetch(`${am}${AUTHORIZE_PATH}`, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: SIM_ADMIN_CLIENT.clientId,
      redirect_uri: SIM_LOOPBACK_REDIRECT_URL,
      response_type: 'code',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
      scope: AM_USER_SCOPES.join(' '),
      login,
    }),
    redirect: 'manual',
  });
  const code = new URL(signedIn.headers.get('location') ?? 'x:').searchParams.get('code');
  if (!code) throw new Error(`Account Manager did not sign in ${login} (${signedIn.status})`);
  const response = await fetch(`${am}${TOKEN_PATH}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${SIM_ADMIN_CLIENT.clientId}:${SIM_ADMIN_CLIENT.clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: SIM_LOOPBACK_REDIRECT_URL,
      code_verifier: verifier,
    }),
  });
  if (!response.ok) throw new Error(`Account Manager refused the code (${response.status})`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Account Manager's own host: requests with it as their Host are Account Manager's, from the root. */
export const ACCOUNT_MANAGER_HOST = 'account.demandware.com';
/** The On-Demand Sandbox API's hosts, e.g. admin.us01.dx.commercecloud.salesforce.com. */
const SANDBOX_API_HOST = /^admin(\.[a-z0-9-]+)?\.dx\.commercecloud\.salesforce\.com$/;

export interface B2CSimulatorOptions {
  seed?: number;
  /**
   * Each instance's catalogue has at least this many products: the default one (about 2,400) with
   * more of the same appended. Absent or smaller: the default catalogue, unchanged.
   */
  products?: number;
  /** 0 (default) picks a free port. */
  port?: number;
  instances?: readonly SimInstanceSpec[];
  /** Access token lifetime in seconds; Account Manager's default is 1799. */
  tokenLifetimeSeconds?: number;
  /**
   * Seconds a newly activated API client's credentials keep failing (a new client can take a while
   * to work); 0 by default.
   */
  activationDelaySeconds?: number;
  /**
   * Account Manager's requests per minute per principal on the resources whose specs document
   * X-RateLimit-* headers; 1000 by default (the real number is not documented), null for no limit.
   */
  accountManagerRateLimitPerMinute?: number | null;
  /** Account Manager's organizations and people; the demo customer owning every realm by default. */
  accountManager?: AccountManagerData;
  /**
   * A JSON file keeping API clients, pasted settings and WebDAV files across restarts (for
   * `npm start`); in memory only when absent. Product edits are not kept.
   */
  statePath?: string;
}

export interface B2CSimulator {
  /** The origin, e.g. "http://127.0.0.1:4010". */
  url: string;
  accountManagerUrl: string;
  /** The On-Demand Sandbox API's origin stand-in: `${url}/ods` (its API is under /api/v1). */
  sandboxApiUrl: string;
  accountManager: AccountManagerData;
  /** Template for instance base URLs: `${url}/hosts/{host}`. */
  instanceBaseUrl: string;
  instances: readonly SimInstance[];
  apiClients: Map<string, SimApiClient>;
  /** Config for createB2CGateway pointing at this simulator. */
  gatewayConfig(): B2CGatewayConfig;
  instance(hostOrInstanceId: string): SimInstance;
  baseUrlFor(host: string): string;
  businessManagerUrl(host: string, capability: B2CCapability): string;
  setTokenLifetime(seconds: number): void;
  setActivationDelay(seconds: number): void;
  /** Account Manager's rate limit per minute (null: none); a new limit starts every window anew. */
  setAccountManagerRateLimit(perMinute: number | null): void;
  /** Ends every Account Manager rate-limit window, as if a minute had passed. */
  resetAccountManagerRateLimits(): void;
  /** Invalidates every issued token, as when they expire server-side early. */
  revokeTokens(): void;
  faults: { add(rule: FaultRule): () => void; clear(): void };
  /** Every request seen, in order (method and full path). */
  requests: { method: string; path: string }[];
  countRequests(method: string, pathContains: string): number;
  /** A bearer token from the simulated Account Manager, as a client gets one; the admin client's by default. */
  token(credentials?: { clientId: string; secret: string }): Promise<string>;
  /**
   * A person's Account Manager token, through the authorization code flow with PKCE as a browser
   * would go through it (Beacon's client, the loopback redirect URL, scopes `mail roles tenantFilter
   * openid`).
   */
  userToken(login: string): Promise<string>;
  stop(): Promise<void>;
}

export async function createB2CSimulator(options: B2CSimulatorOptions = {}): Promise<B2CSimulator> {
  const seed = options.seed ?? 20_26;
  const idPrng = createPrng(hashSeed(seed, 'ids'));
  let tokenLifetime = options.tokenLifetimeSeconds ?? 1799;
  let activationDelay = options.activationDelaySeconds ?? 0;
  let amRateLimit =
    options.accountManagerRateLimitPerMinute === undefined
      ? 1000
      : options.accountManagerRateLimitPerMinute;
  const apiClients = new Map<string, SimApiClient>();
  const requests: { method: string; path: string }[] = [];

  const instances: SimInstance[] = (options.instances ?? DEFAULT_SIM_INSTANCES).map((spec) => {
    let data: SimInstanceData | null = null;
    const instanceId = `${spec.realm}_${spec.instance}`;
    const seeded = () =>
      (data ??= generateInstanceData(hashSeed(seed, instanceId), { products: options.products }));
    return {
      ...spec,
      hostname: spec.hostname.toLowerCase(),
      id: idPrng.uuid(),
      instanceId,
      settings: { ocapiData: null, ocapiShop: null, webdav: null },
      data: seeded,
      removeProduct: (id) => removeProduct(seeded(), id),
      files: new Map([
        ['/impex/src/instance/catalog-export.xml', '<?xml version="1.0"?><catalog/>\n'],
        ['/impex/log/import.log', 'Import finished.\n'],
      ]),
      dirs: new Set(['/impex', '/impex/src', '/impex/src/instance', '/impex/log']),
    };
  });
  const byHost = new Map(instances.map((i) => [i.hostname, i]));

  const statePath = options.statePath;
  const persist = () => {
    if (statePath) saveState(statePath, apiClients, instances);
  };
  if (statePath && existsSync(statePath)) restoreState(statePath, apiClients, byHost);

  const accountManagerData =
    options.accountManager ?? demoAccountManager([...new Set(instances.map((i) => i.realm))]);
  const accountManager = createSimAccountManager({
    data: accountManagerData,
    apiClients,
    tenants: () => instances,
    tokenLifetimeSeconds: () => tokenLifetime,
    activationDelaySeconds: () => activationDelay,
    rateLimitPerMinute: () => amRateLimit,
    newId: () => idPrng.uuid(),
  });
  const { bearerClient, knownClient } = accountManager;

  const app = express();
  app.disable('x-powered-by');

  app.use((req, res, next) => {
    requests.push({ method: req.method, path: req.path });
    if (statePath && !['GET', 'HEAD', 'PROPFIND', 'OPTIONS'].includes(req.method)) {
      res.on('finish', persist);
    }
    next();
  });

  // Fault injection runs before every route except its own control API.
  const faults = createFaults();
  app.use(faults.middleware);
  app.use(faults.router);
  app.use(
    '/__sim',
    simProductRoutes((host) => byHost.get(host.toLowerCase())?.data() ?? null),
  );
  // The live storefronts, for crawlers: each site of an instance whose Shop settings grant a client
  // Account Manager knows the searches and product reads a crawler makes.
  app.use(
    '/__sim',
    simStorefrontRoutes(() =>
      instances.flatMap((i): SimStorefront[] => {
        const settings = i.settings.ocapiShop;
        const clientId = settings?.clients
          .map((c) => c.client_id)
          .find(
            (id) =>
              knownClient(id) &&
              ocapiGrants(settings, id, '/product_search', 'get') &&
              ocapiGrants(settings, id, '/products/*', 'get'),
          );
        if (!clientId) return [];
        return i
          .data()
          .sites.map((s) => ({ host: i.hostname, siteId: s.id, siteName: s.name, clientId }));
      }),
    ),
  );

  app.use('/am', accountManager.router);
  app.use('/ods', accountManager.sandboxApi);
  // Both are also reached at the roots of their own hosts, as people and tools address them (a local
  // TLS front or hosts entry in front of the simulator): Account Manager at account.demandware.com,
  // the sandbox API at admin.<region>.dx.commercecloud.salesforce.com (ADR 0036).
  app.use((req, res, next) => {
    const host = req.hostname.toLowerCase();
    if (host === ACCOUNT_MANAGER_HOST) return accountManager.router(req, res, next);
    if (SANDBOX_API_HOST.test(host)) return accountManager.sandboxApi(req, res, next);
    next();
  });

  // ---- Instances ----
  const inst = express.Router();
  inst.use(webdavRouter(accountManager));

  inst.use(express.json({ limit: '1mb' }), express.urlencoded({ extended: false }));

  const DATA_ROOT = '/s/-/dw/data/:version';
  inst.use(DATA_ROOT, refuseOtherVersions);
  inst.use(DATA_ROOT, (req, res, next) => {
    const clientId = bearerClient(req);
    if (!clientId) {
      sendFault(
        res,
        401,
        'InvalidAccessTokenException',
        'The access token is missing, invalid or expired.',
      );
      return;
    }
    const method = req.method.toLowerCase() as OcapiMethod;
    const resource = req.path;
    if (
      !OCAPI_METHODS.includes(method) ||
      !ocapiGrants(currentInstance(res).settings.ocapiData, clientId, resource, method)
    ) {
      sendFault(
        res,
        403,
        'ClientAccessForbiddenException',
        `Access to resource '${req.method} ${resource}' is not allowed for the current client.`,
        { method: req.method, resource, path: req.originalUrl.split('?')[0], clientId },
      );
      return;
    }
    next();
  });
  inst.use(
    DATA_ROOT,
    ocapiDataRouter((res) => currentInstance(res).data()),
  );
  inst.use(DATA_ROOT, (req, res) => {
    sendFault(res, 404, 'ResourcePathNotFoundException', `Unknown resource path '${req.path}'.`, {
      resourcePath: req.path,
    });
  });

  inst.use(ocapiShopRouter(accountManager));
  inst.use(businessManagerRouter());

  // An instance is also reached by its hostname (a local proxy or hosts entry), with no path prefix.
  app.use((req, res, next) => {
    const instance = byHost.get(req.hostname.toLowerCase());
    if (!instance) return next();
    res.locals.instance = instance;
    inst(req, res, next);
  });

  app.use(
    '/hosts/:host',
    (req, res, next) => {
      const instance = byHost.get(String(req.params.host).toLowerCase());
      if (!instance) {
        res.status(404).type('text').send(`No simulated instance at host '${req.params.host}'`);
        return;
      }
      res.locals.instance = instance;
      next();
    },
    inst,
  );

  app.get('/', (_req, res) => {
    const rows = instances
      .map(
        (i) =>
          `<li><strong>${escapeHtml(i.instanceId)}</strong> (${i.tenantType}) ${escapeHtml(i.hostname)}: <a href="${escapeHtml(businessManagerUrl(`/hosts/${i.hostname}`, 'ocapi-data'))}">Business Manager</a></li>`,
      )
      .join('');
    res
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>B2C Commerce simulator</title></head><body><main><h1>B2C Commerce simulator</h1><p>Account Manager: <code>/am</code>. Sandbox API: <code>/ods/api/v1</code>. Instances:</p><ul>${rows}</ul></main></body></html>`,
      );
  });

  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const status = (err as { status?: number }).status ?? 500;
    sendFault(
      res,
      status,
      status === 400 ? 'MalformedDocumentException' : 'InternalServerErrorException',
      err instanceof Error ? err.message : 'Error',
    );
  });

  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const instance = (key: string) => {
    const found = byHost.get(key.toLowerCase()) ?? instances.find((i) => i.instanceId === key);
    if (!found) throw new Error(`No simulated instance '${key}'`);
    return found;
  };
  const baseUrlFor = (host: string) => `${url}/hosts/${host.toLowerCase()}`;

  return {
    url,
    accountManagerUrl: `${url}/am`,
    sandboxApiUrl: `${url}/ods`,
    accountManager: accountManagerData,
    instanceBaseUrl: `${url}/hosts/{host}`,
    instances,
    apiClients,
    gatewayConfig: () => simulatorGatewayConfig(url, instances),
    instance,
    baseUrlFor,
    businessManagerUrl: (host, capability) =>
      businessManagerUrl(baseUrlFor(instance(host).hostname), capability),
    setTokenLifetime: (seconds) => {
      tokenLifetime = seconds;
    },
    setActivationDelay: (seconds) => {
      activationDelay = seconds;
    },
    setAccountManagerRateLimit: (perMinute) => {
      amRateLimit = perMinute;
      accountManager.resetRateLimits();
    },
    resetAccountManagerRateLimits: () => accountManager.resetRateLimits(),
    revokeTokens: () => accountManager.revokeTokens(),
    faults: { add: faults.add, clear: faults.clear },
    requests,
    countRequests: (method, pathContains) =>
      requests.filter((r) => r.method === method.toUpperCase() && r.path.includes(pathContains))
        .length,
    token: async (credentials) => {
      const { clientId, secret } = credentials ?? {
        clientId: SIM_ADMIN_CLIENT.clientId,
        secret: SIM_ADMIN_CLIENT.clientSecret,
      };
      const response = await fetch(`${url}/am${TOKEN_PATH}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      return ((await response.json()) as { access_token: string }).access_token;
    },
    userToken: (login) => simulatorUserToken(`${url}/am`, login),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
