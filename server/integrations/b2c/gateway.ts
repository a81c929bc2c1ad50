/**
 * The one interface the rest of the server uses to reach Salesforce B2C Commerce. The real
 * implementation speaks Account Manager, OCAPI and WebDAV over HTTP; locally it points at the
 * simulator in simulators/b2c/, so the same code runs in dev, tests and e2e.
 */
import type { B2CCapability } from '~/domain/instances/capabilities';
import type { VerifyResult } from '~/domain/instances/entities';
import type { OcapiDataClient } from './ocapi-data';
import type { OcapiShopClient } from './ocapi-shop';
import type { WebdavClient } from './webdav';

export interface DiscoveredInstance {
  /** Its id where it was found: the sandbox API's UUID, or Account Manager's `{realm}_{type}` id. */
  externalInstanceId: string;
  /** Realm + instance, e.g. "zzte_001". */
  instanceId: string;
  /**
   * Hostname only, e.g. "zzte-001.dx.commercecloud.salesforce.com"; null for a tenant Account
   * Manager lists without one and configuration does not name (the person gives it).
   */
  host: string | null;
  tenantType: 'sandbox' | 'development' | 'staging' | 'production';
}

export interface ApiClientCredentials {
  clientId: string;
  /** The client's secret, to store encrypted (Account Manager never shows it again). */
  secret: string;
}

export interface B2CTarget {
  host: string;
  /** Storefront site used for the OCAPI Shop probe; the gateway discovers one when absent. */
  siteId?: string;
}

export interface B2CGateway {
  /** The origin an instance host is reached at (https://{host}; the simulator's path in development). */
  instanceBaseUrl(host: string): string;
  /** Host name endings an instance host must have (the SSRF allowlist's suffixes). */
  readonly allowedHostSuffixes: readonly string[];
  /** Whether Beacon may call this bare host name (Salesforce's domains, or configured exact hosts). */
  isAllowedHost(host: string): boolean;
  /**
   * The Account Manager organizations the signed-in person belongs to (`/users/current`), with names
   * and realms where their token may read `/organizations` (Account Administrators): `listable`.
   */
  personOrganizations(accountManagerToken: string): Promise<{
    organizations: { id: string; name: string | null; realms: string[] | null }[];
    listable: boolean;
  }>;
  /**
   * The tenants of `realms` the signed-in person may see: sandboxes from the sandbox API (which names
   * their hosts; none when the person lacks the Sandbox API User role), other tenants from Account
   * Manager's Instances API with the host configuration names, else none (the person gives it).
   * Hosts outside the allowlist are left out.
   */
  listInstances(request: {
    accountManagerToken: string;
    realms: readonly string[];
  }): Promise<DiscoveredInstance[]>;
  /**
   * Creates an API client named `Beacon` in the signed-in person's Account Manager organization
   * (their primary one), with their token: Account Manager lets only a person with Account
   * Administrator or API Administrator create clients. Every call creates one (names need not be
   * unique), so call it only when Beacon has no usable stored secret. Throws B2CPermissionError when
   * the person may not, B2CAuthError when their token is refused.
   */
  ensureApiClient(request: {
    orgId: string;
    /** The org's linked Account Manager organization; the person's primary one when absent. */
    amOrganizationId?: string | null;
    /** The person's Account Manager access token, from their Salesforce sign-in. */
    accountManagerToken: string;
  }): Promise<ApiClientCredentials>;
  /** Probes one capability with the client's credentials; { status: 'error', message } tells a person what to fix. */
  verify(
    target: B2CTarget,
    creds: { clientId: string; secret: string },
    capability: B2CCapability,
  ): Promise<VerifyResult>;
  /** Clients for one instance and API client: the catalogue sync, live reads and write-back use them. */
  instanceClients(host: string, creds: { clientId: string; secret: string }): B2CInstanceClients;
}

export interface B2CInstanceClients {
  data: OcapiDataClient;
  shop: OcapiShopClient;
  webdav: WebdavClient;
}
