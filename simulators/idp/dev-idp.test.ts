import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEV_IDP_CLIENTS, startDevIdp } from './dev-idp';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('startDevIdp', () => {
  it('refuses to start when NODE_ENV=production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    await expect(startDevIdp({ port: 0, listUsers: async () => [] })).rejects.toThrow(
      'refuses to start when NODE_ENV=production',
    );
  });

  it('publishes OIDC discovery on loopback with clients for both providers', async () => {
    const idp = await startDevIdp({ port: 0, listUsers: async () => [] });
    try {
      expect(idp.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const discovery = (await (
        await fetch(`${idp.issuer}/.well-known/openid-configuration`)
      ).json()) as { issuer: string; code_challenge_methods_supported: string[] };
      expect(discovery.issuer).toBe(idp.issuer);
      expect(discovery.code_challenge_methods_supported).toContain('S256');
      expect(DEV_IDP_CLIENTS.salesforce.clientId).not.toBe(DEV_IDP_CLIENTS.google.clientId);
    } finally {
      await idp.close();
    }
  });
});
