/**
 * Onboarding against the real server and the in-process B2C simulator: choose an instance, use the
 * org's API client, and for each setting fail verification, paste the copied snippet in the
 * simulator's Business Manager page, verify again; then Continue links the env and lifts the gate.
 */
import type { Page } from '@playwright/test';
import type { B2CCapability } from '~/domain/instances/capabilities';
import { SETTINGS_BLOCK_LABEL } from '~/domain/instances/snippets';
import { expect, expectAccessible, signIn, test, USERS } from './fixtures';

const CONFIGURE_STEPS: { title: string; settings: string; capability: B2CCapability }[] = [
  {
    title: 'Configure OCAPI Data settings',
    settings: 'OCAPI Data settings',
    capability: 'ocapi-data',
  },
  {
    title: 'Configure OCAPI Shop settings',
    settings: 'OCAPI Shop settings',
    capability: 'ocapi-shop',
  },
  {
    title: 'Configure WebDAV permissions',
    settings: 'WebDAV client permissions',
    capability: 'webdav',
  },
];

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 });

test('links an env to a B2C Commerce instance step by step', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // The refused host name answers 400, which the browser logs.
  consoleErrors.allow(/\b400\b.*b2cInstances\.setHost/);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, USERS.maya);
  await expect(page).toHaveURL(/\/app\/acme\/prod$/);

  await page.goto('/app/acme/staging/products');
  await expect(
    page.getByRole('heading', { name: 'Salesforce B2C Commerce Integration Missing' }),
  ).toBeVisible();

  // No step named: the first incomplete one, in the URL.
  await page.goto('/app/acme/staging/onboarding');
  await expect(stepHeading(page, 'Choose a B2C Commerce instance')).toBeVisible();
  await expect(page).toHaveURL(/step=selectInstance/);
  // The redirect replaced the history entry: Back does not loop through it.
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/acme\/staging\/products$/);
  await page.goForward();
  await expect(stepHeading(page, 'Choose a B2C Commerce instance')).toBeVisible();
  // First the customer's Account Manager organization: Maya belongs to Acme's, but as an API
  // Administrator may not read its realms, so she types the realm.
  const organization = page.getByRole('form', { name: 'Account Manager organization' });
  await expect(organization.getByRole('radio')).toBeChecked();
  await expectAccessible(page);
  await organization.getByRole('textbox', { name: 'Realm IDs' }).fill('zzte');
  await organization.getByRole('button', { name: 'Use this organization' }).click();
  await expect(
    page.getByRole('region', { name: 'Linked Account Manager organization' }),
  ).toContainText('(realms zzte)');

  // Account Manager names no host for production: it asks; a host off Salesforce's domains is refused.
  await expect(page.getByRole('button', { name: 'Choose zzte_prd' })).toBeDisabled();
  const host = page.getByRole('textbox', { name: 'Host name of zzte_prd' });
  await host.fill('shop.example.com');
  await page.getByRole('button', { name: 'Save host name' }).click();
  await expect(host).toHaveAccessibleDescription(/the host name must end in/);
  await expect(page.getByRole('button', { name: 'Choose zzte_prd' })).toBeDisabled();
  await host.fill('production-eu01-zzte.demandware.net');
  await page.getByRole('button', { name: 'Save host name' }).click();
  await expect(page.getByRole('button', { name: 'Choose zzte_prd' })).toBeEnabled();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Choose zzte_002' }).click();

  // Acme's API client exists already: the step shows it and moves on.
  await expect(stepHeading(page, 'Create an API client')).toBeVisible();
  await expect(page).toHaveURL(/step=createApiClient/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  for (const step of CONFIGURE_STEPS) {
    await expect(stepHeading(page, step.title)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText(
      `${SETTINGS_BLOCK_LABEL[step.capability]} missing`,
    );

    await page.getByRole('button', { name: 'Copy snippet' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    const snippet = await page.evaluate(() => navigator.clipboard.readText());
    await expect(
      page.getByRole('figure', { name: `${step.settings} snippet` }).locator('code'),
    ).toHaveText(snippet);

    const link = page.getByRole('link', {
      name: new RegExp(`${step.settings} in Business Manager`),
    });
    await expect(link).toHaveAttribute('target', '_blank');
    const [businessManager] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await businessManager.waitForLoadState();
    await businessManager.getByRole('textbox').fill(snippet);
    await businessManager.getByRole('button', { name: 'Save' }).click();
    await expect(businessManager.getByRole('status')).toContainText('Saved.');
    await businessManager.close();

    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(stepHeading(page, step.title)).toBeHidden();
  }

  await expect(stepHeading(page, 'Finish onboarding')).toBeVisible();
  await expect(page).toHaveURL(/step=complete/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/app\/acme\/staging\/settings\?view=env-settings$/);
  // Env settings show the instance linked and onboarded, every setting verified.
  await expect(page.getByText('Onboarded', { exact: true })).toBeVisible();
  await expect(page.getByText('zzte_002', { exact: true })).toBeVisible();
  await expect(page.getByText('Not verified')).toHaveCount(0);

  await page.goto('/app/acme/staging/products');
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Salesforce B2C Commerce Integration Missing' }),
  ).toBeHidden();
});
