/**
 * The B2C Commerce simulator: one loopback HTTP server playing Account Manager (under /am), the
 * On-Demand Sandbox API (under /ods) and any number of instances (under /hosts/{host}), each with
 * OCAPI Data and Shop, WebDAV on /impex and a Business Manager stand-in whose pasted settings are
 * enforced. See docs/decisions/0008-b2c-gateway-and-simulator.md and, for Account Manager and the
 * sandbox API, 0036-account-manager-as-documented.md.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import type { B2CCapability } from '~/domain/instances/capabilities';
import { OCAPI_METHODS } from '~/domain/instances/constants';
import {
  OCAPI_API_VERSION,
  OCAPI_DOCUMENT_VERSION as OCAPI_VERSION,
} from '~/domain/instances/ocapi';
import {
  ocapiGrants,
  type OcapiMethod,
  type OcapiSettings,
  parseOcapiSettings,
  parseWebdavPermissions,
  webdavGrants,
  type WebdavOperation,
  type WebdavPermissions,
} from '~/domain/instances/snippets';
import type { B2CGatewayConfig } from '~/server/integrations/b2c/gateway.impl';
import {
  BM_BASE,
  bmFieldName,
  bmIndexPage,
  bmSettingsPage,
  businessManagerUrl,
  escapeHtml,
} from './business-manager';
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
import {
  categoryAssignmentsOf,
  generateInstanceData,
  type Localized,
  removeProduct,
  type SimInstanceData,
  type SimProduct,
} from './data';
import { ocapiDataRouter, paging, sendFault } from './ocapi-data-routes';
import { createPrng, hashSeed } from './prng';

export type TenantType = 'sandbox' | 'development' | 'staging' | 'production';

export interface SimInstanceSpec {
  realm: string;
  instance: string;
  hostname: string;
  tenantType: TenantType;
}

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

export const WEBDAV_ROOT = '/on/demandware.servlet/webdav/Sites';

export interface FaultRule {
  /** Matched against the full request path: a substring, or a RegExp. */
  path: string | RegExp;
  method?: string;
  /** Delay before answering (or before the other effects). */
  latencyMs?: number;
  /**
   * Answer with this status and an OCAPI fault body; a 429 or 503 also says `Retry-After: 1`, as a
   * throttled or briefly unavailable instance does.
   */
  status?: number;
  /** The fault body's type with `status`; "InternalServerErrorException" when absent. */
  faultType?: string;
  /** Destroy the socket without answering. */
  drop?: boolean;
  /** Apply this many times, then remove itself; forever when absent. */
  times?: number;
}

/** Statuses whose injected answers carry `Retry-After`. */
const RETRY_AFTER_STATUSES = new Set([429, 503]);

/** A fault rule sent over HTTP: the path as a substring (`path`) or a regular expression (`pathRegex`). */
const faultRuleSchema = z
  .object({
    path: z.string().min(1).optional(),
    pathRegex: z
      .string()
      .min(1)
      .refine(
        (source) => {
          try {
            new RegExp(source);
            return true;
          } catch {
            return false;
          }
        },
        { message: 'pathRegex is not a regular expression' },
      )
      .optional(),
    method: z.string().optional(),
    latencyMs: z.number().int().nonnegative().optional(),
    status: z.number().int().min(100).max(599).optional(),
    faultType: z.string().min(1).optional(),
    drop: z.boolean().optional(),
    times: z.number().int().positive().optional(),
  })
  .strict()
  .refine((rule) => rule.path !== undefined || rule.pathRegex !== undefined, {
    message: 'path or pathRegex is required',
  });

export interface SimInstance extends SimInstanceSpec {
  /** Account Manager's id for the instance. */
  id: string;
  /** "zzte_001". */
  instanceId: string;
  settings: {
    ocapiData: OcapiSettings | null;
    ocapiShop: OcapiSettings | null;
    webdav: WebdavPermissions | null;
  };
  /** Seeded on first use, so starting the simulator stays fast. */
  data(): SimInstanceData;
  /** Deletes a product, as in Business Manager: gone from search and GET; false when there was none. */
  removeProduct(id: string): boolean;
  files: Map<string, string>;
  dirs: Set<string>;
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

const CAPABILITY_BY_BM_TYPE: Record<string, B2CCapability> = {
  data: 'ocapi-data',
  shop: 'ocapi-shop',
};

interface PersistedState {
  apiClients: SimApiClient[];
  instances: Record<string, { settings: unknown; files: [string, string][]; dirs: string[] }>;
}

/** Reads a state file back; pasted settings pass the domain schemas again, a bad file is ignored. */
function restore(
  path: string,
  apiClients: Map<string, SimApiClient>,
  byHost: Map<string, SimInstance>,
) {
  let state: PersistedState;
  try {
    state = JSON.parse(readFileSync(path, 'utf8')) as PersistedState;
  } catch {
    process.stderr.write(`B2C simulator: ignoring unreadable state file ${path}\n`);
    return;
  }
  for (const client of state.apiClients ?? []) apiClients.set(client.id, client);
  for (const [host, saved] of Object.entries(state.instances ?? {})) {
    const instance = byHost.get(host);
    if (!instance) continue;
    const settings = (saved.settings ?? {}) as Record<string, unknown>;
    const ocapi = (value: unknown) => {
      const parsed = value ? parseOcapiSettings(JSON.stringify(value)) : null;
      return parsed?.ok ? parsed.value : null;
    };
    const webdav = settings.webdav ? parseWebdavPermissions(JSON.stringify(settings.webdav)) : null;
    instance.settings = {
      ocapiData: ocapi(settings.ocapiData),
      ocapiShop: ocapi(settings.ocapiShop),
      webdav: webdav?.ok ? webdav.value : null,
    };
    instance.files = new Map(saved.files ?? []);
    instance.dirs = new Set(saved.dirs ?? []);
  }
}

const PROPFIND_FINITE_DEPTH =
  '<?xml version="1.0" encoding="UTF-8"?><D:error xmlns:D="DAV:"><D:propfind-finite-depth/></D:error>';

function multistatus(entries: { href: string; name: string; collection: boolean; size: number }[]) {
  const responses = entries
    .map(
      (e) =>
        `<D:response><D:href>${escapeHtml(encodeURI(e.href))}</D:href><D:propstat><D:prop><D:displayname>${escapeHtml(e.name)}</D:displayname><D:resourcetype>${e.collection ? '<D:collection/>' : ''}</D:resourcetype>${e.collection ? '' : `<D:getcontentlength>${e.size}</D:getcontentlength>`}</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><D:multistatus xmlns:D="DAV:">${responses}</D:multistatus>`;
}

/** A localized value as the Shop API serves it: the locale's, else the default. */
const inLocale = <T>(value: Localized<T>, locale: string): T | undefined =>
  value[locale] ?? value.default;

type SimSite = SimInstanceData['sites'][number];

/**
 * Whether a shopper of `site` meets the product: online in the locale and assigned to an online
 * category of the site's storefront catalog (a variant through its master).
 */
function shopperCanBuy(data: SimInstanceData, site: SimSite, p: SimProduct, locale: string) {
  if (inLocale(p.online, locale) === false) return false;
  return categoryAssignmentsOf(p).some(
    (a) =>
      a.catalogId === site.storefrontCatalogId &&
      data.categories.some((c) => c.catalogId === a.catalogId && c.id === a.categoryId && c.online),
  );
}

/** Search words: lower case, plural endings dropped ("dresses" and "dress", "bags" and "bag" meet). */
function searchStems(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => {
      if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
      if (/(?:ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
      if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
      return word;
    });
}

/**
 * The Shop API's keyword search: the products a shopper sees (masters and standalone items, not
 * variants) whose name in the locale, or the name of a category they are in, holds a query word of
 * three letters or more; most words matched first, then by id.
 */
function shopSearch(data: SimInstanceData, site: SimSite, query: string, locale: string) {
  const words = new Set(
    searchStems(query).filter((w) => [...w].filter((ch) => /\p{L}/u.test(ch)).length >= 3),
  );
  if (words.size === 0) return [];
  const categories = new Map(
    data.categories.filter((c) => c.catalogId === site.storefrontCatalogId).map((c) => [c.id, c]),
  );
  const categoryText = (id: string) => {
    const names: string[] = [];
    for (let c = categories.get(id); c && c.parentId; c = categories.get(c.parentId)) {
      names.push(inLocale(c.name, locale) ?? '');
    }
    return names.join(' ');
  };
  const rows: { p: SimProduct; matched: number }[] = [];
  for (const p of data.products) {
    if (p.type !== 'master' && p.type !== 'item') continue;
    if (!shopperCanBuy(data, site, p, locale)) continue;
    const text = [
      inLocale(p.name, locale) ?? '',
      ...categoryAssignmentsOf(p).map((a) => categoryText(a.categoryId)),
    ].join(' ');
    const stems = new Set(searchStems(text));
    let matched = 0;
    for (const w of words) if (stems.has(w)) matched += 1;
    if (matched > 0) rows.push({ p, matched });
  }
  rows.sort((a, b) => b.matched - a.matched || (a.p.id < b.p.id ? -1 : a.p.id > b.p.id ? 1 : 0));
  return rows.map((r) => r.p);
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
  let faultRules: (FaultRule & { remaining: number })[] = [];
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
    if (!statePath) return;
    const state: PersistedState = {
      apiClients: [...apiClients.values()],
      instances: Object.fromEntries(
        instances.map((i) => [
          i.hostname,
          { settings: i.settings, files: [...i.files], dirs: [...i.dirs] },
        ]),
      ),
    };
    mkdirSync(dirname(statePath), { recursive: true });
    writeFileSync(statePath, JSON.stringify(state, null, 2));
  };
  if (statePath && existsSync(statePath)) restore(statePath, apiClients, byHost);

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
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/__sim/')) return next();
    const rule = faultRules.find(
      (r) =>
        (!r.method || r.method.toUpperCase() === req.method) &&
        (typeof r.path === 'string' ? req.path.includes(r.path) : r.path.test(req.path)),
    );
    if (!rule) return next();
    rule.remaining -= 1;
    if (rule.remaining <= 0) faultRules = faultRules.filter((r) => r !== rule);
    const act = () => {
      if (rule.drop) {
        req.socket.destroy();
        return;
      }
      if (rule.status) {
        if (RETRY_AFTER_STATUSES.has(rule.status)) res.set('retry-after', '1');
        sendFault(
          res,
          rule.status,
          rule.faultType ?? 'InternalServerErrorException',
          'Injected fault (simulator).',
        );
        return;
      }
      next();
    };
    if (rule.latencyMs) setTimeout(act, rule.latencyMs).unref();
    else act();
  });

  app.post('/__sim/faults', express.json(), (req, res) => {
    const parsed = faultRuleSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: z.prettifyError(parsed.error) });
      return;
    }
    const { pathRegex, ...rule } = parsed.data;
    add({ ...rule, path: pathRegex ? new RegExp(pathRegex) : (rule.path ?? '') });
    res.status(201).json({ ok: true });
  });
  app.delete('/__sim/faults', (_req, res) => {
    faultRules = [];
    res.status(204).end();
  });
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
  const current = (res: Response) => res.locals.instance as SimInstance;

  inst.use(WEBDAV_ROOT, express.text({ type: () => true, limit: '5mb' }), (req, res) => {
    const instance = current(res);
    // WebDAV Client Permissions apply to API clients presenting an Account Manager token.
    const clientId = bearerClient(req);
    if (!clientId || !knownClient(clientId)) {
      res
        .status(401)
        .set('www-authenticate', 'Bearer realm="Commerce Cloud WebDAV"')
        .type('text')
        .send('Unauthorized');
      return;
    }
    const path = decodeURIComponent(req.path).replace(/\/+$/, '') || '/';
    const operation: WebdavOperation = ['PROPFIND', 'GET', 'HEAD', 'OPTIONS'].includes(req.method)
      ? 'read'
      : 'read_write';
    if (!webdavGrants(instance.settings.webdav, clientId, path, operation)) {
      res
        .status(403)
        .type('text')
        .send(`Forbidden: ${req.method} ${path} needs ${operation} permission`);
      return;
    }
    const href = (p: string, collection: boolean) => `${WEBDAV_ROOT}${p}${collection ? '/' : ''}`;
    const name = (p: string) => p.split('/').pop() ?? '';
    switch (req.method) {
      case 'PROPFIND': {
        // RFC 4918 §9.1: no Depth means infinity; like most servers, refuse infinity with 403 and
        // the propfind-finite-depth precondition. Anything but 0 or 1 is malformed.
        const depth = req.get('depth')?.trim().toLowerCase();
        if (depth === undefined || depth === 'infinity') {
          res.status(403).type('application/xml').send(PROPFIND_FINITE_DEPTH);
          return;
        }
        if (depth !== '0' && depth !== '1') {
          res.status(400).type('text').send(`Bad Depth header '${depth}'`);
          return;
        }
        const isDir = instance.dirs.has(path);
        const file = instance.files.get(path);
        if (!isDir && file === undefined) {
          res.status(404).end();
          return;
        }
        const entries = [
          { href: href(path, isDir), name: name(path), collection: isDir, size: file?.length ?? 0 },
        ];
        if (isDir && depth === '1') {
          const childOf = (p: string) =>
            p.startsWith(`${path}/`) && !p.slice(path.length + 1).includes('/');
          for (const d of [...instance.dirs].filter(childOf).sort())
            entries.push({ href: href(d, true), name: name(d), collection: true, size: 0 });
          for (const [f, content] of [...instance.files].filter(([p]) => childOf(p)).sort()) {
            entries.push({
              href: href(f, false),
              name: name(f),
              collection: false,
              size: content.length,
            });
          }
        }
        res.status(207).type('application/xml').send(multistatus(entries));
        return;
      }
      case 'GET': {
        const file = instance.files.get(path);
        if (file === undefined) res.status(404).end();
        else res.type('application/octet-stream').send(file);
        return;
      }
      case 'PUT': {
        const parent = path.slice(0, path.lastIndexOf('/'));
        if (!instance.dirs.has(parent) || instance.dirs.has(path)) {
          res.status(409).end();
          return;
        }
        const existed = instance.files.has(path);
        instance.files.set(path, typeof req.body === 'string' ? req.body : '');
        res.status(existed ? 204 : 201).end();
        return;
      }
      case 'DELETE': {
        if (instance.files.delete(path)) {
          res.status(204).end();
          return;
        }
        if (instance.dirs.has(path) && path !== '/impex') {
          for (const d of [...instance.dirs])
            if (d === path || d.startsWith(`${path}/`)) instance.dirs.delete(d);
          for (const f of [...instance.files.keys()])
            if (f.startsWith(`${path}/`)) instance.files.delete(f);
          res.status(204).end();
          return;
        }
        res.status(404).end();
        return;
      }
      case 'MKCOL': {
        const parent = path.slice(0, path.lastIndexOf('/'));
        if (instance.dirs.has(path) || instance.files.has(path)) res.status(405).end();
        else if (!instance.dirs.has(parent)) res.status(409).end();
        else {
          instance.dirs.add(path);
          res.status(201).end();
        }
        return;
      }
      default:
        res.status(405).set('allow', 'PROPFIND, GET, PUT, DELETE, MKCOL').end();
    }
  });

  inst.use(express.json({ limit: '1mb' }), express.urlencoded({ extended: false }));

  // The simulator plays one version, the spec's (ADR 0042): any other, malformed or not, gets the
  // documented InvalidVersionException rather than documents of a version it does not know.
  const refuseOtherVersions = (req: Request, res: Response, next: NextFunction) => {
    if (req.params.version !== OCAPI_API_VERSION) {
      sendFault(
        res,
        400,
        'InvalidVersionException',
        'Version is missing or malformed in request URL.',
      );
      return;
    }
    next();
  };
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
      !ocapiGrants(current(res).settings.ocapiData, clientId, resource, method)
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
    ocapiDataRouter((res) => current(res).data()),
  );
  inst.use(DATA_ROOT, (req, res) => {
    sendFault(res, 404, 'ResourcePathNotFoundException', `Unknown resource path '${req.path}'.`, {
      resourcePath: req.path,
    });
  });

  /**
   * The Shop API's checks, shared by its routes: a client id (query or header) Account Manager knows,
   * a bearer token (when sent) of that same client, the instance's Shop settings granting it `GET
   * resource`, and the site. Sends the fault and answers null when one fails.
   */
  const shopCall = (req: Request, res: Response, resource: string) => {
    const instance = current(res);
    const clientId =
      typeof req.query.client_id === 'string' ? req.query.client_id : req.get('x-dw-client-id');
    if (!clientId) {
      sendFault(res, 400, 'MissingClientIdException', 'The request is missing a client_id.');
      return null;
    }
    if (!knownClient(clientId)) {
      sendFault(res, 401, 'InvalidClientIdException', `The client_id '${clientId}' is unknown.`, {
        clientId,
      });
      return null;
    }
    // Guest calls carry no token; a shopper's is a customer JWT, which the simulator does not issue.
    // An Account Manager token is not one (ADR 0042).
    if (req.headers.authorization) {
      sendFault(
        res,
        401,
        'InvalidAccessTokenException',
        'The access token is not a customer token of this site.',
      );
      return null;
    }
    if (!ocapiGrants(instance.settings.ocapiShop, clientId, resource, 'get')) {
      sendFault(
        res,
        403,
        'ClientAccessForbiddenException',
        `Access to resource 'GET ${resource}' is not allowed for the current client.`,
        { method: 'GET', resource, clientId },
      );
      return null;
    }
    const data = instance.data();
    const site = data.sites.find((s) => s.id === req.params.site);
    if (!site) {
      sendFault(
        res,
        404,
        'SiteNotFoundException',
        `No site with ID '${String(req.params.site)}' was found.`,
      );
      return null;
    }
    const locale = typeof req.query.locale === 'string' ? req.query.locale : 'default';
    return { instance, clientId, data, site, locale };
  };

  inst.use('/s/:site/dw/shop/:version', refuseOtherVersions);
  inst.get('/s/:site/dw/shop/:version/site', (req, res) => {
    const call = shopCall(req, res, '/site');
    if (!call) return;
    const { site } = call;
    res.json({
      _v: OCAPI_VERSION,
      _type: 'site',
      id: site.id,
      name: site.name,
      default_currency: site.currency,
      default_locale: 'default',
      allowed_locales: ['default', 'en-US', 'fr-FR', 'de-DE'],
      allowed_currencies: [site.currency],
      status: 'online',
    });
  });

  inst.get('/s/:site/dw/shop/:version/product_search', (req, res) => {
    const call = shopCall(req, res, '/product_search');
    if (!call) return;
    const page = paging(req, res);
    if (!page) return;
    const { start, count } = page;
    const query = typeof req.query.q === 'string' ? req.query.q : '';
    const hits = shopSearch(call.data, call.site, query, call.locale);
    const link = `${req.protocol}://${req.get('host') ?? ''}${req.baseUrl}/s/${call.site.id}/dw/shop/${OCAPI_API_VERSION}/products/`;
    res.json({
      _v: OCAPI_VERSION,
      _type: 'product_search_result',
      count: Math.max(0, Math.min(count, hits.length - start)),
      start,
      total: hits.length,
      query,
      hits: hits.slice(start, start + count).map((p) => ({
        _type: 'product_search_hit',
        product_id: p.id,
        product_name: inLocale(p.name, call.locale) ?? '',
        link: `${link}${encodeURIComponent(p.id)}`,
      })),
    });
  });

  inst.get('/s/:site/dw/shop/:version/products/:ids', (req, res) => {
    const raw = String(req.params.ids);
    const call = shopCall(req, res, `/products/${raw}`);
    if (!call) return;
    const { data, site, locale } = call;
    // `(id1,id2,...)` asks for several; a bare id for one.
    const list = /^\((.*)\)$/.exec(raw);
    const ids = list ? (list[1] ?? '').split(',').filter(Boolean) : [raw];
    const found = ids.flatMap((id) => {
      const product = data.productsById.get(id);
      return product && shopperCanBuy(data, site, product, locale) ? [product] : [];
    });
    const document = (p: SimProduct) => ({
      _type: 'product',
      id: p.id,
      name: inLocale(p.name, locale),
      short_description: inLocale(p.short_description, locale)?.markup,
      long_description: inLocale(p.long_description, locale)?.markup,
      page_title: inLocale(p.page_title, locale),
      page_description: inLocale(p.page_description, locale),
    });
    if (!list) {
      const product = found[0];
      if (!product) {
        sendFault(res, 404, 'ProductNotFoundException', `No product with ID '${raw}' was found.`, {
          productId: raw,
        });
        return;
      }
      res.json({ _v: OCAPI_VERSION, ...document(product) });
      return;
    }
    res.json({
      _v: OCAPI_VERSION,
      _type: 'products_result',
      count: found.length,
      data: found.map(document),
    });
  });

  // ---- Business Manager stand-in ----
  const bmSave = (capability: B2CCapability, text: string, instance: SimInstance) => {
    if (capability === 'webdav') {
      const parsed = parseWebdavPermissions(text);
      if (!parsed.ok) return parsed;
      instance.settings.webdav = parsed.value;
      return parsed;
    }
    const parsed = parseOcapiSettings(text);
    if (!parsed.ok) return parsed;
    instance.settings[capability === 'ocapi-data' ? 'ocapiData' : 'ocapiShop'] = parsed.value;
    return parsed;
  };
  const bmCurrent = (capability: B2CCapability, instance: SimInstance) => {
    const value = {
      'ocapi-data': instance.settings.ocapiData,
      'ocapi-shop': instance.settings.ocapiShop,
      webdav: instance.settings.webdav,
    }[capability];
    return value ? JSON.stringify(value, null, 2) : '';
  };
  const bmView = (i: SimInstance) => ({ instanceId: i.instanceId, host: i.hostname });
  const bmCapability = (req: Request, kind: 'ocapi' | 'webdav'): B2CCapability | null =>
    kind === 'webdav'
      ? 'webdav'
      : (CAPABILITY_BY_BM_TYPE[String(req.query.type ?? req.body?.type ?? '')] ?? null);

  inst.get(`${BM_BASE}/ViewApplication-BM`, (_req, res) => {
    res.type('html').send(bmIndexPage(bmView(current(res))));
  });
  for (const [page, kind] of [
    ['ViewOCAPISettings', 'ocapi'],
    ['ViewWebDAVClientPermissions', 'webdav'],
  ] as const) {
    inst.get(`${BM_BASE}/${page}-Show`, (req, res) => {
      const capability = bmCapability(req, kind);
      if (!capability) {
        res.status(404).type('text').send('Unknown settings type');
        return;
      }
      const instance = current(res);
      res
        .type('html')
        .send(bmSettingsPage(bmView(instance), capability, bmCurrent(capability, instance), null));
    });
    inst.post(`${BM_BASE}/${page}-Save`, (req, res) => {
      const capability = bmCapability(req, kind);
      if (!capability) {
        res.status(404).type('text').send('Unknown settings type');
        return;
      }
      const instance = current(res);
      const text = String(
        (req.body as Record<string, unknown> | undefined)?.[bmFieldName(capability)] ?? '',
      );
      const result = bmSave(capability, text, instance);
      res
        .status(result.ok ? 200 : 400)
        .type('html')
        .send(
          bmSettingsPage(
            bmView(instance),
            capability,
            result.ok ? bmCurrent(capability, instance) : text,
            result.ok ? { saved: true } : { error: result.error },
          ),
        );
    });
  }

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

  const add = (rule: FaultRule) => {
    const entry = { ...rule, remaining: rule.times ?? Number.POSITIVE_INFINITY };
    faultRules.push(entry);
    return () => {
      faultRules = faultRules.filter((r) => r !== entry);
    };
  };
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
    faults: {
      add,
      clear: () => {
        faultRules = [];
      },
    },
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
