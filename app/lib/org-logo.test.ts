// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { orgDomain, orgLogoConfig, orgLogoUrl, setFavicon, useOrgFavicon } from './org-logo';

const TEMPLATE = 'https://icons.example/{domain}/64.png';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('org logo', () => {
  it('derives the domain from the org name', () => {
    expect(orgDomain('Acme Outfitters')).toBe('acmeoutfitters.com');
    expect(orgDomain('Globex, Inc.')).toBe('globexinc.com');
    expect(orgDomain('Société Générale')).toBe('socitgnrale.com');
  });

  it('fills the configured service template, or gives no URL without one', () => {
    expect(orgLogoUrl('Acme Outfitters', TEMPLATE)).toBe(
      'https://icons.example/acmeoutfitters.com/64.png',
    );
    expect(orgLogoUrl('Acme Outfitters', undefined)).toBeNull();
    expect(orgLogoUrl('Acme Outfitters', '')).toBeNull();
  });

  it('uses the deployment setting by default (none in tests: initials only, no outside requests)', () => {
    expect(orgLogoConfig.template).toBeUndefined();
    expect(orgLogoUrl('Acme Outfitters')).toBeNull();
  });
});

describe('favicon', () => {
  it("shows the org's logo in the tab and restores the app's icon afterwards", () => {
    document.head.innerHTML =
      '<link rel="icon" type="image/svg+xml" href="/app/favicon.svg" /><title>Beacon</title>';
    const restore = setFavicon(document, 'https://icons.example/acme.com/64.png');
    const link = document.head.querySelector('link[rel="icon"]');
    expect(link?.getAttribute('href')).toBe('https://icons.example/acme.com/64.png');
    expect(link?.hasAttribute('type')).toBe(false);
    restore();
    expect(link?.getAttribute('href')).toBe('/app/favicon.svg');
    expect(link?.getAttribute('type')).toBe('image/svg+xml');
    expect(document.head.querySelectorAll('link')).toHaveLength(1);
  });

  it('adds an icon link when the page has none, and removes it again', () => {
    const restore = setFavicon(document, 'https://icons.example/acme.com/64.png');
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(
      'https://icons.example/acme.com/64.png',
    );
    restore();
    expect(document.head.querySelector('link')).toBeNull();
  });
});

describe('useOrgFavicon (the org/env layout)', () => {
  afterEach(() => {
    orgLogoConfig.template = undefined;
  });

  it('follows the org while inside it and gives the tab back on leaving', () => {
    orgLogoConfig.template = TEMPLATE;
    document.head.innerHTML = '<link rel="icon" type="image/svg+xml" href="/app/favicon.svg" />';
    const link = () => document.head.querySelector('link[rel="icon"]')?.getAttribute('href');
    const { rerender, unmount } = renderHook(({ name }) => useOrgFavicon(name), {
      initialProps: { name: 'Acme Outfitters' },
    });
    expect(link()).toBe('https://icons.example/acmeoutfitters.com/64.png');
    rerender({ name: 'Globex' });
    expect(link()).toBe('https://icons.example/globex.com/64.png');
    unmount();
    expect(link()).toBe('/app/favicon.svg');
  });

  it('leaves the icon alone without a logo service', () => {
    document.head.innerHTML = '<link rel="icon" type="image/svg+xml" href="/app/favicon.svg" />';
    const { unmount } = renderHook(() => useOrgFavicon('Acme Outfitters'));
    expect(document.head.querySelector('link')?.getAttribute('href')).toBe('/app/favicon.svg');
    unmount();
  });
});
