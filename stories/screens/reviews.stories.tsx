import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ReviewDetail } from '~/domain/reviews/entities';
import { publishFailureMessage, REVIEW_MESSAGES } from '~/domain/reviews/messages';
import { orgs, sessionFor, users } from '~/mock-server/fixtures';
import { STORY_NOW } from '~/mock-server/products';
import {
  approvedProposal,
  REVIEW_IDS,
  REVIEW_RUNS,
  reviewProposals,
  type ReviewsMockOptions,
  reviewsMock,
} from '~/mock-server/reviews';
import { atEnv } from '~/mock-server/scenarios';
import { domainError, type TrpcScenario } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';
import { pinnedClock } from '~/stories/support/clock';

const meta = {
  title: 'Screens/Reviews',
  // Ages ("3 hours ago") and decision times are read against a pinned clock, so the texts and the
  // baselines stay put.
  beforeEach: pinnedClock(),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const QUEUE = '/app/acme/prod/reviews';
const scope = { orgId: orgs.acme.id, envId: 'env_prod' };
const defaults = { reviewStatus: 'pending', agentType: 'all', showOffline: false };

/**
 * The screen at `url` over the fixture queue; decisions change the queue until the story runs again.
 * `more` overrides procedures.
 */
function atQueue(url: string, options: ReviewsMockOptions = {}, more: TrpcScenario = {}) {
  const mock = reviewsMock(options);
  const story = screen({
    url,
    session: sessionFor(users.maya),
    trpc: { ...atEnv(), ...mock.scenario, ...more },
  });
  return {
    ...story,
    story: {
      ...story.story,
      beforeEach: () => {
        story.story.beforeEach();
        mock.reset();
      },
    },
  };
}

/** Dialogs and select menus render in a portal, outside the story's canvas. */
const page = () => within(document.body);

const searchOf = (story: { history(): { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(story.history().location.search));
const pathOf = (story: { history(): { location: { pathname: string } } }) =>
  story.history().location.pathname;

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

/** The shortcuts legend's entries as read: "j / k Next / previous", … */
const shortcuts = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'Keyboard shortcuts' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const ALPINE = 'p-alpine-rain-jacket';

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
    await expect(list.api.calls('reviews.list').slice(0, 2)).toEqual([
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
    await expect(filtered.api.calls('reviews.list').slice(0, 2)).toEqual([
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
    await expect(byProduct.api.calls('reviews.list')).toEqual([
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
    await expect(byRun.api.calls('reviews.list')[0]).toEqual({
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

// ——— One proposal ———

const detailUrl = (id: string, search = '') => `${QUEUE}/${id}${search}`;

async function detailLoaded(canvasElement: HTMLElement, name: string) {
  return within(canvasElement).findByRole('heading', { name, level: 1 });
}

/** The words marked in a value panel: struck out on the instance's side, added on the proposal's. */
function marked(canvasElement: HTMLElement, panel: string, tag: 'ins' | 'del') {
  const region = within(canvasElement).getByRole('region', { name: panel });
  return [...region.querySelectorAll(tag)].map((el) =>
    el.textContent?.replace(/^(added|removed): /, ''),
  );
}

/** A value panel's text as a sighted reader sees it (the diff's spoken labels left out). */
function shownText(canvasElement: HTMLElement, panel: string) {
  const region = within(canvasElement).getByRole('region', { name: panel });
  const text = region.querySelector('p')!.cloneNode(true) as HTMLElement;
  text.querySelectorAll('.sr-only').forEach((el) => el.remove());
  return text.textContent;
}

const statusPanel = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-slot="review-status"]');

const history = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'History' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const JACKET_NOW = 'Shop the Alpine Rain Jacket at Acme Outfitters. Free shipping over $75.';
const JACKET_PROPOSED =
  'A 3-layer waterproof shell for long days in the rain. Shop the Alpine Rain Jacket at Acme Outfitters, with free shipping over $75 and free returns for 60 days.';

const detail = atQueue(detailUrl(REVIEW_IDS.pending, '?b2cProductId=alpine-rain-jacket'));
/**
 * A pending SEO description: the instance's value against the proposal as a word-level diff, the
 * agent's reasoning and model, Approve, Edit and Reject, the shortcuts, and the product's other
 * pending proposals, which [ and ] step through.
 */
export const Detail: Story = {
  ...detail.story,
  tags: ['screen-state', 'state:reviews.detail'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await detailLoaded(canvasElement, 'Alpine Rain Jacket')).toBeVisible();
    const summary = within(
      canvasElement.querySelector<HTMLElement>('[data-slot="review-summary"]')!,
    );
    await expect(summary.getByRole('link', { name: 'alpine-rain-jacket' })).toHaveAttribute(
      'href',
      '/app/acme/prod/products/alpine-rain-jacket',
    );
    await expect(summary.getByText('Page description')).toBeVisible();
    await expect(summary.getByText('en-US')).toBeVisible();
    await expect(summary.getByText('SEO Specialist')).toBeVisible();
    await expect(summary.getByText('Pending')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to reviews' })).toHaveAttribute(
      'href',
      `${QUEUE}?b2cProductId=alpine-rain-jacket`,
    );

    // The diff, word by word: what goes on the instance's side, what comes on the proposal's.
    await expect(shownText(canvasElement, 'On the instance')).toBe(JACKET_NOW);
    await expect(shownText(canvasElement, 'Proposed')).toBe(JACKET_PROPOSED);
    await expect(marked(canvasElement, 'On the instance', 'del')).toEqual(['.', 'Free']);
    await expect(marked(canvasElement, 'Proposed', 'ins')).toEqual([
      'A 3-layer waterproof shell for long days in the rain. ',
      ',',
      'with',
      'free ',
      ' and free returns for 60 days',
    ]);
    await expect(canvas.getAllByText('added:', { exact: false })[0]).toHaveClass('sr-only');

    const why = within(canvas.getByRole('region', { name: 'Why the agent proposed it' }));
    await expect(why.getByText('claude-sonnet-5-5')).toBeVisible();
    await expect(why.getByText('Mar 2, 2026, 08:13 UTC')).toBeVisible();
    await expect(
      why.getByText(
        'The description repeated the title and the shipping offer. It now says what the product is for first, keeps the offer, adds free returns, and fits in 160 characters.',
      ),
    ).toBeVisible();

    await expect(canvas.getByRole('button', { name: 'Approve' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Edit' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Reject' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Retry' })).toBeNull();
    await expect(shortcuts(canvasElement)).toEqual([
      'aApprove',
      'eEdit',
      'rReject',
      '[/]orp/nPrevious / next for this product',
    ]);
    const others = within(
      canvas.getByRole('navigation', { name: 'Other pending for this product' }),
    );
    await expect(others.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Short description · de-DE',
      'Short description · fr-FR',
      'Page title · de-DE',
      'Page title · en-US',
      'Page title · fr-FR',
      'Page description · de-DE',
      'Page description · fr-FR',
    ]);
    await expect(others.getByRole('link', { name: 'Page title · fr-FR' })).toHaveAttribute(
      'href',
      `${QUEUE}/${ALPINE}-page_title-fr-FR?b2cProductId=alpine-rain-jacket`,
    );
    await expect(history(canvasElement)).toEqual(['Proposed by Beacon · Mar 2, 2026, 08:13 UTC']);

    // ] and [ step through the product's other pending proposals, keeping the queue's filters.
    await userEvent.keyboard(']');
    await waitFor(() => expect(pathOf(detail)).toBe(`${QUEUE}/${ALPINE}-page_description-fr-FR`));
    await expect(searchOf(detail)).toEqual({ b2cProductId: 'alpine-rain-jacket' });
    await expect(await detailLoaded(canvasElement, 'Veste de pluie Alpine')).toBeVisible();
    await userEvent.keyboard('[[');
    await waitFor(() => expect(pathOf(detail)).toBe(`${QUEUE}/${REVIEW_IDS.pending}`));
    await expect(await detailLoaded(canvasElement, 'Alpine Rain Jacket')).toBeVisible();
    await expect(detail.api.calls('reviews.get').slice(0, 2)).toEqual([
      { ...scope, proposalId: REVIEW_IDS.pending },
      { ...scope, proposalId: `${ALPINE}-page_description-fr-FR` },
    ]);
  },
};

const EDITED =
  'A 3-layer waterproof shell for long, wet days. Shop the Alpine Rain Jacket at Acme Outfitters. Free shipping over $75.';

const edit = atQueue(detailUrl(REVIEW_IDS.pending));
/** e turns the proposal into a text area; the diff follows what the reviewer types. */
export const DetailEdit: Story = {
  ...edit.story,
  tags: ['screen-state', 'state:reviews.detail-edit'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await detailLoaded(canvasElement, 'Alpine Rain Jacket');
    await userEvent.keyboard('e');
    const box = await canvas.findByRole('textbox', { name: 'Your edit of the proposed value' });
    await expect(box).toHaveFocus();
    await expect(box).toHaveValue(JACKET_PROPOSED);
    await expect(canvas.queryByRole('button', { name: 'Approve' })).toBeNull();

    // The value already on the instance would change nothing.
    await userEvent.clear(box);
    await userEvent.paste(JACKET_NOW);
    await expect(canvas.getByRole('button', { name: 'Approve edited' })).toBeDisabled();
    await expect(
      canvas.getByText('This is the value on the instance already: nothing would change.'),
    ).toBeVisible();
    await waitFor(() => expect(marked(canvasElement, 'Your edit', 'ins')).toEqual([]));

    await userEvent.clear(box);
    await userEvent.paste(EDITED);
    await waitFor(() =>
      expect(marked(canvasElement, 'Your edit', 'ins')).toEqual([
        'A 3-layer waterproof shell for long, wet days. ',
      ]),
    );
    await expect(marked(canvasElement, 'On the instance', 'del')).toEqual([]);
    await expect(shownText(canvasElement, 'Your edit')).toBe(EDITED);
    await expect(canvas.getByRole('button', { name: 'Approve edited' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    // Typing is the text area's: no shortcut fires.
    await userEvent.type(box, ' a');
    await expect(edit.api.calls('reviews.approve')).toEqual([]);
    await userEvent.type(box, '{Backspace}{Backspace}');
    await expect(box).toHaveValue(EDITED);
  },
};

const editCancel = atQueue(detailUrl(REVIEW_IDS.pending));
/** Cancel restores the agent's proposal. */
export const DetailEditCancel: Story = {
  ...editCancel.story,
  tags: ['skip-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await detailLoaded(canvasElement, 'Alpine Rain Jacket');
    await userEvent.click(canvas.getByRole('button', { name: 'Edit' }));
    const box = await canvas.findByRole('textbox', { name: 'Your edit of the proposed value' });
    await userEvent.clear(box);
    await userEvent.paste('Something else');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await waitFor(() => expect(shownText(canvasElement, 'Proposed')).toBe(JACKET_PROPOSED));
    await expect(canvas.getByRole('button', { name: 'Approve' })).toBeEnabled();
  },
};

const editApprove = atQueue(detailUrl(REVIEW_IDS.pending));
/** Approve edited publishes the reviewer's value; the agent's stays in view, the history says who edited. */
export const DetailEditApproved: Story = {
  ...editApprove.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await detailLoaded(canvasElement, 'Alpine Rain Jacket');
    await userEvent.click(canvas.getByRole('button', { name: 'Edit' }));
    const box = await canvas.findByRole('textbox', { name: 'Your edit of the proposed value' });
    await userEvent.clear(box);
    await userEvent.paste(EDITED);
    await userEvent.click(canvas.getByRole('button', { name: 'Approve edited' }));
    await expect(
      await canvas.findByText('Approved with your edit. Beacon is publishing it to the instance.'),
    ).toBeVisible();
    await expect(statusPanel(canvasElement)).toHaveTextContent(
      'Approved by Maya Member, Mar 2, 2026, 11:30 UTC.Publishing to the instance…',
    );
    // The mocked publish job writes it shortly after; the screen follows by itself.
    await waitFor(() =>
      expect(statusPanel(canvasElement)).toHaveTextContent('Published to the instance'),
    );
    await expect(shownText(canvasElement, 'Now live')).toBe(EDITED);
    await expect(shownText(canvasElement, "The agent's proposal, before the edit")).toBe(
      JACKET_PROPOSED,
    );
    await expect(history(canvasElement).map((line) => line?.split(' · ')[0])).toEqual([
      'Proposed by Beacon',
      `Edited by Maya Member`,
      'Approved by Maya Member',
      'Published by Beacon',
    ]);
    await expect(editApprove.api.calls('reviews.approveEdited')).toEqual([
      { ...scope, proposalId: REVIEW_IDS.pending, value: EDITED },
    ]);
  },
};

const approveNow = atQueue(detailUrl(REVIEW_IDS.pending));
/** a approves: queued to publish, then published, the screen asking again each second meanwhile. */
export const DetailApprove: Story = {
  ...approveNow.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await detailLoaded(canvasElement, 'Alpine Rain Jacket');
    await userEvent.keyboard('a');
    await expect(
      await canvas.findByText('Approved. Beacon is publishing it to the instance.'),
    ).toBeVisible();
    await waitFor(() =>
      expect(statusPanel(canvasElement)).toHaveTextContent('Publishing to the instance…'),
    );
    await expect(canvas.queryByRole('button', { name: 'Approve' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Reject' })).toBeNull();
    await waitFor(() =>
      expect(statusPanel(canvasElement)).toHaveTextContent(
        'Published to the instanceApproved by Maya Member, Mar 2, 2026, 11:30 UTC. Published Mar 2, 2026, 11:30 UTC.',
      ),
    );
    await expect(approveNow.api.calls('reviews.approve')).toEqual([
      { ...scope, selection: { ids: [REVIEW_IDS.pending] } },
    ]);
  },
};

const publishing = atQueue(
  detailUrl(REVIEW_IDS.approved),
  {},
  {
    // The publish job writes it while the screen watches: published from the third read on.
    'reviews.get': (_input, { count }): ReviewDetail =>
      count < 3
        ? approvedProposal
        : {
            ...approvedProposal,
            status: 'published',
            publishedAt: STORY_NOW,
            events: [
              ...approvedProposal.events,
              {
                id: `${approvedProposal.id}-e3`,
                proposalId: approvedProposal.id,
                action: 'published',
                fromStatus: 'approved',
                toStatus: 'published',
                actor: null,
                at: STORY_NOW,
                note: null,
                value: approvedProposal.proposedValue,
              },
            ],
          },
  },
);
/** Approved a minute ago: "Publishing to the instance…" until the screen, asking each second, sees it published. */
export const DetailApprovedPublishing: Story = {
  ...publishing.story,
  tags: ['skip-visual'],
  play: async ({ canvasElement }) => {
    await detailLoaded(canvasElement, 'Summit Down Vest');
    await expect(statusPanel(canvasElement)).toHaveTextContent(
      'Approved by Maya Member, Mar 2, 2026, 11:29 UTC.Publishing to the instance…',
    );
    await expect(shownText(canvasElement, 'Approved value')).toBe(approvedProposal.proposedValue);
    await waitFor(() =>
      expect(statusPanel(canvasElement)).toHaveTextContent('Published to the instance'),
    );
    await expect(publishing.api.calls('reviews.get').length).toBe(3);
  },
};

const published = atQueue(detailUrl(REVIEW_IDS.published));
/** Published: who approved it and when, when it was written, and the value now live. */
export const DetailPublished: Story = {
  ...published.story,
  tags: ['screen-state', 'state:reviews.detail-published'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await detailLoaded(canvasElement, 'Trailhead Fleece');
    await expect(statusPanel(canvasElement)).toHaveTextContent(
      'Published to the instanceApproved by Maya Member, Feb 28, 2026, 10:02 UTC. Published Feb 28, 2026, 10:02 UTC.',
    );
    await expect(shownText(canvasElement, 'Before')).toBe('fleece, jacket');
    await expect(shownText(canvasElement, 'Now live')).toBe(
      'grid fleece, fleece mid-layer, hiking fleece, breathable fleece jacket',
    );
    for (const name of ['Approve', 'Edit', 'Reject', 'Retry', 'Re-propose'])
      await expect(canvas.queryByRole('button', { name })).toBeNull();
    // Only stepping on to the product's pending proposals is left to do here.
    await expect(shortcuts(canvasElement)).toEqual(['[/]orp/nPrevious / next for this product']);
    await expect(history(canvasElement)).toEqual([
      'Proposed by Beacon · Feb 27, 2026, 09:14 UTC',
      'Approved by Maya Member · Feb 28, 2026, 10:02 UTC',
      'Published by Beacon · Feb 28, 2026, 10:02 UTCValue: grid fleece, fleece mid-layer, hiking fleece, breathable fleece jacket',
    ]);
  },
};

const conflict = atQueue(detailUrl(REVIEW_IDS.conflict));
/** The instance's value changed since the proposal: not published; then, now and proposed side by side. */
export const DetailConflict: Story = {
  ...conflict.story,
  tags: ['screen-state', 'state:reviews.detail-conflict'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await detailLoaded(canvasElement, 'Harbor Oxford Shirt');
    await expect(statusPanel(canvasElement)).toHaveTextContent(
      'The value on the instance changed since this proposal was madeBeacon did not publish it. Re-propose it to review it against the value on the instance now, or reject it.',
    );
    await expect(shownText(canvasElement, 'Then')).toBe('oxford shirt, button-down');
    await expect(shownText(canvasElement, 'Now on the instance')).toBe(
      "oxford shirt, button-down shirt, men's shirts, spring sale",
    );
    await expect(shownText(canvasElement, 'Proposed')).toBe(
      "brushed oxford shirt, button-down collar, men's casual shirt, cotton oxford",
    );
    await expect(canvas.getByRole('button', { name: 'Re-propose' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Reject' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Approve' })).toBeNull();
    await expect(shortcuts(canvasElement)).toEqual([
      'rReject',
      '[/]orp/nPrevious / next for this product',
    ]);
  },
};

const repropose = atQueue(detailUrl(REVIEW_IDS.conflict));
/** Re-propose makes it pending again, against the instance's value now. */
export const DetailRepropose: Story = {
  ...repropose.story,
  tags: ['skip-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await detailLoaded(canvasElement, 'Harbor Oxford Shirt');
    await userEvent.click(canvas.getByRole('button', { name: 'Re-propose' }));
    await expect(
      await canvas.findByText('Pending again, against the value on the instance now.'),
    ).toBeVisible();
    await expect(shownText(canvasElement, 'On the instance')).toBe(
      "oxford shirt, button-down shirt, men's shirts, spring sale",
    );
    await expect(canvas.getByRole('button', { name: 'Approve' })).toBeEnabled();
    await expect(repropose.api.calls('reviews.repropose')).toEqual([
      { ...scope, proposalId: REVIEW_IDS.conflict },
    ]);
  },
};

const failed = atQueue(detailUrl(REVIEW_IDS.publishFailed));
/** The write-back failed (the API client may not PATCH products): the reason in plain words, and Retry. */
export const DetailPublishFailed: Story = {
  ...failed.story,
  tags: ['screen-state', 'state:reviews.detail-publish-failed'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await detailLoaded(canvasElement, 'Leather Belt');
    const panel = statusPanel(canvasElement)!;
    await expect(panel).toHaveAttribute('role', 'alert');
    await expect(panel).toHaveTextContent(
      `Could not publish to the instance${publishFailureMessage('permission', 'leather-belt')}`,
    );
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Reject' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Approve' })).toBeNull();
    await expect(shownText(canvasElement, 'Approved value')).toBe(
      'leather belt, full-grain leather belt, brass buckle belt',
    );
  },
};

const retry = atQueue(detailUrl(REVIEW_IDS.unreachable));
/** Retry once the instance is back: queued again, then published. */
export const DetailRetry: Story = {
  ...retry.story,
  tags: ['skip-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await detailLoaded(canvasElement, 'Merino Beanie');
    await expect(statusPanel(canvasElement)).toHaveTextContent(
      publishFailureMessage('unavailable', 'merino-beanie', '503 Service Unavailable'),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByText('Queued to publish again.')).toBeVisible();
    await waitFor(() =>
      expect(statusPanel(canvasElement)).toHaveTextContent('Published to the instance'),
    );
    await expect(retry.api.calls('reviews.retry')).toEqual([
      { ...scope, proposalId: REVIEW_IDS.unreachable },
    ]);
  },
};

const rejected = atQueue(detailUrl(REVIEW_IDS.rejected));
/** Rejected: by whom, when, and the reason given; a markup field shown as its source text. */
export const DetailRejected: Story = {
  ...rejected.story,
  tags: ['screen-state', 'state:reviews.detail-rejected'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await detailLoaded(canvasElement, 'Robe portefeuille Meadow');
    await expect(statusPanel(canvasElement)).toHaveTextContent(
      'Rejected by Ada Admin, Mar 1, 2026, 09:20 UTC.Reason: Our French agency writes the dresses’ long descriptions; they deliver next week.',
    );
    // Markup is untrusted text: its tags show as written, nothing is rendered.
    await expect(shownText(canvasElement, 'Proposed')).toBe(
      '<p>Une robe portefeuille fluide en viscose recyclée.</p><ul><li>Réparations à vie</li><li>Retours gratuits pendant 60 jours</li></ul>',
    );
    await expect(
      canvasElement.querySelector('[data-slot="value-diff"] ul, [data-slot="value-diff"] li'),
    ).toBeNull();
    await expect(
      canvas.getByText('This field holds markup: it is shown as its source text, never rendered.'),
    ).toBeVisible();
    await expect(shownText(canvasElement, 'On the instance')).toBe(
      'Empty: the field has no value in this locale.',
    );
    for (const name of ['Approve', 'Edit', 'Reject'])
      await expect(canvas.queryByRole('button', { name })).toBeNull();
  },
};

const rejectedSilently = atQueue(detailUrl(REVIEW_IDS.rejectedSilently));
/** Rejected without a reason: said so. */
export const DetailRejectedNoReason: Story = {
  ...rejectedSilently.story,
  tags: ['skip-visual'],
  play: async ({ canvasElement }) => {
    await detailLoaded(canvasElement, 'Wool Hiking Socks, 3 Pack');
    await expect(statusPanel(canvasElement)).toHaveTextContent(
      'Rejected by Maya Member, Mar 1, 2026, 09:22 UTC.No reason given.',
    );
  },
};

const reject = atQueue(detailUrl(REVIEW_IDS.pending));
/** r asks for an optional reason, then rejects; the screen shows who rejected it and why. */
export const DetailReject: Story = {
  ...reject.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await detailLoaded(canvasElement, 'Alpine Rain Jacket');
    await userEvent.keyboard('r');
    const dialog = within(await page().findByRole('dialog', { name: 'Reject this proposal?' }));
    await expect(
      dialog.getByText(
        'Nothing is written to the instance; the proposal stays in the history as rejected.',
      ),
    ).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason (optional)' }), 'Too long');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(statusPanel(canvasElement)).toHaveTextContent(
        'Rejected by Maya Member, Mar 2, 2026, 11:30 UTC.Reason: Too long',
      ),
    );
    await expect(canvas.getByText('Rejected.')).toBeVisible();
    await expect(reject.api.calls('reviews.reject')).toEqual([
      { ...scope, selection: { ids: [REVIEW_IDS.pending] }, reason: 'Too long' },
    ]);
  },
};

const rejectedMeanwhile: ReviewDetail = {
  ...reviewProposals().find((p) => p.id === REVIEW_IDS.pending)!,
  status: 'rejected',
  decidedBy: { name: users.sam.name, email: users.sam.email },
  decidedAt: new Date('2026-03-02T11:29:40Z'),
};
const refused = atQueue(
  detailUrl(REVIEW_IDS.pending),
  {},
  {
    // Sam rejected it in another tab while Maya read it.
    'reviews.approve': domainError(
      'CONFLICT',
      REVIEW_MESSAGES.refused('rejected', 'approve'),
      'review-transition-refused',
    ),
    'reviews.get': (_input, { count }) =>
      count === 1 ? reviewProposals().find((p) => p.id === REVIEW_IDS.pending)! : rejectedMeanwhile,
  },
);
/** A decision the server refuses (decided meanwhile): its message on the page, and the screen reads again. */
export const DetailRefused: Story = {
  ...refused.story,
  tags: ['skip-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await detailLoaded(canvasElement, 'Alpine Rain Jacket');
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This proposal is rejected, so it cannot be approved.',
    );
    await waitFor(() =>
      expect(statusPanel(canvasElement)).toHaveTextContent(
        'Rejected by Sam Second, Mar 2, 2026, 11:29 UTC.',
      ),
    );
    await expect(canvas.queryByRole('button', { name: 'Approve' })).toBeNull();
  },
};

const superseded = atQueue(detailUrl(REVIEW_IDS.superseded));
/** Superseded by a newer run's proposal: nothing to decide here. */
export const DetailSuperseded: Story = {
  ...superseded.story,
  tags: ['skip-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await detailLoaded(canvasElement, 'Alpine Rain Jacket');
    await expect(statusPanel(canvasElement)).toHaveTextContent(
      'A newer proposal for this field and locale replaced this one',
    );
    await expect(canvas.queryByRole('button', { name: 'Approve' })).toBeNull();
    await expect(
      within(canvas.getByRole('navigation', { name: 'Other pending for this product' })).getByRole(
        'link',
        { name: 'Page title · en-US' },
      ),
    ).toBeVisible();
  },
};

const missing = atQueue(detailUrl('nope', '?reviewStatus=rejected'));
/** An unknown id: the server's message inside the shell, and the way back to the queue. */
export const DetailNotFound: Story = {
  ...missing.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Proposal not found')).toBeVisible();
    await expect(canvas.getByText(REVIEW_MESSAGES.notFound)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to reviews' })).toHaveAttribute(
      'href',
      `${QUEUE}?reviewStatus=rejected`,
    );
    await expect(canvas.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(missing.api.calls('reviews.get')).toEqual([{ ...scope, proposalId: 'nope' }]);
  },
};
