/**
 * The one interface the rest of the server uses to reach Salesforce B2C Commerce. The real
 * implementation speaks Account Manager, OCAPI and WebDAV over HTTP; locally it points at the
 * simulator in mock-server/, so the same code runs in dev, tests and e2e.
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
  /** Hostname only, e.g. "zzte-001.dx.commercecloud.salesforce.com". */
  host: string;
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
  /**
   * Instances Beacon's Account Manager client can see, with a host: sandboxes from the sandbox API
   * (which names their hosts), other tenants from Account Manager's Instances API with a host from
   * configuration (Account Manager names none; tenants without one are left out). Beacon's org is
   * not an Account Manager concept: every org sees what Beacon's client sees.
   */
  listInstances(org: { orgId: string }): Promise<DiscoveredInstance[]>;
  /**
   * Creates an API client named `Beacon` in the signed-in person's Account Manager organization
   * (their primary one), with their token: Account Manager lets only a person with Account
   * Administrator or API Administrator create clients. Every call creates one (names need not be
   * unique), so call it only when Beacon has no usable stored secret. Throws B2CPermissionError when
   * the person may not, B2CAuthError when their token is refused.
   */
  ensureApiClient(request: {
    orgId: string;
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
