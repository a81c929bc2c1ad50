/**
 * A simulated B2C Commerce instance: its place in a realm, the settings pasted in its Business Manager,
 * its catalogue (seeded on first use) and its WebDAV files. The instance routes (WebDAV, OCAPI Shop,
 * Business Manager) find the one a request is for in `res.locals`, set where the simulator mounts them.
 */
import type { Response } from 'express';
import type { OcapiSettings, WebdavPermissions } from '~/domain/instances/snippets';
import type { SimInstanceData } from './data';

export type TenantType = 'sandbox' | 'development' | 'staging' | 'production';

export interface SimInstanceSpec {
  realm: string;
  instance: string;
  hostname: string;
  tenantType: TenantType;
}

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

/** The instance a request under /hosts/{host} (or by its hostname) is for. */
export const currentInstance = (res: Response) => res.locals.instance as SimInstance;
