import { afterAll, beforeAll, expect, it } from 'vitest';
import { type B2CSimulator, createB2CSimulator, SIM_ADMIN_CLIENT } from '~/simulators/b2c';
import { createTokenSource, personToken } from './account-manager';
import { B2CAuthError, B2CPermissionError } from './errors';
import { createHostAllowlist } from './host-allowlist';
import { createHttpClient } from './http';
import { createSandboxApiClient } from './sandbox-api';

let sim: B2CSimulator;
beforeAll(async () => {
  sim = await createB2CSimulator();
});
afterAll(() => sim.stop());

const http = () =>
  createHttpClient({
    allowlist: createHostAllowlist({ extraAllowedHosts: [sim.url] }),
    retryBaseMs: 1,
  });
const api = () => createSandboxApiClient({ http: http(), sandboxApiUrl: sim.sandboxApiUrl });
const as = async (login: string) => personToken(await sim.userToken(login));

it('tells a Sandbox API User who they are and which realms they reach', async () => {
  expect(await api().me(await as('maya@beacon.test'))).toEqual({
    user: { id: expect.any(String), email: 'maya@beacon.test' },
    client: { id: SIM_ADMIN_CLIENT.clientId },
    roles: expect.arrayContaining(['CCDX_SBX_USER']),
    realms: ['zzte'],
    sandboxes: [sim.instance('zzte_001').id],
  });
});

it('lists the sandboxes with their host names, to a person or a client holding the role', async () => {
  const beacon = createTokenSource({
    http: http(),
    accountManagerUrl: sim.accountManagerUrl,
    ...SIM_ADMIN_CLIENT,
  });
  for (const auth of [await as('maya@beacon.test'), beacon]) {
    expect(await api().listSandboxes(auth)).toEqual([
      {
        id: sim.instance('zzte_001').id,
        realm: 'zzte',
        instance: '001',
        hostName: 'zzte-001.dx.commercecloud.salesforce.com',
        state: 'started',
      },
    ]);
  }
});

it('refuses a principal without the Sandbox API User role, and a token it does not know', async () => {
  await expect(api().listSandboxes(await as('sam@beacon.test'))).rejects.toBeInstanceOf(
    B2CPermissionError,
  );
  await expect(api().me(personToken('not-a-token'))).rejects.toBeInstanceOf(B2CAuthError);
});
