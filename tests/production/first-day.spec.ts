/**
 * A production deployment's first day, end to end (issue 34; docs/decisions/0035 and 0036): Beacon
 * with NODE_ENV=production on an empty PostgreSQL, signing people in with Account Manager at
 * https://account.demandware.com and calling instances at the hosts the customer types, all played by
 * the simulators behind the test's network (stack.ts).
 *
 * The operator listed in BEACON_SUPERUSERS signs in and finds no orgs. Maya, an API Administrator at
 * a B2C Commerce customer, comes from the free AEO report, makes her org, gets a first monitoring run
 * and asks for verification; the operator verifies the org from /app/sp/orgs; Maya onboards her
 * production instance with an API client Beacon creates through Account Manager's /apiclients with
 * her sign-in, and the first catalogue sync fills the products list.
 */
import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { type FrontRequest, PRODUCTION_SUPERUSER } from './stack';

const PRODUCTION_HOST = 'production-eu01-zzte.demandware.net';

/** A browser of one person's own, its page errors, console errors and failed responses kept. */
async function personBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
  page.on('response', (r) =>
    r.status() >= 400 ? errors.push(`HTTP ${r.status()} ${r.url()}`) : undefined,
  );
  return { context, page, errors };
}

/** Beacon's Sign in with Salesforce, then Account Manager's own sign-in page at its own host. */
async function signInWithAccountManager(
  page: Page,
  path: string,
  who: (page: Page) => Promise<void>,
) {
  await page.goto(path);
  await page.getByRole('button', { name: 'Sign in with Salesforce' }).click();
  await expect(page).toHaveURL(/^https:\/\/account\.demandware\.com\/dwsso\/oauth2\/authorize\?/);
  await who(page);
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 });

test('a production deployment’s first day: sign-in, first monitoring run, verification, onboarding, first sync', async ({
  browser,
  baseURL,
}) => {
  // ——— The operator's first sign-in: a superuser, and no org yet ———
  const ops = await personBrowser(browser, baseURL);
  await signInWithAccountManager(ops.page, '/app/sp/orgs', async (page) => {
    await page.getByLabel('E-mail address').fill(PRODUCTION_SUPERUSER);
    await page.getByRole('button', { name: 'Sign in as someone new' }).click();
  });
  await expect(ops.page.getByRole('heading', { name: 'All orgs', level: 1 })).toBeVisible();
  await expect(ops.page.getByText('No orgs yet')).toBeVisible();

  // ——— Maya from the free AEO report: her own org and its first env ———
  const maya = await personBrowser(browser, baseURL);
  const page = maya.page;
  await page.goto('/app/?campaign=aeo');
  await expect(page.getByRole('heading', { name: 'Get your free AEO report' })).toBeVisible();
  await signInWithAccountManager(page, '/app/?campaign=aeo', async (am) => {
    await am.getByRole('button', { name: 'Maya Member (maya@beacon.test)' }).click();
  });
  await expect(page).toHaveURL(/\/app\/create-org$/);
  await expect(page.getByText(ORG_MESSAGES.firstOrgDescription)).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Acme Outfitters');
  await page.getByRole('button', { name: 'Create org' }).click();
  await expect(page.getByRole('heading', { name: 'Create an environment' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Production');
  await page.getByRole('button', { name: 'Create environment' }).click();

  // ——— Her first monitoring run: the AI vendors' APIs, with nobody's help ———
  await expect(page).toHaveURL(/\/app\/acme-outfitters\/production\?view=config$/);
  const form = page.getByRole('form', { name: 'AI discoverability monitoring configuration' });
  await form.getByLabel('Brand name', { exact: true }).fill('Acme Outfitters');
  await form.getByLabel('Brand domain', { exact: true }).fill('acme-outfitters.test');
  await form.getByLabel('New prompts').fill('Which rain jacket should I buy for city cycling?');
  await form.getByLabel('Samples per prompt').fill('2');
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await expect(page.getByText('Monitoring configuration saved')).toBeVisible();
  await page.getByRole('link', { name: 'Results' }).click();
  await page.getByRole('button', { name: 'Run now' }).click();
  const trend = page.getByRole('table', { name: /^Mention rate by run/ });
  await expect(trend.getByRole('row')).toHaveCount(2, { timeout: 120_000 });

  // ——— The rest of Beacon waits for verification: she asks for it ———
  await page.goto('/app/acme-outfitters/production/products');
  await expect(
    page.getByRole('heading', { name: ORG_MESSAGES.onboardingNeeded, level: 1 }),
  ).toBeVisible();
  await page.getByRole('button', { name: ORG_MESSAGES.askVerification }).click();
  await expect(page.getByRole('status')).toContainText('Verification requested on');

  // ——— The operator finds it waiting, asked for, and verifies it ———
  await ops.page.goto('/app/sp/orgs?show=unverified');
  const row = ops.page.locator('tr[data-org="acme-outfitters"]');
  await expect(row.getByText(ORG_MESSAGES.unverified)).toBeVisible();
  await expect(row.getByText(/^Verification requested .* by maya@beacon\.test$/)).toBeVisible();
  await expect(row.getByText('No instance linked')).toBeVisible();
  await row.getByRole('button', { name: 'Verify this Org' }).click();
  await expect(row).toBeHidden();
  await expect(ops.page.getByText('No org is waiting for verification')).toBeVisible();

  // ——— Maya links her production instance ———
  await page.reload();
  await expect(
    page.getByRole('heading', { name: ORG_MESSAGES.integrationMissing, level: 1 }),
  ).toBeVisible();
  await page.goto('/app/acme-outfitters/production/onboarding');
  await expect(stepHeading(page, 'Choose a B2C Commerce instance')).toBeVisible();
  // Her Account Manager organization; as an API Administrator she cannot read its realms: she types it.
  const organization = page.getByRole('form', { name: 'Account Manager organization' });
  await expect(organization.getByRole('radio')).toBeChecked();
  await organization.getByRole('textbox', { name: 'Realm IDs' }).fill('zzte');
  await organization.getByRole('button', { name: 'Use this organization' }).click();
  // Account Manager names no host for a production, staging or development tenant: she types it.
  const hostForm = page.getByRole('form', { name: 'Host name of zzte_prd' });
  await hostForm.getByRole('textbox', { name: 'Host name of zzte_prd' }).fill(PRODUCTION_HOST);
  await hostForm.getByRole('button', { name: 'Save host name' }).click();
  await page.getByRole('button', { name: 'Choose zzte_prd' }).click();

  // Beacon creates the API client through /apiclients with her sign-in.
  await expect(stepHeading(page, 'Create an API client')).toBeVisible();
  await page.getByRole('button', { name: 'Create API client' }).click();

  for (const step of [
    { title: 'Configure OCAPI Data settings', settings: 'OCAPI Data settings' },
    { title: 'Configure OCAPI Shop settings', settings: 'OCAPI Shop settings' },
    { title: 'Configure WebDAV permissions', settings: 'WebDAV client permissions' },
  ]) {
    await expect(stepHeading(page, step.title)).toBeVisible({ timeout: 60_000 });
    const snippet = await page
      .getByRole('figure', { name: `${step.settings} snippet` })
      .locator('code')
      .textContent();
    // The instance's Business Manager, at the instance's own host.
    const link = page.getByRole('link', {
      name: new RegExp(`${step.settings} in Business Manager`),
    });
    await expect(link).toHaveAttribute('href', new RegExp(`^https://${PRODUCTION_HOST}/`));
    const [businessManager] = await Promise.all([maya.context.waitForEvent('page'), link.click()]);
    await businessManager.waitForLoadState();
    await businessManager.getByRole('textbox').fill(snippet ?? '');
    await businessManager.getByRole('button', { name: 'Save' }).click();
    await expect(businessManager.getByRole('status')).toContainText('Saved.');
    await businessManager.close();
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(stepHeading(page, step.title)).toBeHidden();
  }
  await expect(stepHeading(page, 'Finish onboarding')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Onboarded', { exact: true })).toBeVisible();
  await expect(page.getByText('zzte_prd', { exact: true })).toBeVisible();

  // ——— The first catalogue sync, through OCAPI at the production host ———
  await page.goto('/app/acme-outfitters/production/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(page.getByText(/products in the copy/)).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();

  expect(ops.errors).toEqual([]);
  expect(maya.errors).toEqual([]);

  // Every vendor was called at its own host, through what a real deployment has: Account Manager's
  // sign-in, its REST API with Maya's token (the API client), each AI vendor's API, and OCAPI at the
  // host she typed (answers below 400 only).
  const calls = new Set(
    readFileSync(process.env.BEACON_PRODUCTION_FRONT_LOG ?? '', 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as FrontRequest)
      .filter((call) => call.status < 400)
      .map((call) => `${call.method} ${call.host}${call.path}`),
  );
  expect([...calls]).toEqual(
    expect.arrayContaining([
      'GET account.demandware.com/dwsso/oauth2/authorize',
      'POST account.demandware.com/dwsso/oauth2/access_token',
      'GET account.demandware.com/dw/rest/v1/users/current',
      'POST account.demandware.com/dw/rest/v1/apiclients',
      'POST api.openai.com/v1/responses',
      'POST api.anthropic.com/v1/messages',
      'POST api.perplexity.ai/chat/completions',
      expect.stringMatching(
        /^POST generativelanguage\.googleapis\.com\/v1beta\/models\/[^/]+:generateContent$/,
      ),
      expect.stringMatching(
        new RegExp(
          `^POST ${PRODUCTION_HOST.replaceAll('.', '\\.')}/s/-/dw/data/v\\d+_\\d+/product_search$`,
        ),
      ),
    ]),
  );
});
