import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { JobRun } from '~/domain/jobs/runs';
import { PRODUCT_MESSAGES } from '~/domain/products/messages';
import { orgs, sessionFor, users } from '~/mock-server/fixtures';
import { productFiltersInput } from '~/domain/products/inputs';
import {
  atProducts,
  listProducts,
  productDetail,
  syncRun,
  syncStates,
} from '~/mock-server/products';
import { atEnv } from '~/mock-server/scenarios';
import { domainError, pending, type TrpcScenario } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';
import { pinnedClock } from '~/stories/support/clock';

const meta = {
  title: 'Screens/Products',
  // "Last synced 2 hours ago" is read against a pinned clock, so the text and the baseline stay put.
  beforeEach: pinnedClock(),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const LIST = '/app/acme/prod/products';
const scope = { orgId: orgs.acme.id, envId: 'env_prod' };

function atCatalogue(url: string, more: TrpcScenario = {}) {
  return screen({
    url,
    session: sessionFor(users.maya),
    trpc: { ...atEnv(), ...atProducts(), 'jobs.progress': pending, ...more },
  });
}

/** Dropdowns render in a portal, outside the story's canvas. */
const page = () => within(document.body);

const listLoaded = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { name: 'Products', level: 1 });
  return canvas.findByRole('table', { name: 'Products' });
};

/** The product ids of the table's rows, in order. */
const rowIds = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('data-product'));

const rowOf = (table: HTMLElement, id: string) => {
  const row = table.querySelector<HTMLElement>(`tr[data-product="${id}"]`);
  if (!row) throw new Error(`No row for ${id}`);
  return within(row);
};

const searchOf = (story: { history(): { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(story.history().location.search));

async function choose(canvasElement: HTMLElement, label: string, option: string) {
  await userEvent.click(within(canvasElement).getByRole('combobox', { name: label }));
  await userEvent.click(await page().findByRole('option', { name: option }));
}

// ——— List ———

const list = atCatalogue(LIST);
/** The copy's products, 24 a page: id linked to its detail, name, type, online, pending proposals. */
export const List: Story = {
  ...list.story,
  tags: ['screen-state', 'state:products.list'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await listLoaded(canvasElement);
    await expect(
      canvas.getByText('The catalogue of zzte_001, as copied into Beacon.'),
    ).toBeVisible();
    await expect(canvas.getByText('26 products')).toBeVisible();
    await expect(within(table).getAllByRole('row')).toHaveLength(25);
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product ID', 'Name', 'Type', 'Online', 'Pending proposals']);
    await expect(rowIds(table).slice(0, 4)).toEqual([
      'alpine-rain-jacket',
      'alpine-rain-jacket-nvy',
      'alpine-rain-jacket-olv',
      'canvas-tote-bag',
    ]);

    const jacket = rowOf(table, 'alpine-rain-jacket');
    await expect(jacket.getByRole('link', { name: 'alpine-rain-jacket' })).toHaveAttribute(
      'href',
      '/app/acme/prod/products/alpine-rain-jacket',
    );
    await expect(jacket.getByText('Alpine Rain Jacket')).toBeVisible();
    await expect(jacket.getByText('Master')).toBeVisible();
    await expect(jacket.getByText('Online')).toBeVisible();
    await expect(
      jacket.getByRole('link', { name: '3 pending proposals for alpine-rain-jacket' }),
    ).toHaveAttribute('href', '/app/acme/prod/reviews?b2cProductId=alpine-rain-jacket');
    await expect(rowOf(table, 'alpine-rain-jacket-nvy').getByText('Variation group')).toBeVisible();
    await expect(rowOf(table, 'canvas-tote-bag').getByText('Product')).toBeVisible();

    // Sync panel: when, relative and absolute, and the size of the copy.
    const sync = canvas.getByRole('region', { name: 'Catalogue copy' });
    await expect(sync).toHaveTextContent(
      'Last synced 2 hours ago (Mar 2, 2026, 09:30 UTC) · 62 products in the copy',
    );
    await expect(within(sync).getByRole('button', { name: 'Sync now' })).toBeEnabled();

    const pages = canvas.getByRole('navigation', { name: 'Product pages' });
    await expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/app/acme/prod/products?page=2',
    );
    await expect(list.api.asked('products.list')).toEqual([
      { ...scope, page: 1, language: 'default', showOffline: false },
    ]);
  },
};

const secondPage = atCatalogue(LIST);
/** The page is in the URL: page 2 lists the last two products and asks for page 2. */
export const ListSecondPage: Story = {
  ...secondPage.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await listLoaded(canvasElement);
    const pages = canvas.getByRole('navigation', { name: 'Product pages' });
    await userEvent.click(within(pages).getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(searchOf(secondPage)).toEqual({ page: '2' }));
    await waitFor(async () =>
      expect(rowIds(await listLoaded(canvasElement))).toEqual([
        'trailhead-fleece-olv',
        'wool-hiking-socks',
      ]),
    );
    await expect(
      within(canvas.getByRole('navigation', { name: 'Product pages' })).getByRole('link', {
        name: 'Page 2',
      }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(secondPage.api.asked('products.list')).toEqual([
      { ...scope, page: 1, language: 'default', showOffline: false },
      { ...scope, page: 2, language: 'default', showOffline: false },
    ]);
  },
};

const counted = atCatalogue(LIST, {
  'products.syncState': { ...syncStates.synced, productCount: 1_000_000 },
  // A catalogue of a million products: the count stopped 10,000 past the page's first product.
  'products.list': (input) => ({
    ...listProducts(productFiltersInput.parse(input)),
    total: 10_000,
    totalIsExact: false,
  }),
});
/** A catalogue larger than the count reads: "More than 10,000 products", no last page, Next on. */
export const ListMoreThanCounted: Story = {
  ...counted.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await listLoaded(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('More than 10,000 products');
    await expect(canvas.getByRole('region', { name: 'Catalogue copy' })).toHaveTextContent(
      '1,000,000 products in the copy',
    );
    const pages = canvas.getByRole('navigation', { name: 'Product pages' });
    await expect(within(pages).queryByRole('link', { name: 'Page 417' })).toBeNull();
    await expect(within(pages).getByText('More pages')).toBeInTheDocument();
    await expect(within(pages).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '/app/acme/prod/products?page=2',
    );
    // The gap's screen-reader text stays inside the app's scroll area: the window itself never scrolls.
    const root = document.scrollingElement!;
    await expect(root.scrollHeight).toBeLessThanOrEqual(root.clientHeight);
  },
};

const filtered = atCatalogue(`${LIST}?language=fr-FR&productType=variation-group`);
/** Filters from the URL: list, count and controls agree with it; changing or clearing one rewrites it. */
export const ListFiltered: Story = {
  ...filtered.story,
  tags: ['screen-state', 'state:products.list-filtered'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await listLoaded(canvasElement);
    await expect(canvas.getByText('14 products')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Language' })).toHaveTextContent('fr-FR');
    await expect(canvas.getByRole('combobox', { name: 'Product type' })).toHaveTextContent(
      'Variation groups',
    );
    await expect(canvas.getByRole('combobox', { name: 'Catalog' })).toHaveTextContent(
      'All catalogs',
    );
    await expect(canvas.getByRole('searchbox', { name: 'Product ID' })).toHaveValue('');
    await expect(canvas.getByRole('switch', { name: 'Show offline' })).not.toBeChecked();
    await expect(within(table).getAllByText('Variation group')).toHaveLength(14);
    // A French name where there is one; the default name, marked, where there is none.
    await expect(
      rowOf(table, 'alpine-rain-jacket-nvy').getByText('Veste de pluie Alpine – Marine'),
    ).toBeVisible();
    const shirt = rowOf(table, 'harbor-oxford-shirt-nvy');
    await expect(shirt.getByText('Harbor Oxford Shirt – Navy')).toBeVisible();
    await expect(shirt.getByText('missing in fr-FR')).toBeVisible();
    await expect(
      rowOf(table, 'alpine-rain-jacket-nvy').getByRole('link', { name: 'alpine-rain-jacket-nvy' }),
    ).toHaveAttribute(
      'href',
      '/app/acme/prod/products/alpine-rain-jacket-nvy?language=fr-FR&productType=variation-group',
    );
    await expect(filtered.api.asked('products.list')).toEqual([
      { ...scope, page: 1, language: 'fr-FR', showOffline: false, productType: 'variation-group' },
    ]);

    // Clearing one filter: the URL drops it, the language stays, the list follows.
    await choose(canvasElement, 'Product type', 'All types');
    await waitFor(() => expect(searchOf(filtered)).toEqual({ language: 'fr-FR' }));
    await expect(await canvas.findByText('26 products')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Product type' })).toHaveTextContent(
      'All types',
    );

    // The id filter is sent on Enter; an id finds variants too.
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Product ID' }), 'alpine{Enter}');
    await waitFor(() =>
      expect(searchOf(filtered)).toEqual({ language: 'fr-FR', b2cProductId: 'alpine' }),
    );
    await expect(await canvas.findByText('7 products')).toBeVisible();

    await userEvent.click(canvas.getByRole('switch', { name: 'Show offline' }));
    await waitFor(() =>
      expect(searchOf(filtered)).toEqual({
        language: 'fr-FR',
        b2cProductId: 'alpine',
        showOffline: 'true',
      }),
    );

    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(searchOf(filtered)).toEqual({ language: 'fr-FR' }));
    await waitFor(() =>
      expect(canvas.getByRole('searchbox', { name: 'Product ID' })).toHaveValue(''),
    );
    await waitFor(() =>
      expect(canvas.getByRole('switch', { name: 'Show offline' })).not.toBeChecked(),
    );
    await expect(await canvas.findByText('26 products')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeDisabled();

    // Back to the documented state: French names, variation groups only.
    await choose(canvasElement, 'Product type', 'Variation groups');
    await waitFor(() =>
      expect(searchOf(filtered)).toEqual({ language: 'fr-FR', productType: 'variation-group' }),
    );
    await expect(await canvas.findByText('14 products')).toBeVisible();
  },
};

const byCategory = atCatalogue(`${LIST}?catalog=acme-storefront`);
/** The category list follows the chosen catalog, indented under its parents; choosing one filters. */
export const ListByCategory: Story = {
  ...byCategory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await listLoaded(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Catalog' })).toHaveTextContent(
      'Acme storefront',
    );
    await userEvent.click(canvas.getByRole('combobox', { name: 'Category' }));
    const options = await page().findAllByRole('option');
    await expect(options.map((o) => o.textContent)).toEqual([
      'All categories',
      'Men',
      'Outerwear',
      'Shirts',
      'Women',
      'Dresses',
      'Tops',
      'Gear',
      'Bags',
    ]);
    await expect(options[2]).toHaveAttribute('data-depth', '1');
    await userEvent.click(page().getByRole('option', { name: 'Dresses' }));
    await waitFor(() =>
      expect(searchOf(byCategory)).toEqual({
        catalog: 'acme-storefront',
        categoryId: 'womens-dresses',
      }),
    );
    const table = await listLoaded(canvasElement);
    await waitFor(() =>
      expect(rowIds(table)).toEqual([
        'meadow-wrap-dress',
        'meadow-wrap-dress-nvy',
        'meadow-wrap-dress-olv',
      ]),
    );
  },
};

const empty = atCatalogue(`${LIST}?b2cProductId=nothing`);
/** The empty state in the canvas, once the list has answered. */
async function emptyState(canvasElement: HTMLElement) {
  const title = await within(canvasElement).findByText('No products match these filters');
  return title.closest<HTMLElement>('[data-slot="empty-state"]')!;
}

/** Nothing matches: says so, with a way to clear the filters. */
export const ListEmpty: Story = {
  ...empty.story,
  tags: ['screen-state', 'state:products.list-empty'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const state = await emptyState(canvasElement);
    await expect(state).toBeVisible();
    await expect(
      within(state).getByText(
        'Try a shorter product ID, another catalog or category, or show offline products.',
      ),
    ).toBeVisible();
    await expect(within(state).getByRole('button', { name: 'Clear filters' })).toBeEnabled();
    await expect(canvas.queryByRole('table', { name: 'Products' })).toBeNull();
    await expect(canvas.getByRole('searchbox', { name: 'Product ID' })).toHaveValue('nothing');
    await expect(empty.api.asked('products.list')).toEqual([
      { ...scope, page: 1, language: 'default', showOffline: false, b2cProductId: 'nothing' },
    ]);
  },
};

const emptyCleared = atCatalogue(`${LIST}?b2cProductId=nothing&showOffline=true`);
/** Clear filters in the empty state empties the URL and the list comes back. */
export const ListEmptyCleared: Story = {
  ...emptyCleared.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const state = await emptyState(canvasElement);
    await userEvent.click(within(state).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(searchOf(emptyCleared)).toEqual({}));
    await listLoaded(canvasElement);
    await expect(canvas.getByText('26 products')).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: 'Product ID' })).toHaveValue('');
    await expect(canvas.getByRole('switch', { name: 'Show offline' })).not.toBeChecked();
  },
};

// ——— Sync ———

/** The loaded sync panel (its skeleton has the same heading, and is a different element). */
async function syncPanel(canvasElement: HTMLElement) {
  const button = await within(canvasElement).findByRole('button', { name: 'Sync now' });
  return button.closest<HTMLElement>('section')!;
}

/** Lets the play function say when the mocked run reports its next progress. */
let reportNext = () => {};
const nextReport = () => new Promise<void>((resolve) => (reportNext = resolve));

const syncing = atCatalogue(LIST, {
  'products.syncState': syncStates.running,
  'jobs.progress': async function* (): AsyncGenerator<JobRun> {
    yield syncRun('running', 1200);
    await nextReport();
    yield syncRun('running', 1800);
  },
});
/** A sync under way: its count follows the job's live progress; Sync now waits for it. */
export const SyncStatus: Story = {
  ...syncing.story,
  tags: ['screen-state', 'state:products.sync-status'],
  play: async ({ canvasElement }) => {
    const sync = await syncPanel(canvasElement);
    await expect(await within(sync).findByText('Syncing… 1,200 of 2,350 products')).toBeVisible();
    const bar = within(sync).getByRole('progressbar', { name: 'Sync progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '1200');
    await expect(bar).toHaveAttribute('aria-valuemax', '2350');
    await expect(within(sync).getByRole('button', { name: 'Sync now' })).toBeDisabled();
    await expect(sync).toHaveTextContent('Last synced 2 hours ago (Mar 2, 2026, 09:30 UTC)');
    await waitFor(() =>
      expect(syncing.api.calls('jobs.progress')).toEqual([
        { orgId: scope.orgId, run: { id: 'run_sync_2' } },
      ]),
    );

    reportNext();
    await expect(await within(sync).findByText('Syncing… 1,800 of 2,350 products')).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', '1800');
    await expect(within(sync).getByRole('button', { name: 'Sync now' })).toBeDisabled();
  },
};

const completes = atCatalogue(LIST, {
  'products.syncState': (_input, { count }) =>
    count === 1 ? syncStates.running : syncStates.synced,
  'jobs.progress': async function* (): AsyncGenerator<JobRun> {
    yield syncRun('running', 2300);
    await nextReport();
    yield syncRun('completed', 2350);
  },
});
/** When the run completes, the sync state, the facets and the list are read again. */
export const SyncCompletes: Story = {
  ...completes.story,
  play: async ({ canvasElement }) => {
    const sync = await syncPanel(canvasElement);
    await expect(await within(sync).findByText('Syncing… 2,300 of 2,350 products')).toBeVisible();
    await waitFor(() => expect(completes.api.calls('jobs.progress')).toHaveLength(1));
    reportNext();
    await waitFor(() => expect(within(sync).queryByRole('progressbar')).toBeNull());
    await expect(within(sync).getByRole('button', { name: 'Sync now' })).toBeEnabled();
    await expect(completes.api.calls('products.syncState')).toHaveLength(2);
    await waitFor(() => expect(completes.api.calls('products.list')).toHaveLength(2));
    await expect(completes.api.calls('products.facets')).toHaveLength(2);
    await listLoaded(canvasElement);
  },
};

const failed = atCatalogue(LIST, { 'products.syncState': syncStates.failed });
/** The last sync failed: its error in words to act on; Sync now starts another, which queues. */
export const SyncFailed: Story = {
  ...failed.story,
  play: async ({ canvasElement }) => {
    const sync = await syncPanel(canvasElement);
    const alert = within(sync).getByRole('alert');
    await expect(alert).toHaveTextContent('The last sync failed');
    await expect(alert).toHaveTextContent(PRODUCT_MESSAGES.productSearchMissing);
    await userEvent.click(within(sync).getByRole('button', { name: 'Sync now' }));
    await expect(
      await within(sync).findByText('Sync queued. It starts as soon as a worker is free.'),
    ).toBeVisible();
    await expect(within(sync).getByRole('button', { name: 'Sync now' })).toBeDisabled();
    await expect(failed.api.calls('products.syncNow')).toEqual([{ ...scope, full: false }]);
  },
};

const jobsDown = atCatalogue(LIST, {
  'products.syncNow': domainError(
    'UNAVAILABLE',
    PRODUCT_MESSAGES.jobsUnavailable,
    'jobs-unavailable',
  ),
});
/** Sync now refused because no background jobs run on this server: said plainly. */
export const SyncNowJobsUnavailable: Story = {
  ...jobsDown.story,
  play: async ({ canvasElement }) => {
    const sync = await syncPanel(canvasElement);
    await userEvent.click(await within(sync).findByRole('button', { name: 'Sync now' }));
    const alert = await within(sync).findByRole('alert');
    await expect(alert).toHaveTextContent('Could not start a sync');
    await expect(alert).toHaveTextContent(PRODUCT_MESSAGES.jobsUnavailable);
    await expect(within(sync).getByRole('button', { name: 'Sync now' })).toBeEnabled();
  },
};

const noInstance = atCatalogue(LIST, {
  'products.syncNow': domainError('CONFLICT', PRODUCT_MESSAGES.noInstance, 'no-instance'),
});
/** Sync now refused because the env lost its instance link: the way on is onboarding. */
export const SyncNowNoInstance: Story = {
  ...noInstance.story,
  play: async ({ canvasElement }) => {
    const sync = await syncPanel(canvasElement);
    await userEvent.click(await within(sync).findByRole('button', { name: 'Sync now' }));
    const alert = await within(sync).findByRole('alert');
    await expect(alert).toHaveTextContent('Could not start a sync');
    await expect(alert).toHaveTextContent(PRODUCT_MESSAGES.noInstance);
  },
};

const firstSync = screen({
  url: LIST,
  session: sessionFor(users.maya),
  trpc: { ...atEnv(), ...atProducts(syncStates.never), 'jobs.progress': pending },
});
/** A copy that never synced: nothing to list yet, and what Sync now will do. */
export const FirstSync: Story = {
  ...firstSync.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No products copied yet')).toBeVisible();
    await expect(
      canvas.getByText(
        "Beacon keeps a copy of zzte_001's catalogue so you can filter it and review agents' proposals. Choose Sync now to make the first copy; large catalogues take a few minutes.",
      ),
    ).toBeVisible();
    const sync = canvas.getByRole('region', { name: 'Catalogue copy' });
    await expect(sync).toHaveTextContent('Never synced');
    await expect(within(sync).getByRole('button', { name: 'Sync now' })).toBeEnabled();
    await expect(canvas.queryByRole('table', { name: 'Products' })).toBeNull();
  },
};

// ——— Detail ———

const detailLoaded = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).findByRole('heading', { name, level: 1 });

/** The rows of a localized field's table: locale, value, whether it is the chosen one. */
async function fieldRows(canvasElement: HTMLElement, label: string) {
  const table = await within(canvasElement).findByRole('table', { name: label });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      row.getAttribute('data-locale'),
      row.querySelectorAll('td')[1]?.textContent,
      row.getAttribute('aria-current') === 'true',
    ]);
}

const detail = atCatalogue('/app/acme/prod/products/trailhead-fleece?language=de-DE');
/** One product in German beside its other locales; gaps marked; markup shown as text; view groups in the URL. */
export const Detail: Story = {
  ...detail.story,
  tags: ['screen-state', 'state:products.detail'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await detailLoaded(canvasElement, 'Trailhead Fleecejacke')).toBeVisible();
    const header = canvas.getByRole('banner');
    await expect(header).toHaveTextContent('trailhead-fleece');
    await expect(within(header).getByText('Master')).toBeVisible();
    await expect(within(header).getByText('Online')).toBeVisible();
    await expect(within(header).queryByText(/pending/)).toBeNull();
    await expect(canvas.getByRole('combobox', { name: 'Language' })).toHaveTextContent('de-DE');
    await expect(canvas.getByRole('switch', { name: 'Show JSON' })).not.toBeChecked();
    await expect(canvas.getByRole('link', { name: 'Content' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(await fieldRows(canvasElement, 'Name')).toEqual([
      ['default', 'Trailhead Fleece', false],
      ['de-DE', 'Trailhead Fleecejacke', true],
      ['en-US', 'Trailhead Fleece', false],
      ['fr-FR', 'Polaire Trailhead', false],
    ]);
    // Markup is shown as its text, and a locale without a value says so.
    await expect(await fieldRows(canvasElement, 'Short description')).toEqual([
      ['default', 'A grid fleece mid-layer that breathes on the climb.', false],
      ['de-DE', 'Missing', true],
      ['en-US', 'A grid fleece mid-layer that breathes on the climb.', false],
      ['fr-FR', 'Missing', false],
    ]);
    await expect(canvasElement.querySelector('table p, table ul')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Back to products' })).toHaveAttribute(
      'href',
      '/app/acme/prod/products?language=de-DE',
    );

    await userEvent.click(canvas.getByRole('link', { name: 'SEO' }));
    await waitFor(() => expect(searchOf(detail)).toEqual({ language: 'de-DE', viewGroup: 'seo' }));
    await expect((await fieldRows(canvasElement, 'Page title'))[1]).toEqual([
      'de-DE',
      'Trailhead Fleecejacke | Acme Outfitters',
      true,
    ]);
    await expect((await fieldRows(canvasElement, 'Page keywords')).map((row) => row[1])).toEqual([
      'Missing',
      'Missing',
      'Missing',
      'Missing',
    ]);

    await userEvent.click(canvas.getByRole('link', { name: 'Attributes' }));
    await expect(await canvas.findByText('acme-master, acme-storefront')).toBeVisible();
    await expect(canvas.getByText('Last synced').nextElementSibling).toHaveTextContent(
      'Mar 2, 2026, 09:30 UTC',
    );
    await userEvent.click(canvas.getByRole('link', { name: 'Content' }));
    await waitFor(() =>
      expect(searchOf(detail)).toEqual({ language: 'de-DE', viewGroup: 'content' }),
    );
    // Switching view groups reads the same product (a refetch of it once stale may happen under load).
    const reads = detail.api.calls('products.get');
    await expect(reads.length).toBeGreaterThan(0);
    await expect(new Set(reads.map((input) => JSON.stringify(input)))).toEqual(
      new Set([JSON.stringify({ ...scope, b2cProductId: 'trailhead-fleece' })]),
    );
  },
};

const fleece = productDetail('trailhead-fleece')!;
const refreshed = atCatalogue('/app/acme/prod/products/trailhead-fleece?language=de-DE', {
  'products.refresh': {
    ...fleece,
    fields: {
      ...fleece.fields,
      name: { ...fleece.fields.name, 'de-DE': 'Trailhead Fleecejacke Neu' },
    },
  },
});
/** Refresh reads the product from the instance now: the screen shows the instance's newer value. */
export const DetailRefresh: Story = {
  ...refreshed.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await detailLoaded(canvasElement, 'Trailhead Fleecejacke')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh from instance' }));
    await expect(
      await canvas.findByRole('heading', { name: 'Trailhead Fleecejacke Neu', level: 1 }),
    ).toBeVisible();
    await expect((await fieldRows(canvasElement, 'Name'))[1]).toEqual([
      'de-DE',
      'Trailhead Fleecejacke Neu',
      true,
    ]);
    await expect(refreshed.api.calls('products.refresh')).toEqual([
      { ...scope, b2cProductId: 'trailhead-fleece' },
    ]);
  },
};

const deleted = atCatalogue('/app/acme/prod/products/trailhead-fleece?language=de-DE', {
  'products.refresh': domainError(
    'NOT_FOUND',
    PRODUCT_MESSAGES.productGone('trailhead-fleece'),
    'product-not-found',
  ),
  // The copy has it until the refresh finds it deleted on the instance.
  'products.get': (input, { count }) =>
    count === 1
      ? productDetail(input.b2cProductId)!
      : domainError(
          'NOT_FOUND',
          PRODUCT_MESSAGES.productNotFound(input.b2cProductId),
          'product-not-found',
        ),
});
/** Refreshing a product the instance deleted: it left the copy, so the screen says it is not found. */
export const DetailRefreshDeleted: Story = {
  ...deleted.story,
  tags: ['skip-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await detailLoaded(canvasElement, 'Trailhead Fleecejacke')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh from instance' }));
    await expect(await canvas.findByText('Product not found')).toBeVisible();
    await expect(
      canvas.getByText(PRODUCT_MESSAGES.productNotFound('trailhead-fleece')),
    ).toBeVisible();
  },
};

const withPending = atCatalogue('/app/acme/prod/products/alpine-rain-jacket');
/** Pending proposals: a badge with their count, linking to the review queue for this product. */
export const DetailPending: Story = {
  ...withPending.story,
  tags: ['screen-state', 'state:products.detail-pending'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await detailLoaded(canvasElement, 'Alpine Rain Jacket')).toBeVisible();
    await expect(canvas.getByRole('link', { name: '3 pending proposals' })).toHaveAttribute(
      'href',
      '/app/acme/prod/reviews?b2cProductId=alpine-rain-jacket',
    );
  },
};

const variations = atCatalogue(
  '/app/acme/prod/products/alpine-rain-jacket?language=fr-FR&viewGroup=variations',
);
/** A master's variation attributes in the chosen language, its variation groups and variants, each linked. */
export const DetailVariationGroup: Story = {
  ...variations.story,
  tags: ['screen-state', 'state:products.detail-variation-group'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await detailLoaded(canvasElement, 'Veste de pluie Alpine')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Variations' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const attributes = within(canvasElement.querySelector<HTMLElement>('dl')!);
    await expect(attributes.getByText('Couleur').nextElementSibling).toHaveTextContent(
      'Marine, Olive',
    );
    await expect(attributes.getByText('Taille').nextElementSibling).toHaveTextContent('M, L');
    const groups = canvas.getByRole('table', { name: 'Variation groups' });
    await expect(rowIds(groups)).toEqual(['alpine-rain-jacket-nvy', 'alpine-rain-jacket-olv']);
    const navy = rowOf(groups, 'alpine-rain-jacket-nvy');
    await expect(navy.getByText('Marine')).toBeVisible();
    await expect(navy.getByText('Veste de pluie Alpine – Marine')).toBeVisible();
    const variants = canvas.getByRole('table', { name: 'Variants' });
    await expect(rowIds(variants)).toEqual([
      'alpine-rain-jacket-nvy-l',
      'alpine-rain-jacket-nvy-m',
      'alpine-rain-jacket-olv-l',
      'alpine-rain-jacket-olv-m',
    ]);
    const link = navy.getByRole('link', { name: 'alpine-rain-jacket-nvy' });
    await expect(link).toHaveAttribute(
      'href',
      '/app/acme/prod/products/alpine-rain-jacket-nvy?language=fr-FR&viewGroup=variations',
    );
    await userEvent.click(link);
    await expect(await detailLoaded(canvasElement, 'Veste de pluie Alpine – Marine')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Veste de pluie Alpine' })).toHaveAttribute(
      'href',
      '/app/acme/prod/products/alpine-rain-jacket?language=fr-FR&viewGroup=variations',
    );
    await expect(rowIds(canvas.getByRole('table', { name: 'Variants' }))).toEqual([
      'alpine-rain-jacket-nvy-l',
      'alpine-rain-jacket-nvy-m',
    ]);
  },
};

const json = atCatalogue('/app/acme/prod/products/alpine-rain-jacket?showJson=true');
/** The raw OCAPI document, indented, with a copy button; the switch follows the URL. */
export const DetailJson: Story = {
  ...json.story,
  tags: ['screen-state', 'state:products.detail-json'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await detailLoaded(canvasElement, 'Alpine Rain Jacket')).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Show JSON' })).toBeChecked();
    const snippet = canvas.getByRole('figure', { name: 'OCAPI document' });
    const code = snippet.querySelector('code')!;
    await expect(code.textContent).toContain('"_resource_state"');
    await expect(code.textContent).toContain('\n  "id": "alpine-rain-jacket",');
    await expect(within(snippet).getByRole('button', { name: 'Copy JSON' })).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'View groups' })).toBeNull();

    await userEvent.click(canvas.getByRole('switch', { name: 'Show JSON' }));
    await waitFor(() => expect(searchOf(json)).toEqual({}));
    await expect(await canvas.findByRole('navigation', { name: 'View groups' })).toBeVisible();
    await userEvent.click(canvas.getByRole('switch', { name: 'Show JSON' }));
    await waitFor(() => expect(searchOf(json)).toEqual({ showJson: 'true' }));
    await expect(await canvas.findByRole('figure', { name: 'OCAPI document' })).toBeVisible();
  },
};

const missing = atCatalogue('/app/acme/prod/products/nope?language=fr-FR');
/** An unknown id: the server's message inside the shell, and the way back to the list. */
export const NotFound: Story = {
  ...missing.story,
  tags: ['screen-state', 'state:products.not-found'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Product not found')).toBeVisible();
    await expect(canvas.getByText(PRODUCT_MESSAGES.productNotFound('nope'))).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to products' })).toHaveAttribute(
      'href',
      '/app/acme/prod/products?language=fr-FR',
    );
    await expect(canvas.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(missing.api.calls('products.get')).toEqual([{ ...scope, b2cProductId: 'nope' }]);
  },
};
