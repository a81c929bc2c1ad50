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
  /** Account Manager's id for the instance. */
  externalInstanceId: string;
  /** Realm + instance, e.g. "zzte_001". */
  instanceId: string;
  /** Hostname only, e.g. "zzte-001.dx.commercecloud.salesforce.com". */
  host: string;
  tenantType: 'sandbox' | 'development' | 'staging' | 'production';
}

export interface ApiClientCredentials {
  clientId: string;
  /**
   * The client's secret, to store encrypted: new when the client was created now, or a fresh one
   * set on the existing client (Account Manager never shows a secret again).
   */
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
  /** Instances the org may link, from Account Manager. */
  listInstances(org: { orgId: string }): Promise<DiscoveredInstance[]>;
  /**
   * The API client named `Beacon` for the org, created when missing; when it exists its
   * secret is replaced, so call this only when Beacon has no usable stored secret.
   */
  ensureApiClient(org: { orgId: string }): Promise<ApiClientCredentials>;
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
