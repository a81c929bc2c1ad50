/**
 * Every catalogued screen state has a story tagged `state:<id>`, or is named in PENDING until its
 * screen lands. Catalogue ids are never deleted; PENDING only shrinks.
 *
 * Tags are read the way Storybook's indexer reads them: each stories file goes through Storybook's
 * own CSF parser (storybook/internal/csf-tools), which takes `tags` from the default-export meta and
 * from each exported story object, then joins them per story exactly as the story index does. A
 * `'state:x'` in a comment, in a string elsewhere, or on an object that is not an exported story
 * does not count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCsf } from 'storybook/internal/csf-tools';
import { describe, expect, it } from 'vitest';
import catalogue from '~/stories/screen-states.json';

const PENDING = new Set<string>([
  // AI discoverability monitoring (its screens land with the monitoring work)
  'aeo.results',
  'aeo.config',
  'aeo.results-empty',
  'aeo.results-llm',
  'aeo.results-running',
  'aeo.results-uplift',
  'aeo.prompt-detail',
  'aeo.products',
  'aeo.config-validation',
  // Analyst
  'analyst',
  'analyst.answer',
  'analyst.streaming',
  'analyst.error',
  // Agents (configure, estimate, run)
  'agents.translation',
  'agents.seo',
  'agents.aeo',
  'agents.config-validation',
  'agents.run-estimate',
  'agents.run-progress',
  'agents.run-history',
  'agents.run-failed',
  // Products (catalogue copy)
  'products.list',
  'products.detail',
  'products.detail-json',
  'products.list-filtered',
  'products.list-empty',
  'products.sync-status',
  'products.detail-variation-group',
  'products.detail-pending',
  'products.not-found',
  // Review queue and write-back
  'reviews.list',
  'reviews.detail',
  'reviews.list-filtered',
  'reviews.list-empty',
  'reviews.bulk-select',
  'reviews.detail-edit',
  'reviews.detail-published',
  'reviews.detail-conflict',
  'reviews.detail-publish-failed',
  'reviews.detail-rejected',
  // Landing pages
  'landing-pages.list',
  'landing-pages.detail',
  'landing-pages.list-empty',
  'landing-pages.detail-published',
  'landing-pages.forbidden',
]);

const STATE_TAG = /^state:(.+)$/;

/** Story id → catalogue ids its index entry is tagged with, as Storybook's indexer sees the file. */
function indexedStateTags(code: string, fileName: string): Map<string, string[]> {
  const csf = loadCsf(code, {
    fileName,
    makeTitle: (userTitle?: string) => userTitle ?? fileName,
  }).parse();
  const byStory = new Map<string, string[]>();
  for (const entry of csf.indexInputs) {
    if (entry.type !== 'story') continue;
    const states = (entry.tags ?? []).flatMap((tag) => STATE_TAG.exec(tag)?.slice(1) ?? []);
    if (states.length > 0) byStory.set(entry.__id ?? entry.exportName, states);
  }
  return byStory;
}

function storyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return storyFiles(path);
    return /\.stories\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Catalogue id → the stories (file and story id) tagged with it. */
const tagged = new Map<string, string[]>();
for (const file of storyFiles('stories')) {
  for (const [storyId, states] of indexedStateTags(readFileSync(file, 'utf8'), file)) {
    for (const id of states) tagged.set(id, [...(tagged.get(id) ?? []), `${file} ${storyId}`]);
  }
}
const ids = catalogue.states.map((state) => state.id);

describe('reading state tags', () => {
  const fixture = `
    import type { Meta, StoryObj } from '@storybook/react-vite';
    // tags: ['state:in-a-comment']
    /* export const Old = { tags: ['state:in-a-block-comment'] }; */
    const meta = { title: 'Fixture/Tags', tags: ['state:from-meta'] } satisfies Meta;
    export default meta;
    type Story = StoryObj<typeof meta>;
    const notExported = { tags: ['state:not-exported'] };
    const label = 'state:just-a-string';
    export const Tagged: Story = { tags: ['state:tagged', 'other'] };
    export const Plain: Story = { args: { label, notExported } };
  `;
  const found = indexedStateTags(fixture, 'stories/fixture.stories.tsx');

  it('takes tags from exported stories and the meta, which applies to every story', () => {
    expect(Object.fromEntries(found)).toEqual({
      'fixture-tags--tagged': ['from-meta', 'tagged'],
      'fixture-tags--plain': ['from-meta'],
    });
  });

  it('ignores comments, plain strings and objects that are not exported stories', () => {
    const all = [...found.values()].flat();
    for (const id of ['in-a-comment', 'in-a-block-comment', 'not-exported', 'just-a-string']) {
      expect(all).not.toContain(id);
    }
  });
});

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
