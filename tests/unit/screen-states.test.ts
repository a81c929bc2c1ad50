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
import {
  DESIGN_SYSTEM_TAG,
  indexedStateTags,
  indexedTags,
  SCREEN_STATE_TAG,
  storiesByState,
} from '~/stories/support/story-states';

/** New in the catalogue (milestone 3); each leaves this list with the story of the issue that builds it. */
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

// The dim theme's story tests (vitest.config.ts) select stories by these tags: a state story or a
// design-system story without its tag would silently lose its dim-theme (contrast) check.
describe('tags the dim theme project selects by', () => {
  const stories = [...indexedTags()];

  it('finds the stories', () => {
    expect(stories.length).toBeGreaterThan(0);
  });

  it(`puts ${SCREEN_STATE_TAG} on every story tagged state:<id>, and only on those`, () => {
    const isState = (tags: string[]) => tags.some((tag) => tag.startsWith('state:'));
    const untagged = stories
      .filter(([, { tags }]) => isState(tags) && !tags.includes(SCREEN_STATE_TAG))
      .map(([id]) => id);
    const stray = stories
      .filter(([, { tags }]) => tags.includes(SCREEN_STATE_TAG) && !isState(tags))
      .map(([id]) => id);
    expect(untagged).toEqual([]);
    expect(stray).toEqual([]);
  });

  it(`puts ${DESIGN_SYSTEM_TAG} on every story under stories/ui`, () => {
    const ui = stories.filter(([, { file }]) =>
      file.replaceAll('\\', '/').startsWith('stories/ui/'),
    );
    expect(ui.length).toBeGreaterThan(0);
    expect(
      ui.filter(([, { tags }]) => !tags.includes(DESIGN_SYSTEM_TAG)).map(([id]) => id),
    ).toEqual([]);
  });
});
