import { describe, expect, it } from 'vitest';
import { openPageItems, pageItems } from './pagination';

describe('pageItems', () => {
  it('lists every page when seven or fewer', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('collapses the end when the current page is near the start', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(pageItems(1, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 8]);
  });

  it('collapses the start when the current page is near the end', () => {
    expect(pageItems(20, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
    expect(pageItems(17, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
    expect(pageItems(5, 8)).toEqual([1, 'ellipsis', 4, 5, 6, 7, 8]);
  });

  it('shows both gaps around a page in the middle', () => {
    expect(pageItems(5, 20)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'ellipsis', 9, 10, 11, 'ellipsis', 20]);
    expect(pageItems(16, 20)).toEqual([1, 'ellipsis', 15, 16, 17, 'ellipsis', 20]);
  });

  it('clamps a page outside the range', () => {
    expect(pageItems(0, 20)).toEqual(pageItems(1, 20));
    expect(pageItems(99, 20)).toEqual(pageItems(20, 20));
  });

  it('always has seven items, including first, last and current, with no repeated page', () => {
    for (let count = 8; count <= 30; count++) {
      for (let page = 1; page <= count; page++) {
        const items = pageItems(page, count);
        const pages = items.filter((i): i is number => i !== 'ellipsis');
        expect(items).toHaveLength(7);
        expect(pages).toContain(1);
        expect(pages).toContain(count);
        expect(pages).toContain(page);
        expect(new Set(pages).size).toBe(pages.length);
        expect([...pages].sort((a, b) => a - b)).toEqual(pages);
      }
    }
  });

  it('never hides exactly one page behind an ellipsis', () => {
    for (let count = 8; count <= 30; count++) {
      for (let page = 1; page <= count; page++) {
        const items = pageItems(page, count);
        items.forEach((item, i) => {
          if (item !== 'ellipsis') return;
          const before = items[i - 1] as number;
          const after = items[i + 1] as number;
          expect(after - before).toBeGreaterThan(2);
        });
      }
    }
  });
});

describe('openPageItems (the count stopped before the last page)', () => {
  it('shows the first pages, or the first and the current one with its neighbours, then a gap', () => {
    expect(openPageItems(1, 417)).toEqual([1, 2, 3, 4, 5, 'ellipsis']);
    expect(openPageItems(4, 417)).toEqual([1, 2, 3, 4, 5, 'ellipsis']);
    expect(openPageItems(5, 417)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis']);
    expect(openPageItems(1000, 1416)).toEqual([1, 'ellipsis', 999, 1000, 1001, 'ellipsis']);
  });

  it('never offers a page past the ones counted', () => {
    expect(openPageItems(2, 2)).toEqual([1, 2, 'ellipsis']);
    expect(openPageItems(9, 9)).toEqual([1, 'ellipsis', 8, 9, 'ellipsis']);
  });
});
