/** Deleting an environment end to end: a superuser adds one to Acme, deletes it, and it is gone. */
import { DELETION_MESSAGES } from '~/domain/orgs/deletion';
import { expect, signIn, test, USERS } from './fixtures';

test('an env is deleted from its settings after typing its slug, and leaves the env switcher', async ({
  page,
}) => {
  await signIn(page, USERS.ada);
  await page.goto('/app/acme/create-env');
  await page.getByRole('textbox', { name: 'Name' }).fill('Doomed');
  await page.getByRole('button', { name: 'Create environment' }).click();
  await expect(page).toHaveURL(/\/app\/acme\/doomed\/products$/);

  await page.goto('/app/acme/doomed/settings?view=env-settings');
  const section = page.getByRole('region', { name: 'Delete this environment' });
  await section.getByRole('button', { name: 'Delete this environment…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Doomed?' });
  // prod is still linked to an instance, so the org's API client secret stays.
  await expect(dialog.getByText(DELETION_MESSAGES.secretStays)).toBeVisible();
  await expect(dialog.getByText(DELETION_MESSAGES.apiClientStays)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Delete environment' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Type doomed to confirm' }).fill('doomed');
  await expect(confirm).toBeEnabled();
  await confirm.click();

  // The org's best env opens, and the switcher no longer lists the deleted one.
  await expect(page).toHaveURL(/\/app\/acme\/prod$/);
  await page.getByRole('button', { name: /^Environment:/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /Staging/ })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Doomed/ })).toHaveCount(0);
});
