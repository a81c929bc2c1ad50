/**
 * Products against the real server: the seeded env's catalogue copy is made by the products.sync job
 * as the server starts (the schedule finds it never synced), through the real OCAPI Data client, from
 * the in-process B2C simulator. The list in fr-FR opens a product whose French name the detail shows
 * beside its other locales.
 */
import { expect, expectAccessible, signIn, test, USERS } from './fixtures';

test('opens a product synced from the simulator in fr-FR', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.maya);
  await page.goto('/app/acme/prod/products?language=fr-FR');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();

  // The first sync runs as the server starts; the list fills when it completes.
  const rows = page.getByRole('table').getByRole('row');
  await expect(page.getByText(/products in the copy/)).toBeVisible({ timeout: 90_000 });
  await expect(rows.nth(1)).toBeVisible();
  await expect(page).toHaveURL(/language=fr-FR/);

  // A product that has a French name (not marked missing), as the simulator's French word order
  // writes it: "Robe en lin classique".
  const french = rows
    .filter({ hasNot: page.locator('[data-slot="missing-translation"]') })
    .filter({ hasText: / en / })
    .first();
  const link = french.getByRole('link').first();
  const id = (await link.textContent())?.trim() ?? '';
  const name = (await french.getByRole('cell').nth(1).textContent())?.trim() ?? '';
  expect(id).not.toBe('');
  expect(name).toMatch(/ en /);
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/app/acme/prod/products/${id}\\?.*language=fr-FR`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  // The fr-FR value beside the default one, which is English.
  const nameTable = page.getByRole('table', { name: 'Name' });
  await expect(
    nameTable.getByRole('row', { name: `fr-FR (Shown language) ${name}`, exact: true }),
  ).toBeVisible();
  await expect(nameTable.getByRole('row', { name: /^Default / })).not.toContainText(name);
  await expectAccessible(page);

  // The raw document as OCAPI gave it.
  await page.getByRole('switch', { name: 'Show JSON' }).click();
  await expect(page).toHaveURL(/showJson=true/);
  await expect(page.getByText(`"id": "${id}"`)).toBeVisible();
});
