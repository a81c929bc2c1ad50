/**
 * Membership against the real server: a superuser creates an org and its first env, invites a second
 * seeded user, who opens the link signed out, signs in through the development IdP, accepts and lands
 * in the org; the superuser then removes them. The org's slug is new each run (the database is shared
 * by every spec of a run).
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test, USERS } from './fixtures';

const INTEGRATION_MISSING = 'Salesforce B2C Commerce Integration Missing';

/** The fixture watches only `page`: a second browser gets the same rule, with its own allowances. */
function watchConsole(page: Page, allowed: RegExp[]) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400)
      errors.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return () => errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
}

test('create an org and its first env, invite a teammate who joins from the link, remove them', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // The slug-taken checks below answer 409 on purpose.
  consoleErrors.allow(/\b409\b.*(orgs\.create|envs\.create)/);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const orgName = `E2E Org ${suffix}`;
  const orgSlug = `e2e-org-${suffix}`;
  const invitee = USERS.sam;

  // ——— The superuser creates the org ———
  await signIn(page, USERS.ada, '/app/create-org');
  await expect(page.getByRole('heading', { name: 'Create an org' })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Name' });
  const slug = page.getByRole('textbox', { name: 'Slug' });
  // A taken slug is refused on the Slug field.
  await name.fill('Acme');
  await expect(slug).toHaveValue('acme');
  await page.getByRole('button', { name: 'Create org' }).click();
  await expect(page.getByText('The slug "acme" is already taken.')).toBeVisible();
  await expect(slug).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  // The slug follows the name again once cleared.
  await slug.fill('');
  await name.fill(orgName);
  await expect(slug).toHaveValue(orgSlug);
  await page.getByRole('button', { name: 'Create org' }).click();

  // ——— …then its first env, and lands on the instance gate ———
  await expect(page).toHaveURL(new RegExp(`/app/${orgSlug}/create-env$`));
  await expect(page.getByRole('heading', { name: 'Create an environment' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Production');
  await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue('production');
  await page.getByRole('textbox', { name: 'Name' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/${orgSlug}/production/products$`));
  await expect(page.getByRole('heading', { name: INTEGRATION_MISSING })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open environment settings' })).toBeVisible();

  // A second env with the same slug is refused.
  await page.goto(`/app/${orgSlug}/create-env`);
  await page.getByRole('textbox', { name: 'Name' }).fill('Production');
  await page.getByRole('button', { name: 'Create environment' }).click();
  await expect(
    page.getByText('This org already has an environment with the slug "production".'),
  ).toBeVisible();

  // ——— Invite the second user ———
  await page.goto(`/app/${orgSlug}/production/settings?view=users`);
  await page.getByRole('textbox', { name: 'Email' }).fill(invitee);
  await page.getByRole('button', { name: 'Invite' }).click();
  const linkText = await page
    .getByRole('region', { name: `Invitation link for ${invitee}` })
    .locator('code')
    .textContent();
  const acceptUrl = new URL((linkText ?? '').trim(), baseURL);
  expect(acceptUrl.pathname).toMatch(/^\/app\/accept-invite\/[\w-]{8,}$/);

  // ——— The invitee opens the link signed out, signs in, accepts ———
  const inviteeContext = await browser.newContext({ baseURL });
  const inviteePage = await inviteeContext.newPage();
  const unexpected = watchConsole(inviteePage, [
    // Opening the used link again, and the org after removal, answer 409 and 403 on purpose.
    /\b409\b.*invitations\.accept/,
    /\b403\b.*orgs\.getContext/,
  ]);
  // The login screen shows in place; the IdP brings the browser back to the link.
  await signIn(inviteePage, invitee, acceptUrl.pathname);
  await expect(inviteePage).toHaveURL(new RegExp(`${acceptUrl.pathname}$`));
  await expect(
    inviteePage.getByRole('heading', { name: 'Join your team on Beacon' }),
  ).toBeVisible();
  await expect(inviteePage.getByText(`Accepting adds ${invitee} as a member.`)).toBeVisible();
  await expectAccessible(inviteePage);
  await inviteePage.getByRole('button', { name: 'Accept invitation' }).click();
  // The org's best (only) env; home opts out of the gates.
  await expect(inviteePage).toHaveURL(new RegExp(`/app/${orgSlug}/production$`));
  await expect(
    inviteePage.getByRole('button', { name: new RegExp(`^Org: ${orgName}`) }),
  ).toBeVisible();

  // The link is used up.
  await inviteePage.goto(acceptUrl.pathname);
  await inviteePage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(inviteePage.getByRole('heading', { name: 'Invitation already used' })).toBeVisible();

  // ——— The superuser removes the new member ———
  await page.reload();
  const remove = page.getByRole('button', { name: `Remove ${invitee}` });
  await remove.click();
  await page.getByRole('button', { name: 'Remove member' }).click();
  await expect(remove).toHaveCount(0);

  // Removed means removed: the org's pages refuse the former member.
  await inviteePage.goto(`/app/${orgSlug}/production`);
  await expect(
    inviteePage.getByRole('heading', { name: `You are not a member of the org "${orgSlug}"` }),
  ).toBeVisible();

  await inviteeContext.close();
  expect(unexpected(), 'console errors in the invitee browser').toEqual([]);
});
