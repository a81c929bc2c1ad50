import { describe, expect, it } from 'vitest';
import { landingPagesSearch } from '~/domain/landing-pages/search';
import { homeSearch } from '~/domain/monitoring/search';
import { productDetailSearch, productsSearch } from '~/domain/products/search';
import { reviewsSearch } from '~/domain/reviews/search';
import { settingsSearch } from '~/domain/settings/search';

describe('route search parameters', () => {
  it('gives the reviews defaults: page 1, 48 a page, pending, all agents, online only', () => {
    expect(reviewsSearch.parse({})).toEqual({
      page: 1,
      pageSize: 48,
      reviewStatus: 'pending',
      agentType: 'all',
      b2cProductId: undefined,
      showOffline: false,
    });
  });

  it('falls back to defaults for invalid values instead of failing', () => {
    const parsed = reviewsSearch.parse({
      page: -3,
      pageSize: 1000,
      agentType: 'pricing',
      reviewStatus: 'maybe',
    });
    expect(parsed).toMatchObject({
      page: 1,
      pageSize: 48,
      agentType: 'all',
      reviewStatus: 'pending',
    });
  });

  it('accepts only known agent types or all', () => {
    expect(reviewsSearch.parse({ agentType: 'seo' }).agentType).toBe('seo');
    expect(reviewsSearch.parse({ agentType: 'all' }).agentType).toBe('all');
    expect(reviewsSearch.parse({ agentType: 'SEO' }).agentType).toBe('all');
  });

  it('gives the products defaults: 24 a page, default language, base and variation-group types', () => {
    expect(productsSearch.parse({})).toMatchObject({
      page: 1,
      pageSize: 24,
      language: 'default',
      showOffline: false,
    });
    expect(productsSearch.parse({ productType: 'variation-group' }).productType).toBe(
      'variation-group',
    );
    expect(productsSearch.parse({ productType: 'master' }).productType).toBeUndefined();
  });

  it('defaults the home view to results and settings to org-settings', () => {
    expect(homeSearch.parse({ view: 'weird' }).view).toBe('results');
    expect(settingsSearch.parse({}).view).toBe('org-settings');
    expect(settingsSearch.parse({ view: 'users' }).view).toBe('users');
  });

  it('gives the landing pages defaults: page 1, 48 a page; invalid values fall back', () => {
    expect(landingPagesSearch.parse({})).toEqual({ page: 1, pageSize: 48 });
    expect(landingPagesSearch.parse({ page: 3 })).toEqual({ page: 3, pageSize: 48 });
    expect(landingPagesSearch.parse({ page: 'two', pageSize: 10 })).toEqual({
      page: 1,
      pageSize: 48,
    });
  });

  it('gives the product detail defaults: default language, JSON hidden, online only', () => {
    expect(productDetailSearch.parse({})).toMatchObject({
      language: 'default',
      showJson: false,
      showOffline: false,
    });
    expect(productDetailSearch.parse({ showJson: true, language: 'fr-FR' })).toMatchObject({
      showJson: true,
      language: 'fr-FR',
    });
    expect(productDetailSearch.parse({ showJson: 'yes', language: '' })).toMatchObject({
      showJson: false,
      language: 'default',
    });
  });
});
