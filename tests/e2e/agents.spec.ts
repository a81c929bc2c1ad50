/**
 * The loop against the real server: the Localization Manager's config is saved for de-DE on one
 * category of the simulator's catalogue (copied by the products sync as the server starts), the
 * estimate counts the category's products, and a run works them as jobs through the real AI SDK
 * against the in-process AI simulator. Its proposals are listed in the review queue; one approved is
 * published to the instance through OCAPI, where the test reads the new value back.
 */
import { expect, expectAccessible, signIn, test, USERS } from './fixtures';
import { runTranslation } from './support/agents';
import { ocapiProduct } from './support/simulator';

test('translates a category into de-DE, lists the proposals for review, and publishes one', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, USERS.maya);
  const { products, proposals } = await runTranslation(page, { language: 'de-DE' });

  const history = page.getByRole('table', { name: 'Run history' });
  const row = history.getByRole('row').nth(1);
  await expect(row).toContainText('Succeeded');
  await expect(row).toContainText(`${products} of ${products}`);
  const link = row.getByRole('link', { name: new RegExp(`^${proposals} proposals? of the run`) });
  await expect(link).toHaveAttribute('href', /\/app\/acme\/prod\/reviews\?.*runId=/);
  await expectAccessible(page);

  // The run's proposals in the review queue: every one listed, all translations into de-DE.
  await link.click();
  await expect(page).toHaveURL(/\/app\/acme\/prod\/reviews\?.*runId=/);
  await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  const queue = page.getByRole('table', { name: 'Proposals' });
  const rows = queue.getByRole('row');
  await expect(rows).toHaveCount(Math.min(proposals, 48) + 1);
  await expect(
    page.getByText(`${proposals} ${proposals === 1 ? 'proposal' : 'proposals'}`, { exact: true }),
  ).toBeVisible();
  for (const cells of await rows.all()) {
    if ((await cells.getByRole('cell').count()) === 0) continue;
    await expect(cells).toContainText('de-DE');
  }
  await expectAccessible(page);

  // One translated name, approved and published.
  const nameRow = rows.filter({ hasText: 'Name' }).first();
  await nameRow.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/acme\/prod\/reviews\/[^/?]+/);
  const productId = (
    await page.locator('[data-slot="review-summary"] a').first().textContent()
  )?.trim();
  expect(productId).toBeTruthy();
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Published to the instance')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Approved by Maya/).first()).toBeVisible();
  // The value now live, as shown (the diff's screen-reader markers left out).
  const live = await page
    .getByRole('region', { name: 'Now live' })
    .locator('p')
    .evaluate((p) => {
      const copy = p.cloneNode(true) as HTMLElement;
      for (const marker of copy.querySelectorAll('.sr-only')) marker.remove();
      return copy.textContent?.trim();
    });
  expect(live).toBeTruthy();
  await expectAccessible(page);

  // The instance holds it, read back through OCAPI Data.
  const document = await ocapiProduct(productId!);
  expect(document.name?.['de-DE']).toBe(live);
});
