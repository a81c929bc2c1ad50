/**
 * Which stories show which catalogued screen state, read in Node the way Storybook's indexer reads it.
 *
 * Each stories file goes through Storybook's own CSF parser (storybook/internal/csf-tools), which
 * takes `tags` from the default-export meta and from each exported story object, then joins them per
 * story exactly as the story index does. A `'state:x'` in a comment, in a string elsewhere, or on an
 * object that is not an exported story does not count. The catalogue test, the sign-off command and
 * Storybook's own build all use this one reading.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { storyNameFromExport } from 'storybook/internal/csf';
import { loadCsf } from 'storybook/internal/csf-tools';

/** A story as the Screen states page and the sign-off record name it. */
export interface StateStory {
  /** Storybook's story id, e.g. `screens-sign-in--default`; the visual baselines are named after it. */
  id: string;
  /** `Title / Story name`, as the sidebar shows it. */
  name: string;
}

const STATE_TAG = /^state:(.+)$/;

/**
 * The tag every state story carries beside its `state:<id>` tags, and the one on every design-system
 * story under stories/ui. The dim theme's story-test project (vitest.config.ts) runs only stories with
 * one of them: Storybook's tag filter matches exact tags, so it cannot select `state:*`.
 */
export const SCREEN_STATE_TAG = 'screen-state';
export const DESIGN_SYSTEM_TAG = 'design-system';

/** Story id → catalogue ids its index entry is tagged with, and its sidebar name. */
export function indexedStateTags(
  code: string,
  fileName: string,
): Map<string, { name: string; states: string[] }> {
  const csf = loadCsf(code, {
    fileName,
    makeTitle: (userTitle?: string) => userTitle ?? fileName,
  }).parse();
  const byStory = new Map<string, { name: string; states: string[] }>();
  for (const entry of csf.indexInputs) {
    if (entry.type !== 'story') continue;
    const states = (entry.tags ?? []).flatMap((tag) => STATE_TAG.exec(tag)?.slice(1) ?? []);
    if (states.length === 0) continue;
    const name = `${entry.title ?? fileName} / ${entry.name ?? storyNameFromExport(entry.exportName)}`;
    byStory.set(entry.__id ?? entry.exportName, { name, states });
  }
  return byStory;
}

/** Story id → its file (relative to `root`) and every tag its index entry carries, for every stories file under `<root>/stories`. */
export function indexedTags(root = '.'): Map<string, { file: string; tags: string[] }> {
  const byStory = new Map<string, { file: string; tags: string[] }>();
  for (const file of storyFiles(join(root, 'stories'))) {
    const fileName = relative(root, file);
    const csf = loadCsf(readFileSync(file, 'utf8'), {
      fileName,
      makeTitle: (userTitle?: string) => userTitle ?? fileName,
    }).parse();
    for (const entry of csf.indexInputs) {
      if (entry.type !== 'story') continue;
      byStory.set(entry.__id ?? `${fileName}:${entry.exportName}`, {
        file: fileName,
        tags: entry.tags ?? [],
      });
    }
  }
  return byStory;
}

/** Every `*.stories.ts(x)` file under `dir`, in a stable order. */
export function storyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return storyFiles(path);
      return /\.stories\.tsx?$/.test(entry.name) ? [path] : [];
    });
}

/**
 * Catalogue id → the stories tagged with it, for every stories file under `<root>/stories`. File
 * names are given to the parser relative to `root`, as Storybook sees them.
 */
export function storiesByState(root = '.'): Map<string, StateStory[]> {
  const byState = new Map<string, StateStory[]>();
  for (const file of storyFiles(join(root, 'stories'))) {
    const fileName = relative(root, file);
    for (const [id, { name, states }] of indexedStateTags(readFileSync(file, 'utf8'), fileName)) {
      for (const state of states) byState.set(state, [...(byState.get(state) ?? []), { id, name }]);
    }
  }
  return byState;
}
