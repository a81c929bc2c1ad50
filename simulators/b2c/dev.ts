/**
 * The simulator as `npm start` runs it: in-process, state kept in the data folder, and the seeded
 * demo org's API client already created in the demo customer's Account Manager organization and
 * granted on its onboarded instance (as if someone had onboarded it).
 */
import path from 'node:path';
import {
  ocapiDataSettingsSnippet,
  ocapiShopSettingsSnippet,
  parseOcapiSettings,
  parseWebdavPermissions,
  webdavPermissionsSnippet,
} from '~/domain/instances/snippets';
import { SIM_AM_ORG_ID } from './account-manager-data';
import { type B2CSimulator, createB2CSimulator } from './simulator';

export interface DemoApiClient {
  clientId: string;
  secret: string;
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
  /** Seconds a new API client's credentials keep failing (B2C_SIMULATOR_ACTIVATION_DELAY_SECONDS); 0 when unset. */
  activationDelaySeconds?: number | undefined;
  demoClient: DemoApiClient;
}): Promise<B2CSimulator> {
  const sim = await createB2CSimulator({
    port: options.port ?? 0,
    products: options.products,
    activationDelaySeconds: options.activationDelaySeconds ?? 0,
    statePath: path.join(options.dataDir, 'b2c-simulator.json'),
  });
  const { clientId, secret, instanceId } = options.demoClient;
  const existing = sim.apiClients.get(clientId);
  // A state file from before the simulator had organizations named Beacon's org id here.
  if (existing) existing.organizations = [SIM_AM_ORG_ID];
  else {
    sim.apiClients.set(clientId, {
      id: clientId,
      name: 'Beacon',
      description: 'Beacon integration',
      secret,
      organizations: [SIM_AM_ORG_ID],
      active: true,
      tokenEndpointAuthMethod: 'client_secret_basic',
      createdAt: '2026-01-01T00:00:00Z',
    });
    const instance = sim.instance(instanceId);
    instance.settings.ocapiData = must(parseOcapiSettings(ocapiDataSettingsSnippet(clientId)));
    instance.settings.ocapiShop = must(parseOcapiSettings(ocapiShopSettingsSnippet(clientId)));
    instance.settings.webdav = must(parseWebdavPermissions(webdavPermissionsSnippet(clientId)));
  }
  return sim;
}
