import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { B2CHostNotAllowedError } from './errors';
import { createHostAllowlist } from './host-allowlist';

describe('host allowlist', () => {
  const allowlist = createHostAllowlist({ extraAllowedHosts: ['http://127.0.0.1:4010'] });

  it.each([
    'https://zzte-001.dx.commercecloud.salesforce.com/s/-/dw/data/v25_6/catalogs',
    'https://production-eu01-zzte.demandware.net/on/demandware.servlet/webdav/Sites/impex/',
    'https://account.demandware.com/dwsso/oauth2/access_token',
    'http://127.0.0.1:4010/hosts/zzte-001.dx.commercecloud.salesforce.com/s/-/dw/data/v25_6/catalogs',
  ])('allows %s', (url) => {
    expect(() => allowlist.assertAllowedUrl(url)).not.toThrow();
  });

  it.each([
    ['another host', 'https://example.com/'],
    ['a suffix lookalike', 'https://evilcommercecloud.salesforce.com/'],
    ['the bare suffix', 'https://commercecloud.salesforce.com/'],
    ['a suffix inside the name', 'https://demandware.net.evil.io/'],
    ['plain HTTP to a Salesforce host', 'http://zzte-001.dx.commercecloud.salesforce.com/'],
    ['a non-default port', 'https://zzte-001.dx.commercecloud.salesforce.com:8443/'],
    ['credentials in the URL', 'https://user:pw@zzte-001.dx.commercecloud.salesforce.com/'],
    ['the loopback on another port', 'http://127.0.0.1:4011/'],
    ['localhost', 'http://localhost:4010/'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['not a URL', 'zzte-001.dx.commercecloud.salesforce.com'],
  ])('refuses %s', (_, url) => {
    expect(() => allowlist.assertAllowedUrl(url)).toThrow(B2CHostNotAllowedError);
  });

  it('judges bare hosts the same way', () => {
    expect(allowlist.isAllowedHost('ZZTE-001.dx.commercecloud.salesforce.com')).toBe(true);
    expect(allowlist.isAllowedHost('127.0.0.1')).toBe(false);
    expect(allowlist.isAllowedHost('zzte-001.dx.commercecloud.salesforce.com.evil.io')).toBe(false);
  });

  it('takes custom suffixes instead of the defaults', () => {
    const custom = createHostAllowlist({ allowedHostSuffixes: ['.example.test'] });
    expect(custom.isAllowedHost('a.example.test')).toBe(true);
    expect(custom.isAllowedHost('a.demandware.net')).toBe(false);
    expect(custom.isAllowedHost('account.demandware.com')).toBe(true);
  });

  it('refuses every host not under an allowed suffix', () => {
    fc.assert(
      fc.property(fc.domain(), (host) => {
        const allowed = allowlist.isAllowedHost(host);
        const expected =
          host.endsWith('.commercecloud.salesforce.com') ||
          host.endsWith('.demandware.net') ||
          host === 'account.demandware.com';
        expect(allowed).toBe(expected);
      }),
    );
  });
});
