/** The theme designer against the real app: edit a colour, switch preset, paste CSS, reload, state kept. */
import { expect, expectAccessible, signIn, test, USERS } from './fixtures';

const EMERALD_PRIMARY = 'oklch(46% 0.11 160)';

// Three axe audits of the designer (its live preview is the heaviest page of the app) and two
// reloads: 30 s is Playwright's hang detector for a short test, not this one's (a CI run with other
// work on the machine took longer while every step still waited for its own condition).
test.describe.configure({ timeout: 90_000 });

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

  // The designer in the app's dark theme: still no axe violations, the design untouched.
  await page.evaluate(() => localStorage.setItem('theme', 'dim'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dim');
  await expect(preview).toHaveAttribute('data-preset', 'emerald');
  await expectAccessible(page);
});

test('the sunset preset restyles only the preview, with self-hosted fonts', async ({ page }) => {
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontRequests.push(request.url());
  });
  await signIn(page, USERS.maya, '/app/acme/prod/pages/theme');
  await expect(page.getByRole('heading', { name: 'Theme designer' })).toBeVisible();
  const preview = page.locator('[data-slot="landing-preview"]');
  const appTokens = () =>
    page.evaluate(() =>
      ['--primary', '--base-100', '--base-content', '--font-display'].map((name) =>
        getComputedStyle(document.documentElement).getPropertyValue(name).trim(),
      ),
    );
  const before = await appTokens();
  expect(before[0]).not.toBe('');

  await page.getByRole('button', { name: 'Sunset', exact: true }).click();
  await expect(preview).toHaveAttribute('data-preset', 'sunset');
  expect(
    await preview.evaluate((el) => getComputedStyle(el).getPropertyValue('--lp-primary').trim()),
  ).toBe('oklch(50% 0.18 35)');
  expect(await appTokens()).toEqual(before);

  // Playfair Display (display) and Manrope (body) come from the app's own origin and load.
  const heading = preview.getByRole('heading', { name: 'Made for long summers' });
  await expect(heading).toHaveCSS('font-family', /^"Playfair Display Variable"/);
  const loadedFaces = await page.evaluate(async () =>
    Promise.all(
      ["700 16px 'Playfair Display Variable'", "400 16px 'Manrope Variable'"].map(
        async (font) => (await document.fonts.load(font)).length,
      ),
    ),
  );
  expect(loadedFaces.every((count) => count > 0)).toBe(true);
  expect(
    await page.evaluate(() => document.fonts.check("700 16px 'Playfair Display Variable'")),
  ).toBe(true);
  const origin = new URL(page.url()).origin;
  expect(fontRequests.some((url) => url.includes('playfair-display'))).toBe(true);
  expect(fontRequests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  await expectAccessible(page);
});
