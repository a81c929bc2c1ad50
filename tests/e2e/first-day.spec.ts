/**
 * A production deployment's first day against the real server (docs/decisions/0035): someone new from
 * the free AEO report signs in with an address Beacon has never seen, creates their org and its first
 * env, and runs AI discoverability monitoring with no instance and nobody's help, while the rest of
 * Beacon says Onboarding needed; someone listed in BEACON_SUPERUSERS (the e2e server lists
 * E2E_SUPERUSER) signs in for the first time as a superuser, finds the org among the unverified ones
 * and verifies it; a member finds no such page. Addresses and slugs are new each run (the database is
 * shared by every spec of a run).
 */
import type { Browser, Page } from '@playwright/test';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { E2E_SUPERUSER } from './support/first-day';
import { expect, expectAccessible, signIn, test, USERS } from './fixtures';

/** Signs in through the app's login screen as someone typed in on the sign-in page, not picked. */
async function signInAsSomeoneNew(page: Page, email: string, path: string) {
  await page.goto(path);
  await page.getByRole('button', { name: 'Sign in with Salesforce' }).click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Sign in as someone new' }).click();
}

/** A second browser, watched for errors as the fixture watches `page`. */
async function secondPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
  page.on('response', (r) =>
    r.status() >= 400 ? errors.push(`HTTP ${r.status()} ${r.url()}`) : undefined,
  );
  return { page, errors, close: () => context.close() };
}

test('someone new from the free AEO report runs monitoring at once; a listed superuser verifies their org', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const orgName = `Brand ${suffix}`;
  const orgSlug = `brand-${suffix}`;

  // ——— The campaign's sign-in, as someone Beacon has never seen ———
  await page.goto('/app/?campaign=aeo');
  await expect(page.getByRole('heading', { name: 'Get your free AEO report' })).toBeVisible();
  await signInAsSomeoneNew(page, `owner-${suffix}@brand.test`, '/app/?campaign=aeo');

  // ——— Their own org, then its first env ———
  await expect(page).toHaveURL(/\/app\/create-org$/);
  await expect(page.getByText(ORG_MESSAGES.firstOrgDescription)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Name' }).fill(orgName);
  await page.getByRole('button', { name: 'Create org' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/${orgSlug}/create-env$`));
  // The address changes while create-org's form is still shown (the next screen loads its org list):
  // typing before the next heading would fill the old form.
  await expect(page.getByRole('heading', { name: 'Create an environment' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Production');
  await page.getByRole('button', { name: 'Create environment' }).click();

  // ——— Monitoring's configuration, the one screen an unverified org offers them ———
  await expect(page).toHaveURL(new RegExp(`/app/${orgSlug}/production\\?view=config$`));
  const form = page.getByRole('form', { name: 'AI discoverability monitoring configuration' });
  await form.getByLabel('Brand name', { exact: true }).fill(orgName);
  await form.getByLabel('Brand domain', { exact: true }).fill('brand.test');
  await form.getByLabel('New prompts').fill('Which rain jacket should I buy for city cycling?');
  const engines = form.getByRole('group', { name: 'Engines' });
  await engines.getByRole('checkbox', { name: /^Claude/ }).uncheck();
  await engines.getByRole('checkbox', { name: /^Gemini/ }).uncheck();
  await engines.getByRole('checkbox', { name: /^Perplexity/ }).uncheck();
  await form.getByLabel('Samples per prompt').fill('3');
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await expect(page.getByText('Monitoring configuration saved')).toBeVisible();

  // ——— The first run, with no instance and nobody's help ———
  await page.getByRole('link', { name: 'Results' }).click();
  await page.getByRole('button', { name: 'Run now' }).click();
  const trend = page.getByRole('table', { name: /^Mention rate by run/ });
  await expect(trend.getByRole('row')).toHaveCount(2, { timeout: 120_000 });
  await expect(trend.getByRole('row').nth(1)).toContainText('3');
  await expectAccessible(page);

  // Everything else waits for a superuser.
  await page.goto(`/app/${orgSlug}/production/products`);
  await expect(
    page.getByRole('heading', { name: ORG_MESSAGES.onboardingNeeded, level: 1 }),
  ).toBeVisible();

  // ——— A listed superuser's first sign-in, then the orgs waiting ———
  const ops = await secondPage(browser, baseURL);
  try {
    await signInAsSomeoneNew(ops.page, E2E_SUPERUSER, '/app/sp/orgs?show=unverified');
    await expect(ops.page.getByRole('heading', { name: 'All orgs', level: 1 })).toBeVisible();
    const row = ops.page.locator(`tr[data-org="${orgSlug}"]`);
    await expect(row.getByText(ORG_MESSAGES.unverified)).toBeVisible();
    await expect(row.getByText(`owner-${suffix}@brand.test`)).toBeVisible();
    await expect(row.getByText('No instance linked')).toBeVisible();
    await expectAccessible(ops.page);
    await row.getByRole('button', { name: 'Verify this Org' }).click();
    await expect(row).toBeHidden();
    expect(ops.errors).toEqual([]);
  } finally {
    await ops.close();
  }

  // Verified: the newcomer's other screens no longer say Onboarding needed.
  await page.reload();
  await expect(
    page.getByRole('heading', { name: ORG_MESSAGES.integrationMissing, level: 1 }),
  ).toBeVisible();
});

test('a member finds no superusers’ org list', async ({ page }) => {
  await signIn(page, USERS.maya, '/app/sp/orgs');
  await expect(page.getByRole('heading', { name: 'Not Found', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
