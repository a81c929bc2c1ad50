/**
 * Every catalogued screen state has a story tagged `state:<id>`, or is named in PENDING until its
 * screen lands. Catalogue ids are never deleted; PENDING only shrinks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import catalogue from '../../stories/screen-states.json';

const PENDING = new Set<string>([
  // Shell issue
  // Settings issue
  // Milestone 2 areas (routes land with the shell, with honest empty states)
  'aeo.results',
  'aeo.config',
  'analyst',
  'agents.translation',
  'agents.seo',
  'agents.aeo',
  'products.list',
  'products.detail',
  'products.detail-json',
  'reviews.list',
  'reviews.detail',
  'landing-pages.list',
  'landing-pages.detail',
]);

function storyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return storyFiles(path);
    return /\.stories\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const tagged = new Map<string, string[]>();
for (const file of storyFiles('stories')) {
  for (const match of readFileSync(file, 'utf8').matchAll(/['"]state:([a-z0-9.-]+)['"]/g)) {
    const id = match[1]!;
    tagged.set(id, [...(tagged.get(id) ?? []), file]);
  }
}
const ids = catalogue.states.map((state) => state.id);

describe('screen-state catalogue', () => {
  it('has unique ids', () => {
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has a tagged story for every id that is not pending', () => {
    const missing = ids.filter((id) => !tagged.has(id) && !PENDING.has(id));
    expect(missing).toEqual([]);
  });

  it('lists as pending only ids that still lack a story', () => {
    const coveredButPending = ids.filter((id) => tagged.has(id) && PENDING.has(id));
    expect(coveredButPending).toEqual([]);
  });

  it('pends only catalogue ids, and stories tag only catalogue ids', () => {
    expect([...PENDING].filter((id) => !ids.includes(id))).toEqual([]);
    expect([...tagged.keys()].filter((id) => !ids.includes(id))).toEqual([]);
  });
});
