import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type B2CSimulator, createB2CSimulator, SIM_ADMIN_CLIENT } from '~/simulators/b2c';
import {
  B2CAuthError,
  type B2CCallContext,
  B2CHostNotAllowedError,
  B2CNotFoundError,
  B2CPermissionError,
  B2CRequestError,
  B2CUnavailableError,
} from './errors';
import { createHostAllowlist } from './host-allowlist';
import { basicAuth, createHttpClient, type HttpOptions, RATE_LIMIT_MAX_WAIT_MS } from './http';

let sim: B2CSimulator;
beforeAll(async () => {
  sim = await createB2CSimulator();
});
afterAll(() => sim.stop());
afterEach(() => sim.faults.clear());

const HOST = 'zzte-001.dx.commercecloud.salesforce.com';
const call: B2CCallContext = { api: 'ocapi-data', method: 'GET', resource: '/catalogs' };
const dataUrl = () => `${sim.baseUrlFor(HOST)}/s/-/dw/data/v25_6/catalogs`;

const adminToken = () => sim.token();
/** Beacon's client authenticated, so the token endpoint gets as far as the grant type. */
const ADMIN_BASIC = basicAuth(SIM_ADMIN_CLIENT.clientId, SIM_ADMIN_CLIENT.clientSecret);

function client(overrides: Partial<HttpOptions> = {}) {
  const sleep = vi.fn(async () => {});
  const http = createHttpClient({
    allowlist: createHostAllowlist({ extraAllowedHosts: [sim.url] }),
    retryBaseMs: 100,
    sleep,
    ...overrides,
  });
  return { http, sleep };
}

describe('http helper', () => {
  it('types a 401 as B2CAuthError and a 403 as B2CPermissionError carrying the OCAPI fault', async () => {
    const { http } = client();
    await expect(http({ call, url: dataUrl() })).rejects.toBeInstanceOf(B2CAuthError);

    const error = await http({
      call,
      url: dataUrl(),
      headers: { authorization: `Bearer ${await adminToken()}` },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(B2CPermissionError);
    expect(error).toMatchObject({
      faultType: 'ClientAccessForbiddenException',
      faultMessage: "Access to resource 'GET /catalogs' is not allowed for the current client.",
      call,
    });
  });

  it('types 404 and other 4xx', async () => {
    const { http } = client();
    await expect(
      http({ call, url: `${sim.url}/hosts/zzte-999.dx.commercecloud.salesforce.com/x` }),
    ).rejects.toBeInstanceOf(B2CNotFoundError);
    await expect(
      http({
        call: { api: 'account-manager', method: 'POST', resource: '/dwsso/oauth2/access_token' },
        url: `${sim.accountManagerUrl}/dwsso/oauth2/access_token`,
        body: 'grant_type=password',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: ADMIN_BASIC,
        },
      }),
    ).rejects.toSatisfy((e) => e instanceof B2CRequestError && e.status === 400);
  });

  it('retries an idempotent call on 5xx with exponential backoff, then succeeds', async () => {
    const token = await adminToken();
    sim.faults.add({ path: '/dw/rest/v1/instances', status: 503, times: 2 });
    const before = sim.countRequests('GET', '/dw/rest/v1/instances');
    const { http, sleep } = client();
    const response = await http({
      call: { api: 'account-manager', method: 'GET', resource: '/instances' },
      url: `${sim.accountManagerUrl}/dw/rest/v1/instances`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text)).toMatchObject({ totalElements: 3 });
    expect(sim.countRequests('GET', '/dw/rest/v1/instances') - before).toBe(3);
    expect(sleep.mock.calls).toEqual([[100], [200]]);
  });

  it('does not retry 401, 403 or 404: the answer will not change', async () => {
    const token = await adminToken();
    const cases: {
      url: string;
      headers: Record<string, string>;
      error: new (...args: never[]) => Error;
      grant?: boolean;
    }[] = [
      { url: dataUrl(), headers: {}, error: B2CAuthError },
      { url: dataUrl(), headers: { authorization: `Bearer ${token}` }, error: B2CPermissionError },
      {
        url: `${sim.baseUrlFor(HOST)}/s/-/dw/data/v25_6/no-such-resource`,
        headers: { authorization: `Bearer ${token}` },
        error: B2CNotFoundError,
        grant: true,
      },
    ];
    for (const { url, headers, error, grant } of cases) {
      sim.instance(HOST).settings.ocapiData = grant
        ? {
            _v: '21.10',
            clients: [
              {
                client_id: SIM_ADMIN_CLIENT.clientId,
                resources: [{ resource_id: '/**', methods: ['get'] }],
              },
            ],
          }
        : null;
      const { http, sleep } = client();
      const path = new URL(url).pathname;
      const before = sim.countRequests('GET', path);
      await expect(http({ call, url, headers })).rejects.toBeInstanceOf(error);
      expect(sim.countRequests('GET', path) - before).toBe(1);
      expect(sleep).not.toHaveBeenCalled();
    }
    sim.instance(HOST).settings.ocapiData = null;
  });

  it('gives up after the retries with B2CUnavailableError carrying the status', async () => {
    sim.faults.add({ path: '/dw/data/v25_6/catalogs', status: 502 });
    const { http } = client({ retries: 3 });
    const before = sim.countRequests('GET', '/catalogs');
    await expect(http({ call, url: dataUrl() })).rejects.toMatchObject({
      name: 'B2CUnavailableError',
      status: 502,
    });
    expect(sim.countRequests('GET', '/catalogs') - before).toBe(4);
  });

  it('retries dropped connections, then answers with what the service said', async () => {
    sim.faults.add({ path: '/dw/data/v25_6/catalogs', drop: true, times: 1 });
    const before = sim.countRequests('GET', '/catalogs');
    const { http, sleep } = client();
    await expect(http({ call, url: dataUrl() })).rejects.toBeInstanceOf(B2CAuthError);
    expect(sim.countRequests('GET', '/catalogs') - before).toBe(2);
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it('does not retry a POST on 5xx or a dropped connection', async () => {
    const search = {
      call: { api: 'ocapi-data', method: 'POST', resource: '/product_search' } as const,
      url: `${sim.baseUrlFor(HOST)}/s/-/dw/data/v25_6/product_search`,
      json: { query: { match_all_query: {} } },
    };
    for (const fault of [{ status: 500 }, { drop: true }]) {
      sim.faults.add({ path: '/product_search', method: 'POST', ...fault });
      const { http, sleep } = client();
      const before = sim.countRequests('POST', '/product_search');
      await expect(http(search)).rejects.toBeInstanceOf(B2CUnavailableError);
      expect(sim.countRequests('POST', '/product_search') - before).toBe(1);
      expect(sleep).not.toHaveBeenCalled();
      sim.faults.clear();
    }
  });

  it('does not retry a non-idempotent call', async () => {
    sim.faults.add({ path: '/dw/data/v25_6/products/M-00001', status: 500 });
    const { http, sleep } = client();
    const before = sim.countRequests('PATCH', '/products/M-00001');
    await expect(
      http({
        call: { api: 'ocapi-data', method: 'PATCH', resource: '/products/M-00001' },
        url: `${sim.baseUrlFor(HOST)}/s/-/dw/data/v25_6/products/M-00001`,
        json: {},
      }),
    ).rejects.toBeInstanceOf(B2CUnavailableError);
    expect(sim.countRequests('PATCH', '/products/M-00001') - before).toBe(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  const patchCall = {
    call: { api: 'ocapi-data', method: 'PATCH', resource: '/products/M-00001' } as const,
    url: '',
    json: { page_title: { default: 'x' } },
  };
  const patchUrl = () => `${sim.baseUrlFor(HOST)}/s/-/dw/data/v25_6/products/M-00001`;

  it("carries a refused request's OCAPI fault type and message, without retrying", async () => {
    sim.faults.add({
      path: '/products/M-00001',
      method: 'PATCH',
      status: 409,
      faultType: 'ResourceStateConflictException',
    });
    const { http, sleep } = client();
    const before = sim.countRequests('PATCH', '/products/M-00001');
    const error = await http({ ...patchCall, url: patchUrl() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(B2CRequestError);
    expect(error).toMatchObject({
      status: 409,
      faultType: 'ResourceStateConflictException',
      faultMessage: 'Injected fault (simulator).',
      message: 'ocapi-data PATCH /products/M-00001: HTTP 409 (Injected fault (simulator).)',
    });
    expect(sim.countRequests('PATCH', '/products/M-00001') - before).toBe(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('gives a 4xx without an OCAPI fault body no fault type', async () => {
    const { http } = client();
    const error = await http({
      call: { api: 'account-manager', method: 'POST', resource: '/dwsso/oauth2/access_token' },
      url: `${sim.accountManagerUrl}/dwsso/oauth2/access_token`,
      body: 'grant_type=password',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: ADMIN_BASIC },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, faultType: null, faultMessage: null });
  });

  it('makes a 429 on a write B2CUnavailableError, sent once, with the Retry-After it gave', async () => {
    sim.faults.add({ path: '/products/M-00001', method: 'PATCH', status: 429 });
    const { http, sleep } = client();
    const before = sim.countRequests('PATCH', '/products/M-00001');
    const error = await http({ ...patchCall, url: patchUrl() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(B2CUnavailableError);
    expect(error).toMatchObject({
      status: 429,
      retryAfterSeconds: 1,
      message: 'ocapi-data PATCH /products/M-00001: HTTP 429 (rate limited)',
    });
    expect(sim.countRequests('PATCH', '/products/M-00001') - before).toBe(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('leaves a 429 on a read to the caller as B2CRequestError, as the catalogue sync expects', async () => {
    sim.faults.add({ path: '/dw/data/v25_6/catalogs', status: 429, times: 1 });
    const { http, sleep } = client();
    await expect(http({ call, url: dataUrl() })).rejects.toSatisfy(
      (e) => e instanceof B2CRequestError && e.status === 429,
    );
    expect(sleep).not.toHaveBeenCalled();
  });

  it('reads Retry-After as seconds or as a date', async () => {
    const answers = ['120', new Date(Date.now() + 30_000).toUTCString(), 'soon'];
    const fetchStub = vi.fn<typeof fetch>(
      async () =>
        new Response('{}', { status: 503, headers: { 'retry-after': answers.shift() ?? '' } }),
    );
    const { http } = client({ fetch: fetchStub, retries: 0 });
    const seconds = async () =>
      ((await http({ call, url: dataUrl() }).catch((e: unknown) => e)) as B2CUnavailableError)
        .retryAfterSeconds;
    expect(await seconds()).toBe(120);
    expect(await seconds()).toBeGreaterThanOrEqual(29);
    expect(await seconds()).toBeNull();
  });

  it('holds the next call to an origin whose rate-limit window is spent until it resets (X-RateLimit-*)', async () => {
    const now = 1_800_000_000_000;
    const answers = [
      { remaining: '0', reset: new Date(now + 5_000).toISOString() },
      { remaining: '9', reset: new Date(now + 60_000).toISOString() },
      { remaining: '0', reset: new Date(now + 600_000).toISOString() },
      {},
    ];
    const fetchStub = vi.fn<typeof fetch>(async () => {
      const { remaining, reset } = answers.shift() ?? {};
      return new Response('{}', {
        status: 200,
        headers: remaining
          ? { 'x-ratelimit-remaining': remaining, 'x-ratelimit-reset': reset! }
          : {},
      });
    });
    const other = sim.url.replace('127.0.0.1', 'localhost');
    const { http, sleep } = client({
      fetch: fetchStub,
      now: () => now,
      allowlist: createHostAllowlist({ extraAllowedHosts: [sim.url, other] }),
    });
    await http({ call, url: dataUrl() });
    expect(sleep).not.toHaveBeenCalled();
    await http({ call, url: dataUrl() });
    expect(sleep.mock.calls).toEqual([[5_000]]);
    await http({ call, url: dataUrl() });
    expect(sleep).toHaveBeenCalledTimes(1);
    // A reset further away than the per-minute window is a clock out of step: at most a minute.
    await http({ call, url: dataUrl() });
    expect(sleep.mock.calls.at(-1)).toEqual([RATE_LIMIT_MAX_WAIT_MS]);
    // Another origin is not held by this one's window.
    answers.push({ remaining: '0', reset: new Date(now + 5_000).toISOString() });
    await http({ call, url: dataUrl() });
    await http({ call, url: `${other}/am/dw/rest/v1/users/current` });
    expect(sleep).toHaveBeenCalledTimes(2);
  });

  it('takes a 429 without Retry-After to last until the rate-limit window resets', async () => {
    const now = 1_800_000_000_000;
    const fetchStub = vi.fn<typeof fetch>(
      async () =>
        new Response('', {
          status: 429,
          headers: {
            'x-ratelimit-limit': '60',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': new Date(now + 42_000).toISOString(),
          },
        }),
    );
    const { http } = client({ fetch: fetchStub, now: () => now });
    const error = await http({ ...patchCall, url: patchUrl() }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 42 });
  });

  it('times out each attempt and reports a timeout after the retries', async () => {
    sim.faults.add({ path: '/dw/data/v25_6/catalogs', latencyMs: 2000 });
    const { http } = client({ timeoutMs: 50, retries: 1 });
    const before = sim.countRequests('GET', '/catalogs');
    const error = await http({ call, url: dataUrl() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(B2CUnavailableError);
    expect((error as Error).message).toContain('timed out');
    // Each attempt is cut off on its own: the first, then one retry.
    expect(sim.countRequests('GET', '/catalogs') - before).toBe(2);
  });

  it('refuses a URL off the allowlist before any request leaves', async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    const { http } = client({ fetch: fetchSpy });
    for (const url of [
      'https://example.com/x',
      'http://127.0.0.1:1/x',
      'http://169.254.169.254/',
    ]) {
      await expect(http({ call, url })).rejects.toBeInstanceOf(B2CHostNotAllowedError);
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('does not follow redirects, which could lead off the allowlist', async () => {
    const fetchSpy = vi.fn<typeof fetch>(
      async () =>
        new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/' } }),
    );
    const { http } = client({ fetch: fetchSpy });
    await expect(http({ call, url: dataUrl() })).rejects.toMatchObject({ status: 302 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy.mock.calls[0]?.[1]?.redirect).toBe('manual');
  });
});
