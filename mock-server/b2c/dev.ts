/**
 * The simulator as `npm start` runs it: in-process, state kept in the data folder, and the seeded
 * demo org's API client already granted on its onboarded instance (as if someone had onboarded it).
 */
import path from 'node:path';
import {
  ocapiDataSettingsSnippet,
  ocapiShopSettingsSnippet,
  parseOcapiSettings,
  parseWebdavPermissions,
  webdavPermissionsSnippet,
} from '~/domain/instances/snippets';
import { type B2CSimulator, createB2CSimulator } from './simulator';

export interface DemoApiClient {
  clientId: string;
  secret: string;
  orgId: string;
  /** Realm instance id the demo org is onboarded on, e.g. "zzte_001". */
  instanceId: string;
}

function must<T>(result: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

export async function startDevB2CSimulator(options: {
  dataDir: string;
  port?: number;
  /** At least this many products per instance (B2C_SIMULATOR_PRODUCTS); the default catalogue when unset. */
  products?: number | undefined;
  demoClient: DemoApiClient;
}): Promise<B2CSimulator> {
  const sim = await createB2CSimulator({
    port: options.port ?? 0,
    products: options.products,
    statePath: path.join(options.dataDir, 'b2c-simulator.json'),
  });
  const { clientId, secret, orgId, instanceId } = options.demoClient;
  if (!sim.apiClients.has(clientId)) {
    sim.apiClients.set(clientId, {
      id: clientId,
      name: 'Beacon',
      secret,
      organizations: [orgId],
      active: true,
    });
    const instance = sim.instance(instanceId);
    instance.settings.ocapiData = must(parseOcapiSettings(ocapiDataSettingsSnippet(clientId)));
    instance.settings.ocapiShop = must(parseOcapiSettings(ocapiShopSettingsSnippet(clientId)));
    instance.settings.webdav = must(parseWebdavPermissions(webdavPermissionsSnippet(clientId)));
  }
  return sim;
}
