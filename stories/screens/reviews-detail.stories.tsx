/**
 * One proposal's screen in the review queue, in each status, and its decisions. The list is
 * reviews-list.stories.tsx (the same title, Screens/Reviews).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ReviewDetail } from '~/domain/reviews/entities';
import { publishFailureMessage, REVIEW_MESSAGES } from '~/domain/reviews/messages';
import { users } from '~/mock-server/fixtures';
import { STORY_NOW } from '~/mock-server/products';
import { approvedProposal, REVIEW_IDS, reviewProposals } from '~/mock-server/reviews';
import { domainError } from '~/mock-server/trpc/scenario';
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
    await expect(detail.api.asked('reviews.get').slice(0, 2)).toEqual([
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
