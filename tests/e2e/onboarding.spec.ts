/**
 * Onboarding against the real server and the in-process B2C simulator: choose an instance, use the
 * org's API client, and for each setting fail verification, paste the copied snippet in the
 * simulator's Business Manager page, verify again; then Continue links the env and lifts the gate.
 * Someone without an Account Manager role that may create API clients pastes one instead.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { B2CCapability } from '~/domain/instances/capabilities';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import { SETTINGS_BLOCK_LABEL } from '~/domain/instances/snippets';
import { expect, expectAccessible, signIn, test, USERS } from './fixtures';
import { createApiClientInAccountManager } from './support/simulator';

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

/** Pastes a step's snippet into the instance's Business Manager page (linked from the step) and saves. */
async function pasteInBusinessManager(
  page: Page,
  context: BrowserContext,
  settings: string,
  snippet: string,
) {
  const link = page.getByRole('link', { name: new RegExp(`${settings} in Business Manager`) });
  const [businessManager] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await businessManager.waitForLoadState();
  await businessManager.getByRole('textbox').fill(snippet);
  await businessManager.getByRole('button', { name: 'Save' }).click();
  await expect(businessManager.getByRole('status')).toContainText('Saved.');
  await businessManager.close();
}

test('without an Account Manager role that creates API clients, Sam pastes one an administrator created', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const orgName = `Paste ${suffix}`;
  const orgSlug = `paste-${suffix}`;

  // ——— A superuser makes a verified org with an env, with no API client yet, and invites Sam ———
  const adaContext = await browser.newContext({ baseURL });
  const ada = await adaContext.newPage();
  const adaErrors: string[] = [];
  ada.on('pageerror', (error) => adaErrors.push(error.message));
  ada.on('console', (m) => (m.type() === 'error' ? adaErrors.push(m.text()) : undefined));
  let acceptPath: string;
  try {
    await signIn(ada, USERS.ada, '/app/create-org');
    await expect(ada.getByRole('heading', { name: 'Create an org' })).toBeVisible();
    await ada.getByRole('textbox', { name: 'Name' }).fill(orgName);
    await ada.getByRole('button', { name: 'Create org' }).click();
    await expect(ada.getByRole('heading', { name: 'Create an environment' })).toBeVisible();
    await ada.getByRole('textbox', { name: 'Name' }).fill('Production');
    await ada.getByRole('button', { name: 'Create environment' }).click();
    await expect(ada).toHaveURL(new RegExp(`/app/${orgSlug}/production/products$`));

    await ada.goto('/app/sp/orgs?show=unverified');
    const row = ada.locator(`tr[data-org="${orgSlug}"]`);
    await row.getByRole('button', { name: 'Verify this Org' }).click();
    await expect(row).toBeHidden();

    await ada.goto(`/app/${orgSlug}/production/settings?view=users`);
    await ada.getByRole('textbox', { name: 'Email' }).fill(USERS.sam);
    await ada.getByRole('button', { name: 'Invite' }).click();
    const link = await ada
      .getByRole('region', { name: `Invitation link for ${USERS.sam}` })
      .locator('code')
      .textContent();
    acceptPath = new URL((link ?? '').trim(), baseURL).pathname;
    expect(adaErrors).toEqual([]);
  } finally {
    await adaContext.close();
  }

  // ——— Sam (Business Manager User only in Account Manager) joins and onboards the env ———
  await signIn(page, USERS.sam, acceptPath);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/${orgSlug}/production$`));
  await page.goto(`/app/${orgSlug}/production/onboarding`);
  // His roles cannot read Acme's realms either: he types it.
  const organization = page.getByRole('form', { name: 'Account Manager organization' });
  await organization.getByRole('textbox', { name: 'Realm IDs' }).fill('zzte');
  await organization.getByRole('button', { name: 'Use this organization' }).click();
  // Without the Sandbox API User role, no sandboxes: the realm's other tenants.
  await expect(page.getByRole('button', { name: 'Choose zzte_003' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose zzte_001' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Choose zzte_003' }).click();
  await expect(stepHeading(page, 'Create an API client')).toBeVisible();

  // The step names the missing role and what to create, and takes the pasted client.
  await expect(page.getByText(INSTANCE_MESSAGES.apiClientNoRole)).toBeVisible();
  await expect(page.getByText(INSTANCE_MESSAGES.apiClientPasteIntro)).toBeVisible();
  await expect(page.getByText('client_secret_basic')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create API client' })).toHaveCount(0);
  await expectAccessible(page);

  // An administrator (Maya, API Administrator) creates it in Account Manager; Sam pastes it.
  const client = await createApiClientInAccountManager(USERS.maya);
  const form = page.getByRole('form', { name: INSTANCE_MESSAGES.apiClientPasteFormLabel });
  await form.getByLabel(INSTANCE_MESSAGES.apiClientIdLabel).fill(client.clientId);
  await form.getByLabel(INSTANCE_MESSAGES.apiClientSecretLabel).fill(client.secret);
  await form.getByRole('button', { name: INSTANCE_MESSAGES.apiClientPasteSubmit }).click();

  // The next step grants that client, and verifying it works: refused until the snippet is pasted.
  await expect(stepHeading(page, 'Configure OCAPI Data settings')).toBeVisible();
  expect(await page.content()).not.toContain(client.secret);
  const snippet = page.getByRole('figure', { name: 'OCAPI Data settings snippet' }).locator('code');
  await expect(snippet).toContainText(`"client_id": "${client.clientId}"`);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText(
    `${SETTINGS_BLOCK_LABEL['ocapi-data']} missing`,
  );
  await pasteInBusinessManager(
    page,
    context,
    'OCAPI Data settings',
    (await snippet.textContent()) ?? '',
  );
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(stepHeading(page, 'Configure OCAPI Shop settings')).toBeVisible();
});
