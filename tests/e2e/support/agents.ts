/**
 * The Localization Manager configured and run through its screen: the config for one language, two
 * fields and one category of the simulator's catalogue, the estimate, Start, and the run's end. The
 * agents spec asserts each step; the reviews spec uses it to make proposals to review.
 */
import { expect, type Page } from '@playwright/test';

export interface TranslationRun {
  /** Products the estimate counted (one model call each). */
  products: number;
  /** Proposals the run made. */
  proposals: number;
}

export async function runTranslation(
  page: Page,
  { language, category = 'Scarf' }: { language: string; category?: string },
): Promise<TranslationRun> {
  // The catalogue copy is made as the server starts; the form's choices come from it.
  await page.goto('/app/acme/prod/products');
  await expect(page.getByText(/products in the copy/)).toBeVisible({ timeout: 90_000 });

  await page.goto('/app/acme/prod/agents/translation');
  await expect(page.getByRole('heading', { name: 'Localization Manager', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Localization Manager configuration' });
  const languages = form.getByRole('group', { name: 'Target languages' });
  // Only this language: an earlier run's config may have chosen another.
  for (const other of ['de-DE', 'fr-FR', 'en-US'].filter((l) => l !== language)) {
    const box = languages.getByRole('checkbox', { name: other, exact: true });
    if ((await box.count()) > 0 && (await box.isChecked())) await box.uncheck();
  }
  await languages.getByRole('checkbox', { name: language }).check();
  const fields = form.getByRole('group', { name: 'Fields' });
  await fields.getByRole('checkbox', { name: /^Name/ }).check();
  await fields.getByRole('checkbox', { name: /^Short description/ }).check();
  await form
    .getByRole('group', { name: 'Catalogs' })
    .getByRole('checkbox', { name: /Storefront Catalog - EN/ })
    .check();
  await form
    .getByRole('group', { name: 'Categories (optional)' })
    .getByRole('checkbox', { name: category, exact: true })
    .check();
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await expect(page.getByText('Saved just now')).toBeVisible();

  // The estimate: the category's products, one call each (one field group), in the language.
  const run = page.getByRole('button', { name: 'Run', exact: true });
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
  await expect(figure('Locales')).toHaveText(language);
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog).toBeHidden();

  // Live progress, then the end: every item done, proposals counted on the card.
  const card = page.locator('[data-slot="run-card"]');
  await expect(card.getByText(`All ${products} items done.`)).toBeVisible({ timeout: 120_000 });
  const proposals = Number(
    (
      await card.locator('dt', { hasText: 'Proposals created' }).locator('+ dd').textContent()
    )?.replace(/\D/g, ''),
  );
  expect(proposals).toBeGreaterThan(0);
  return { products, proposals };
}
