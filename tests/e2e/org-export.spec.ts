/**
 * Exporting an org's data end to end: Maya, an owner of Acme, exports it from settings once its
 * catalogue copy is made, downloads the archive, and finds Acme's products, prompts and people in it,
 * and nothing of Globex (her other org) and no secret. Ada, a member of Acme who is not an owner, is
 * told only owners export, and the download refuses her.
 */
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { EXPORT_MESSAGES } from '~/domain/orgs/export';
import type { ExportManifest } from '~/server/orgs/export';
import {
  SEED_API_CLIENT,
  SEED_ENVS,
  SEED_ORGS,
  SEED_PROMPTS,
  SEED_USERS,
} from '~/server/seed-data';
import { ORG_EXPORT_TEXT } from '~/ui/patterns/settings/org-export';
import { expect, signIn, test, USERS } from './fixtures';

const FILE = /^beacon-acme-\d{4}-\d{2}-\d{2}\.zip$/;

test('an owner exports the org’s data and downloads one archive of its rows only; a member may not', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.maya);
  // The copy of acme/prod's catalogue is made as the server starts: export once it is there.
  await page.goto('/app/acme/prod/products');
  await expect(page.getByText(/products in the copy/)).toBeVisible({ timeout: 90_000 });

  await page.goto('/app/acme/prod/settings');
  const card = page.getByRole('region', { name: ORG_EXPORT_TEXT.title });
  await card.getByRole('button', { name: ORG_EXPORT_TEXT.action }).click();
  const link = card.getByRole('link', { name: /^Download beacon-acme-/ });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText(/^Ready: [\d.]+ (kB|MB)\. Available until /)).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/exports\/[0-9a-f-]{36}$/);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(FILE);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const text = Object.fromEntries(Object.entries(files).map(([n, b]) => [n, strFromU8(b)]));
  const rows = (table: string) =>
    (text[`${table}.jsonl`] ?? '')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const manifest = JSON.parse(text['manifest.json']!) as ExportManifest;

  expect(manifest.org).toEqual({
    id: SEED_ORGS.acme.id,
    slug: 'acme',
    name: SEED_ORGS.acme.name,
  });
  for (const [table, count] of Object.entries(manifest.tables)) {
    expect(rows(table), table).toHaveLength(count);
  }
  // What Acme holds: its catalogue copy, its prompt library, its envs and people.
  const products = rows('catalog_products');
  expect(products.length).toBeGreaterThan(100);
  // Every product is in one of Acme's envs (earlier specs may have synced another of them).
  const acmeEnvs = new Set(rows('envs').map((e) => e.id));
  expect(acmeEnvs.has(SEED_ENVS.acmeProd.id)).toBe(true);
  expect(products.filter((p) => !acmeEnvs.has(p.env_id))).toEqual([]);
  expect(products.some((p) => p.env_id === SEED_ENVS.acmeProd.id)).toBe(true);
  expect(rows('prompts').map((p) => p.name)).toEqual(
    expect.arrayContaining(
      SEED_PROMPTS.filter((p) => p.orgId === SEED_ORGS.acme.id).map((p) => p.name),
    ),
  );
  expect(rows('envs').map((e) => e.slug)).toEqual(expect.arrayContaining(['prod', 'staging']));
  expect(rows('users').map((u) => u.email)).toEqual(
    expect.arrayContaining([SEED_USERS.maya.email, SEED_USERS.ada.email]),
  );
  expect(rows('orgs')).toEqual([expect.objectContaining({ id: SEED_ORGS.acme.id })]);
  // Nothing of Globex, nor of Initech; no secret.
  const all = Object.values(text).join('\n');
  for (const foreign of [
    SEED_ORGS.globex.id,
    SEED_ENVS.globexProd.id,
    SEED_ORGS.initech.id,
    SEED_USERS.ivy.email,
  ]) {
    expect(all, foreign).not.toContain(foreign);
  }
  expect(all).not.toContain(SEED_API_CLIENT.secret);
  // No such column in any table's rows (the manifest names the columns left out).
  const data = Object.entries(text)
    .filter(([name]) => name.endsWith('.jsonl'))
    .map(([, body]) => body)
    .join('\n');
  expect(data).not.toMatch(/"(secret_ciphertext|token_hash|session_token)":/);
  expect(manifest.omittedColumns.b2c_api_clients).toEqual(['secret_ciphertext']);
  expect(rows('b2c_api_clients')).toEqual([
    expect.objectContaining({ client_id: SEED_API_CLIENT.clientId }),
  ]);

  // Ada is a member of Acme, not an owner: the card says why, and the archive is refused her.
  const context = await browser.newContext();
  const adaPage = await context.newPage();
  try {
    await signIn(adaPage, USERS.ada, '/app/acme/prod/settings');
    const adaCard = adaPage.getByRole('region', { name: ORG_EXPORT_TEXT.title });
    await expect(adaCard.getByText(EXPORT_MESSAGES.ownersOnly)).toBeVisible();
    await expect(adaCard.getByRole('button', { name: ORG_EXPORT_TEXT.action })).toBeDisabled();
    const refused = await adaPage.request.get(href!);
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: { message: EXPORT_MESSAGES.ownersOnly } });
  } finally {
    await context.close();
  }
  // Signed out: refused too.
  const anonymous = await browser.newContext();
  try {
    const response = await anonymous.request.get(new URL(href!, page.url()).toString());
    expect(response.status()).toBe(401);
  } finally {
    await anonymous.close();
  }
});
