/**
 * The analyst against the real server: monitoring runs (through the AI simulator and the B2C
 * simulator's storefront), the results screen shows each engine's mention rate, and the analyst,
 * asked which engine mentions the brand least, looks the results up and answers with those same
 * figures, linking to the monitoring screen. It runs after the other specs (its project depends on
 * theirs), whose monitoring runs it adds to rather than disturbs.
 */
import type { Page } from '@playwright/test';
import { SEED_INSTANCES } from '~/server/seed-data';
import { ANALYST_TEXT, ANALYST_TOOL_LABELS } from '~/ui/patterns/analyst/conversation';
import { RESULTS_EMPTY_TEXT } from '~/ui/patterns/monitoring/results-empty';
import { expect, expectAccessible, signIn, test, USERS } from './fixtures';
import { configureMonitoring } from './support/monitoring';

const BRAND = 'Reference Architecture';
const DOMAIN = SEED_INSTANCES.acmeProd.host;
const QUESTION = 'Which premium wool jacket should I buy?';
/** The engines configureMonitoring chooses. */
const ENGINES = ['ChatGPT', 'Claude'] as const;

/** An engine's mention rate on the results, as its card shows it ("36%"). */
async function mentionRate(page: Page, engine: string): Promise<string> {
  const card = page
    .locator('[data-slot="monitoring-figures"]')
    .getByRole('region', { name: engine, exact: true });
  const value = card
    .locator('dt', { hasText: /^Mention rate$/ })
    .locator('+ dd > *')
    .first();
  const text = (await value.textContent()) ?? '';
  const rate = /^\d+%/.exec(text.trim())?.[0];
  expect(rate, `${engine}'s mention rate in "${text}"`).toBeDefined();
  return rate!;
}

test('answers which engine mentions the brand least with the figures the monitoring screen shows', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, USERS.maya);
  // The catalogue copy is made as the server starts: the answers' products are matched against it.
  await page.goto('/app/acme/prod/products');
  await expect(page.getByText(/products in the copy/)).toBeVisible({ timeout: 90_000 });
  await page.goto('/app/acme/prod');
  await expect(
    page.getByRole('heading', { name: 'AI Discoverability (AEO)', level: 1 }),
  ).toBeVisible({ timeout: 30_000 });
  const trend = page.getByRole('table', { name: /^Mention rate by run/ });
  const runNow = page.getByRole('button', { name: 'Run now' });
  await expect(runNow).toBeVisible();
  // The results (or their absence) are in before the runs are counted.
  await expect(trend.or(page.getByText(RESULTS_EMPTY_TEXT.title))).toBeVisible();
  // The monitoring spec leaves its config and two runs; alone, this test configures its own.
  const runsBefore = (await trend.count()) > 0 ? (await trend.getByRole('row').count()) - 1 : 0;
  if (runsBefore === 0) {
    // A fresh env has nothing configured: the storefront's brand, one question, two engines.
    await configureMonitoring(page, {
      brand: BRAND,
      domain: DOMAIN,
      question: QUESTION,
      samples: 10,
    });
    await page.goto('/app/acme/prod');
  }
  await runNow.click();
  await expect(trend.getByRole('row')).toHaveCount(runsBefore + 2, { timeout: 120_000 });
  await expect(page.getByRole('progressbar', { name: 'ChatGPT progress' })).toBeHidden();
  const rates = Object.fromEntries(
    await Promise.all(ENGINES.map(async (e) => [e, await mentionRate(page, e)] as const)),
  );
  const least = Math.min(...Object.values(rates).map((r) => Number.parseInt(r, 10)));

  await page.goto('/app/acme/prod/analyst');
  await expect(page.getByRole('heading', { name: ANALYST_TEXT.title, level: 1 })).toBeVisible();
  const box = page.getByRole('textbox', { name: ANALYST_TEXT.questionLabel });
  await box.fill('Which engine mentions us least, and for which prompts?');
  await box.press('Enter');

  const answer = page.locator('[data-slot="analyst-answer"]').last();
  await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const steps = answer.getByRole('region', { name: ANALYST_TEXT.steps });
  await expect(steps).toContainText(ANALYST_TOOL_LABELS.monitoringResults!);
  const markdown = answer.locator('[data-slot="analyst-markdown"]');
  await expect(markdown).toContainText(`mentions the brand least: ${least}%`);
  for (const [engine, rate] of Object.entries(rates)) {
    await expect(markdown.getByRole('listitem').filter({ hasText: engine })).toContainText(rate);
  }
  // Its figures link to the monitoring screen they come from.
  const results = steps.getByRole('link', { name: 'AI visibility results' });
  await expect(results).toHaveAttribute('href', '/app/acme/prod');
  await expectAccessible(page);
  await results.click();
  await expect(page).toHaveURL(/\/app\/acme\/prod$/);
  await expect(
    page.getByRole('heading', { name: 'AI Discoverability (AEO)', level: 1 }),
  ).toBeVisible();

  // The conversation is kept across visits.
  await page.goto('/app/acme/prod/analyst');
  await expect(page.locator('[data-slot="analyst-markdown"]').last()).toContainText(
    `mentions the brand least: ${least}%`,
  );
});
