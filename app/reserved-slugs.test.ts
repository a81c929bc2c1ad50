/**
 * The reserved slugs hold every route word an org or env slug could shadow: each static segment that
 * sits where a slug sits (/app/{org}, /app/{org}/{env}, /app/{org}/{env}/{screen}) is in
 * RESERVED_SLUGS, read from the generated route tree, so a new route cannot be left out.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isReservedSlug, RESERVED_SLUGS } from '~/domain/orgs/slug';

const tree = readFileSync(new URL('./route-tree.gen.ts', import.meta.url), 'utf8');
const paths = [...new Set([...tree.matchAll(/fullPath: '([^']*)'/g)].map((m) => m[1]!))];

/** The static words at the levels where an org or env slug could stand instead. */
function wordsBesideSlugs(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const words: string[] = [];
  // Level 0 sits beside $orgSlug; level 1 (after $orgSlug) beside $envSlug; level 2 (after both) is
  // an env's screen, whose word a future level could also shadow.
  for (let i = 0; i < Math.min(segments.length, 3); i++) {
    const segment = segments[i]!;
    const slugsBefore = segments.slice(0, i).every((s) => s === '$orgSlug' || s === '$envSlug');
    if (!slugsBefore) break;
    if (!segment.startsWith('$')) words.push(segment);
  }
  return words;
}

describe('reserved slugs', () => {
  it('reads the route tree', () => {
    expect(paths).toContain('/$orgSlug/$envSlug/settings');
  });

  it('hold every route word beside an org or env slug', () => {
    const words = [...new Set(paths.flatMap(wordsBesideSlugs))].sort();
    expect(words.length).toBeGreaterThan(8);
    expect(words.filter((w) => !isReservedSlug(w))).toEqual([]);
  });

  it('name no word that is not a route (a stale entry shadows nothing)', () => {
    const words = new Set(paths.flatMap(wordsBesideSlugs));
    expect(RESERVED_SLUGS.filter((w) => !words.has(w))).toEqual([]);
  });
});
