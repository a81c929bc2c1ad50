/** What an answer asked with web search adds to its parse: citations and products from its sources. */
import { describe, expect, it } from 'vitest';
import { createAnswerParser } from '~/domain/monitoring/parse';
import type { AnswerSearch, AnswerSource } from '~/domain/monitoring/sources';
import { withSources } from './runner';

const parse = createAnswerParser({
  brand: { name: 'Acme', variants: [], domain: 'acme.example' },
  competitors: [{ name: 'Summit', domain: 'summit.example' }],
  catalogue: [
    { id: 'TB-100', name: 'Trail Boot' },
    { id: 'RJ-200', name: 'Rain Shell' },
  ],
});

const source = (url: string, title: string | null, cited: boolean): AnswerSource => ({
  url,
  title,
  domain: new URL(url).hostname.replace(/^www\./, ''),
  redirect: false,
  cited,
  spans: cited ? [{ start: 0, end: 4 }] : [],
});
const search = (sources: AnswerSource[]): AnswerSearch => ({ queries: [], sources, searches: 1 });

describe('withSources', () => {
  const answer = 'Acme makes a great waterproof jacket for hikers.';

  it('names the products of the brand pages its engine cited, by URL or title', () => {
    const parsed = withSources(
      parse(answer),
      search([
        source('https://www.acme.example/tb-100.html', null, true),
        source('https://www.acme.example/jackets/shell.html', 'Rain Shell | Acme', true),
      ]),
      'acme.example',
      parse,
    );
    expect(parsed.productsNamed).toEqual(['TB-100', 'RJ-200']);
    expect(parsed.brandCited).toBe(true);
  });

  it('ignores pages found but not cited, and other sites’ pages', () => {
    const parsed = withSources(
      parse(answer),
      search([
        source('https://www.acme.example/tb-100.html', 'Trail Boot | Acme', false),
        source('https://summit.example/rain-shell', 'Rain Shell | Summit', true),
      ]),
      'acme.example',
      parse,
    );
    expect(parsed.productsNamed).toEqual([]);
    expect(parsed.brandCited).toBe(false);
  });

  it('keeps a memory answer’s parse as it is: citations from the URLs in its text', () => {
    const text = 'Acme’s Trail Boot: https://www.acme.example/tb-100.html';
    expect(withSources(parse(text), null, 'acme.example', parse)).toEqual(parse(text));
    expect(parse(text).brandCited).toBe(true);
  });
});
