import { describe, expect, it } from 'vitest';
import {
  contentAssetPutSchema,
  OCAPI_API_VERSION,
  OCAPI_DATA_PATH,
  ocapiShopPath,
  productPatchSchema,
  productSearchRequestSchema,
} from './ocapi';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('OCAPI requests as the spec documents them', () => {
  it('speaks v25_6 for Data and Shop', () => {
    expect(OCAPI_API_VERSION).toBe('v25_6');
    expect(OCAPI_DATA_PATH).toBe('/s/-/dw/data/v25_6');
    expect(ocapiShopPath('Ref Arch')).toBe('/s/Ref%20Arch/dw/shop/v25_6');
  });

  it('writes markup attributes as their source: markup is read only', () => {
    const base = { _resource_state: 'state' };
    expect(
      ok(productPatchSchema, { ...base, long_description: { default: { source: 'x' } } }),
    ).toBe(true);
    expect(
      ok(productPatchSchema, { ...base, long_description: { default: { markup: 'x' } } }),
    ).toBe(false);
    expect(ok(productPatchSchema, { long_description: { default: { source: 'x' } } })).toBe(false);
    const asset = { id: 'a', name: {}, online: {} };
    expect(ok(contentAssetPutSchema, { ...asset, c_body: { default: { source: '<p/>' } } })).toBe(
      true,
    );
    expect(ok(contentAssetPutSchema, { ...asset, c_body: { default: '<p/>' } })).toBe(false);
  });

  it('searches products only as product_search documents', () => {
    const all = { match_all_query: {} };
    expect(ok(productSearchRequestSchema, { query: all, sorts: [{ field: 'id' }] })).toBe(true);
    expect(
      ok(productSearchRequestSchema, { query: all, sorts: [{ field: 'last_modified' }] }),
    ).toBe(false);
    expect(ok(productSearchRequestSchema, { query: all, expand: ['all', 'categories'] })).toBe(
      true,
    );
    expect(ok(productSearchRequestSchema, { query: all, expand: ['variations'] })).toBe(false);
    expect(ok(productSearchRequestSchema, { query: all, count: 200, start: 0 })).toBe(true);
    expect(ok(productSearchRequestSchema, { query: all, count: 201 })).toBe(false);
    expect(ok(productSearchRequestSchema, { query: all, start: -1 })).toBe(false);
    const since = {
      filtered_query: {
        query: all,
        filter: { range_filter: { field: 'last_modified', from: '2026-11-01T00:00:00Z' } },
      },
    };
    expect(ok(productSearchRequestSchema, { query: since })).toBe(true);
    const open = { filtered_query: { query: all, filter: { range_filter: { field: 'id' } } } };
    expect(ok(productSearchRequestSchema, { query: open })).toBe(false);
    expect(ok(productSearchRequestSchema, { query: { ...all, text_query: {} } })).toBe(false);
  });
});
