/**
 * Playwright fixtures: fail on any console error or page error, and sign in with Salesforce (the
 * simulated Account Manager's sign-in page under the e2e server).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test as base } from '@playwright/test';

export const USERS = {
  maya: 'maya@beacon.test',
  ada: 'ada@beacon.test',
  sam: 'sam@beacon.test',
} as const;

interface ConsoleErrors {
  /** Declares errors this test expects (e.g. a 403 the screen turns into a message). */
  allow(pattern: RegExp): void;
}

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error')
          errors.push(`${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('response', (response) => {
        if (response.status() >= 400)
          errors.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
      });
      const allowed: RegExp[] = [];
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
      expect(unexpected, 'console errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Signs in with the app's own login screen and the simulated Account Manager's list of people. */
export async function signIn(page: Page, email: string, path = '/app/') {
  await page.goto(path);
  await page.getByRole('button', { name: 'Sign in with Salesforce' }).click();
  await page.getByRole('button', { name: new RegExp(email.replace('.', '\\.')) }).click();
}

/** Axe on the whole page: no violations. */
export async function expectAccessible(page: Page) {
  // Every screen has one h1; checking before it renders would audit a loading screen instead.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
