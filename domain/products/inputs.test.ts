import { describe, expect, it } from 'vitest';
import { type FilteredProduct, matchesProductFilters, productFiltersInput } from './inputs';

const scope = { orgId: 'org_acme', envId: 'env_prod' };
const product = (more: Partial<FilteredProduct>): FilteredProduct => ({
  b2cProductId: 'alpine-rain-jacket',
  kind: 'master',
  online: true,
  catalogIds: ['acme-master'],
  categoryIds: ['mens-outerwear'],
  ...more,
});
const shows = (p: FilteredProduct, more: object = {}) =>
  matchesProductFilters(p, productFiltersInput.parse({ ...scope, ...more }));

describe('the products list filters', () => {
  it('show online products unless asked, in the catalog and category chosen', () => {
    expect(shows(product({}))).toBe(true);
    expect(shows(product({ online: false }))).toBe(false);
    expect(shows(product({ online: false }), { showOffline: true })).toBe(true);
    expect(shows(product({}), { catalog: 'acme-storefront' })).toBe(false);
    expect(shows(product({}), { categoryId: 'mens-outerwear' })).toBe(true);
  });

  it('find ids by their start; variants only by id', () => {
    expect(shows(product({}), { b2cProductId: 'alpine' })).toBe(true);
    expect(shows(product({}), { b2cProductId: 'rain' })).toBe(false);
    const variant = product({ kind: 'variant', b2cProductId: 'alpine-rain-jacket-navy-m' });
    expect(shows(variant)).toBe(false);
    expect(shows(variant, { b2cProductId: 'alpine-rain-jacket-navy' })).toBe(true);
  });

  it('by type: every base kind, or variation groups', () => {
    for (const kind of ['master', 'item', 'set', 'bundle'] as const)
      expect(shows(product({ kind }), { productType: 'base' })).toBe(true);
    expect(shows(product({ kind: 'variation_group' }), { productType: 'base' })).toBe(false);
    expect(shows(product({ kind: 'variation_group' }), { productType: 'variation-group' })).toBe(
      true,
    );
  });
});
