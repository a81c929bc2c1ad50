/** The theme designer against the real app: edit a colour, switch preset, paste CSS, reload, state kept. */
import { expect, expectAccessible, signIn, test, USERS } from './fixtures';

const EMERALD_PRIMARY = 'oklch(46% 0.11 160)';

test('edits, presets and pasted CSS survive a reload', async ({ page }) => {
  await signIn(page, USERS.maya, '/app/acme/prod/pages/theme');
  await expect(page.getByRole('heading', { name: 'Theme designer' })).toBeVisible();
  const preview = page.locator('[data-slot="landing-preview"]');
  await expect(preview).toHaveAttribute('data-preset', 'beacon');
  await expectAccessible(page);

  // Switch preset, then edit one colour on top of it.
  await page.getByRole('button', { name: 'Emerald', exact: true }).click();
  await expect(preview).toHaveAttribute('data-preset', 'emerald');
  await expect(page.getByLabel('primary', { exact: true })).toHaveValue(EMERALD_PRIMARY);
  const secondary = page.getByLabel('secondary', { exact: true });
  await secondary.fill('#1e3a8a');
  await secondary.press('Enter');
  await expect(secondary).toHaveValue(/^oklch\(/);
  const secondaryValue = await secondary.inputValue();
  expect(secondaryValue).not.toBe('#1e3a8a');

  // Paste CSS with an unknown name: the known one applies, the unknown one is listed back.
  await page.getByRole('tab', { name: 'Paste CSS' }).click();
  await page
    .getByLabel('CSS variables')
    .fill(':root {\n  --accent: hsl(45 90% 60%);\n  --brand-glow: #ffffff;\n}');
  await page.getByRole('button', { name: 'Apply CSS' }).click();
  await expect(page.getByText('Updated 1 value')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Ignored CSS' })).toHaveText(
    '--brand-glow (unknown name)',
  );
  const accent = await preview.evaluate((el) => el.style.getPropertyValue('--lp-accent'));
  expect(accent).toMatch(/^oklch\(/);
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Theme designer' })).toBeVisible();
  await expect(preview).toHaveAttribute('data-preset', 'emerald');
  await expect(page.getByRole('button', { name: 'Emerald', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByLabel('primary', { exact: true })).toHaveValue(EMERALD_PRIMARY);
  await expect(page.getByLabel('secondary', { exact: true })).toHaveValue(secondaryValue);
  expect(await preview.evaluate((el) => el.style.getPropertyValue('--lp-accent'))).toBe(accent);

  // Reset returns to the preset's own values.
  await page.getByRole('button', { name: 'Reset to Emerald' }).click();
  await expect(page.getByLabel('secondary', { exact: true })).toHaveValue('oklch(48% 0.1 200)');
});
