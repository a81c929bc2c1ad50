import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { EXPORT_MESSAGES, type OrgExport } from '~/domain/orgs/export';
import { orgList, sessionFor, users } from '~/mock-server/fixtures';
import { orgExports, orgExportScenario } from '~/mock-server/org-exports';
import { atEnv } from '~/mock-server/scenarios';
import { domainError, type TrpcScenario } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';
import { pinnedClock } from '~/stories/support/clock';
import { ORG_EXPORT_TEXT } from '~/ui/patterns/settings/org-export';

const meta = {
  title: 'Screens/Settings/Org export',
  // "Available until …" and whether an export has expired are read against a pinned clock.
  beforeEach: pinnedClock(),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const ORG_SETTINGS = '/app/acme/prod/settings';

/** Maya, an owner of Acme, on the org settings with `latest` as the org's newest export. */
function atOrgExport(latest: OrgExport | null, more: TrpcScenario = {}) {
  return screen({
    url: ORG_SETTINGS,
    session: sessionFor(users.maya),
    trpc: { ...atEnv(), ...orgExportScenario(latest), ...more },
  });
}

async function exportCard(canvasElement: HTMLElement) {
  const region = await within(canvasElement).findByRole('region', { name: ORG_EXPORT_TEXT.title });
  // The screenshot shows the card (below the AI budget and the retention).
  region.scrollIntoView({ block: 'center' });
  return within(region);
}

const none = atOrgExport(null);
/** No export yet: the owner starts one, and the card says it is being prepared. */
export const OrgExportNone: Story = {
  ...none.story,
  play: async ({ canvasElement }) => {
    const card = await exportCard(canvasElement);
    await expect(await card.findByText(ORG_EXPORT_TEXT.none)).toBeVisible();
    await expect(card.getByText(ORG_EXPORT_TEXT.description)).toBeVisible();
    const action = card.getByRole('button', { name: ORG_EXPORT_TEXT.action });
    await expect(action).toBeEnabled();
    await userEvent.click(action);
    await expect(await card.findByText(ORG_EXPORT_TEXT.inProgress)).toBeVisible();
    await expect(none.api.calls('orgs.requestExport')).toEqual([{ orgId: 'org_acme' }]);
    await waitFor(() => expect(action).toHaveAttribute('aria-busy', 'true'));
  },
};

const inProgress = atOrgExport(orgExports.running);
/** Being made: the card says so, and the action is busy (one export at a time). */
export const OrgExportInProgress: Story = {
  ...inProgress.story,
  play: async ({ canvasElement }) => {
    const card = await exportCard(canvasElement);
    await expect(await card.findByText(ORG_EXPORT_TEXT.inProgress)).toBeVisible();
    const action = card.getByRole('button', { name: ORG_EXPORT_TEXT.action });
    await expect(action).toHaveAttribute('aria-busy', 'true');
    await expect(action).toHaveAttribute('aria-disabled', 'true');
    // Busy, it keeps focus and ignores activation.
    action.focus();
    await userEvent.keyboard('{Enter}');
    await expect(action).toHaveFocus();
    await expect(inProgress.api.calls('orgs.requestExport')).toEqual([]);
    await expect(card.queryByRole('link')).toBeNull();
  },
};

const ready = atOrgExport(orgExports.ready);
/** Ready: its size, until when it can be downloaded, and the download link named for the file. */
export const OrgExportReady: Story = {
  ...ready.story,
  play: async ({ canvasElement }) => {
    const card = await exportCard(canvasElement);
    const expiresAt = orgExports.ready.expiresAt;
    await expect(
      await card.findByText(
        `${ORG_EXPORT_TEXT.ready(2_400_000)} ${ORG_EXPORT_TEXT.availableUntil(expiresAt)}`,
      ),
    ).toBeVisible();
    await expect(ORG_EXPORT_TEXT.ready(2_400_000)).toBe('Ready: 2.4 MB.');
    const link = card.getByRole('link', { name: 'Download beacon-acme-2026-03-02.zip' });
    await expect(link).toHaveAttribute('href', '/api/exports/export_acme_ready');
    await expect(card.getByRole('button', { name: ORG_EXPORT_TEXT.action })).toBeEnabled();
  },
};

const failed = atOrgExport(orgExports.failed);
/** Failed: why, as an alert; the owner may try again. */
export const OrgExportFailed: Story = {
  ...failed.story,
  play: async ({ canvasElement }) => {
    const card = await exportCard(canvasElement);
    const alert = await card.findByRole('alert');
    await expect(alert).toHaveTextContent(ORG_EXPORT_TEXT.failed);
    await expect(alert).toHaveTextContent(EXPORT_MESSAGES.tooLarge);
    await expect(card.queryByRole('link')).toBeNull();
    await expect(card.getByRole('button', { name: ORG_EXPORT_TEXT.action })).toBeEnabled();
  },
};

const expired = atOrgExport(orgExports.expired);
/** Past its 24 hours: no download; the card says when it expired and to export again. */
export const OrgExportExpired: Story = {
  ...expired.story,
  play: async ({ canvasElement }) => {
    const card = await exportCard(canvasElement);
    await expect(
      await card.findByText(ORG_EXPORT_TEXT.expired(orgExports.expired.expiresAt)),
    ).toBeVisible();
    await expect(card.queryByRole('link')).toBeNull();
    await expect(card.getByRole('button', { name: ORG_EXPORT_TEXT.action })).toBeEnabled();
  },
};

const refused = atOrgExport(null, {
  'orgs.requestExport': domainError('FORBIDDEN', EXPORT_MESSAGES.ownersOnly, 'export-owners-only'),
});
/** The server refuses the request (the owner was made a member meanwhile): its message shows. */
export const OrgExportRequestRefused: Story = {
  ...refused.story,
  play: async ({ canvasElement }) => {
    const card = await exportCard(canvasElement);
    await userEvent.click(await card.findByRole('button', { name: ORG_EXPORT_TEXT.action }));
    const alert = await card.findByRole('alert');
    await expect(alert).toHaveTextContent(ORG_EXPORT_TEXT.requestFailed);
    await expect(alert).toHaveTextContent(EXPORT_MESSAGES.ownersOnly);
    await expect(card.getByText(ORG_EXPORT_TEXT.none)).toBeVisible();
  },
};

const member = screen({
  url: ORG_SETTINGS,
  session: sessionFor(users.maya),
  trpc: {
    ...atEnv(),
    'orgs.allOrgsForUser': orgList.map((o) => ({ ...o, role: 'member' as const })),
  },
});
/** A member who is not an owner: told only owners export, with the action disabled; nothing is read. */
export const OrgExportMember: Story = {
  ...member.story,
  play: async ({ canvasElement }) => {
    const card = await exportCard(canvasElement);
    await expect(card.getByText(EXPORT_MESSAGES.ownersOnly)).toBeVisible();
    const action = card.getByRole('button', { name: ORG_EXPORT_TEXT.action });
    await expect(action).toBeDisabled();
    await expect(action).toHaveAccessibleDescription(EXPORT_MESSAGES.ownersOnly);
    await expect(member.api.calls('orgs.latestExport')).toEqual([]);
  },
};
