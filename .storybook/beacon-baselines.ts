/**
 * `virtual:beacon-baselines`: which stories show each screen state, and the SHA-256 of their visual
 * baselines as they are now, so the Screen states page can tell a state changed since its sign-off.
 * Computed in Node when Storybook starts or builds; in `storybook dev` a changed baseline or stories
 * file rebuilds it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { storiesByState } from '../stories/support/story-states.ts';

const ID = 'virtual:beacon-baselines';
const RESOLVED = `\0${ID}`;

function moduleSource(root: string): string {
  const byState = storiesByState(root);
  const storyIds = new Set([...byState.values()].flat().map((story) => story.id));
  const dir = join(root, 'tests/visual/__screenshots__');
  const baselines: Record<string, string> = {};
  for (const file of readdirSync(dir).sort()) {
    const storyId = /^(.+)--[^-]+\.png$/.exec(file)?.[1];
    if (storyId && storyIds.has(storyId)) {
      baselines[file] = createHash('sha256')
        .update(readFileSync(join(dir, file)))
        .digest('hex');
    }
  }
  return [
    `export const baselines = ${JSON.stringify(baselines)};`,
    `export const storiesByState = ${JSON.stringify(Object.fromEntries(byState))};`,
  ].join('\n');
}

export function beaconBaselines(root: string): Plugin {
  const watched = [resolve(root, 'tests/visual/__screenshots__'), resolve(root, 'stories')];
  return {
    name: 'beacon-baselines',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? moduleSource(root) : undefined),
    configureServer(server) {
      server.watcher.add(watched[0]!);
      const refresh = (path: string) => {
        if (!/(\.png|\.stories\.tsx?)$/.test(path)) return;
        if (!watched.some((dir) => path.startsWith(dir))) return;
        const module = server.moduleGraph.getModuleById(RESOLVED);
        if (module) void server.reloadModule(module);
      };
      server.watcher.on('add', refresh).on('change', refresh).on('unlink', refresh);
    },
  };
}
