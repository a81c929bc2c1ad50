import { describe, expect, it } from 'vitest';
import { initials } from './avatar';

describe('initials', () => {
  it('takes the first letter of the first and last word', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('Ada King Lovelace')).toBe('AL');
  });

  it('uses one letter for a single word, upper-cased', () => {
    expect(initials('acme')).toBe('A');
  });

  it('falls back to "?" when there is nothing to show', () => {
    expect(initials('')).toBe('?');
    expect(initials('   ')).toBe('?');
    expect(initials(null)).toBe('?');
    expect(initials(undefined)).toBe('?');
    expect(initials('— !')).toBe('?');
  });

  it('ignores surrounding whitespace and punctuation', () => {
    expect(initials('  grace   hopper ')).toBe('GH');
    expect(initials('(Ada) "Lovelace"')).toBe('AL');
  });

  it('handles non-Latin letters and digits', () => {
    expect(initials('émile zola')).toBe('ÉZ');
    expect(initials('Łukasz 42')).toBe('Ł4');
  });
});
