/**
 * Tests and benchmarks that run the real B2C clients against the simulator link an env the way
 * onboarding does: its instance row points at a simulated host, the org's API client exists, and the
 * instance grants it the OCAPI Data settings onboarding has a person paste. (No vitest import: the
 * benchmark scripts use it too.)
 */
import { eq } from 'drizzle-orm';
import { ocapiDataSettingsSnippet, parseOcapiSettings } from '~/domain/instances/snippets';
import type { B2CSimulator } from '~/mock-server/b2c';
import type { Db } from './db/client';
import { b2cInstances } from './db/schema';
import type { Services } from './services';

export async function linkToSimulator({
  db,
  services,
  simulator,
  orgId,
  b2cInstanceId,
  host,
}: {
  db: Db;
  services: Pick<Services, 'b2cAPIClients'>;
  simulator: B2CSimulator;
  orgId: string;
  b2cInstanceId: string;
  host: string;
}): Promise<{ clientId: string }> {
  await db.update(b2cInstances).set({ host }).where(eq(b2cInstances.id, b2cInstanceId));
  const client = await services.b2cAPIClients.getOrCreate(orgId);
  const settings = parseOcapiSettings(ocapiDataSettingsSnippet(client.clientId));
  if (!settings.ok) throw new Error(settings.error);
  simulator.instance(host).settings.ocapiData = settings.value;
  return { clientId: client.clientId };
}
