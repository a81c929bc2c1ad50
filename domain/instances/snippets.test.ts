import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTENT_BODY_DEFINITION_PATH } from './ocapi';
import {
  ocapiDataSettingsSnippet,
  ocapiGrants,
  ocapiResourceMatches,
  ocapiShopSettingsSnippet,
  parseOcapiSettings,
  parseWebdavPermissions,
  SETTINGS_BLOCK_LABEL,
  VERIFY_MESSAGES,
  webdavGrants,
  webdavPermissionsSnippet,
} from './snippets';

const CLIENT = 'a1b2c3d4-0000-4000-8000-000000000001';

describe('OCAPI settings snippets', () => {
  it.each([
    ['data', ocapiDataSettingsSnippet],
    ['shop', ocapiShopSettingsSnippet],
  ])('%s: version 21.10, one client, /** with every method and (**) attributes', (_, snippet) => {
    expect(JSON.parse(snippet(CLIENT))).toEqual({
      _v: '21.10',
      clients: [
        {
          client_id: CLIENT,
          resources: [
            {
              resource_id: '/**',
              methods: ['get', 'post', 'put', 'patch', 'delete'],
              read_attributes: '(**)',
              write_attributes: '(**)',
            },
          ],
        },
      ],
    });
  });

  it('parses back through the schema and grants every method on any resource', () => {
    const parsed = parseOcapiSettings(ocapiDataSettingsSnippet(CLIENT));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      expect(ocapiGrants(parsed.value, CLIENT, '/products/abc', method)).toBe(true);
    }
    expect(ocapiGrants(parsed.value, 'someone-else', '/catalogs', 'get')).toBe(false);
  });

  it('grants the content asset body attribute check landing pages make before the first publish', () => {
    // `/**` covers it: a snippet narrowed to named resources must keep this GET (ADR 0042).
    const parsed = parseOcapiSettings(ocapiDataSettingsSnippet(CLIENT));
    expect(
      parsed.ok && ocapiGrants(parsed.value, CLIENT, CONTENT_BODY_DEFINITION_PATH, 'get'),
    ).toBe(true);
    expect(CONTENT_BODY_DEFINITION_PATH).toBe(
      '/system_object_definitions/Content/attribute_definitions/body',
    );
  });

  it('rejects text that is not JSON or not the settings shape, saying where', () => {
    expect(parseOcapiSettings('{')).toEqual({
      ok: false,
      error: 'The settings are not valid JSON.',
    });
    const wrong = parseOcapiSettings(
      JSON.stringify({ _v: '21.10', clients: [{ client_id: 'x' }] }),
    );
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.error).toContain('clients.0.resources');
  });
});

describe('WebDAV permissions snippet', () => {
  it('grants read_write on /impex to the client', () => {
    expect(JSON.parse(webdavPermissionsSnippet(CLIENT))).toEqual({
      clients: [
        { client_id: CLIENT, permissions: [{ path: '/impex', operations: ['read_write'] }] },
      ],
    });
    const parsed = parseWebdavPermissions(webdavPermissionsSnippet(CLIENT));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(webdavGrants(parsed.value, CLIENT, '/impex/probe.txt', 'read_write')).toBe(true);
    expect(webdavGrants(parsed.value, CLIENT, '/impex', 'read')).toBe(true);
    expect(webdavGrants(parsed.value, CLIENT, '/impexfoo', 'read')).toBe(false);
    expect(webdavGrants(parsed.value, CLIENT, '/catalogs/x', 'read')).toBe(false);
  });

  it('read-only permissions do not grant writes', () => {
    const readOnly = {
      clients: [
        { client_id: CLIENT, permissions: [{ path: '/impex', operations: ['read' as const] }] },
      ],
    };
    expect(webdavGrants(readOnly, CLIENT, '/impex/a', 'read')).toBe(true);
    expect(webdavGrants(readOnly, CLIENT, '/impex/a', 'read_write')).toBe(false);
  });
});

describe('ocapiResourceMatches', () => {
  it.each([
    ['/**', '/catalogs', true],
    ['/**', '/catalogs/a/categories', true],
    ['/catalogs', '/catalogs', true],
    ['/catalogs', '/catalogs/a', false],
    ['/products/*', '/products/abc', true],
    ['/products/*', '/products/abc/variations', false],
    ['/catalogs/*/categories', '/catalogs/m/categories', true],
    ['/product_search', '/product.search', false],
  ])('%s matches %s: %s', (pattern, resource, expected) => {
    expect(ocapiResourceMatches(pattern, resource)).toBe(expected);
  });

  it('/** matches every resource path', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z0-9_]{1,8}$/), { maxLength: 5 }), (segs) => {
        expect(ocapiResourceMatches('/**', `/${segs.join('/')}`)).toBe(true);
      }),
    );
  });
});

describe('verify messages', () => {
  it('name the missing block and the refused call', () => {
    expect(VERIFY_MESSAGES.missingSettings('webdav', 'put', '/impex/x.txt')).toContain(
      'WebDAV client permissions for /impex',
    );
    expect(VERIFY_MESSAGES.missingSettings('ocapi-data', 'get', '/catalogs')).toMatch(
      /^OCAPI Data settings missing: GET \/catalogs/,
    );
    expect(SETTINGS_BLOCK_LABEL['ocapi-shop']).toBe('OCAPI Shop settings');
    expect(VERIFY_MESSAGES.badCredentials('abc')).toContain('id or secret is wrong');
  });

  it('the Shop step before the Data settings names both blocks, Data first', () => {
    expect(VERIFY_MESSAGES.shopNeedsDataSettings('get', '/sites')).toBe(
      'OCAPI Shop settings cannot be checked yet: Beacon finds the storefront site through the OCAPI Data settings, and GET /sites was refused (403). Paste the OCAPI Data settings snippet first, then the OCAPI Shop settings snippet.',
    );
  });
});
