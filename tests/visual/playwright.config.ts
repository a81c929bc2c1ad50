import { defineConfig } from '@playwright/test';
import { APP_THEMES } from '../../domain/shared/app-theme';
import { launchOptions } from '../../scripts/chromium.ts';
import { STORY_PARTS } from './story-parts.ts';

const port = Number(process.env.VISUAL_PORT ?? 6107);

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.visual\.ts$/,
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  // One project per app theme and half of the stories (STORY_PARTS), each on a worker of its own, each
  // running its stories in file order. The stories share one page per worker (stories.visual.ts), and a
  // story can leave state behind that the next one renders with (which element last had focus, and so
  // whether a focused button shows its ring). With a fixed order and fixed halves every story always
  // follows the same one, so its screenshot is the same on every run; shared out dynamically, a story's
  // predecessor changed from run to run. Four workers on two cores: a story spends about a third of its
  // time waiting (screenshots compared until stable, fonts, the page's timers), so two more pages
  // fill the cores (docs/benchmarks/ci.md).
  fullyParallel: false,
  workers: APP_THEMES.length * STORY_PARTS,
  projects: APP_THEMES.flatMap((theme) =>
    Array.from({ length: STORY_PARTS }, (_, part) => ({
      name: `${theme}-${part + 1}`,
      grep: new RegExp(`\\[${theme} ${part + 1}/${STORY_PARTS}\\]$`),
    })),
  ),
  reporter: [['list']],
  // Prints how many screen states are signed off and which changed since (never fails the run).
  globalTeardown: './signoff-summary.ts',
  outputDir: '../../test-results/visual',
  expect: {
    toHaveScreenshot: {
      maxDiffPixelRatio: 0.002,
      threshold: 0.15,
      animations: 'disabled',
      caret: 'hide',
    },
  },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1024, height: 768 },
    deviceScaleFactor: 1,
    launchOptions,
  },
  webServer: {
    command: `node scripts/serve-static.mjs storybook-static ${port}`,
    cwd: '../..',
    url: `http://127.0.0.1:${port}/index.json`,
    reuseExistingServer: false,
  },
});
