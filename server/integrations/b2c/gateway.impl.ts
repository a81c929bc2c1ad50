/**
 * The real B2CGateway: Account Manager and the sandbox API for instances and the API client, OCAPI
 * Data / Shop and WebDAV probes for verification. In development and tests `instanceBaseUrl` points
 * instance hosts at the local simulator (docs/decisions/0008-b2c-gateway-and-simulator.md; Account
 * Manager: 0036-account-manager-as-documented.md).
 */
import { normalizeTenantId } from '~/domain/instances/account-manager';
import type { B2CCapability } from '~/domain/instances/capabilities';
import { API_CLIENT_NAME } from '~/domain/instances/constants';
import type { VerifyResult } from '~/domain/instances/entities';
import { VERIFY_MESSAGES } from '~/domain/instances/snippets';
import {
  type AccountManagerClient,
  type AccountManagerInstance,
  createAccountManagerClient,
  createTokenSource,
  generateApiClientSecret,
  personToken,
  type TokenSource,
} from './account-manager';
import {
  type B2CApi,
  B2CAuthError,
  B2CHostNotAllowedError,
  B2CNotFoundError,
  B2CPermissionError,
  B2CRequestError,
} from './errors';
import type { B2CGateway, B2CInstanceClients, B2CTarget, DiscoveredInstance } from './gateway';
import { createHostAllowlist, type HostAllowlist } from './host-allowlist';
import { createHttpClient, type HttpClient } from './http';
import { createOcapiDataClient, type OcapiDataClient } from './ocapi-data';
import { createOcapiShopClient } from './ocapi-shop';
import {
  createSandboxApiClient,
  DEFAULT_SANDBOX_API_URL,
  type SandboxApiClient,
} from './sandbox-api';
import { createWebdavClient } from './webdav';

export interface B2CGatewayConfig {
  /** e.g. "https://account.demandware.com", or the simulator's `${url}/am`. */
  accountManagerUrl: string;
  /** The On-Demand Sandbox API's origin; default "https://admin.dx.commercecloud.salesforce.com". */
  sandboxApiUrl?: string;
  /**
   * Beacon's own Account Manager client, optional: onboarding calls Account Manager with each
   * person's sign-in, never with it.
   */
  clientId?: string;
  clientSecret?: string;
  /**
   * Hosts of development, staging and production tenants by tenant id ("zzte_prd"): Account Manager
   * lists those tenants without one. A tenant missing here is offered without a host, which the
   * person gives in onboarding.
   */
  instanceHosts?: Readonly<Record<string, string>>;
  /** Defaults to .commercecloud.salesforce.com and .demandware.net. */
  allowedHostSuffixes?: readonly string[];
  /** Exact hosts or origins also allowed, e.g. the simulator's "http://127.0.0.1:4010". */
  extraAllowedHosts?: readonly string[];
  /**
   * Where an instance host's requests go, as a template with `{host}`; default "https://{host}".
   * The simulator's is `${url}/hosts/{host}`. The host itself must still be a Salesforce host.
   */
  instanceBaseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  retries?: number;
  retryBaseMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface RealB2CGateway extends B2CGateway {
  readonly allowlist: HostAllowlist;
  readonly accountManager: AccountManagerClient;
  readonly sandboxes: SandboxApiClient;
  /** The instance's base URL after the allowlist check (for Business Manager links). */
  instanceBaseUrl(host: string): string;
}

const MAX_TOKEN_SOURCES = 500;

/** Account Manager's tenant types (Instances API guide: "dev", "stg", "prd") in Beacon's words. */
const TENANT_TYPES: Partial<
  Record<AccountManagerInstance['tenantType'], DiscoveredInstance['tenantType']>
> = { dev: 'development', stg: 'staging', prd: 'production' };

/**
 * The product id the write probe addresses. OCAPI checks the client's permission for the method
 * and resource before it looks the product up, so PATCH of a product that does not exist answers
 * 403 without the `patch` grant and 404 with it, changing nothing either way.
 */
export const WRITE_PROBE_PRODUCT_ID = 'beacon-write-probe';
/** A version no product has: should a product with the probe's id exist, OCAPI refuses with 409. */
export const WRITE_PROBE_RESOURCE_STATE = 'beacon-write-probe';

async function probeProductWrite(data: OcapiDataClient): Promise<void> {
  try {
    // An empty document against a version no product has: nothing can change.
    await data.patchProduct(
      WRITE_PROBE_PRODUCT_ID,
      {},
      { resourceState: WRITE_PROBE_RESOURCE_STATE },
    );
  } catch (error) {
    if (error instanceof B2CNotFoundError) return;
    // Past the permission check, a product with that id refused the stale version: granted too.
    if (
      error instanceof B2CRequestError &&
      error.status === 409 &&
      error.faultType === 'ResourceStateConflictException'
    ) {
      return;
    }
    throw error;
  }
}

const VERIFIED_APIS: Record<B2CApi, B2CCapability | null> = {
  'account-manager': null,
  'sandbox-api': null,
  'ocapi-data': 'ocapi-data',
  'ocapi-shop': 'ocapi-shop',
  webdav: 'webdav',
};

export function createB2CGateway(config: B2CGatewayConfig): RealB2CGateway {
  const allowlist = createHostAllowlist(config);
  const http: HttpClient = createHttpClient({
    allowlist,
    fetch: config.fetch,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    retryBaseMs: config.retryBaseMs,
    sleep: config.sleep,
  });
  const accountManagerUrl = config.accountManagerUrl.replace(/\/+$/, '');
  allowlist.assertAllowedUrl(accountManagerUrl);
  const accountManager = createAccountManagerClient({
    http,
    accountManagerUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    now: config.now,
  });
  const sandboxApiUrl = (config.sandboxApiUrl ?? DEFAULT_SANDBOX_API_URL).replace(/\/+$/, '');
  allowlist.assertAllowedUrl(sandboxApiUrl);
  const sandboxes = createSandboxApiClient({ http, sandboxApiUrl });
  const template = config.instanceBaseUrl ?? 'https://{host}';
  const instanceHosts = new Map(
    Object.entries(config.instanceHosts ?? {}).map(([id, host]) => [
      normalizeTenantId(id),
      host.toLowerCase(),
    ]),
  );

  // One token cache per API client credential pair, shared across calls; the oldest goes first
  // once there are more pairs than any deployment has orgs in flight.
  const tokenSources = new Map<string, TokenSource>();
  const tokensFor = (clientId: string, secret: string) => {
    const key = `${clientId}\u0000${secret}`;
    let source = tokenSources.get(key);
    if (!source) {
      source = createTokenSource({
        http,
        accountManagerUrl,
        clientId,
        clientSecret: secret,
        now: config.now,
      });
      tokenSources.set(key, source);
      if (tokenSources.size > MAX_TOKEN_SOURCES) {
        const oldest = tokenSources.keys().next().value;
        if (oldest !== undefined) tokenSources.delete(oldest);
      }
    }
    return source;
  };

  const instanceBaseUrl = (host: string) => {
    if (!allowlist.isAllowedHost(host)) throw new B2CHostNotAllowedError(`https://${host}`);
    const base = template.replace('{host}', host.toLowerCase()).replace(/\/+$/, '');
    allowlist.assertAllowedUrl(base);
    return base;
  };

  const instanceClients = (host: string, creds: { clientId: string; secret: string }) => {
    const baseUrl = instanceBaseUrl(host);
    const tokens = tokensFor(creds.clientId, creds.secret);
    return {
      data: createOcapiDataClient({ http, baseUrl, tokens }),
      shop: createOcapiShopClient({ http, baseUrl, clientId: creds.clientId }),
      webdav: createWebdavClient({ http, baseUrl, tokens }),
    };
  };

  const probe = async (
    target: B2CTarget,
    clients: B2CInstanceClients,
    capability: B2CCapability,
  ) => {
    switch (capability) {
      case 'ocapi-data':
        await clients.data.listCatalogs();
        await clients.data.searchProducts({ query: { match_all_query: {} }, count: 1 });
        await probeProductWrite(clients.data);
        return { status: 'ok' } as const;
      case 'ocapi-shop': {
        // Without a known site, find one through OCAPI Data (configured in the step before).
        let siteId = target.siteId;
        if (!siteId) {
          try {
            siteId = (await clients.data.listSites())[0]?.id;
          } catch (error) {
            if (!(error instanceof B2CPermissionError)) throw error;
            const { method, resource } = error.call;
            return {
              status: 'error',
              message: VERIFY_MESSAGES.shopNeedsDataSettings(method, resource),
            } as const;
          }
        }
        if (!siteId) return { status: 'error', message: VERIFY_MESSAGES.noSite } as const;
        await clients.shop.getSite(siteId);
        return { status: 'ok' } as const;
      }
      case 'webdav':
        await clients.webdav.listImpex();
        await clients.webdav.writeProbe();
        return { status: 'ok' } as const;
    }
  };

  return {
    allowlist,
    accountManager,
    sandboxes,
    instanceBaseUrl,
    instanceClients,

    allowedHostSuffixes: allowlist.suffixes,
    isAllowedHost: (host) => allowlist.isAllowedHost(host),

    async personOrganizations(accountManagerToken) {
      const person = personToken(accountManagerToken);
      const me = await accountManager.currentUser(person);
      // Only Account Administrators may read organizations (403 otherwise): then ids only.
      const readable = await accountManager.listOrganizations(person).catch((error: unknown) => {
        if (error instanceof B2CPermissionError) return null;
        throw error;
      });
      const byId = new Map((readable ?? []).map((o) => [o.id, o]));
      const ids = [
        ...new Set([
          ...(me.primaryOrganization ? [me.primaryOrganization] : []),
          ...me.organizations,
        ]),
      ];
      return {
        listable: readable !== null,
        organizations: ids.map((id) => {
          const found = byId.get(id);
          return { id, name: found?.name ?? null, realms: found ? found.realms : null };
        }),
      };
    },

    async listInstances({ accountManagerToken, realms }): Promise<DiscoveredInstance[]> {
      const person = personToken(accountManagerToken);
      const ofRealms = new Set(realms.map((r) => r.toLowerCase()));
      const [tenants, found] = await Promise.all([
        accountManager.listInstances(person),
        // Without the Sandbox API User role the sandbox API answers 403: then there are none to offer.
        sandboxes.listSandboxes(person).catch((error: unknown) => {
          if (error instanceof B2CPermissionError) return [];
          throw error;
        }),
      ]);
      const discovered: DiscoveredInstance[] = [
        ...found
          .filter((s) => ofRealms.has(s.realm.toLowerCase()))
          .map((s) => ({
            externalInstanceId: s.id,
            instanceId: normalizeTenantId(`${s.realm}_${s.instance}`),
            host: s.hostName.toLowerCase(),
            tenantType: 'sandbox' as const,
          })),
        ...tenants.flatMap((t): DiscoveredInstance[] => {
          const tenantType = TENANT_TYPES[t.tenantType];
          if (!tenantType || !ofRealms.has(t.realmId.toLowerCase())) return [];
          const host = instanceHosts.get(normalizeTenantId(t.id)) ?? null;
          return [
            { externalInstanceId: t.id, instanceId: normalizeTenantId(t.id), host, tenantType },
          ];
        }),
      ];
      // An instance whose host we may not call is of no use, and linking it would invite SSRF later.
      return discovered.filter((i) => i.host === null || allowlist.isAllowedHost(i.host));
    },

    async ensureApiClient({ orgId, amOrganizationId, accountManagerToken }) {
      const person = personToken(accountManagerToken);
      const me = await accountManager.currentUser(person);
      const organization = amOrganizationId
        ? me.organizations.find((id) => id === amOrganizationId)
        : (me.primaryOrganization ?? me.organizations[0]);
      if (!organization) {
        throw new B2CPermissionError(
          amOrganizationId
            ? 'account-manager GET /users/current: the user is not in the linked organization'
            : 'account-manager GET /users/current: the user belongs to no organization',
          { api: 'account-manager', method: 'GET', resource: '/users/current' },
          null,
          null,
        );
      }
      const secret = generateApiClientSecret();
      // For OCAPI and WebDAV: no roles (an OCAPI client must not carry the Commerce API role).
      const created = await accountManager.createApiClient(person, {
        name: API_CLIENT_NAME,
        // Names need not be unique: the description tells Beacon orgs' clients apart.
        description: `${API_CLIENT_NAME} org ${orgId}: OCAPI and WebDAV`,
        organizations: [organization],
        password: secret,
        tokenEndpointAuthMethod: 'client_secret_basic',
        // Created inactive otherwise.
        active: true,
      });
      return { clientId: created.id, secret };
    },

    async verify(target, creds, capability): Promise<VerifyResult> {
      const clients = instanceClients(target.host, creds);
      try {
        return await probe(target, clients, capability);
      } catch (error) {
        if (error instanceof B2CAuthError) {
          return {
            status: 'error',
            message: VERIFY_MESSAGES.badCredentials(creds.clientId),
            reason: 'bad-credentials',
          };
        }
        const block = error instanceof B2CPermissionError ? VERIFIED_APIS[error.call.api] : null;
        if (error instanceof B2CPermissionError && block) {
          return {
            status: 'error',
            message: VERIFY_MESSAGES.missingSettings(block, error.call.method, error.call.resource),
          };
        }
        // Network down, timeouts, 5xx after retries, surprises: the UI shows the exception text.
        throw error;
      }
    },
  };
}
