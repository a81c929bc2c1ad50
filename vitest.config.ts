import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { APP_THEMES, type AppTheme, DEFAULT_APP_THEME } from './domain/shared/app-theme.ts';
import { rootAlias } from './alias.config.ts';
import { launchOptions } from './scripts/chromium.ts';
import { ISOLATED_UNIT_FILES, UNIT_FILES } from './tests/setup/isolated-unit-files.ts';

/**
 * Every story runs as a test in the default theme, with axe. The dim theme runs again only the
 * design-system stories (stories/ui, tagged `design-system`) and the catalogued screen states (tagged
 * `screen-state` beside their `state:<id>`; tests/unit/screen-states.test.ts requires both tags).
 *
 * The trade: a second full pass took about half of the story-test stage, but most screen stories that
 * are not states exercise behaviour (play functions) that the theme does not change. Dim contrast is
 * still checked on every component and every screen state; what is no longer checked in dim is the
 * behaviour-only screen stories and the docs stories. A contrast fault that shows only in such a story
 * (not in any state or component story) would now be missed by axe; the visual tests still screenshot
 * every story in both themes, so a visible change there is still caught, but they run no axe.
 */
const DIM_THEME_TAGS = ['design-system', 'screen-state'];

function storyProject(theme: AppTheme) {
  const tags = theme === DEFAULT_APP_THEME ? undefined : { include: DIM_THEME_TAGS };
  return {
    plugins: [tailwindcss(), storybookTest({ configDir: '.storybook', tags })],
    resolve: { alias: rootAlias },
    define: { __STORY_TEST_THEME__: JSON.stringify(theme) },
    test: {
      name: theme === DEFAULT_APP_THEME ? 'storybook' : `storybook-${theme}`,
      setupFiles: ['tests/setup/strict-console.ts'],
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({ launchOptions }),
        instances: [{ browser: 'chromium' as const }],
      },
    },
  };
}

function unitProject(name: string, files: { include?: string[]; exclude?: string[] }) {
  return {
    plugins: [react()],
    resolve: { alias: rootAlias },
    test: {
      name,
      include: files.include ?? UNIT_FILES,
      exclude: [...configDefaults.exclude, ...(files.exclude ?? [])],
      environment: 'node',
      // The unit project's files share one module graph per worker instead of importing everything
      // afresh each (import time summed over the workers 130 s → 40 s, the stage 254 s → 187 s on the
      // CI machine): a file leaves no global state behind (fake timers, stubbed env and globals are
      // undone in its hooks) and the test databases' templates are read once per worker
      // (server/db/test-db.ts). Files that mock modules keep their own graph (ISOLATED_UNIT_FILES).
      isolate: name !== 'unit',
      setupFiles: ['tests/setup/strict-console.ts', 'tests/setup/class-merge.ts'],
      // A hang detector, not a speed goal: a test that runs a data-layer flow on PGlite does real
      // work, which takes several times its idle time on a busy 2-core machine (Vitest's 5 s
      // failed an analyst test there). Tests that wait on slower things set their own limit.
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one on a 2-core machine. The unit and server
    // files spend much of their time waiting (PostgreSQL, child processes, job polling): with two
    // workers the cores stood idle a fifth of the unit stage, with three 7% (4 min 37 s → 4 min 10 s).
    // Once the unit files stopped importing everything afresh each (isolate: false below), three
    // workers kept 1.4 cores busy: four took the stage from 187–205 s to 173 s.
    maxWorkers: 4,
    projects: [
      unitProject('unit', { exclude: ISOLATED_UNIT_FILES }),
      unitProject('unit-isolated', { include: ISOLATED_UNIT_FILES }),
      // Every story runs in the default theme; in dim, the design-system and screen-state stories (see storyProject).
      ...APP_THEMES.map((theme) => storyProject(theme)),
    ],
  },
});
