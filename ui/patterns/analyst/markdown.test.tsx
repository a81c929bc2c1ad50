// @vitest-environment happy-dom
/**
 * The analyst's answers are model output: none of these become live markup or links. Only app
 * screens and http(s) pages are links; external ones open apart, without referrer or opener.
 */
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { analystLinkKind } from './links';
import { AnalystMarkdown } from './markdown';

afterEach(cleanup);

const appLink = (href: string, children: ReactNode) => (
  <a href={href} data-app-link="">
    {children}
  </a>
);

function renderText(text: string) {
  const { container } = render(<AnalystMarkdown text={text} renderAppLink={appLink} />);
  return container;
}

const hrefs = (container: HTMLElement) =>
  [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));

describe('analyst Markdown', () => {
  it('renders Markdown: emphasis and lists', () => {
    const c = renderText('- **ChatGPT** mentions the brand least: 25%\n- Claude: 65%');
    expect([...c.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'ChatGPT mentions the brand least: 25%',
      'Claude: 65%',
    ]);
    expect(c.querySelector('strong')?.textContent).toBe('ChatGPT');
  });

  it('drops script tags, inline HTML with handlers and raw HTML blocks', () => {
    const c = renderText(
      [
        'Before <script>alert(1)</script> after',
        '',
        '<img src=x onerror="alert(1)">',
        '',
        '<div onclick="alert(1)"><b>block</b></div>',
        '',
        'Inline <iframe src="https://evil.example"></iframe> and <a href="javascript:alert(1)">x</a>.',
      ].join('\n'),
    );
    for (const tag of ['script', 'img', 'div', 'b', 'iframe', 'a']) {
      expect(c.querySelector(`[data-slot="analyst-markdown"] ${tag}`)).toBeNull();
    }
    expect(c.innerHTML).not.toMatch(/onerror|onclick|javascript:/i);
    expect(c.textContent).toContain('Before');
    expect(c.textContent).toContain('after');
  });

  it.each([
    ['javascript:', '[click](javascript:alert(1))'],
    ['javascript: with entities', '[click](jav&#x61;script:alert(1))'],
    ['JavaScript: upper case', '[click](JAVASCRIPT:alert(1))'],
    ['data:', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['vbscript:', '[click](vbscript:msgbox(1))'],
    ['protocol-relative', '[click](//evil.example/path)'],
    ['mailto:', '[click](mailto:someone@example.com)'],
    ['a relative path', '[click](../settings)'],
    ['an app path escaping with dot segments', '[click](/app/../../evil)'],
    ['an app path with a doubled slash', '[click](/app//evil.example)'],
    ['a reference with a bad URL', '[click][bad]\n\n[bad]: javascript:alert(1)'],
    ['a reference to data:', '[click][d]\n\n[d]: data:text/html,<script>alert(1)</script>'],
    ['an autolink', '<javascript:alert(1)>'],
  ])('shows %s links as text', (_name, text) => {
    const c = renderText(text);
    expect(hrefs(c)).toEqual([]);
    // The link's text stays (an autolink's is its URL), as text: nothing carries a URL.
    expect(c.querySelectorAll('[href], [src], [action], [formaction]')).toHaveLength(0);
    expect(c.textContent).not.toBe('');
  });

  it('shows images as their alt text, never loading them', () => {
    const c = renderText('![a chart](https://evil.example/pixel.png) and ![](javascript:alert(1))');
    expect(c.querySelector('img')).toBeNull();
    expect(c.textContent).toBe('a chart and ');
  });

  it('links app screens through the app and https pages in a new tab without referrer', () => {
    const c = renderText(
      '[Results](/app/acme/prod?llm=openai), [reference][r] and [docs](https://example.com/a?b=1)\n\n[r]: /app/acme/prod/reviews',
    );
    const links = [...c.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Results', '/app/acme/prod?llm=openai'],
      ['reference', '/app/acme/prod/reviews'],
      ['docs', 'https://example.com/a?b=1'],
    ]);
    expect(links.slice(0, 2).every((a) => a.hasAttribute('data-app-link'))).toBe(true);
    expect(links[2]!.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(links[2]!.getAttribute('target')).toBe('_blank');
  });
});

describe('analystLinkKind', () => {
  it('tells app routes and http(s) pages from everything else', () => {
    expect(analystLinkKind('/app/acme/prod')).toBe('app');
    expect(analystLinkKind('/app/acme/prod/products?language=fr-FR')).toBe('app');
    expect(analystLinkKind('http://example.com')).toBe('external');
    expect(analystLinkKind('HTTPS://example.com/x')).toBe('external');
    for (const href of [
      '',
      null,
      '/app',
      '/apps/x',
      '/app/x/../../y',
      '/app/./x',
      '/app/%2E%2e/%2e%2E/evil',
      '/app/a\\b',
      '/app/a b',
      '//evil.example',
      'https:/evil.example',
      'https:///evil.example',
      'ftp://example.com',
      ' javascript:alert(1)',
    ]) {
      expect(analystLinkKind(href)).toBeNull();
    }
  });
});
