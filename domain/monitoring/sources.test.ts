import { describe, expect, it } from 'vitest';
import { domainOfUrl, isDomainOf, normalizeDomain, sourcesFigures } from './sources';

const brand = {
  domain: 'acme-outfitters.com',
  competitors: [{ name: 'Trailborn', domain: 'trailborn.com' }, { name: 'Northpeak' }],
};

describe('domains', () => {
  it('compare without www, case or a trailing dot; subdomains belong, look-alikes do not', () => {
    expect(normalizeDomain('WWW.Acme-Outfitters.com.')).toBe('acme-outfitters.com');
    expect(domainOfUrl('https://www.acme-outfitters.com/p/1.html')).toBe('acme-outfitters.com');
    expect(domainOfUrl('javascript:alert(1)')).toBeNull();
    expect(domainOfUrl('not a url')).toBeNull();
    expect(isDomainOf('shop.acme-outfitters.com', 'acme-outfitters.com')).toBe(true);
    expect(isDomainOf('acme-outfitters.com.evil.example', 'acme-outfitters.com')).toBe(false);
    expect(isDomainOf('notacme-outfitters.com', 'acme-outfitters.com')).toBe(false);
    expect(isDomainOf('anything.example', '')).toBe(false);
  });
});

describe('sourcesFigures', () => {
  it('adds up engines and prompts, ranks domains and pages, and splits the brand’s pages from the rest', () => {
    const page = (n: number, domain: string, title: string | null = null) => ({ n, domain, title });
    const figures = sourcesFigures(
      [
        {
          searched: 10,
          citedDomains: { 'acme-outfitters.com': 4, 'trailborn.com': 6, 'gearreview.example': 2 },
          citedPages: {
            'https://acme-outfitters.com/p/jacket.html': page(4, 'acme-outfitters.com', 'Jacket'),
            'https://trailborn.com/gear': page(6, 'trailborn.com', 'Gear | Trailborn'),
            'https://gearreview.example/best': page(2, 'gearreview.example'),
          },
        },
        {
          searched: 10,
          citedDomains: { 'acme-outfitters.com': 3, 'gearreview.example': 5 },
          citedPages: {
            'https://acme-outfitters.com/p/jacket.html': page(1, 'acme-outfitters.com'),
            'https://acme-outfitters.com/c/rain': page(2, 'acme-outfitters.com', 'Rain'),
            'https://gearreview.example/best': page(5, 'gearreview.example', 'Best'),
          },
        },
        // An engine asked from memory: searched nothing, cited nothing.
        { searched: 0, citedDomains: {}, citedPages: {} },
      ],
      brand,
    );
    expect(figures.searched).toBe(20);
    expect(figures.citations).toBe(20);
    expect(figures.brandCitations).toBe(7);
    expect(figures.brandShare).toBeCloseTo(0.35, 10);
    expect(figures.domains).toEqual([
      { domain: 'acme-outfitters.com', kind: 'brand', name: null, citations: 7, share: 0.35 },
      { domain: 'gearreview.example', kind: 'other', name: null, citations: 7, share: 0.35 },
      { domain: 'trailborn.com', kind: 'competitor', name: 'Trailborn', citations: 6, share: 0.3 },
    ]);
    expect(figures.brandPages).toEqual([
      {
        url: 'https://acme-outfitters.com/p/jacket.html',
        title: 'Jacket',
        domain: 'acme-outfitters.com',
        kind: 'brand',
        citations: 5,
      },
      {
        url: 'https://acme-outfitters.com/c/rain',
        title: 'Rain',
        domain: 'acme-outfitters.com',
        kind: 'brand',
        citations: 2,
      },
    ]);
    expect(figures.otherPages.map((p) => [p.url, p.title, p.kind, p.citations])).toEqual([
      ['https://gearreview.example/best', 'Best', 'other', 7],
      ['https://trailborn.com/gear', 'Gear | Trailborn', 'competitor', 6],
    ]);
  });

  it('has no share when nothing was cited', () => {
    expect(sourcesFigures([], brand)).toEqual({
      searched: 0,
      citations: 0,
      brandCitations: 0,
      brandShare: null,
      domains: [],
      brandPages: [],
      otherPages: [],
    });
  });
});
