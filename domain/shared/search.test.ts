import { describe, expect, it } from 'vitest';
import { landingPagesSearch } from '~/domain/landing-pages/search';
import { homeSearch } from '~/domain/monitoring/search';
import { productDetailSearch, productsSearch } from '~/domain/products/search';
import { reviewsSearch } from '~/domain/reviews/search';
import { settingsSearch } from '~/domain/settings/search';
import { authErrorSearch, rootSearch } from '~/domain/shared/search';

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

  it('leaves out an optional parameter that is missing, and reads an invalid one as undefined', () => {
    expect(Object.keys(rootSearch.parse({}))).toEqual([]);
    expect(rootSearch.parse({ campaign: 'aeo' })).toEqual({ campaign: 'aeo' });
    const invalid = rootSearch.parse({ campaign: 42 });
    expect(Object.keys(invalid)).toEqual(['campaign']);
    expect(invalid.campaign).toBeUndefined();
    expect(rootSearch.parse({ campaign: 'x'.repeat(201) }).campaign).toBeUndefined();
    expect(authErrorSearch.parse({ error: 'OAuthAccountNotLinked', email: 'a@b.c' })).toEqual({
      error: 'OAuthAccountNotLinked',
      email: 'a@b.c',
    });
  });

  it('keeps only its own parameters, in its own order', () => {
    expect(Object.keys(settingsSearch.parse({ other: 1, view: 'prompts' }))).toEqual(['view']);
    expect(Object.keys(landingPagesSearch.parse({ pageSize: 48, page: 2, x: 1 }))).toEqual([
      'page',
      'pageSize',
    ]);
  });

  it('takes only whole pages from 1 to 100,000', () => {
    for (const page of [0, -0, 2.5, '3', 100_001, Number.NaN, Infinity, null])
      expect(landingPagesSearch.parse({ page }).page).toBe(1);
    expect(landingPagesSearch.parse({ page: 100_000 }).page).toBe(100_000);
  });

  it('takes OCAPI locale ids only as the language', () => {
    for (const language of ['default', 'fr', 'fr-FR', 'zh-Hant'])
      expect(productsSearch.parse({ language }).language).toBe(language);
    for (const language of ['FR', 'fr_FR', 'french!', 'x'.repeat(21), 3])
      expect(productsSearch.parse({ language }).language).toBe('default');
  });

  it('validates through the Standard Schema interface the router calls', () => {
    expect(homeSearch['~standard'].validate({ llm: 'openai', view: 'config' })).toEqual({
      value: { llm: 'openai', view: 'config' },
    });
    expect(homeSearch['~standard'].validate({ llm: 'mistral' })).toEqual({
      value: { llm: undefined, view: 'results' },
    });
    expect(homeSearch['~standard'].validate(null)).toHaveProperty('issues');
    expect(() => homeSearch.parse('view=config')).toThrow();
  });
});
