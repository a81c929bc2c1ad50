/**
 * End-to-end tests against the real server as `npm start` runs it (`node dist/server/main.mjs`, built by
 * `npm run build`): a fresh temp data folder (PGlite,
 * seeded) and free loopback ports per run, the B2C simulator's Account Manager standing in for
 * Salesforce sign-in and the development IdP for Google,
 * Debian's Chromium. Ports and the folder are chosen once in the runner and inherited by the workers.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { launchOptions } from '../../scripts/chromium.ts';
import { E2E_SUPERUSER } from './support/first-day.ts';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

process.env.BEACON_E2E_PORT ??= String(await freePort());
process.env.BEACON_E2E_IDP_PORT ??= String(await freePort());
process.env.BEACON_E2E_B2C_PORT ??= String(await freePort());
process.env.BEACON_E2E_AI_PORT ??= String(await freePort());
process.env.BEACON_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'beacon-e2e-'));

const baseURL = `http://127.0.0.1:${process.env.BEACON_E2E_PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '../../test-results/e2e',
  timeout: 30_000,
  // How long an assertion waits for its condition before failing, not how fast a screen must be:
  // Playwright's 5 s was missed by screens loading on a busy 2-core machine (the stress check
  // keeps one core busy), while the condition itself (the screen's h1, its data) was the right one.
  expect: { timeout: 15_000 },
  // The analyst's spec adds a monitoring run to acme/prod: it runs after the specs that count runs.
  projects: [
    { name: 'e2e', testIgnore: /analyst\.spec\.ts$/ },
    { name: 'analyst', testMatch: /analyst\.spec\.ts$/, dependencies: ['e2e'] },
  ],
  use: {
    baseURL,
    launchOptions,
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node dist/server/main.mjs',
    cwd: '../..',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: process.env.BEACON_E2E_PORT,
      DEV_IDP_PORT: process.env.BEACON_E2E_IDP_PORT,
      B2C_SIMULATOR_PORT: process.env.BEACON_E2E_B2C_PORT,
      // A known port: the monitoring spec sets how often its answers misstate a product.
      AI_SIMULATOR_PORT: process.env.BEACON_E2E_AI_PORT,
      DATA_DIR: process.env.BEACON_E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Someone new to the database, made a superuser by signing in (first-day.spec.ts).
      BEACON_SUPERUSERS: E2E_SUPERUSER,
      // Every spec signs in from 127.0.0.1: on a quiet machine the shell specs alone sign in more
      // often than the 30 a minute one address may (a 429 then failed a later sign-in). The limit
      // itself is tested in server/rate-limits.test.ts.
      RATE_LIMIT_SIGN_IN: '1000',
    },
  },
});
