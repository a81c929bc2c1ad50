import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { APP_MESSAGES } from '~/domain/shared/messages';
import { instances, sessionFor, users } from '~/mock-server/fixtures';
import { spOrgs } from '~/mock-server/scenarios';
import { trpcError } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';
import { ORG_OVERVIEW_TEXT } from '~/ui/patterns/orgs/org-overview';

const meta = { title: 'Screens/Superuser orgs' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const text = ORG_OVERVIEW_TEXT;

/** The list's rows (header row left out), each with its org's slug. */
function rowsOf(canvasElement: HTMLElement) {
  const table = within(canvasElement).getByRole('table', { name: text.tableLabel });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => ({ slug: row.getAttribute('data-org'), row: within(row) }));
}

const rowOf = (canvasElement: HTMLElement, slug: string) => {
  const found = rowsOf(canvasElement).find((r) => r.slug === slug);
  if (!found) throw new Error(`No row for ${slug}.`);
  return found.row;
};

// Verifying is slow enough to see the button busy.
const scenario = spOrgs(undefined, { verifyMs: 300 });
const list = screen({ url: '/app/sp/orgs', session: sessionFor(users.ada), trpc: scenario.trpc });

/**
 * Every org with its verified state, members, environments and linked instance; filtered to the
 * unverified ones (`show=unverified`, in the URL); Globex verified from the list, which then shows
 * nobody waiting.
 */
export const SpOrgs: Story = {
  ...list.story,
  beforeEach: () => {
    scenario.reset();
    list.api.reset();
  },
  tags: ['screen-state', 'state:sp.orgs'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: text.title, level: 1 })).toBeVisible();
    await canvas.findByRole('table', { name: text.tableLabel });
    await expect(rowsOf(canvasElement).map((r) => r.slug)).toEqual(['globex', 'acme', 'initech']);
    const filters = canvas.getByRole('navigation', { name: text.filterLabel });
    await expect(within(filters).getByRole('link', { name: text.filters.all })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // Globex waits: unverified, its owner, its env linked to an instance still being onboarded.
    const globex = rowOf(canvasElement, 'globex');
    await expect(globex.getByRole('link', { name: 'Globex Goods' })).toHaveAttribute(
      'href',
      '/app/globex',
    );
    await expect(globex.getByText(ORG_MESSAGES.unverified)).toBeVisible();
    // Maya asked for verification from the Onboarding needed block.
    await expect(
      globex.getByText('Verification requested Nov 21, 2026 by maya@beacon.test'),
    ).toBeVisible();
    await expect(globex.getByText('maya@beacon.test')).toBeVisible();
    await expect(globex.getByText('Owner')).toBeVisible();
    await expect(globex.getByText('zzte_002')).toBeVisible();
    await expect(globex.getByText(instances.fresh.host)).toBeVisible();
    await expect(globex.getByText(text.onboarding)).toBeVisible();
    await expect(globex.getByRole('button', { name: text.verify })).toBeEnabled();

    // Acme is verified (Verify this Org disabled), with more members than it names.
    const acme = rowOf(canvasElement, 'acme');
    await expect(acme.getByText('Verified')).toBeVisible();
    await expect(acme.getByText(text.memberCount(7))).toBeVisible();
    await expect(acme.getByText(text.moreMembers(2))).toBeVisible();
    await expect(acme.getByText('zzte_001')).toBeVisible();
    await expect(acme.getByText(text.onboarded)).toBeVisible();
    await expect(acme.getByText(text.noInstance)).toBeVisible();
    await expect(acme.getByRole('button', { name: text.verify })).toBeDisabled();
    await expect(rowOf(canvasElement, 'initech').getByText(text.noEnvs)).toBeVisible();

    // Only the unverified ones, from the URL's filter.
    await userEvent.click(within(filters).getByRole('link', { name: text.filters.unverified }));
    await waitFor(() => expect(rowsOf(canvasElement).map((r) => r.slug)).toEqual(['globex']));
    await expect(list.history().location.search).toBe('?show=unverified');
    await expect(list.api.calls('orgs.overview')).toEqual([
      { show: 'all' },
      { show: 'unverified' },
    ]);

    // Verified from the list: the button is busy, then nobody is waiting any more.
    const verify = rowOf(canvasElement, 'globex').getByRole('button', { name: text.verify });
    await expect(verify).toHaveAccessibleDescription('Globex Goods');
    await userEvent.click(verify);
    await waitFor(() => expect(verify).toHaveAttribute('aria-busy', 'true'));
    await expect(await canvas.findByText(text.emptyUnverified)).toBeVisible();
    await expect(list.api.calls('orgs.verify')).toEqual([{ orgId: 'org_globex' }]);

    await userEvent.click(within(filters).getByRole('link', { name: text.filters.all }));
    await waitFor(() =>
      expect(
        rowOf(canvasElement, 'globex').getByRole('button', { name: text.verify }),
      ).toBeDisabled(),
    );
    await expect(rowOf(canvasElement, 'globex').getByText('Verified')).toBeVisible();
  },
};

const member = screen({
  url: '/app/sp/orgs',
  session: sessionFor(users.maya),
  trpc: spOrgs().trpc,
});
/** A member: Not Found, as the server answers them; the list is not even asked for. */
export const SpOrgsMember: Story = {
  ...member.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: APP_MESSAGES.notFound, level: 1 }),
    ).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(member.api.calls('orgs.overview')).toEqual([]);
  },
};

const revoked = screen({
  url: '/app/sp/orgs?show=unverified',
  session: sessionFor(users.ada),
  trpc: { 'orgs.overview': trpcError('NOT_FOUND', APP_MESSAGES.notFound) },
});
/** The session says superuser but the server no longer does (BEACON_SUPERUSERS changed): Not Found. */
export const SpOrgsRefusedByServer: Story = {
  ...revoked.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: APP_MESSAGES.notFound, level: 1 }),
    ).toBeVisible();
    await expect(revoked.api.calls('orgs.overview')).toEqual([{ show: 'unverified' }]);
  },
};
