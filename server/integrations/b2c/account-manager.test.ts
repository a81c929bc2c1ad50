import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type B2CSimulator, createB2CSimulator, SIM_ADMIN_CLIENT } from '~/mock-server/b2c';
import {
  createAccountManagerClient,
  createTokenSource,
  generateApiClientSecret,
  TOKEN_PATH,
} from './account-manager';
import { B2CAuthError, B2CNotFoundError, B2CUnavailableError } from './errors';
import { createHostAllowlist } from './host-allowlist';
import { createHttpClient } from './http';

let sim: B2CSimulator;
beforeAll(async () => {
  sim = await createB2CSimulator({ seed: 7 });
});
afterAll(() => sim.stop());
afterEach(() => {
  sim.faults.clear();
  sim.setTokenLifetime(1799);
});

const http = () =>
  createHttpClient({
    allowlist: createHostAllowlist({ extraAllowedHosts: [sim.url] }),
    retryBaseMs: 1,
  });
const tokenRequests = () => sim.countRequests('POST', TOKEN_PATH);

describe('Account Manager tokens', () => {
  it('caches the token until 60 s before it expires, then fetches a new one', async () => {
    sim.setTokenLifetime(120);
    let now = 1_000_000;
    const tokens = createTokenSource({
      http: http(),
      accountManagerUrl: sim.accountManagerUrl,
      ...SIM_ADMIN_CLIENT,
      now: () => now,
    });
    const before = tokenRequests();
    const first = await tokens.get();
    now += 59_000;
    expect(await tokens.get()).toBe(first);
    expect(tokenRequests() - before).toBe(1);
    now += 1_000; // 60 s before the 120 s expiry
    const second = await tokens.get();
    expect(second).not.toBe(first);
    expect(tokenRequests() - before).toBe(2);
  });

  it('shares one request between concurrent callers', async () => {
    const tokens = createTokenSource({
      http: http(),
      accountManagerUrl: sim.accountManagerUrl,
      ...SIM_ADMIN_CLIENT,
    });
    const before = tokenRequests();
    const [a, b, c] = await Promise.all([tokens.get(), tokens.get(), tokens.get()]);
    expect(new Set([a, b, c]).size).toBe(1);
    expect(tokenRequests() - before).toBe(1);
  });

  it('answers a wrong secret with B2CAuthError', async () => {
    const tokens = createTokenSource({
      http: http(),
      accountManagerUrl: sim.accountManagerUrl,
      clientId: SIM_ADMIN_CLIENT.clientId,
      clientSecret: 'wrong',
    });
    await expect(tokens.get()).rejects.toBeInstanceOf(B2CAuthError);
  });

  it('retries the token request on 5xx (asking for a token is safe to repeat)', async () => {
    sim.faults.add({ path: TOKEN_PATH, status: 503, times: 1 });
    const tokens = createTokenSource({
      http: http(),
      accountManagerUrl: sim.accountManagerUrl,
      ...SIM_ADMIN_CLIENT,
    });
    await expect(tokens.get()).resolves.toEqual(expect.any(String));
  });
});

describe('Account Manager client', () => {
  const am = () =>
    createAccountManagerClient({
      http: http(),
      accountManagerUrl: sim.accountManagerUrl,
      ...SIM_ADMIN_CLIENT,
    });

  it('lists the instances an organization may link', async () => {
    const instances = await am().listInstances('org-1');
    expect(instances.map((i) => [`${i.realm}_${i.instance}`, i.tenantType])).toEqual(
      expect.arrayContaining([
        ['zzte_001', 'sandbox'],
        ['zzte_002', 'development'],
        ['zzte_003', 'staging'],
      ]),
    );
    sim.setOrgInstances('org-2', ['zzte-002.dx.commercecloud.salesforce.com']);
    expect((await am().listInstances('org-2')).map((i) => i.hostname)).toEqual([
      'zzte-002.dx.commercecloud.salesforce.com',
    ]);
  });

  it('creates the Beacon API client once; when it exists, gives it a new secret', async () => {
    const client = am();
    const tokenFor = (clientId: string, clientSecret: string) =>
      createTokenSource({
        http: http(),
        accountManagerUrl: sim.accountManagerUrl,
        clientId,
        clientSecret,
      }).get();
    const created = await client.getOrCreateApiClient('org-create');
    expect(created).toEqual({
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      secret: expect.any(String),
      rotated: false,
    });
    expect(sim.apiClients.get(created.clientId)).toMatchObject({
      name: 'Beacon',
      organizations: ['org-create'],
    });
    await expect(tokenFor(created.clientId, created.secret)).resolves.toEqual(expect.any(String));

    // Account Manager never shows a secret again: the existing client gets a new one.
    const before = sim.countRequests('POST', '/dw/rest/v1/apiclients');
    const again = await client.getOrCreateApiClient('org-create');
    expect(again).toEqual({
      clientId: created.clientId,
      secret: expect.any(String),
      rotated: true,
    });
    expect(again.secret).not.toBe(created.secret);
    expect(sim.countRequests('POST', '/dw/rest/v1/apiclients')).toBe(before);
    expect(sim.countRequests('PUT', `/dw/rest/v1/apiclients/${created.clientId}`)).toBe(1);
    expect(sim.apiClients.get(created.clientId)?.secret).toBe(again.secret);
    await expect(tokenFor(created.clientId, created.secret)).rejects.toBeInstanceOf(B2CAuthError);
    await expect(tokenFor(created.clientId, again.secret)).resolves.toEqual(expect.any(String));

    // Another org gets its own client.
    const other = await client.getOrCreateApiClient('org-other');
    expect(other.clientId).not.toBe(created.clientId);
  });

  it('setting a password: unknown client is not found, a short one is refused', async () => {
    const client = am();
    const { clientId } = await client.getOrCreateApiClient('org-password');
    await expect(
      client.setApiClientPassword('no-such-client', generateApiClientSecret()),
    ).rejects.toBeInstanceOf(B2CNotFoundError);
    await expect(client.setApiClientPassword(clientId, 'short')).rejects.toMatchObject({
      name: 'B2CRequestError',
      status: 400,
    });
  });

  it('refreshes a token the server stopped accepting and carries on', async () => {
    const client = am();
    await client.listInstances('org-1');
    const before = tokenRequests();
    sim.revokeTokens();
    await expect(client.listInstances('org-1')).resolves.toHaveLength(4);
    expect(tokenRequests() - before).toBe(1);
  });

  it('does not retry creating a client on 5xx (not idempotent)', async () => {
    sim.faults.add({ path: '/dw/rest/v1/apiclients', method: 'POST', status: 500 });
    const before = sim.countRequests('POST', '/dw/rest/v1/apiclients');
    await expect(am().getOrCreateApiClient('org-fail')).rejects.toBeInstanceOf(B2CUnavailableError);
    expect(sim.countRequests('POST', '/dw/rest/v1/apiclients') - before).toBe(1);
  });

  it('generates secrets that meet the password rules', () => {
    const secret = generateApiClientSecret();
    expect(secret.length).toBeGreaterThanOrEqual(12);
    expect(secret).toMatch(/[A-Z]/);
    expect(secret).toMatch(/[a-z]/);
    expect(secret).toMatch(/\d/);
    expect(secret).toMatch(/[^A-Za-z0-9]/);
    expect(generateApiClientSecret()).not.toBe(secret);
  });
});
