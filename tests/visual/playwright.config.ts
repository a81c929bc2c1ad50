import { defineConfig } from '@playwright/test';
import { launchOptions } from '../../scripts/chromium.ts';

const port = Number(process.env.VISUAL_PORT ?? 6107);

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.visual\.ts$/,
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  fullyParallel: true,
  workers: 2,
  reporter: [['list']],
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
