/** The shell against the real server: login, best redirect, org context messages, gates, theme, sign-out, axe. */
import { expect, expectAccessible, signIn, test, USERS } from './fixtures';

test('signed out, /app/ shows the login screen; signing in lands on the best org and env', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/app\/$/);
  await expect(page.getByRole('button', { name: 'Sign in with Salesforce' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await signIn(page, USERS.maya);
  await expect(page).toHaveURL(/\/app\/acme\/prod$/);
  await expect(page.getByRole('heading', { name: 'AI Discoverability (AEO)' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('a deep link signed out comes back to the same page after sign-in', async ({ page }) => {
  await signIn(page, USERS.maya, '/app/acme/prod/agents');
  await expect(page).toHaveURL(/\/app\/acme\/prod\/agents$/);
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible();
});

test('not-member and missing-env messages', async ({ page, consoleErrors }) => {
  // The server answers 403 and 404; the browser logs the failed requests, the screen explains them.
  consoleErrors.allow(/\b(403|404)\b.*orgs\.getContext/);
  await signIn(page, USERS.maya);
  await expect(page).toHaveURL(/\/app\/acme\/prod$/);
  await page.goto('/app/initech/prod');
  await expect(
    page.getByRole('heading', { name: 'You are not a member of the org "initech"' }),
  ).toBeVisible();
  await page.goto('/app/acme/nope');
  await expect(page.getByRole('heading', { name: 'Cannot find Env "nope"' })).toBeVisible();
});

test('gates: an unverified org blocks members, not superusers; an env without instance shows the integration gate', async ({
  page,
}) => {
  await signIn(page, USERS.maya);
  await expect(page).toHaveURL(/\/app\/acme\/prod$/);
  await page.goto('/app/globex/prod/products');
  await expect(page.getByRole('heading', { name: 'Onboarding needed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book an onboarding demo' })).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => localStorage.setItem('theme', 'dim'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Onboarding needed' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dim');
  await expectAccessible(page);
  await page.goto('/app/globex/prod');
  await expect(page.getByRole('heading', { name: 'AI Discoverability (AEO)' })).toBeVisible();
  // An env of its own with no instance (the onboarding test links the seeded one).
  const env = `test-gate-${Date.now().toString(36)}`;
  const created = await page.request.post('/trpc/envs.create', {
    data: { json: { orgId: 'org_acme', name: 'Gate test', slug: env } },
  });
  expect(created.status()).toBe(200);
  await page.goto(`/app/acme/${env}/products`);
  await expect(
    page.getByRole('heading', { name: 'Salesforce B2C Commerce Integration Missing' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Open environment settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/acme/${env}/settings\\?view=env-settings$`));
});

test('a superuser passes the unverified-org gate (the instance gate still applies) and sees Landing Pages', async ({
  page,
}) => {
  await signIn(page, USERS.ada, '/app/globex/prod/products');
  // Past the org gate; Globex's env has no instance yet, so the instance gate is what shows.
  await expect(
    page.getByRole('heading', { name: 'Salesforce B2C Commerce Integration Missing' }),
  ).toBeVisible();
  await expect(page.getByText('Onboarding needed')).toHaveCount(0);
  await page.goto('/app/globex/prod/agents');
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Landing Pages' })).toBeVisible();
});

test('the theme toggle persists across reloads; a bogus stored theme falls back to beacon', async ({
  page,
}) => {
  await signIn(page, USERS.maya);
  await expect(page).toHaveURL(/\/app\/acme\/prod$/);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'beacon');
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Dark Mode' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dim');
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dim');
  await expectAccessible(page);
  await page.evaluate(() => localStorage.setItem('theme', 'neon'));
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'beacon');
});

test('sign out returns to the login screen', async ({ page }) => {
  await signIn(page, USERS.maya);
  await expect(page).toHaveURL(/\/app\/acme\/prod$/);
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/app\/$/);
  await expect(page.getByRole('button', { name: 'Sign in with Salesforce' })).toBeVisible();
  expect(await (await page.request.get('/api/auth/session')).json()).toBeNull();
});

test('the login screen is accessible in both themes, and unknown pages say Not Found', async ({
  page,
}) => {
  await page.goto('/app/');
  await expect(page.getByRole('button', { name: 'Sign in with Salesforce' })).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => localStorage.setItem('theme', 'dim'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dim');
  await expect(page.getByRole('button', { name: 'Sign in with Salesforce' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/app/no/such/page/here');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
});

test('the status page shows every part of the product healthy, with latencies', async ({
  page,
}) => {
  await signIn(page, USERS.maya, '/app/sp/status');
  await expect(page.getByRole('heading', { name: 'System status' })).toBeVisible();
  await expect(page.getByText('All systems healthy')).toBeVisible();
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(6);
  for (const part of [
    'Server',
    'Database',
    'Identity provider',
    'B2C Commerce endpoints',
    'WebSocket',
  ]) {
    await expect(page.getByRole('row', { name: new RegExp(`^${part} Healthy`) })).toBeVisible();
  }
  await expectAccessible(page);
});
