/**
 * Auth.js builds its URLs (callbacks, redirects) on PUBLIC_URL, or on this server's own address when
 * unset, and never on the Host or X-Forwarded-Host a client sends (docs/security.md, rule 9).
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

const PUBLIC_URL = 'https://beacon.example.com';

/** GET with headers fetch will not send as given (Host). */
function get(base: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL(path, base);
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const callbacks = (body: string) =>
  Object.values(
    JSON.parse(body) as Record<string, { callbackUrl: string; signinUrl: string }>,
  ).flatMap((p) => [p.callbackUrl, p.signinUrl]);

describe('Auth.js URLs', () => {
  let withPublicUrl: TestServer;
  let without: TestServer;
  beforeAll(async () => {
    withPublicUrl = await startTestServer({ publicUrl: PUBLIC_URL });
    without = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    await withPublicUrl?.close();
    await without?.close();
  });

  it('Host: evil.example → the providers list callbacks on PUBLIC_URL', async () => {
    for (const headers of <Record<string, string>[]>[
      { host: 'evil.example' },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    ]) {
      const res = await get(withPublicUrl.url, '/api/auth/providers', headers);
      expect(res.status).toBe(200);
      const urls = callbacks(res.body);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url.startsWith(`${PUBLIC_URL}/api/auth/`), url).toBe(true);
      expect(res.body).not.toContain('evil.example');
    }
  });

  it('without PUBLIC_URL, on the address the server answered on, not on the Host header', async () => {
    const res = await get(without.url, '/api/auth/providers', {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(res.status).toBe(200);
    for (const url of callbacks(res.body))
      expect(url.startsWith(`${without.url}/api/auth/`), url).toBe(true);
    expect(res.body).not.toContain('evil.example');
  });
});
