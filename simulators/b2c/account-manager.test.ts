/** The simulated Account Manager and sandbox API on the wire, as the specifications give them. */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  SIM_AM_ORG_ID,
  SIM_LOOPBACK_REDIRECT_URL,
  SIM_SIGN_IN_CLIENT_ID,
} from './account-manager-data';
import { type B2CSimulator, createB2CSimulator, SIM_ADMIN_CLIENT } from './simulator';

let sim: B2CSimulator;
beforeAll(async () => {
  sim = await createB2CSimulator({ seed: 5 });
});
afterAll(() => sim.stop());
afterEach(() => sim.setActivationDelay(0));

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const ADMIN = basic(SIM_ADMIN_CLIENT.clientId, SIM_ADMIN_CLIENT.clientSecret);
const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
const rest = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${sim.accountManagerUrl}/dw/rest/v1${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });

/** The authorization code flow by hand: the sign-in form, then the code for a token. */
async function signIn(
  login: string,
  {
    scope = 'mail roles tenantFilter openid',
    verifier = randomBytes(32).toString('base64url'),
  } = {},
) {
  const params = {
    client_id: SIM_ADMIN_CLIENT.clientId,
    redirect_uri: SIM_LOOPBACK_REDIRECT_URL,
    response_type: 'code',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'xyz',
    scope,
  };
  const page = await fetch(
    `${sim.accountManagerUrl}/dwsso/oauth2/authorize?${new URLSearchParams(params)}`,
  );
  const form = await fetch(`${sim.accountManagerUrl}/dwsso/oauth2/authorize`, {
    method: 'POST',
    body: new URLSearchParams({ ...params, login }),
    redirect: 'manual',
  });
  const location = new URL(form.headers.get('location') ?? 'x:');
  const exchange = (codeVerifier: string) =>
    fetch(`${sim.accountManagerUrl}/dwsso/oauth2/access_token`, {
      method: 'POST',
      headers: { authorization: ADMIN },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: location.searchParams.get('code') ?? '',
        redirect_uri: SIM_LOOPBACK_REDIRECT_URL,
        code_verifier: codeVerifier,
      }),
    });
  return { page, location, exchange, verifier };
}

describe('OAuth', () => {
  it('signs a person in with the authorization code and PKCE, once per code', async () => {
    const { page, location, exchange, verifier } = await signIn('maya@beacon.test');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('maya@beacon.test');
    expect(html).toContain('sam@beacon.test');
    expect(location.origin + location.pathname).toBe(`${SIM_LOOPBACK_REDIRECT_URL}/`);
    expect(location.searchParams.get('state')).toBe('xyz');

    expect((await exchange('not-the-verifier')).status).toBe(400);
    // The failed attempt used the code up.
    expect(await (await exchange(verifier)).json()).toEqual({ error: 'invalid_grant' });

    const again = await signIn('maya@beacon.test');
    const answer = (await (await again.exchange(again.verifier)).json()) as {
      access_token: string;
      expires_in: number;
    };
    expect(answer.expires_in).toBe(1799);
    expect(claims(answer.access_token)).toMatchObject({
      client_id: SIM_ADMIN_CLIENT.clientId,
      grant_type: 'authorization_code',
      mail: 'maya@beacon.test',
      roles: ['AM_API_ADMIN', 'CCDX_SBX_USER', 'ECOM_USER'],
      tenantFilter: 'CCDX_SBX_USER:zzte_sbx;ECOM_USER:zzte_prd',
    });
  });

  it('puts roles and the tenant filter in the token only when their scopes are asked', async () => {
    const { exchange, verifier } = await signIn('maya@beacon.test', { scope: 'mail' });
    const { access_token } = (await (await exchange(verifier)).json()) as { access_token: string };
    expect(claims(access_token)).not.toHaveProperty('roles');
    expect(claims(access_token)).not.toHaveProperty('tenantFilter');
  });

  it('sends nothing to a redirect URL the client did not register; names other errors there', async () => {
    const base = {
      client_id: SIM_ADMIN_CLIENT.clientId,
      redirect_uri: 'https://evil.example/callback',
      response_type: 'code',
    };
    const unregistered = await fetch(
      `${sim.accountManagerUrl}/dwsso/oauth2/authorize?${new URLSearchParams(base)}`,
      { redirect: 'manual' },
    );
    expect(unregistered.status).toBe(400);
    const unsupported = await fetch(
      `${sim.accountManagerUrl}/dwsso/oauth2/authorize?${new URLSearchParams({ ...base, redirect_uri: SIM_LOOPBACK_REDIRECT_URL, response_type: 'id_token' })}`,
      { redirect: 'manual' },
    );
    expect(unsupported.status).toBe(302);
    expect(unsupported.headers.get('location')).toContain('error=unsupported_response_type');
  });

  it('answers the implicit flow (sfcc-ci auth:login) with the token in the fragment', async () => {
    const implicit = {
      client_id: SIM_ADMIN_CLIENT.clientId,
      redirect_uri: SIM_LOOPBACK_REDIRECT_URL,
      response_type: 'token',
      state: 'st',
    };
    const page = await fetch(
      `${sim.accountManagerUrl}/dwsso/oauth2/authorize?${new URLSearchParams(implicit)}`,
    );
    expect(await page.text()).toContain('<input type="hidden" name="response_type" value="token">');
    const chosen = await fetch(`${sim.accountManagerUrl}/dwsso/oauth2/authorize`, {
      method: 'POST',
      body: new URLSearchParams({ ...implicit, login: 'ada@beacon.test' }),
      redirect: 'manual',
    });
    const back = new URL(chosen.headers.get('location') ?? 'x:');
    expect(back.origin + back.pathname + back.search).toBe(`${SIM_LOOPBACK_REDIRECT_URL}/`);
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect(Object.fromEntries(fragment)).toMatchObject({
      token_type: 'Bearer',
      expires_in: '1799',
      scope: 'mail roles tenantFilter openid',
      state: 'st',
    });
    const token = fragment.get('access_token') ?? '';
    expect(claims(token)).toMatchObject({ grant_type: 'implicit', mail: 'ada@beacon.test' });
    expect((await rest('/users/current', token)).status).toBe(200);

    // A public client is set up for the code with PKCE, not for the implicit flow.
    const publicClient = await fetch(
      `${sim.accountManagerUrl}/dwsso/oauth2/authorize?${new URLSearchParams({ ...implicit, client_id: SIM_SIGN_IN_CLIENT_ID, redirect_uri: 'http://localhost:5173/api/auth/callback/salesforce' })}`,
      { redirect: 'manual' },
    );
    expect(publicClient.headers.get('location')).toContain('error=unsupported_response_type');
  });
});

describe('REST API', () => {
  it('answers a missing or unknown token with the documented 401', async () => {
    const response = await rest('/instances', 'nope');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      errors: [
        {
          message: 'Full authentication is required to access this resource',
          code: 'InsufficientAuthenticationException',
          fieldErrors: null,
        },
      ],
    });
  });

  it('pages collections and refuses a bad page size', async () => {
    const token = await sim.token();
    const first = await rest('/instances?page=0&size=2', token);
    expect(await first.json()).toMatchObject({
      content: [{ id: 'zzte_002' }, { id: 'zzte_003' }],
      totalElements: 3,
      totalPages: 2,
      number: 0,
      size: 2,
    });
    expect((await rest('/instances?size=0', token)).status).toBe(400);
    // A client's token is not a person.
    expect((await rest('/users/current', token)).status).toBe(403);
  });

  it("lists the users of the principal's organizations to a User or Account Administrator", async () => {
    // Beacon's client holds Account Administrator; a client needs User Administrator.
    expect((await rest('/users', await sim.token())).status).toBe(403);
    expect((await rest('/users', await sim.userToken('maya@beacon.test'))).status).toBe(403);
    const ada = await rest('/users?page=0&size=2', await sim.userToken('ada@beacon.test'));
    expect(ada.status).toBe(200);
    expect(await ada.json()).toEqual({
      content: [
        expect.objectContaining({ mail: 'maya@beacon.test', userState: 'ENABLED', verifiers: [] }),
        expect.objectContaining({ mail: 'ada@beacon.test', roles: ['AM_ACCOUNT_ADMIN'] }),
      ],
    });
  });

  it('creates API clients inactive, never answering the secret, and checks the fields', async () => {
    const maya = await sim.userToken('maya@beacon.test');
    const password = 'Sim-secret-123456!';
    const created = await rest('/apiclients', maya, {
      method: 'POST',
      body: JSON.stringify({ name: 'Beacon', organizations: [SIM_AM_ORG_ID], password }),
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as Record<string, unknown>;
    expect(created.headers.get('location')).toMatch(new RegExp(`/apiclients/${body.id}$`));
    expect(body).toMatchObject({ active: false, roles: [], organizations: [SIM_AM_ORG_ID] });
    expect(JSON.stringify(body)).not.toContain(password);
    expect(body).not.toHaveProperty('password');

    const missing = await rest('/apiclients', maya, {
      method: 'POST',
      body: JSON.stringify({ organizations: [SIM_AM_ORG_ID], password }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      errors: [
        {
          message: 'invalid argument APIClient',
          fieldErrors: [{ field: 'name', code: 'NotNull', defaultMessage: 'must not be null' }],
        },
      ],
    });
  });

  it('updates partially, sets a password only given the old one, and activation may lag', async () => {
    const maya = await sim.userToken('maya@beacon.test');
    const old = 'Old-secret-123456!';
    const { id } = (await (
      await rest('/apiclients', maya, {
        method: 'POST',
        body: JSON.stringify({ name: 'Temp', organizations: [SIM_AM_ORG_ID], password: old }),
      })
    ).json()) as { id: string };
    const put = (path: string, json: unknown) =>
      rest(path, maya, { method: 'PUT', body: JSON.stringify(json) });

    // APIClientUpdate has no password.
    expect((await put(`/apiclients/${id}`, { password: 'New-secret-123456!' })).status).toBe(400);
    sim.setActivationDelay(60);
    const renamed = (await (
      await put(`/apiclients/${id}`, { name: 'Renamed', active: true })
    ).json()) as Record<string, unknown>;
    expect(renamed).toMatchObject({
      name: 'Renamed',
      active: true,
      organizations: [SIM_AM_ORG_ID],
    });
    const token = (secret: string) =>
      fetch(`${sim.accountManagerUrl}/dwsso/oauth2/access_token`, {
        method: 'POST',
        headers: { authorization: basic(id, secret) },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
    // Active, but not working yet.
    expect((await token(old)).status).toBe(401);
    sim.apiClients.get(id)!.usableFrom = Date.now();

    expect(
      (
        await put(`/apiclients/${id}/password`, {
          old: 'wrong-one-12345',
          new: 'New-secret-123456!',
        })
      ).status,
    ).toBe(400);
    expect(
      (await put(`/apiclients/${id}/password`, { old, new: 'New-secret-123456!' })).status,
    ).toBe(204);
    expect((await token(old)).status).toBe(401);
    expect((await token('New-secret-123456!')).status).toBe(200);
  });
});

describe('sandbox API', () => {
  it('answers in its own envelope: 401 without a token, 403 without the role', async () => {
    const unauthenticated = await fetch(`${sim.sandboxApiUrl}/api/v1/sandboxes`);
    expect(unauthenticated.status).toBe(401);
    expect(await unauthenticated.json()).toMatchObject({
      kind: 'Status',
      code: 401,
      status: 'Failure',
    });
    const sam = await fetch(`${sim.sandboxApiUrl}/api/v1/sandboxes`, {
      headers: { authorization: `Bearer ${await sim.userToken('sam@beacon.test')}` },
    });
    expect(sam.status).toBe(403);
  });

  it('links each sandbox by host name', async () => {
    const response = await fetch(`${sim.sandboxApiUrl}/api/v1/sandboxes`, {
      headers: { authorization: `Bearer ${await sim.userToken('maya@beacon.test')}` },
    });
    const { data } = (await response.json()) as { data: Record<string, unknown>[] };
    const host = 'zzte-001.dx.commercecloud.salesforce.com';
    expect(data).toEqual([
      expect.objectContaining({
        realm: 'zzte',
        instance: '001',
        hostName: host,
        links: expect.objectContaining({
          bm: `https://${host}/on/demandware.store/Sites-Site`,
          impex: `https://${host}/on/demandware.servlet/webdav/Sites/Impex`,
        }),
      }),
    ]);
  });
});

describe("Beacon's development sign-in client (public, PKCE)", () => {
  const verifier = randomBytes(32).toString('base64url');
  const params = (redirectUri: string) => ({
    client_id: SIM_SIGN_IN_CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 's1',
    scope: 'openid mail roles tenantFilter',
  });
  const authorize = (body: Record<string, string>) =>
    fetch(`${sim.accountManagerUrl}/dwsso/oauth2/authorize`, {
      method: 'POST',
      body: new URLSearchParams(body),
      redirect: 'manual',
    });
  const token = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${sim.accountManagerUrl}/dwsso/oauth2/access_token`, {
      method: 'POST',
      headers,
      body: new URLSearchParams(body),
    });

  it("accepts Beacon's callback on any loopback port, and nowhere else", async () => {
    const callback = 'http://127.0.0.1:41234/api/auth/callback/salesforce';
    const ok = await authorize({ ...params(callback), login: 'sam@beacon.test' });
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toMatch(
      /^http:\/\/127\.0\.0\.1:41234\/api\/auth\/callback\/salesforce\?code=/,
    );
    for (const elsewhere of [
      'https://evil.example/api/auth/callback/salesforce',
      'http://127.0.0.1:41234/api/auth/callback/google',
    ]) {
      const refused = await authorize({ ...params(elsewhere), login: 'sam@beacon.test' });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toBe('Unknown client_id or unregistered redirect_uri.');
    }
  });

  it('gives a token for the code with the verifier alone, never to Basic credentials', async () => {
    const callback = 'http://localhost:5173/api/auth/callback/salesforce';
    const picked = await authorize({ ...params(callback), login: 'sam@beacon.test' });
    const code = new URL(picked.headers.get('location') ?? 'x:').searchParams.get('code') ?? '';
    const exchange = { grant_type: 'authorization_code', code, redirect_uri: callback };
    const basicTried = await token(
      { ...exchange, code_verifier: verifier },
      { authorization: basic(SIM_SIGN_IN_CLIENT_ID, '') },
    );
    expect(basicTried.status).toBe(401);
    const answer = await token({
      ...exchange,
      client_id: SIM_SIGN_IN_CLIENT_ID,
      code_verifier: verifier,
    });
    expect(answer.status).toBe(200);
    const { access_token } = (await answer.json()) as { access_token: string };
    // Sam has no role that may manage API clients: the token says so.
    expect(claims(access_token)).toMatchObject({ roles: ['ECOM_USER'], mail: 'sam@beacon.test' });
  });

  it('signs someone new in (typed address): a user of no organization, with no role', async () => {
    const callback = 'http://127.0.0.1:5000/api/auth/callback/salesforce';
    const page = await fetch(
      `${sim.accountManagerUrl}/dwsso/oauth2/authorize?${new URLSearchParams(params(callback))}`,
    );
    const html = await page.text();
    expect(html).toContain('<label for="new-login">E-mail address</label>');
    expect(html).toContain('Sign in as someone new');
    const notTyped = await authorize({ ...params(callback), login: 'new@brand.test' });
    expect(notTyped.status).toBe(400);
    const typed = await authorize({ ...params(callback), login: 'New@Brand.test', new: '1' });
    const code = new URL(typed.headers.get('location') ?? 'x:').searchParams.get('code') ?? '';
    const answer = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: callback,
      client_id: SIM_SIGN_IN_CLIENT_ID,
      code_verifier: verifier,
    });
    const { access_token } = (await answer.json()) as { access_token: string };
    const me = await rest('/users/current', access_token);
    expect(await me.json()).toMatchObject({
      mail: 'new@brand.test',
      roles: [],
      organizations: [],
    });
  });
});
