/**
 * A conflict against the real server: a translation proposal is made by a run, the product's value is
 * then changed on the instance (as in Business Manager) before the proposal is approved, and the
 * publish job leaves it unwritten, showing the three values.
 */
import { expect, expectAccessible, signIn, test, USERS } from './fixtures';
import { runTranslation } from './support/agents';
import { editOnInstance, ocapiProduct } from './support/simulator';

test('a value changed on the instance before approval ends in conflict, unwritten', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, USERS.maya);
  await runTranslation(page, { language: 'fr-FR' });

  await page.goto('/app/acme/prod/reviews?agentType=translation');
  const rows = page.getByRole('table', { name: 'Proposals' }).getByRole('row');
  const nameRow = rows.filter({ hasText: 'fr-FR' }).filter({ hasText: 'Name' }).first();
  await nameRow.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/acme\/prod\/reviews\/[^/?]+/);
  const productId = (
    await page.locator('[data-slot="review-summary"] a').first().textContent()
  )?.trim();
  expect(productId).toBeTruthy();

  // A merchandiser renames the product in French meanwhile.
  const edited = 'Écharpe renommée dans Business Manager';
  await editOnInstance(productId!, { name: { 'fr-FR': edited } });

  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(
    page.getByText('The value on the instance changed since this proposal was made', {
      exact: true,
    }),
  ).toBeVisible({ timeout: 30_000 });
  const value = (name: string) => page.getByRole('region', { name, exact: true }).locator('p');
  await expect(value('Now on the instance')).toHaveText(edited);
  await expect(value('Then')).not.toHaveText(edited);
  await expect(value('Proposed')).not.toBeEmpty();
  await expect(page.getByRole('button', { name: 'Re-propose' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Reject', exact: true })).toBeEnabled();
  await expectAccessible(page);

  // Nothing was written over the merchandiser's value.
  expect((await ocapiProduct(productId!)).name?.['fr-FR']).toBe(edited);
});
