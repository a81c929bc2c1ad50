import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseWebdavPermissions, webdavPermissionsSnippet } from '~/domain/instances/snippets';
import { type B2CSimulator, createB2CSimulator } from '~/simulators/b2c';
import { B2CAuthError, B2CPermissionError, B2CUnavailableError } from './errors';
import { createB2CGateway, type RealB2CGateway } from './gateway.impl';
import { basicAuth } from './http';
import { parseMultistatus, WEBDAV_IMPEX_PATH } from './webdav';

const HOST = 'zzte-003.dx.commercecloud.salesforce.com';
let sim: B2CSimulator;
let gateway: RealB2CGateway;
let creds: { clientId: string; secret: string };

beforeAll(async () => {
  sim = await createB2CSimulator();
  gateway = createB2CGateway({ ...sim.gatewayConfig(), retryBaseMs: 1, timeoutMs: 200 });
  const created = await gateway.ensureApiClient({
    orgId: 'org-webdav',
    accountManagerToken: await sim.userToken('maya@beacon.test'),
  });
  creds = { clientId: created.clientId, secret: created.secret ?? '' };
});
afterAll(() => sim.stop());
afterEach(() => {
  sim.faults.clear();
  sim.instance(HOST).settings.webdav = null;
});

/** A token for the API client, straight from the simulator's Account Manager. */
const clientToken = () => sim.token(creds);

const grant = (operations: ('read' | 'read_write')[]) => {
  const parsed = parseWebdavPermissions(webdavPermissionsSnippet(creds.clientId));
  if (!parsed.ok) throw new Error(parsed.error);
  const value = parsed.value;
  value.clients[0]!.permissions[0]!.operations = operations;
  sim.instance(HOST).settings.webdav = value;
};

describe('WebDAV client', () => {
  it('lists /impex one level deep and writes then deletes a probe file', async () => {
    grant(['read_write']);
    const webdav = gateway.instanceClients(HOST, creds).webdav;
    const entries = await webdav.listImpex();
    expect(entries.map((e) => [e.name, e.isCollection])).toEqual([
      ['log', true],
      ['src', true],
    ]);
    const filesBefore = [...sim.instance(HOST).files.keys()];
    const puts = sim.countRequests('PUT', '/impex/beacon-probe-');
    const deletes = sim.countRequests('DELETE', '/impex/beacon-probe-');
    await webdav.writeProbe();
    expect(sim.countRequests('PUT', '/impex/beacon-probe-') - puts).toBe(1);
    expect(sim.countRequests('DELETE', '/impex/beacon-probe-') - deletes).toBe(1);
    expect([...sim.instance(HOST).files.keys()]).toEqual(filesBefore);
  });

  it('is refused without permissions, and read-only permissions refuse the write probe', async () => {
    const webdav = gateway.instanceClients(HOST, creds).webdav;
    await expect(webdav.listImpex()).rejects.toMatchObject({
      name: 'B2CPermissionError',
      call: { api: 'webdav', method: 'PROPFIND', resource: '/impex/' },
    });
    grant(['read']);
    await expect(webdav.listImpex()).resolves.toHaveLength(2);
    const error = await webdav.writeProbe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(B2CPermissionError);
    expect((error as B2CPermissionError).call.method).toBe('PUT');
  });

  it('answers a wrong secret with B2CAuthError (from the token request)', async () => {
    grant(['read_write']);
    const webdav = gateway.instanceClients(HOST, { ...creds, secret: 'nope' }).webdav;
    await expect(webdav.listImpex()).rejects.toBeInstanceOf(B2CAuthError);
  });

  it('authenticates with the API client’s bearer token and asks for Depth 1', async () => {
    grant(['read_write']);
    const sent: { method: string; url: string; headers: Headers }[] = [];
    const spying = createB2CGateway({
      ...sim.gatewayConfig(),
      fetch: async (input, init) => {
        sent.push({
          method: init?.method ?? 'GET',
          url: String(input),
          headers: new Headers(init?.headers),
        });
        return fetch(input, init);
      },
    });
    await spying.instanceClients(HOST, creds).webdav.listImpex();
    const propfind = sent.filter((r) => r.method === 'PROPFIND');
    expect(propfind).toHaveLength(1);
    expect(propfind[0]!.headers.get('depth')).toBe('1');
    expect(propfind[0]!.headers.get('authorization')).toMatch(/^Bearer \S+$/);
    // The token came from Account Manager with the API client's own id and secret.
    const tokenRequest = sent.find((r) => r.url.endsWith('/dwsso/oauth2/access_token'));
    expect(tokenRequest?.headers.get('authorization')).toBe(
      basicAuth(creds.clientId, creds.secret),
    );
  });

  it('simulator: refuses Basic credentials, a missing or unknown token (401)', async () => {
    grant(['read_write']);
    const url = `${sim.baseUrlFor(HOST)}${WEBDAV_IMPEX_PATH}/`;
    const propfind = (headers: Record<string, string>) =>
      fetch(url, { method: 'PROPFIND', headers: { depth: '1', ...headers } });
    for (const headers of [
      {} as Record<string, string>,
      { authorization: basicAuth(creds.clientId, creds.secret) },
      { authorization: 'Bearer not-a-token' },
    ]) {
      const response = await propfind(headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
    }
    const token = await clientToken();
    expect((await propfind({ authorization: `Bearer ${token}` })).status).toBe(207);
  });

  it('simulator: refuses PROPFIND without Depth or with Depth infinity (403, finite depth)', async () => {
    grant(['read_write']);
    const url = `${sim.baseUrlFor(HOST)}${WEBDAV_IMPEX_PATH}/`;
    const authorization = `Bearer ${await clientToken()}`;
    const refused: Record<string, string>[] = [
      { authorization },
      { authorization, depth: 'infinity' },
    ];
    for (const headers of refused) {
      const response = await fetch(url, { method: 'PROPFIND', headers });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('<D:propfind-finite-depth/>');
    }
    const malformed = await fetch(url, {
      method: 'PROPFIND',
      headers: { authorization, depth: '2' },
    });
    expect(malformed.status).toBe(400);
    const zero = await fetch(url, { method: 'PROPFIND', headers: { authorization, depth: '0' } });
    expect(zero.status).toBe(207);
    // Depth 0 describes /impex only.
    expect(parseMultistatus(await zero.text())).toHaveLength(1);
  });

  it('times out and retries PROPFIND, then reports the instance unavailable', async () => {
    grant(['read_write']);
    sim.faults.add({ path: '/webdav/Sites/impex', method: 'PROPFIND', latencyMs: 1000 });
    const before = sim.countRequests('PROPFIND', '/impex');
    await expect(gateway.instanceClients(HOST, creds).webdav.listImpex()).rejects.toBeInstanceOf(
      B2CUnavailableError,
    );
    expect(sim.countRequests('PROPFIND', '/impex') - before).toBe(3);
  });

  it('parses multistatus with any namespace prefix', () => {
    const xml = `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"><d:response><d:href>/on/demandware.servlet/webdav/Sites/impex/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop></d:propstat></d:response><d:response><d:href>/on/demandware.servlet/webdav/Sites/impex/a%20b.xml</d:href><d:propstat><d:prop><d:resourcetype/></d:prop></d:propstat></d:response></d:multistatus>`;
    expect(parseMultistatus(xml)).toEqual([
      { href: '/on/demandware.servlet/webdav/Sites/impex/', name: 'impex', isCollection: true },
      {
        href: '/on/demandware.servlet/webdav/Sites/impex/a b.xml',
        name: 'a b.xml',
        isCollection: false,
      },
    ]);
  });
});
