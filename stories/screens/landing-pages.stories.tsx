import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { LANDING_PAGE_MESSAGES } from '~/domain/landing-pages/messages';
import { storefrontUrl } from '~/domain/landing-pages/storefront';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { instances, orgs, sessionFor, users } from '~/mock-server/fixtures';
import {
  atLandingPages,
  landingPagesForbidden,
  landingPagesStore,
  LP_SITE,
  savedThemes,
  summerSale,
  summerSalePublished,
} from '~/mock-server/landing-pages';
import { atProducts } from '~/mock-server/products';
import { atEnv } from '~/mock-server/scenarios';
import { pending, type TrpcScenario } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';
import { CREATE_PAGE_TEXT } from '~/ui/patterns/landing-pages/create-page-dialog';
import { EDITOR_TEXT } from '~/ui/patterns/landing-pages/landing-page-editor';
import { LANDING_PAGES_TEXT } from '~/ui/patterns/landing-pages/landing-page-table';
import { LANDING_VIEW_TEXT } from '~/ui/patterns/landing-pages/landing-page-view';
import { DETAIL_TEXT, PUBLISHED_TEXT } from '~/ui/patterns/landing-pages/published-details';
import { CONTENT_LIBRARY_TEXT } from '~/ui/patterns/landing-pages/content-library';

const meta = { title: 'Screens/Landing pages' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/app/acme/prod/landing-pages';
const DETAIL = '/app/acme/prod/landing-pages/lp1';
const scope = { orgId: orgs.acme.id, envId: 'env_prod' };

function asSuperuser(url: string, more: TrpcScenario = {}) {
  return screen({
    url,
    session: sessionFor(users.ada),
    trpc: { ...atEnv(), ...atProducts(), 'jobs.progress': pending, ...more },
  });
}

/** Dialogs render in a portal, outside the story's canvas. */
const page = () => within(document.body);

const listLoaded = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { name: LANDING_PAGES_TEXT.title, level: 1 });
  return canvas.findByRole('table', { name: LANDING_PAGES_TEXT.label });
};

const detailLoaded = async (canvasElement: HTMLElement, title = summerSale.title) => {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { name: title, level: 1 });
  return canvas;
};

const rowOf = (table: HTMLElement, slug: string) => {
  const row = table.querySelector<HTMLElement>(`tr[data-page="${slug}"]`);
  if (!row) throw new Error(`No row for ${slug}`);
  return row;
};

// ——— List ———

const list = asSuperuser(LIST, atLandingPages());
/** The env's pages, 48 a page: title linked to its detail, slug, locale, status and when it changed. */
export const List: Story = {
  ...list.story,
  tags: ['screen-state', 'state:landing-pages.list'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await listLoaded(canvasElement);
    await expect(canvas.getByText(LANDING_PAGES_TEXT.description)).toBeVisible();
    await expect(canvas.getByText('3 landing pages')).toBeVisible();
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([...LANDING_PAGES_TEXT.columns]);
    await expect(within(table).getAllByRole('row')).toHaveLength(4);

    const guide = rowOf(table, 'trail-running-guide');
    await expect(guide).toHaveTextContent(
      `Trail Running Guidetrail-running-guidedefault${LANDING_PAGES_TEXT.published}${LANDING_PAGES_TEXT.unpublishedChanges}Mar 2, 2026, 10:45 UTC`,
    );
    const sale = rowOf(table, 'summer-sale-2026');
    await expect(within(sale).getByRole('link', { name: summerSale.title })).toHaveAttribute(
      'href',
      DETAIL,
    );
    await expect(within(sale).getByText(LANDING_PAGES_TEXT.draft)).toBeVisible();
    await expect(within(sale).getByText('en-US')).toBeVisible();
    const rentree = rowOf(table, 'rentree-2026');
    await expect(within(rentree).getByText(LANDING_PAGES_TEXT.published)).toBeVisible();
    await expect(within(rentree).queryByText(LANDING_PAGES_TEXT.unpublishedChanges)).toBeNull();

    await expect(canvas.getByRole('button', { name: LANDING_PAGES_TEXT.create })).toBeVisible();
    // Where the pages' themes are made.
    await expect(
      canvas.getByRole('link', { name: LANDING_PAGES_TEXT.themeDesigner }),
    ).toHaveAttribute('href', '/app/acme/prod/pages/theme');
    await expect(list.api.calls('landingPages.list')).toEqual([{ ...scope, page: 1 }]);
    // Where they publish: the site's own content library until a shared one is named.
    const library = await canvas.findByRole('form', { name: CONTENT_LIBRARY_TEXT.formLabel });
    await expect(canvas.getByText(CONTENT_LIBRARY_TEXT.own)).toBeVisible();
    await expect(
      within(library).getByRole('textbox', { name: CONTENT_LIBRARY_TEXT.label }),
    ).toHaveValue('');
  },
};

const libraryStore = landingPagesStore();
const sharedLibrary = asSuperuser(LIST, libraryStore.scenario);
/** A site on a shared library (SFRA's are) names it: an id Business Manager would not take is refused first. */
export const ContentLibraryShared: Story = {
  ...sharedLibrary.story,
  beforeEach: () => libraryStore.reset(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const library = await canvas.findByRole('form', { name: CONTENT_LIBRARY_TEXT.formLabel });
    const field = within(library).getByRole('textbox', { name: CONTENT_LIBRARY_TEXT.label });
    await userEvent.type(field, 'Shared library');
    await userEvent.click(within(library).getByRole('button', { name: CONTENT_LIBRARY_TEXT.save }));
    await expect(field).toHaveAccessibleDescription(
      /A library id is letters, digits, _, - and \., as Business Manager shows it\./,
    );
    await expect(sharedLibrary.api.calls('landingPages.setContentLibrary')).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, 'RefArchSharedLibrary');
    await userEvent.click(within(library).getByRole('button', { name: CONTENT_LIBRARY_TEXT.save }));
    await expect(
      await canvas.findByText(CONTENT_LIBRARY_TEXT.shared('RefArchSharedLibrary')),
    ).toBeVisible();
    await expect(await within(library).findByRole('status')).toHaveTextContent(
      CONTENT_LIBRARY_TEXT.saved,
    );
    await expect(sharedLibrary.api.calls('landingPages.setContentLibrary')).toEqual([
      { ...scope, libraryId: 'RefArchSharedLibrary' },
    ]);
  },
};

const empty = asSuperuser(LIST, atLandingPages([]));
export const ListEmpty: Story = {
  ...empty.story,
  tags: ['screen-state', 'state:landing-pages.list-empty'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(LANDING_PAGES_TEXT.emptyTitle)).toBeVisible();
    await expect(canvas.getByText(LANDING_PAGES_TEXT.emptyDescription)).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    // One in the header, one in the empty state: either opens the dialog.
    const creates = canvas.getAllByRole('button', { name: LANDING_PAGES_TEXT.create });
    await expect(creates).toHaveLength(2);
    await userEvent.click(creates[1]!);
    await expect(await page().findByRole('dialog', { name: CREATE_PAGE_TEXT.title })).toBeVisible();
  },
};

const created = landingPagesStore();
const create = asSuperuser(LIST, created.scenario);
/** The slug follows the title; the server's field error (a taken slug) shows under Slug; then the page opens. */
export const CreateWithFieldError: Story = {
  ...create.story,
  beforeEach: () => {
    create.api.reset();
    created.reset();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await listLoaded(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: LANDING_PAGES_TEXT.create }));
    const dialog = within(await page().findByRole('dialog', { name: CREATE_PAGE_TEXT.title }));
    // Nothing typed: the schema's own messages, before any call.
    await userEvent.click(dialog.getByRole('button', { name: CREATE_PAGE_TEXT.submit }));
    await expect(dialog.getByLabelText(CREATE_PAGE_TEXT.titleLabel)).toHaveFocus();
    await expect(dialog.getByLabelText(CREATE_PAGE_TEXT.titleLabel)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(create.api.calls('landingPages.create')).toEqual([]);

    await userEvent.type(dialog.getByLabelText(CREATE_PAGE_TEXT.titleLabel), 'Trail Running Guide');
    await expect(dialog.getByLabelText(CREATE_PAGE_TEXT.slugLabel)).toHaveValue(
      'trail-running-guide',
    );
    const locale = dialog.getByRole('combobox', { name: CREATE_PAGE_TEXT.localeLabel });
    await expect(locale).toHaveTextContent('default');
    await userEvent.click(locale);
    const locales = within(await page().findByRole('listbox'));
    await expect(locales.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'default',
      'de-DE',
      'en-US',
      'fr-FR',
    ]);
    await userEvent.click(locales.getByRole('option', { name: 'de-DE' }));
    await expect(locale).toHaveTextContent('de-DE');
    await userEvent.click(dialog.getByRole('button', { name: CREATE_PAGE_TEXT.submit }));
    const message = LANDING_PAGE_MESSAGES.slugTaken('trail-running-guide');
    await expect(await dialog.findByText(message)).toBeVisible();
    await expect(dialog.getByLabelText(CREATE_PAGE_TEXT.slugLabel)).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );

    const slug = dialog.getByLabelText(CREATE_PAGE_TEXT.slugLabel);
    await userEvent.clear(slug);
    await userEvent.type(slug, 'trail-guide-de');
    await userEvent.click(dialog.getByRole('button', { name: CREATE_PAGE_TEXT.submit }));
    await detailLoaded(canvasElement, 'Trail Running Guide');
    await expect(create.api.calls('landingPages.create').at(-1)).toEqual({
      ...scope,
      title: 'Trail Running Guide',
      slug: 'trail-guide-de',
      locale: 'de-DE',
      themeId: null,
      sections: [],
    });
    await expect(canvas.getByText(LANDING_VIEW_TEXT.noSections)).toBeVisible();
  },
};

// ——— Detail ———

const detail = asSuperuser(DETAIL, atLandingPages());
/** The page drawn with its saved theme: every section, product names from the copy, markup as text. */
export const Detail: Story = {
  ...detail.story,
  tags: ['screen-state', 'state:landing-pages.detail'],
  play: async ({ canvasElement }) => {
    const canvas = await detailLoaded(canvasElement);
    await expect(canvas.getByText('summer-sale-2026 · en-US')).toBeVisible();
    await expect(canvas.getByText(LANDING_PAGES_TEXT.draft)).toBeVisible();
    const view = canvas.getByRole('region', { name: LANDING_VIEW_TEXT.label });
    const inView = within(view);
    // The Summer theme's tokens, on the view only.
    await expect(view.style.getPropertyValue('--lp-primary')).toBe(
      savedThemes[0]!.theme.colors.primary,
    );
    await expect(view.querySelector('[data-slot="view-header"]')).toHaveTextContent(
      `${LANDING_VIEW_TEXT.storefront}${summerSale.title}`,
    );
    await expect(view.querySelector('[data-slot="view-footer"]')).toBeVisible();
    await expect(inView.getByRole('heading', { name: 'Made for long summers' })).toBeVisible();
    await expect(inView.getByRole('link', { name: 'Shop the sale' })).toHaveAttribute(
      'href',
      '/s/RefArch/sale',
    );
    await expect(inView.getByRole('heading', { name: 'Bestsellers' })).toBeVisible();
    await expect(await inView.findByText('Alpine Rain Jacket')).toBeVisible();
    await expect(await inView.findByText('Merino Beanie')).toBeVisible();
    // Markup a person typed is shown as typed: no element made of it.
    await expect(
      inView.getByText('Prices shown <b>include</b> VAT. <script>alert(1)</script>'),
    ).toBeVisible();
    await expect(view.querySelector('b, script')).toBeNull();
    await expect(inView.getByText('When does the sale end?')).toBeVisible();
    await expect(inView.getByText('Yes, within 30 days.')).toBeVisible();

    for (const action of [DETAIL_TEXT.edit, DETAIL_TEXT.publish, DETAIL_TEXT.delete]) {
      await expect(canvas.getByRole('button', { name: action })).toBeVisible();
    }
    await expect(canvas.queryByRole('button', { name: DETAIL_TEXT.unpublish })).toBeNull();
    await expect(canvas.queryByRole('region', { name: PUBLISHED_TEXT.label })).toBeNull();
  },
};

const publishedStore = landingPagesStore([summerSalePublished]);
const published = asSuperuser(DETAIL, publishedStore.scenario);
const expectedUrl = storefrontUrl(
  instances.onboarded.host,
  LP_SITE,
  'en-US',
  'beacon-lp-summer-sale-2026',
);
/** Published: when, as which content asset in which library, and where the storefront shows it. */
export const DetailPublished: Story = {
  ...published.story,
  tags: ['screen-state', 'state:landing-pages.detail-published'],
  beforeEach: () => {
    published.api.reset();
    publishedStore.reset();
  },
  play: async ({ canvasElement }) => {
    const canvas = await detailLoaded(canvasElement);
    const details = canvas.getByRole('region', { name: PUBLISHED_TEXT.label });
    await expect(details).toHaveTextContent(`${PUBLISHED_TEXT.publishedAt}Mar 2, 2026, 08:15 UTC`);
    await expect(details).toHaveTextContent(`${PUBLISHED_TEXT.asset}beacon-lp-summer-sale-2026`);
    await expect(details).toHaveTextContent(`${PUBLISHED_TEXT.library}${LP_SITE}`);
    await expect(await within(details).findByRole('link', { name: expectedUrl })).toHaveAttribute(
      'href',
      expectedUrl,
    );
    await expect(canvas.getByText(LANDING_PAGES_TEXT.published)).toBeVisible();
    await expect(canvas.getByRole('button', { name: DETAIL_TEXT.unpublish })).toBeVisible();
    // Nothing changed since: nothing to publish again.
    await expect(canvas.queryByRole('button', { name: DETAIL_TEXT.publish })).toBeNull();
    await expect(canvas.queryByRole('button', { name: DETAIL_TEXT.republish })).toBeNull();
  },
};

const unpublishStore = landingPagesStore([summerSalePublished]);
const unpublish = asSuperuser(DETAIL, unpublishStore.scenario);
/** Deleting a published page is refused with the server's reason; unpublishing asks, then it is a draft. */
export const UnpublishConfirm: Story = {
  ...unpublish.story,
  beforeEach: () => {
    unpublish.api.reset();
    unpublishStore.reset();
  },
  play: async ({ canvasElement }) => {
    const canvas = await detailLoaded(canvasElement);
    // Deleting a published page is refused with the server's reason; unpublishing it works.
    await userEvent.click(canvas.getByRole('button', { name: DETAIL_TEXT.delete }));
    const del = within(await page().findByRole('dialog', { name: DETAIL_TEXT.deleteTitle }));
    await userEvent.click(del.getByRole('button', { name: DETAIL_TEXT.delete }));
    await expect(await del.findByText(LANDING_PAGE_MESSAGES.deletePublished)).toBeVisible();
    await userEvent.click(del.getByRole('button', { name: 'Cancel' }));

    await userEvent.click(canvas.getByRole('button', { name: DETAIL_TEXT.unpublish }));
    const confirm = within(await page().findByRole('dialog', { name: DETAIL_TEXT.unpublishTitle }));
    await expect(
      confirm.getByText(DETAIL_TEXT.unpublishDescription('beacon-lp-summer-sale-2026')),
    ).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: DETAIL_TEXT.unpublish }));
    await expect(await canvas.findByText(DETAIL_TEXT.unpublishedNotice)).toBeVisible();
    await expect(canvas.queryByRole('region', { name: PUBLISHED_TEXT.label })).toBeNull();
    await expect(canvas.getByText(LANDING_PAGES_TEXT.draft)).toBeVisible();
    await expect(unpublish.api.calls('landingPages.unpublish')).toEqual([
      { ...scope, pageId: 'lp1' },
    ]);
  },
};

const publishStore = landingPagesStore([summerSale]);
const publish = asSuperuser(DETAIL, publishStore.scenario);
/** Publish asks first, naming the content asset; then the published details show. */
export const PublishConfirm: Story = {
  ...publish.story,
  beforeEach: () => {
    publish.api.reset();
    publishStore.reset();
  },
  play: async ({ canvasElement }) => {
    const canvas = await detailLoaded(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: DETAIL_TEXT.publish }));
    const dialog = within(await page().findByRole('dialog', { name: DETAIL_TEXT.publishTitle }));
    await expect(
      dialog.getByText(DETAIL_TEXT.publishDescription('beacon-lp-summer-sale-2026')),
    ).toBeVisible();
    // Cancel publishes nothing.
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect(publish.api.calls('landingPages.publish')).toEqual([]);

    await userEvent.click(canvas.getByRole('button', { name: DETAIL_TEXT.publish }));
    const again = within(await page().findByRole('dialog', { name: DETAIL_TEXT.publishTitle }));
    await userEvent.click(again.getByRole('button', { name: DETAIL_TEXT.publish }));
    await expect(await canvas.findByText(DETAIL_TEXT.publishedNotice)).toBeVisible();
    const details = canvas.getByRole('region', { name: PUBLISHED_TEXT.label });
    await expect(details).toHaveTextContent(`${PUBLISHED_TEXT.asset}beacon-lp-summer-sale-2026`);
    await expect(await within(details).findByRole('link', { name: expectedUrl })).toBeVisible();
    await expect(publish.api.calls('landingPages.publish')).toEqual([{ ...scope, pageId: 'lp1' }]);
  },
};

const editStore = landingPagesStore([summerSale]);
const edit = asSuperuser(DETAIL, editStore.scenario);
/** Edit: title, section order, a new FAQ and a product from the catalogue search are saved. */
export const EditAndSave: Story = {
  ...edit.story,
  beforeEach: () => {
    edit.api.reset();
    editStore.reset();
  },
  play: async ({ canvasElement }) => {
    const canvas = await detailLoaded(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: DETAIL_TEXT.edit }));
    const form = within(await canvas.findByRole('form', { name: EDITOR_TEXT.label }));
    await expect(form.getByRole('combobox', { name: EDITOR_TEXT.locale })).toHaveTextContent(
      'en-US',
    );
    await expect(form.getByRole('combobox', { name: EDITOR_TEXT.theme })).toHaveTextContent(
      savedThemes[0]!.name,
    );
    // The theme picker links to where themes are made.
    await expect(form.getByRole('link', { name: EDITOR_TEXT.themeDesigner })).toHaveAttribute(
      'href',
      '/app/acme/prod/pages/theme',
    );

    const title = form.getByLabelText(EDITOR_TEXT.title);
    await userEvent.clear(title);
    await userEvent.click(title);
    await userEvent.paste('Summer Sale: last days');

    // Text moves above the grid.
    await userEvent.click(form.getByRole('button', { name: 'Move Text (section 3) up' }));
    await expect(
      [
        ...canvasElement.querySelectorAll(
          '[data-slot="landing-page-editor"] section[data-section]',
        ),
      ].map((s) => s.getAttribute('data-section')),
    ).toEqual(['hero', 'richText', 'productGrid', 'faq']);

    // A new FAQ, filled in.
    await userEvent.click(form.getByRole('button', { name: EDITOR_TEXT.add.faq }));
    const faq = within(form.getByRole('region', { name: 'FAQ (section 5)' }));
    await userEvent.click(faq.getByLabelText(EDITOR_TEXT.question));
    await userEvent.paste('Is shipping free?');
    await userEvent.click(faq.getByLabelText(EDITOR_TEXT.answer));
    await userEvent.paste('Over €50, yes.');

    // A product from the catalogue search joins the grid.
    const grid = within(form.getByRole('region', { name: 'Product grid (section 3)' }));
    await userEvent.click(grid.getByLabelText('Search products by ID'));
    await userEvent.paste('trail-water');
    await userEvent.click(await grid.findByRole('button', { name: 'Add trail-water-bottle' }));
    await waitFor(() =>
      expect(grid.getByRole('list', { name: EDITOR_TEXT.products })).toHaveTextContent(
        'Trail Water Bottle 750 mltrail-water-bottle',
      ),
    );

    await userEvent.click(form.getByRole('button', { name: EDITOR_TEXT.save }));
    await expect(await canvas.findByText(DETAIL_TEXT.saved)).toBeVisible();
    await expect(
      canvas.getByRole('heading', { name: 'Summer Sale: last days', level: 1 }),
    ).toBeVisible();
    const [sent] = edit.api.calls('landingPages.update') as { sections: unknown[] }[];
    await expect(sent).toEqual({
      ...scope,
      pageId: 'lp1',
      title: 'Summer Sale: last days',
      slug: summerSale.slug,
      locale: 'en-US',
      themeId: 'th_summer',
      sections: [
        summerSale.sections[0],
        summerSale.sections[2],
        {
          type: 'productGrid',
          heading: 'Bestsellers',
          productIds: [
            'alpine-rain-jacket',
            'canvas-tote-bag',
            'merino-beanie',
            'trail-water-bottle',
          ],
        },
        summerSale.sections[3],
        { type: 'faq', items: [{ question: 'Is shipping free?', answer: 'Over €50, yes.' }] },
      ],
    });
    const view = within(canvas.getByRole('region', { name: LANDING_VIEW_TEXT.label }));
    await waitFor(() => expect(view.getByText('Is shipping free?')).toBeVisible());
  },
};

const invalidStore = landingPagesStore([summerSale]);
const invalid = asSuperuser(DETAIL, invalidStore.scenario);
/** A section left incomplete: its problem shows under it, and nothing is sent. */
export const EditSectionError: Story = {
  ...invalid.story,
  beforeEach: () => {
    invalid.api.reset();
    invalidStore.reset();
  },
  play: async ({ canvasElement }) => {
    const canvas = await detailLoaded(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: DETAIL_TEXT.edit }));
    const form = within(await canvas.findByRole('form', { name: EDITOR_TEXT.label }));
    await userEvent.click(form.getByRole('button', { name: EDITOR_TEXT.add.faq }));
    await userEvent.click(form.getByRole('button', { name: EDITOR_TEXT.save }));
    const faq = within(form.getByRole('region', { name: 'FAQ (section 5)' }));
    await expect(faq.getByRole('alert')).toHaveTextContent(/^items question: /);
    await expect(form.getAllByRole('alert')).toHaveLength(1);
    await expect(invalid.api.calls('landingPages.update')).toEqual([]);
    // Removing it leaves nothing to complain about.
    await userEvent.click(form.getByRole('button', { name: 'Remove FAQ (section 5)' }));
    await expect(form.queryByRole('alert')).toBeNull();
  },
};

// ——— Members ———

const forbidden = screen({
  url: LIST,
  session: sessionFor(users.maya),
  trpc: { ...atEnv(), ...landingPagesForbidden },
});
/** A regular member: told plainly, and no landing page data is asked for. */
export const Forbidden: Story = {
  ...forbidden.story,
  tags: ['screen-state', 'state:landing-pages.forbidden'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(ORG_MESSAGES.superuserRequired);
    await expect(alert).toHaveTextContent(LANDING_PAGES_TEXT.forbiddenDescription);
    await expect(canvas.queryByRole('button', { name: LANDING_PAGES_TEXT.create })).toBeNull();
    await expect(forbidden.api.calls('landingPages.list')).toEqual([]);
  },
};

const forbiddenDetail = screen({
  url: DETAIL,
  session: sessionFor(users.maya),
  trpc: { ...atEnv(), ...landingPagesForbidden },
});
export const ForbiddenDetail: Story = {
  ...forbiddenDetail.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      ORG_MESSAGES.superuserRequired,
    );
    await expect(forbiddenDetail.api.calls('landingPages.get')).toEqual([]);
  },
};
