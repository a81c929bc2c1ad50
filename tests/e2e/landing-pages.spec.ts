/**
 * Landing pages against the real server: a superuser creates a page with a hero and an FAQ, publishes
 * it to the in-process B2C simulator as a content asset (read back through OCAPI Data, its texts
 * escaped), and unpublishes it (the asset is gone). A regular member is told the area is for superusers.
 */
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { SIM_SITE_ID } from '~/simulators/b2c/data';
import { CREATE_PAGE_TEXT } from '~/ui/patterns/landing-pages/create-page-dialog';
import { EDITOR_TEXT } from '~/ui/patterns/landing-pages/landing-page-editor';
import { LANDING_PAGES_TEXT } from '~/ui/patterns/landing-pages/landing-page-table';
import { DETAIL_TEXT, PUBLISHED_TEXT } from '~/ui/patterns/landing-pages/published-details';
import { expect, expectAccessible, signIn, test, USERS } from './fixtures';
import { ocapiContent } from './support/simulator';

const ASSET = 'beacon-lp-spring-walks';

test('a superuser creates, publishes and unpublishes a landing page', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, USERS.ada);
  await page.goto('/app/acme/prod/landing-pages');
  await expect(page.getByRole('heading', { name: LANDING_PAGES_TEXT.title, level: 1 })).toBeVisible(
    { timeout: 15_000 },
  );
  await page.getByRole('button', { name: LANDING_PAGES_TEXT.create }).first().click();
  const dialog = page.getByRole('dialog', { name: CREATE_PAGE_TEXT.title });
  await dialog.getByLabel(CREATE_PAGE_TEXT.titleLabel).fill('Spring Walks');
  await expect(dialog.getByLabel(CREATE_PAGE_TEXT.slugLabel)).toHaveValue('spring-walks');
  await dialog.getByRole('button', { name: CREATE_PAGE_TEXT.submit }).click();
  await expect(page.getByRole('heading', { name: 'Spring Walks', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: DETAIL_TEXT.edit }).click();
  const form = page.getByRole('form', { name: EDITOR_TEXT.label });
  await form.getByRole('button', { name: EDITOR_TEXT.add.hero }).click();
  await form.getByRole('button', { name: EDITOR_TEXT.add.faq }).click();
  const hero = form.getByRole('region', { name: 'Hero (section 1)' });
  await hero.getByLabel(EDITOR_TEXT.heading, { exact: true }).fill('Walks <b>for</b> spring');
  const faq = form.getByRole('region', { name: 'FAQ (section 2)' });
  await faq.getByLabel(EDITOR_TEXT.question, { exact: true }).fill('Are dogs welcome?');
  await faq.getByLabel(EDITOR_TEXT.answer, { exact: true }).fill('On a lead, always.');
  await form.getByRole('button', { name: EDITOR_TEXT.save }).click();
  await expect(page.getByText(DETAIL_TEXT.saved)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Walks <b>for</b> spring' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: DETAIL_TEXT.publish }).click();
  const publish = page.getByRole('dialog', { name: DETAIL_TEXT.publishTitle });
  await expect(publish.getByText(DETAIL_TEXT.publishDescription(ASSET))).toBeVisible();
  await publish.getByRole('button', { name: DETAIL_TEXT.publish }).click();
  await expect(page.getByText(DETAIL_TEXT.publishedNotice)).toBeVisible();
  const details = page.getByRole('region', { name: PUBLISHED_TEXT.label });
  await expect(details).toContainText(`${PUBLISHED_TEXT.asset}${ASSET}`);
  await expect(details).toContainText(`${PUBLISHED_TEXT.library}${SIM_SITE_ID}`);
  await expect(details.getByRole('link')).toHaveAttribute(
    'href',
    new RegExp(`/Sites-${SIM_SITE_ID}-Site/default/Page-Show\\?cid=${ASSET}$`),
  );

  // The instance has the asset, its texts escaped.
  const asset = await ocapiContent(SIM_SITE_ID, ASSET);
  expect(asset?.name).toEqual({ default: 'Spring Walks' });
  const markup = asset?.c_body?.default?.markup ?? '';
  expect(markup).toContain('<h1>Walks &lt;b&gt;for&lt;/b&gt; spring</h1>');
  expect(markup).toContain('<dt>Are dogs welcome?</dt><dd>On a lead, always.</dd>');

  await page.getByRole('button', { name: DETAIL_TEXT.unpublish }).click();
  const unpublish = page.getByRole('dialog', { name: DETAIL_TEXT.unpublishTitle });
  await unpublish.getByRole('button', { name: DETAIL_TEXT.unpublish }).click();
  await expect(page.getByText(DETAIL_TEXT.unpublishedNotice)).toBeVisible();
  await expect(page.getByRole('region', { name: PUBLISHED_TEXT.label })).toHaveCount(0);
  expect(await ocapiContent(SIM_SITE_ID, ASSET)).toBeNull();
});

test("a regular member sees 'Superuser required'", async ({ page }) => {
  await signIn(page, USERS.maya);
  await page.goto('/app/acme/prod/landing-pages');
  await expect(page.getByRole('alert')).toContainText(ORG_MESSAGES.superuserRequired, {
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: LANDING_PAGES_TEXT.create })).toHaveCount(0);
});
