import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  parseProductIds,
  productIdCount,
  runDuration,
  startedByName,
} from './format';
import { parseConcurrency } from './run-estimate-dialog';

describe('parseProductIds', () => {
  it('reads one ID a line, or IDs separated by commas, semicolons or tabs', () => {
    expect(parseProductIds('alpine-rain-jacket\ngift-card\r\nmerino-beanie')).toEqual([
      'alpine-rain-jacket',
      'gift-card',
      'merino-beanie',
    ]);
    expect(parseProductIds('a, b,c;d\te')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(parseProductIds('a,\n b ,\n\n')).toEqual(['a', 'b']);
  });

  it('drops blanks and keeps each ID once, in the order first given', () => {
    expect(parseProductIds('')).toEqual([]);
    expect(parseProductIds(' \n , ;\t')).toEqual([]);
    expect(parseProductIds('b\na\nb, a\nc')).toEqual(['b', 'a', 'c']);
  });

  it('keeps what an ID holds between separators, spaces included', () => {
    expect(parseProductIds('  SKU 100-A  \n008884303989M')).toEqual(['SKU 100-A', '008884303989M']);
  });

  it('counts the IDs read', () => {
    expect(productIdCount(0)).toBe('0 product IDs');
    expect(productIdCount(1)).toBe('1 product ID');
    expect(productIdCount(1200)).toBe('1,200 product IDs');
  });
});

describe('formatDuration and runDuration', () => {
  it('writes seconds, minutes and seconds, or hours and minutes', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(38_900)).toBe('38 s');
    expect(formatDuration(552_000)).toBe('9 min 12 s');
    expect(formatDuration(3_900_000)).toBe('1 h 5 min');
    expect(formatDuration(-5)).toBe('0 s');
  });

  it('measures a run from its start to its end, or to now while it works', () => {
    const startedAt = new Date('2026-03-02T11:20:48Z');
    const now = new Date('2026-03-02T11:30:00Z');
    expect(runDuration({ startedAt, finishedAt: null }, now)).toBe(552_000);
    expect(runDuration({ startedAt, finishedAt: new Date('2026-03-02T11:21:26Z') }, now)).toBe(
      38_000,
    );
    expect(runDuration({ startedAt: null, finishedAt: null }, now)).toBeNull();
  });
});

describe('startedByName', () => {
  it('names the person, else their email, else says the account is gone', () => {
    expect(startedByName({ startedBy: { name: 'Maya Member', email: 'maya@beacon.test' } })).toBe(
      'Maya Member',
    );
    expect(startedByName({ startedBy: { name: null, email: 'maya@beacon.test' } })).toBe(
      'maya@beacon.test',
    );
    expect(startedByName({ startedBy: null })).toBe('a deleted user');
  });
});

describe('parseConcurrency', () => {
  it('takes a whole number from 1 to 50', () => {
    expect(parseConcurrency('10')).toBe(10);
    expect(parseConcurrency(' 1 ')).toBe(1);
    expect(parseConcurrency('50')).toBe(50);
  });

  it('refuses anything else', () => {
    for (const text of ['', '0', '51', '2.5', '-3', 'ten', '1e1']) {
      expect(parseConcurrency(text)).toBeNull();
    }
  });
});
