/**
 * AI discoverability monitoring configured through its screen: the brand, one new prompt (every
 * library prompt unchecked), ChatGPT and Claude (not Gemini), the samples per prompt, saved. The
 * monitoring spec starts its loop with it; the analyst spec, run alone on a fresh env, too.
 */
import { expect, type Page } from '@playwright/test';

export async function configureMonitoring(
  page: Page,
  {
    brand,
    domain,
    question,
    samples,
  }: { brand: string; domain: string; question: string; samples: number },
): Promise<void> {
  await page.goto('/app/acme/prod?view=config');
  const form = page.getByRole('form', { name: 'AI discoverability monitoring configuration' });
  await form.getByLabel('Brand name', { exact: true }).fill(brand);
  await form.getByLabel('Brand domain', { exact: true }).fill(domain);
  const library = form.getByRole('group', { name: 'From the prompt library' });
  for (const box of await library.getByRole('checkbox').all()) {
    if (await box.isChecked()) await box.uncheck();
  }
  await form.getByLabel('New prompts').fill(question);
  const engines = form.getByRole('group', { name: 'Engines' });
  await engines.getByRole('checkbox', { name: /^ChatGPT/ }).check();
  await engines.getByRole('checkbox', { name: /^Claude/ }).check();
  await engines.getByRole('checkbox', { name: /^Gemini/ }).uncheck();
  await engines.getByRole('checkbox', { name: /^Perplexity/ }).uncheck();
  await form.getByLabel('Samples per prompt').fill(String(samples));
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await expect(page.getByText('Monitoring configuration saved')).toBeVisible();
}
