/**
 * The Localization Manager against the real server: its config is saved for de-DE on one category of
 * the simulator's catalogue (copied by the products sync as the server starts), the estimate counts
 * the category's products, and a run works them as jobs through the real AI SDK against the
 * in-process AI simulator, into proposals the run counts and the database holds.
 */
import { expect, expectAccessible, signIn, test, USERS } from './fixtures';

test('translates a category into de-DE and counts the proposals of the run', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.maya);
  // The catalogue copy is made as the server starts; the form's choices come from it.
  await page.goto('/app/acme/prod/products');
  await expect(page.getByText(/products in the copy/)).toBeVisible({ timeout: 90_000 });

  await page.goto('/app/acme/prod/agents/translation');
  await expect(page.getByRole('heading', { name: 'Localization Manager', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Localization Manager configuration' });
  const run = page.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeDisabled();

  await form
    .getByRole('group', { name: 'Target languages' })
    .getByRole('checkbox', { name: 'de-DE' })
    .check();
  const fields = form.getByRole('group', { name: 'Fields' });
  await fields.getByRole('checkbox', { name: /^Name/ }).check();
  await fields.getByRole('checkbox', { name: /^Short description/ }).check();
  await form
    .getByRole('group', { name: 'Catalogs' })
    .getByRole('checkbox', { name: /Storefront Catalog - EN/ })
    .check();
  await form
    .getByRole('group', { name: 'Categories (optional)' })
    .getByRole('checkbox', { name: 'Scarf', exact: true })
    .check();
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await expect(page.getByText('Saved just now')).toBeVisible();

  // The estimate: the category's products, one call each (one field group), in de-DE.
  await expect(run).toBeEnabled();
  await run.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const figure = (label: string) =>
    dialog.locator('[data-slot="run-estimate"] dt', { hasText: label }).locator('+ dd');
  await expect(figure('Products')).not.toBeEmpty();
  const products = Number((await figure('Products').textContent())?.replace(/\D/g, ''));
  expect(products).toBeGreaterThan(0);
  await expect(figure('Model calls')).toHaveText(products.toLocaleString('en-US'));
  await expect(figure('Locales')).toHaveText('de-DE');
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog).toBeHidden();

  // Live progress, then the end: every item done, proposals counted on the card and in the history.
  const card = page.locator('[data-slot="run-card"]');
  await expect(card.getByText(`All ${products} items done.`)).toBeVisible({ timeout: 120_000 });
  const proposals = Number(
    (
      await card.locator('dt', { hasText: 'Proposals created' }).locator('+ dd').textContent()
    )?.replace(/\D/g, ''),
  );
  expect(proposals).toBeGreaterThan(0);
  const history = page.getByRole('table', { name: 'Run history' });
  const row = history.getByRole('row').nth(1);
  await expect(row).toContainText('Succeeded');
  await expect(row).toContainText(`${products} of ${products}`);
  const link = row.getByRole('link', { name: new RegExp(`^${proposals} proposals? of the run`) });
  await expect(link).toHaveAttribute('href', /\/app\/acme\/prod\/reviews\?.*runId=/);
  await expectAccessible(page);
});
