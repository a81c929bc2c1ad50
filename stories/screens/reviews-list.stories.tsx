/**
 * The review queue's list screen: filters, paging, selection and bulk decisions, the keyboard. Its
 * proposals' own screen is reviews-detail.stories.tsx (the same title, Screens/Reviews).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { REVIEW_RUNS } from '~/mock-server/reviews';
import { pinnedClock } from '~/stories/support/clock';
import {
  ALPINE,
  atQueue,
  page,
  pathOf,
  QUEUE,
  scope,
  searchOf,
  shortcuts,
} from '~/stories/support/reviews';

const meta = {
  title: 'Screens/Reviews',
  // Ages ("3 hours ago") and decision times are read against a pinned clock, so the texts and the
  // baselines stay put.
  beforeEach: pinnedClock(),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const defaults = { reviewStatus: 'pending', agentType: 'all', showOffline: false };

async function queueLoaded(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { name: 'Reviews', level: 1 });
  return canvas.findByRole('table', { name: 'Proposals' });
}

/** The proposal ids of the table's rows, in order. */
const rowIds = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('data-review'));

const rowOf = (table: HTMLElement, id: string) => {
  const row = table.querySelector<HTMLElement>(`tr[data-review="${id}"]`);
  if (!row) throw new Error(`No row for ${id}`);
  return row;
};

async function choose(canvasElement: HTMLElement, label: string, option: string) {
  await userEvent.click(within(canvasElement).getByRole('combobox', { name: label }));
  await userEvent.click(await page().findByRole('option', { name: option }));
}

// ——— The queue ———

const list = atQueue(QUEUE);
/**
 * The pending queue, 48 a page, newest first: product (name in the proposal's locale, and id), field,
 * locale, agent, age and the proposed value; filters from the URL; the keyboard shortcuts shown.
 */
export const List: Story = {
  ...list.story,
  tags: ['screen-state', 'state:reviews.list'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await queueLoaded(canvasElement);
    await expect(canvas.getByText('95 proposals')).toBeVisible();
    await expect(within(table).getAllByRole('row')).toHaveLength(49);
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Product', 'Field', 'Locale', 'Agent', 'Age', 'Proposed value']);
    await expect(rowIds(table).slice(0, 3)).toEqual([
      `${ALPINE}-page_title-fr-FR`,
      `${ALPINE}-page_description-fr-FR`,
      `${ALPINE}-page_title-de-DE`,
    ]);
    const first = within(rowOf(table, `${ALPINE}-page_title-fr-FR`));
    await expect(first.getByRole('link', { name: 'Veste de pluie Alpine' })).toHaveAttribute(
      'href',
      `${QUEUE}/${ALPINE}-page_title-fr-FR`,
    );
    await expect(first.getByText('alpine-rain-jacket')).toBeVisible();
    await expect(first.getByText('Page title')).toBeVisible();
    await expect(first.getByText('fr-FR')).toBeVisible();
    await expect(first.getByText('SEO Specialist')).toBeVisible();
    await expect(first.getByText('3 hours ago')).toBeVisible();
    await expect(
      first.getByText('Veste de pluie Alpine – Vêtements outdoor homme | Acme Outfitters'),
    ).toBeVisible();
    await expect(
      first.getByRole('checkbox', { name: 'Select Veste de pluie Alpine, Page title, fr-FR' }),
    ).not.toBeChecked();

    // The filters show the URL's values: the pending queue of every agent, online products.
    await expect(canvas.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Pending');
    await expect(canvas.getByRole('combobox', { name: 'Agent' })).toHaveTextContent('All agents');
    await expect(canvas.getByRole('searchbox', { name: 'Product ID' })).toHaveValue('');
    await expect(canvas.getByRole('switch', { name: 'Show offline' })).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeDisabled();

    await expect(shortcuts(canvasElement)).toEqual([
      'j/kNext / previous',
      'xSelect',
      'EnteroroOpen',
      'aApprove',
      'rReject',
    ]);
    const pages = canvas.getByRole('navigation', { name: 'Review pages' });
    await expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      `${QUEUE}?page=2`,
    );

    // A filter changed is a new URL, and the list follows it; back to pending, the URL is bare again.
    await choose(canvasElement, 'Agent', 'Localization Manager');
    await waitFor(() => expect(searchOf(list)).toEqual({ agentType: 'translation' }));
    await expect(await canvas.findByText('23 proposals')).toBeVisible();
    await choose(canvasElement, 'Agent', 'All agents');
    await waitFor(() => expect(searchOf(list)).toEqual({}));
    await expect(await canvas.findByText('95 proposals')).toBeVisible();
    await expect(list.api.asked('reviews.list').slice(0, 2)).toEqual([
      { ...scope, ...defaults, page: 1 },
      { ...scope, ...defaults, agentType: 'translation', page: 1 },
    ]);
  },
};

const filtered = atQueue(`${QUEUE}?reviewStatus=approved&agentType=seo`);
/** Approved (published or not) and SEO only, from the URL: the count, the rows and the controls agree. */
export const ListFiltered: Story = {
  ...filtered.story,
  tags: ['screen-state', 'state:reviews.list-filtered'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await queueLoaded(canvasElement);
    await expect(canvas.getByText('6 proposals')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Approved');
    await expect(canvas.getByRole('combobox', { name: 'Agent' })).toHaveTextContent(
      'SEO Specialist',
    );
    await expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeEnabled();
    // Not pending: a status column, and nothing to pick or decide.
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Field', 'Locale', 'Agent', 'Status', 'Age', 'Proposed value']);
    await expect(within(table).queryAllByRole('checkbox')).toHaveLength(0);
    await expect(
      [...table.querySelectorAll('[data-status]')].map((badge) => badge.textContent),
    ).toEqual([
      'Published',
      'Conflict',
      'Publish failed',
      'Publish failed',
      'Approved',
      'Published',
    ]);
    await expect(within(table).getAllByText('SEO Specialist')).toHaveLength(6);
    await expect(shortcuts(canvasElement)).toEqual(['j/kNext / previous', 'EnteroroOpen']);
    // The detail keeps the queue's filters, for the way back.
    await expect(
      within(rowOf(table, 'p-trailhead-fleece-page_keywords-en-US-1')).getByRole('link', {
        name: 'Trailhead Fleece',
      }),
    ).toHaveAttribute(
      'href',
      `${QUEUE}/p-trailhead-fleece-page_keywords-en-US-1?reviewStatus=approved&agentType=seo`,
    );

    await choose(canvasElement, 'Status', 'Rejected');
    await waitFor(() =>
      expect(searchOf(filtered)).toEqual({ reviewStatus: 'rejected', agentType: 'seo' }),
    );
    await expect(await canvas.findByText('1 proposal')).toBeVisible();
    await choose(canvasElement, 'Status', 'Approved');
    await waitFor(() =>
      expect(searchOf(filtered)).toEqual({ reviewStatus: 'approved', agentType: 'seo' }),
    );
    await expect(await canvas.findByText('6 proposals')).toBeVisible();
    await expect(filtered.api.asked('reviews.list').slice(0, 2)).toEqual([
      { ...scope, ...defaults, reviewStatus: 'approved', agentType: 'seo', page: 1 },
      { ...scope, ...defaults, reviewStatus: 'rejected', agentType: 'seo', page: 1 },
    ]);
  },
};

const empty = atQueue(QUEUE, { proposals: [] });
/** Nothing pending and no filter: says so, and where proposals come from. */
export const ListEmpty: Story = {
  ...empty.story,
  tags: ['screen-state', 'state:reviews.list-empty'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = await canvas.findByText('Nothing to review');
    const state = title.closest<HTMLElement>('[data-slot="empty-state"]')!;
    await expect(state).toHaveTextContent(
      'When agents propose changes, they wait here for your decision. Run one from Agents to get proposals.',
    );
    await expect(within(state).getByRole('link', { name: 'Agents' })).toHaveAttribute(
      'href',
      '/app/acme/prod/agents',
    );
    await expect(canvas.queryByRole('table', { name: 'Proposals' })).toBeNull();
    await expect(within(state).queryByRole('button', { name: 'Clear filters' })).toBeNull();
  },
};

const noMatch = atQueue(`${QUEUE}?b2cProductId=nothing-here`);
/** Filters that match nothing: a different empty state, whose Clear filters brings the queue back. */
export const ListNoMatch: Story = {
  ...noMatch.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = await canvas.findByText('No proposals match these filters');
    const state = title.closest<HTMLElement>('[data-slot="empty-state"]')!;
    await expect(canvas.getByRole('searchbox', { name: 'Product ID' })).toHaveValue('nothing-here');
    await userEvent.click(within(state).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(searchOf(noMatch)).toEqual({}));
    await queueLoaded(canvasElement);
    await expect(canvas.getByText('95 proposals')).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: 'Product ID' })).toHaveValue('');
  },
};

const byProduct = atQueue(`${QUEUE}?b2cProductId=alpine-rain-jacket`);
/** From a product's pending count (the products screens link here): that product's proposals only. */
export const ListByProduct: Story = {
  ...byProduct.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await queueLoaded(canvasElement);
    await expect(canvas.getByText('8 proposals')).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: 'Product ID' })).toHaveValue(
      'alpine-rain-jacket',
    );
    await expect(within(table).getAllByText('alpine-rain-jacket')).toHaveLength(8);
    await expect(byProduct.api.asked('reviews.list')).toEqual([
      { ...scope, ...defaults, b2cProductId: 'alpine-rain-jacket', page: 1 },
    ]);
  },
};

const byRun = atQueue(`${QUEUE}?agentType=seo&runId=${REVIEW_RUNS.seo}&reviewStatus=all`);
/** From a run in an agent's history: the run's proposals in every status, the run a removable chip. */
export const ListByRun: Story = {
  ...byRun.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await queueLoaded(canvasElement);
    await expect(canvas.getByText('72 proposals')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Status' })).toHaveTextContent('All');
    await expect(canvas.getByText('Run run_seo_7')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove the filter Run run_seo_7' }));
    await waitFor(() => expect(searchOf(byRun)).toEqual({ agentType: 'seo', reviewStatus: 'all' }));
    await expect(await canvas.findByText('80 proposals')).toBeVisible();
    await expect(canvas.queryByText('Run run_seo_7')).toBeNull();
    await expect(byRun.api.asked('reviews.list')[0]).toEqual({
      ...scope,
      ...defaults,
      agentType: 'seo',
      reviewStatus: 'all',
      runId: REVIEW_RUNS.seo,
      page: 1,
    });
  },
};

// ——— Deciding several at once ———

/** The bar that follows a selection. */
const selectionBar = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('region', { name: 'Selected proposals' });

async function pick(table: HTMLElement, ids: string[]) {
  for (const id of ids) await userEvent.click(within(rowOf(table, id)).getByRole('checkbox'));
}

const bulk = atQueue(QUEUE);
/**
 * Three proposals picked: a bar with the count, Approve all, Reject all and Clear; then the whole page,
 * the offer to pick all 95 matching, and Approve all asking to confirm for all of them.
 */
export const BulkSelect: Story = {
  ...bulk.story,
  tags: ['screen-state', 'state:reviews.bulk-select'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await queueLoaded(canvasElement);
    await expect(canvas.queryByRole('region', { name: 'Selected proposals' })).toBeNull();
    await pick(table, rowIds(table).slice(0, 3) as string[]);
    const bar = within(selectionBar(canvasElement));
    await expect(bar.getByText('3 selected')).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Approve all' })).toBeEnabled();
    await expect(bar.getByRole('button', { name: 'Reject all' })).toBeEnabled();
    await expect(bar.getByRole('button', { name: 'Clear' })).toBeEnabled();
    const header = canvas.getByRole('checkbox', { name: 'Select every proposal on this page' });
    await expect(header).toHaveAttribute('aria-checked', 'mixed');

    await userEvent.click(bar.getByRole('button', { name: 'Approve all' }));
    const dialog = within(await page().findByRole('dialog', { name: 'Approve 3 proposals?' }));
    await expect(
      dialog.getByText('They are published to the instance once approved.'),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());

    // The whole page, then everything the filters match.
    await userEvent.click(header);
    await expect(within(selectionBar(canvasElement)).getByText('48 selected')).toBeVisible();
    await expect(canvas.getByText('All 48 proposals on this page are selected.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Select all 95 matching proposals' }));
    await expect(
      within(selectionBar(canvasElement)).getByText('All 95 matching selected'),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Select all/ })).toBeNull();

    await userEvent.click(
      within(selectionBar(canvasElement)).getByRole('button', { name: 'Approve all' }),
    );
    const all = within(await page().findByRole('dialog', { name: 'Approve 95 proposals?' }));
    await expect(all.getByText('They are published to the instance once approved.')).toBeVisible();
    await expect(all.getByRole('button', { name: 'Approve 95 proposals' })).toBeEnabled();
    await expect(all.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await expect(bulk.api.calls('reviews.approve')).toEqual([]);
  },
};

const bulkApprove = atQueue(QUEUE);
/** Approving three picked proposals: confirmed, said on the page, and the queue reads again without them. */
export const BulkApprove: Story = {
  ...bulkApprove.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await queueLoaded(canvasElement);
    const ids = rowIds(table).slice(0, 3) as string[];
    await pick(table, ids);
    await userEvent.click(
      within(selectionBar(canvasElement)).getByRole('button', { name: 'Approve all' }),
    );
    const dialog = within(await page().findByRole('dialog', { name: 'Approve 3 proposals?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Approve 3 proposals' }));
    await expect(await canvas.findByText('Approved 3 proposals')).toBeVisible();
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByText('92 proposals')).toBeVisible();
    const after = await queueLoaded(canvasElement);
    for (const id of ids) await expect(rowIds(after)).not.toContain(id);
    await expect(canvas.queryByRole('region', { name: 'Selected proposals' })).toBeNull();
    await expect(bulkApprove.api.calls('reviews.approve')).toEqual([
      { ...scope, selection: { ids } },
    ]);
  },
};

const bulkReject = atQueue(QUEUE);
/** Rejecting everything the filters match, with a reason: the queue is then empty. */
export const BulkRejectAllMatching: Story = {
  ...bulkReject.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await queueLoaded(canvasElement);
    await userEvent.click(
      canvas.getByRole('checkbox', { name: 'Select every proposal on this page' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Select all 95 matching proposals' }));
    await userEvent.click(
      within(selectionBar(canvasElement)).getByRole('button', { name: 'Reject all' }),
    );
    const dialog = within(await page().findByRole('dialog', { name: 'Reject 95 proposals?' }));
    await expect(
      dialog.getByText(
        'Nothing is written to the instance; the proposals stay in the history as rejected.',
      ),
    ).toBeVisible();
    const reason = dialog.getByRole('textbox', { name: 'Reason (optional)' });
    await expect(reason).toHaveAttribute('maxlength', '500');
    await userEvent.type(reason, 'Wrong tone for spring');
    await expect(dialog.getByText('21 / 500')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Reject 95 proposals' }));
    await expect(await canvas.findByText('Nothing to review')).toBeVisible();
    await expect(canvas.getByText('Rejected 95 proposals')).toBeVisible();
    await expect(bulkReject.api.calls('reviews.reject')).toEqual([
      { ...scope, selection: { filter: defaults }, reason: 'Wrong tone for spring' },
    ]);
  },
};

// ——— Keyboard ———

const keyboard = atQueue(QUEUE);
/** j / k move a visible ring through the rows; x picks, a approves, r asks to reject, o opens. */
export const ListKeyboard: Story = {
  ...keyboard.story,
  tags: ['skip-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await queueLoaded(canvasElement);
    const [first, second, third] = rowIds(table) as string[];
    const active = () => table.querySelector('tr[data-active]')?.getAttribute('data-review');

    await userEvent.keyboard('j');
    await waitFor(() => expect(active()).toBe(first));
    await expect(within(rowOf(table, first!)).getByRole('link')).toHaveFocus();
    await userEvent.keyboard('jj');
    await waitFor(() => expect(active()).toBe(third));
    await userEvent.keyboard('k');
    await waitFor(() => expect(active()).toBe(second));

    await userEvent.keyboard('x');
    await expect(within(selectionBar(canvasElement)).getByText('1 selected')).toBeVisible();
    await userEvent.keyboard('x');
    await waitFor(() =>
      expect(canvas.queryByRole('region', { name: 'Selected proposals' })).toBeNull(),
    );

    // Keys typed into a field are the field's.
    const productId = canvas.getByRole('searchbox', { name: 'Product ID' });
    await userEvent.click(productId);
    await userEvent.keyboard('j');
    await expect(productId).toHaveValue('j');
    await userEvent.clear(productId);
    // Back on a row (focusing its link makes it the keyboard's row).
    within(rowOf(table, second!)).getByRole('link').focus();
    await waitFor(() => expect(active()).toBe(second));

    // a approves the row at once; the ring moves on to the next.
    await userEvent.keyboard('a');
    await expect(await canvas.findByText('Approved 1 proposal')).toBeVisible();
    await waitFor(() => expect(active()).toBe(third));
    await expect(await canvas.findByText('94 proposals')).toBeVisible();
    await expect(keyboard.api.calls('reviews.approve')).toEqual([
      { ...scope, selection: { ids: [second] } },
    ]);

    // r asks for a reason first; the dialog takes the keys while it is open.
    await userEvent.keyboard('r');
    const dialog = await page().findByRole('dialog', { name: 'Reject this proposal?' });
    await userEvent.keyboard('j');
    await expect(within(dialog).getByRole('textbox', { name: 'Reason (optional)' })).toHaveValue(
      'j',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    await expect(keyboard.api.calls('reviews.reject')).toEqual([]);

    await userEvent.keyboard('o');
    await waitFor(() => expect(pathOf(keyboard)).toBe(`${QUEUE}/${third}`));
  },
};
