/**
 * Every catalogued screen state has a story tagged `state:<id>`, or is named in PENDING until its
 * screen lands. Catalogue ids are never deleted; PENDING only shrinks.
 *
 * Tags are read the way Storybook's indexer reads them (stories/support/story-states.ts): a
 * `'state:x'` in a comment, in a string elsewhere, or on an object that is not an exported story
 * does not count.
 */
import { describe, expect, it } from 'vitest';
import catalogue from '~/stories/screen-states.json';
import { indexedStateTags, storiesByState } from '~/stories/support/story-states';

const PENDING = new Set<string>([]);

/** Catalogue id → the stories tagged with it. */
const tagged = storiesByState();
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
  const found = new Map(
    [...indexedStateTags(fixture, 'stories/fixture.stories.tsx')].map(([id, { states }]) => [
      id,
      states,
    ]),
  );

  it('names each story as the sidebar does', () => {
    const names = [...indexedStateTags(fixture, 'stories/fixture.stories.tsx').values()];
    expect(names.map((story) => story.name)).toEqual([
      'Fixture/Tags / Tagged',
      'Fixture/Tags / Plain',
    ]);
  });

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
