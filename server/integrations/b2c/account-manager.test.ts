import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import {
  type B2CSimulator,
  createB2CSimulator,
  SIM_ADMIN_CLIENT,
  SIM_AM_ORG_ID,
} from '~/simulators/b2c';
import {
  createAccountManagerClient,
  createTokenSource,
  generateApiClientSecret,
  personToken,
  TOKEN_PATH,
} from './account-manager';
import type { B2CRequestError } from './errors';
import { B2CAuthError, B2CNotFoundError, B2CPermissionError, B2CUnavailableError } from './errors';
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
  sim.setActivationDelay(0);
  sim.setAccountManagerRateLimit(1000);
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

describe('Account Manager client without a client of Beacon’s own', () => {
  it('calls with a person’s token; its own tokens refuse, naming the setting', async () => {
    const client = createAccountManagerClient({
      http: http(),
      accountManagerUrl: sim.accountManagerUrl,
    });
    await expect(client.tokens.get()).rejects.toThrow(
      "Beacon's own Account Manager API client is not configured (B2C_ACCOUNT_MANAGER_CLIENT_ID).",
    );
    const maya = personToken(await sim.userToken('maya@beacon.test'));
    expect((await client.currentUser(maya)).mail).toBe('maya@beacon.test');
  });
});

describe('Account Manager client', () => {
  const am = (pageSize?: number) =>
    createAccountManagerClient({
      http: http(),
      accountManagerUrl: sim.accountManagerUrl,
      ...SIM_ADMIN_CLIENT,
      ...(pageSize ? { pageSize } : {}),
    });
  const as = async (login: string) => personToken(await sim.userToken(login));
  const tokenFor = (clientId: string, clientSecret: string) =>
    createTokenSource({
      http: http(),
      accountManagerUrl: sim.accountManagerUrl,
      clientId,
      clientSecret,
    }).get();
  const newClient = (
    over: Partial<Parameters<ReturnType<typeof am>['createApiClient']>[1]> = {},
  ) => ({
    name: 'Beacon',
    organizations: [SIM_AM_ORG_ID],
    password: generateApiClientSecret(),
    ...over,
  });

  it('names the signed-in person and their organization; a client’s token is no person', async () => {
    const maya = await am().currentUser(await as('maya@beacon.test'));
    expect(maya).toMatchObject({
      mail: 'maya@beacon.test',
      primaryOrganization: SIM_AM_ORG_ID,
      organizations: [SIM_AM_ORG_ID],
      roles: expect.arrayContaining(['AM_API_ADMIN']),
    });
    const client = am();
    await expect(client.currentUser(client.tokens)).rejects.toBeInstanceOf(B2CPermissionError);
  });

  it('lists organizations to an Account Administrator only, with their realms', async () => {
    const client = am();
    const ada = await as('ada@beacon.test');
    expect(await client.listOrganizations(ada)).toEqual([
      { id: SIM_AM_ORG_ID, name: 'Acme Outfitters', realms: ['zzte'] },
    ]);
    expect(await client.getOrganization(ada, SIM_AM_ORG_ID)).toMatchObject({ realms: ['zzte'] });
    // An API Administrator, or Beacon's client whatever its roles, may not.
    await expect(client.listOrganizations(await as('maya@beacon.test'))).rejects.toBeInstanceOf(
      B2CPermissionError,
    );
    await expect(client.listOrganizations(client.tokens)).rejects.toBeInstanceOf(
      B2CPermissionError,
    );
  });

  it('lists the development, staging and production tenants, page by page, without hosts', async () => {
    const client = am(2);
    const before = sim.countRequests('GET', '/dw/rest/v1/instances');
    const tenants = await client.listInstances(client.tokens);
    expect(tenants).toEqual([
      { id: 'zzte_002', realmId: 'zzte', tenantType: 'dev', description: 'zzte development' },
      { id: 'zzte_003', realmId: 'zzte', tenantType: 'stg', description: 'zzte staging' },
      { id: 'zzte_prd', realmId: 'zzte', tenantType: 'prd', description: 'zzte production' },
    ]);
    expect(sim.countRequests('GET', '/dw/rest/v1/instances') - before).toBe(2);
    expect(await client.getInstance(client.tokens, 'zzte_prd')).toMatchObject({
      tenantType: 'prd',
    });
    await expect(client.getInstance(client.tokens, 'zzte_001')).rejects.toBeInstanceOf(
      B2CNotFoundError,
    );
    // Someone of another organization sees none of them.
    expect(await client.listInstances(await as('ivy@beacon.test'))).toEqual([]);
  });

  it('creates an API client with a person’s sign-in: inactive unless asked, never showing the secret', async () => {
    const client = am();
    const maya = await as('maya@beacon.test');
    const password = generateApiClientSecret();
    const created = await client.createApiClient(maya, newClient({ password }));
    expect(created).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Beacon',
      organizations: [SIM_AM_ORG_ID],
      active: false,
      roles: [],
    });
    await expect(tokenFor(created.id, password)).rejects.toBeInstanceOf(B2CAuthError);
    const listed = await client.listApiClients(maya);
    expect(listed.map((c) => c.id)).toContain(created.id);
    expect(await client.getApiClient(maya, created.id)).toMatchObject({ active: false });
    expect(JSON.stringify(listed)).not.toContain(password);

    const active = await client.createApiClient(maya, newClient({ password, active: true }));
    expect(active.active).toBe(true);
    await expect(tokenFor(active.id, password)).resolves.toEqual(expect.any(String));
  });

  it('refuses to create without Account or API Administrator, with client credentials, or for another organization', async () => {
    const client = am();
    await expect(
      client.createApiClient(await as('sam@beacon.test'), newClient()),
    ).rejects.toBeInstanceOf(B2CPermissionError);
    await expect(client.listApiClients(await as('sam@beacon.test'))).rejects.toBeInstanceOf(
      B2CPermissionError,
    );
    // Beacon's own client holds Account Administrator, and is still refused.
    await expect(client.createApiClient(client.tokens, newClient())).rejects.toBeInstanceOf(
      B2CPermissionError,
    );
    await expect(
      client.createApiClient(await as('maya@beacon.test'), newClient({ organizations: ['other'] })),
    ).rejects.toBeInstanceOf(B2CPermissionError);
  });

  it('refuses a client the specification would not: short password or an unknown field before sending, bad tenant filter', async () => {
    const maya = await as('maya@beacon.test');
    const before = sim.countRequests('POST', '/dw/rest/v1/apiclients');
    for (const bad of [
      newClient({ password: 'short' }),
      { ...newClient(), nickname: 'x' } as ReturnType<typeof newClient>,
    ]) {
      await expect(am().createApiClient(maya, bad)).rejects.toBeInstanceOf(ZodError);
    }
    expect(sim.countRequests('POST', '/dw/rest/v1/apiclients')).toBe(before);
    await expect(
      am().createApiClient(maya, newClient({ roleTenantFilter: 'SALESFORCE_COMMERCE_API:x' })),
    ).rejects.toMatchObject({
      name: 'B2CRequestError',
      status: 400,
    } satisfies Partial<B2CRequestError>);
  });

  it('lists API clients page by page until a short page; a total that fills its pages ends at the refused page past the end', async () => {
    const maya = await as('maya@beacon.test');
    const client = am(2);
    for (let i = 0; i < 3; i++) await client.createApiClient(maya, newClient());
    const all = await am().listApiClients(maya);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const paged = await client.listApiClients(maya);
    expect(paged.map((c) => c.id)).toEqual(all.map((c) => c.id));
    // Fill the last page exactly: the next page is refused as past the end, and the walk ends there.
    if (all.length % 2 === 1) await client.createApiClient(maya, newClient());
    const full = await am().listApiClients(maya);
    expect(full.length % 2).toBe(0);
    const before = sim.countRequests('GET', '/dw/rest/v1/apiclients');
    expect((await client.listApiClients(maya)).map((c) => c.id)).toEqual(full.map((c) => c.id));
    expect(sim.countRequests('GET', '/dw/rest/v1/apiclients') - before).toBe(full.length / 2 + 1);
  });

  it('sends X-RateLimit-* where the specs document them, and waits out a spent window before the next call', async () => {
    sim.setAccountManagerRateLimit(2);
    const maya = await sim.userToken('maya@beacon.test');
    const raw = (path: string) =>
      fetch(`${sim.accountManagerUrl}/dw/rest/v1${path}`, {
        headers: { authorization: `Bearer ${maya}` },
      });
    const first = await raw('/apiclients');
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(Date.parse(first.headers.get('x-ratelimit-reset')!)).toBeGreaterThan(Date.now());
    expect((await raw('/users/current')).headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await raw('/apiclients')).status).toBe(429);
    // Organizations have no spec documenting the headers: the simulator sends none.
    expect((await raw('/organizations?page=0&size=20')).headers.has('x-ratelimit-limit')).toBe(
      false,
    );

    sim.resetAccountManagerRateLimits();
    const waited: number[] = [];
    const client = createAccountManagerClient({
      http: createHttpClient({
        allowlist: createHostAllowlist({ extraAllowedHosts: [sim.url] }),
        retryBaseMs: 1,
        // A minute passes.
        sleep: async (ms) => {
          waited.push(ms);
          sim.resetAccountManagerRateLimits();
        },
      }),
      accountManagerUrl: sim.accountManagerUrl,
    });
    const person = personToken(maya);
    await client.listApiClients(person);
    await client.listApiClients(person);
    expect(waited).toEqual([]);
    const before = sim.countRequests('GET', '/dw/rest/v1/apiclients');
    expect((await client.listApiClients(person)).length).toBeGreaterThan(0);
    expect(waited).toHaveLength(1);
    expect(waited[0]).toBeGreaterThan(0);
    expect(waited[0]).toBeLessThanOrEqual(60_000);
    // Sent once, after the wait: no 429 on the way.
    expect(sim.countRequests('GET', '/dw/rest/v1/apiclients') - before).toBe(1);
  });

  it('rotates a client secret as documented: the current password and the new one', async () => {
    const maya = await as('maya@beacon.test');
    const old = generateApiClientSecret();
    const created = await am().createApiClient(maya, newClient({ password: old, active: true }));
    const next = generateApiClientSecret();
    await expect(
      am().changeApiClientPassword(maya, created.id, { old: 'not-the-current-1', new: next }),
    ).rejects.toMatchObject({ name: 'B2CRequestError', status: 400 });
    await am().changeApiClientPassword(maya, created.id, { old, new: next });
    await expect(tokenFor(created.id, old)).rejects.toBeInstanceOf(B2CAuthError);
    await expect(tokenFor(created.id, next)).resolves.toEqual(expect.any(String));
    await expect(
      am().changeApiClientPassword(maya, created.id, { old: next, new: 'short' }),
    ).rejects.toBeInstanceOf(ZodError);
  });

  it('a new client can take a while to work: its credentials fail until then', async () => {
    sim.setActivationDelay(0.3);
    const password = generateApiClientSecret();
    const created = await am().createApiClient(
      await as('maya@beacon.test'),
      newClient({ password, active: true }),
    );
    await expect(tokenFor(created.id, password)).rejects.toBeInstanceOf(B2CAuthError);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await expect(tokenFor(created.id, password)).resolves.toEqual(expect.any(String));
  });

  it('refreshes Beacon’s token the server stopped accepting; a person’s token is not retried', async () => {
    const client = am();
    await client.listInstances(client.tokens);
    const before = tokenRequests();
    sim.revokeTokens();
    await expect(client.listInstances(client.tokens)).resolves.toHaveLength(3);
    expect(tokenRequests() - before).toBe(1);

    const maya = await as('maya@beacon.test');
    sim.revokeTokens();
    const calls = sim.countRequests('GET', '/users/current');
    await expect(client.currentUser(maya)).rejects.toBeInstanceOf(B2CAuthError);
    expect(sim.countRequests('GET', '/users/current') - calls).toBe(1);
  });

  it('does not retry creating a client on 5xx (not idempotent)', async () => {
    sim.faults.add({ path: '/dw/rest/v1/apiclients', method: 'POST', status: 500 });
    const before = sim.countRequests('POST', '/dw/rest/v1/apiclients');
    await expect(
      am().createApiClient(await as('maya@beacon.test'), newClient()),
    ).rejects.toBeInstanceOf(B2CUnavailableError);
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
