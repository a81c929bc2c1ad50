import { describe, expect, it } from 'vitest';
import { DECISION_TEXT } from './decisions';
import { EXCERPT_LENGTH, personName, proposalCount, shortId, valueExcerpt } from './format';
import { neighbours, orderedPending } from './review-detail';

describe('valueExcerpt', () => {
  it('shows markup fields as their text, never as tags', () => {
    expect(
      valueExcerpt(
        '<p>A <strong>3-layer</strong> shell.</p><ul><li>Repairs</li></ul>',
        'short_description',
      ),
    ).toBe('A 3-layer shell. Repairs');
  });

  it('keeps plain fields as written, tags included, on one line', () => {
    expect(valueExcerpt('Size <M>\n  & up', 'page_title')).toBe('Size <M> & up');
  });

  it('cuts a long value at a word, with an ellipsis', () => {
    const long = 'word '.repeat(60).trim();
    const excerpt = valueExcerpt(long, 'page_description');
    expect(excerpt.endsWith('word…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_LENGTH + 1);
  });
});

describe('names and counts', () => {
  it('names who did it: a name, an email, a deleted user, or Beacon itself', () => {
    expect(personName({ name: 'Maya Member', email: 'maya@beacon.test' })).toBe('Maya Member');
    expect(personName({ name: null, email: 'maya@beacon.test' })).toBe('maya@beacon.test');
    expect(personName({ name: null, email: null })).toBe('a deleted user');
    expect(personName(null)).toBe('Beacon');
  });

  it('shortens UUID run ids to their first block, and leaves other ids whole', () => {
    expect(shortId('3f1c2a9e-5b7d-4e2f-9a61-0c8d7e6b5a41')).toBe('3f1c2a9e');
    expect(shortId('run_seo_7')).toBe('run_seo_7');
  });

  it('counts proposals and says what a decision did', () => {
    expect(proposalCount(1)).toBe('1 proposal');
    expect(proposalCount(1280)).toBe('1,280 proposals');
    expect(DECISION_TEXT.done('approve', { changed: 3, skipped: 0 })).toBe('Approved 3 proposals');
    expect(DECISION_TEXT.done('reject', { changed: 2, skipped: 1 })).toBe(
      'Rejected 2 proposals; 1 was decided meanwhile and left as it was',
    );
    expect(DECISION_TEXT.title('approve', 3)).toBe('Approve 3 proposals?');
    expect(DECISION_TEXT.title('reject', 1)).toBe('Reject this proposal?');
  });
});

describe('the product’s other pending proposals', () => {
  const others = [
    { id: 'title-fr', field: 'page_title', locale: 'fr-FR' },
    { id: 'name-de', field: 'name', locale: 'de-DE' },
    { id: 'desc-de', field: 'page_description', locale: 'de-DE' },
    { id: 'title-de', field: 'page_title', locale: 'de-DE' },
  ] as const;
  const otherPending = others.map((o) => ({ ...o }));

  it('lists them by field, in the products screens’ order, then locale', () => {
    expect(orderedPending(otherPending).map((p) => p.id)).toEqual([
      'name-de',
      'title-de',
      'title-fr',
      'desc-de',
    ]);
  });

  it('steps to the one before and after this proposal in that order', () => {
    expect(neighbours({ field: 'page_title', locale: 'en-US', otherPending })).toEqual({
      previous: 'title-de',
      next: 'title-fr',
    });
    expect(neighbours({ field: 'name', locale: 'default', otherPending })).toEqual({
      previous: null,
      next: 'name-de',
    });
    expect(neighbours({ field: 'page_keywords', locale: 'en-US', otherPending })).toEqual({
      previous: 'desc-de',
      next: null,
    });
  });
});
