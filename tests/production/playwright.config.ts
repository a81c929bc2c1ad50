/**
 * `npm run test:production`: a production deployment's first day (docs/decisions/0036), Beacon as
 * `npm run build` builds it with NODE_ENV=production on an empty PostgreSQL, the vendors played by the
 * simulators at their own host names (tests/production/stack.ts). Ports are chosen once in the runner
 * and inherited by the worker; the stack starts in global-setup.ts.
 */
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';
import { freePort } from '../support/throwaway-postgres.ts';
import { chromiumHostRules } from './stack.ts';

process.env.BEACON_PRODUCTION_PORT ??= String(await freePort());
process.env.BEACON_PRODUCTION_FRONT_PORT ??= String(await freePort());

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '../../test-results/production',
  globalSetup: './global-setup.ts',
  timeout: 300_000,
  // How long an assertion waits for its condition (a busy 2-core machine), not a speed goal.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${process.env.BEACON_PRODUCTION_PORT}`,
    launchOptions: {
      executablePath: chromiumPath,
      args: [...chromiumArgs, chromiumHostRules(Number(process.env.BEACON_PRODUCTION_FRONT_PORT))],
    },
    // The front's certificate is the test's own: Chromium is not asked to trust it.
    ignoreHTTPSErrors: true,
    trace: 'retain-on-failure',
  },
});
