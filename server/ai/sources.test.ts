/** Perplexity's `[n]` markers read as the spans of the answer they cite. */
import { describe, expect, it } from 'vitest';
import { markerSpans, readSearch } from './sources';

const spans = (text: string) =>
  markerSpans(text).map((s) => [text.slice(s.start, s.end), s.numbers] as const);

describe('markerSpans', () => {
  it.each([
    ['one sentence', 'Acme makes the best boots.[1]', [['Acme makes the best boots.', [1]]]],
    [
      'the sentence before the marker, not the one before it',
      'Boots matter. Acme makes the best ones[2] and Summit the cheapest[3].',
      [
        ['Acme makes the best ones', [2]],
        ['and Summit the cheapest', [3]],
      ],
    ],
    [
      'list items, each with its page',
      'Options:\n1. Trail Boot from Acme[1]\n2. Ridge Boot from Summit[2][4]',
      [
        ['Trail Boot from Acme', [1]],
        ['Ridge Boot from Summit', [2, 4]],
      ],
    ],
    [
      'a price with a decimal point stays whole',
      'It costs $5.99 at Acme[1]',
      [['It costs $5.99 at Acme', [1]]],
    ],
    ['no marker, no span', 'Acme makes boots.', []],
  ])('%s', (_case, text, expected) => {
    expect(spans(text)).toEqual(expected);
  });
});

describe('readSearch for Perplexity', () => {
  const result = (body: unknown, text: string) => ({
    text,
    content: [],
    sources: [],
    toolCalls: [],
    toolResults: [],
    response: { body },
  });

  it('keeps every page found with its title, cites the numbered ones, counts the searches', () => {
    const search = readSearch(
      'perplexity',
      result(
        {
          citations: ['https://www.acme.example/boot.html', 'https://review.example/best'],
          search_results: [
            { title: 'Trail Boot | Acme', url: 'https://www.acme.example/boot.html' },
            { title: 'Best boots', url: 'https://review.example/best' },
            { title: 'Summit boots', url: 'https://summit.example/boots' },
          ],
          usage: { num_search_queries: 2 },
        },
        'The Trail Boot from Acme[1] wins.',
      ),
    );
    expect(search.searches).toBe(2);
    expect(search.queries).toEqual([]);
    expect(search.sources).toEqual([
      {
        url: 'https://www.acme.example/boot.html',
        title: 'Trail Boot | Acme',
        domain: 'acme.example',
        redirect: false,
        cited: true,
        spans: [{ start: 0, end: 24 }],
      },
      expect.objectContaining({ domain: 'review.example', cited: false }),
      expect.objectContaining({ domain: 'summit.example', cited: false }),
    ]);
  });

  it('a marker past the citations cites nothing; a search without its count is one search', () => {
    const search = readSearch(
      'perplexity',
      result({ citations: ['https://a.example/x'] }, 'Something[3].'),
    );
    expect(search.sources).toEqual([expect.objectContaining({ cited: false, title: null })]);
    expect(search.searches).toBe(1);
  });
});
