import { describe, expect, it } from 'vitest';
import { PRESETS } from '~/domain/theme-designer/theme-designer';
import { contentAssetId, landingPageFields, type LandingPageFields } from './entities';
import { createLandingPageInput } from './inputs';
import { escapeHtml, renderLandingPage } from './render';

const HOSTILE = '<script>alert(1)</script>" onerror="alert(2)';

const page: LandingPageFields = {
  title: 'Summer sale',
  slug: 'summer-sale',
  locale: 'en-US',
  themeId: null,
  sections: [
    {
      type: 'hero',
      heading: HOSTILE,
      subheading: 'Up to <b>50%</b> off',
      imageUrl: 'https://cdn.example.com/hero.jpg',
      ctaLabel: 'Shop "now"',
      ctaUrl: '/s/RefArch/sale',
    },
    { type: 'productGrid', heading: 'Picks', productIds: ['p1', 'p2'] },
    { type: 'richText', paragraphs: ['<img src=x onerror=alert(3)>', 'Plain & simple'] },
    { type: 'faq', items: [{ question: 'Why?', answer: "Because '<i>'" }] },
  ],
};

describe('landing page schemas', () => {
  it('accepts a well-formed page', () => {
    expect(landingPageFields.safeParse(page).success).toBe(true);
  });

  it.each([
    ['javascript: cta', { type: 'hero', heading: 'x', ctaUrl: 'javascript:alert(1)' }],
    ['protocol-relative cta', { type: 'hero', heading: 'x', ctaUrl: '//evil.example/x' }],
    ['http image', { type: 'hero', heading: 'x', imageUrl: 'http://cdn.example.com/a.jpg' }],
    ['data image', { type: 'hero', heading: 'x', imageUrl: 'data:image/png;base64,AAAA' }],
    ['quote in url', { type: 'hero', heading: 'x', imageUrl: 'https://a.example/"onerror="x' }],
    [
      'too many products',
      { type: 'productGrid', productIds: Array.from({ length: 25 }, (_, i) => `p${i}`) },
    ],
    [
      'too many paragraphs',
      { type: 'richText', paragraphs: Array.from({ length: 21 }, () => 'p') },
    ],
    ['unknown section', { type: 'html', html: '<script></script>' }],
  ])('refuses a section with %s', (_, section) => {
    expect(landingPageFields.safeParse({ ...page, sections: [section] }).success).toBe(false);
  });

  it.each([
    ['slug', { slug: 'Summer Sale' }],
    ['slug', { slug: 'a--b' }],
    ['slug', { slug: 'a'.repeat(81) }],
    ['title', { title: 'x'.repeat(121) }],
    ['title', { title: '   ' }],
    ['locale', { locale: 'english' }],
  ])('refuses a bad %s', (_, change) => {
    expect(landingPageFields.safeParse({ ...page, ...change }).success).toBe(false);
  });

  it('takes the env and org with the fields on create', () => {
    expect(createLandingPageInput.safeParse({ orgId: 'o', envId: 'e', ...page }).success).toBe(
      true,
    );
  });

  it('names the content asset after the slug', () => {
    expect(contentAssetId('summer-sale')).toBe('beacon-lp-summer-sale');
  });
});

describe('renderLandingPage', () => {
  const products = [
    { id: 'p1', name: 'Rain <jacket>', url: '/s/RefArch/p1.html', price: '€ 49.00' },
    { id: 'p2', name: null, url: 'javascript:alert(1)' },
  ];
  const html = renderLandingPage(page, products, PRESETS.beacon.theme);

  it('escapes every text', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&\``)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;',
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('" onerror=');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot; onerror=&quot;alert(2)');
    expect(html).toContain('<p>Plain &amp; simple</p>');
    expect(html).toContain('<dd>Because &#39;&lt;i&gt;&#39;</dd>');
    expect(html).toContain('Shop &quot;now&quot;');
  });

  it('names the products from the copy, by id when it has no name, and never emits an unsafe link', () => {
    expect(html).toContain(
      '<a href="/s/RefArch/p1.html"><span class="lp-product-name">Rain &lt;jacket&gt;</span>',
    );
    expect(html).toContain('<span class="lp-price">€ 49.00</span>');
    expect(html).toContain(
      '<li class="lp-product" data-product-id="p2"><span class="lp-product-name">p2</span></li>',
    );
    expect(html).not.toContain('javascript:');
  });

  it('drops a URL that slipped past the schema', () => {
    const sneaky = renderLandingPage(
      {
        ...page,
        sections: [
          {
            type: 'hero',
            heading: 'h',
            imageUrl: 'javascript:x',
            ctaLabel: 'Go',
            ctaUrl: 'javascript:y',
          },
        ],
      },
      [],
    );
    expect(sneaky).toBe(
      '<div class="beacon-landing-page" data-slug="summer-sale" lang="en-US"><section class="lp-hero"><h1>h</h1></section></div>',
    );
  });

  it('carries the theme as CSS variables', () => {
    expect(html).toContain('--lp-primary:oklch(52% 0.2 264)');
    expect(html).toContain('--lp-font-body:');
  });
});
