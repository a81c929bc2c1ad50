import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { browser } from '~/app/lib/reload';
import type { B2CInstance } from '~/domain/instances/entities';
import { DELETION_MESSAGES } from '~/domain/orgs/deletion';
import type { Env, Org } from '~/domain/orgs/entities';
import { RETENTION_MESSAGES } from '~/domain/monitoring/retention';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { envs, instances, orgList, orgs, sessionFor, users } from '~/mock-server/fixtures';
import { atEnv } from '~/mock-server/scenarios';
import { domainError, pending, type TrpcScenario } from '~/mock-server/trpc/scenario';
import { expectConsoleError } from '~/tests/support/console';
import { screen } from '~/stories/support/app-harness';
import { AI_BUDGET_TEXT } from '~/ui/patterns/settings/ai-budget';
import { ANSWER_RETENTION_TEXT } from '~/ui/patterns/settings/answer-retention';
import { ORG_EXPORT_TEXT } from '~/ui/patterns/settings/org-export';

const meta = {
  title: 'Screens/Settings/Org and Env',
  // No story may really reload the page: a verified org's reload is only recorded.
  beforeEach: () => {
    const reload = spyOn(browser, 'reload').mockImplementation(() => undefined);
    const assign = spyOn(browser, 'assign').mockImplementation(() => undefined);
    return () => {
      reload.mockRestore();
      assign.mockRestore();
    };
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const unverifiedAcme: Org = { ...orgs.acme, verified: false };
const ORG_SETTINGS = '/app/acme/prod/settings';
const ENV_SETTINGS = '/app/acme/prod/settings?view=env-settings';

const settingsLoaded = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('heading', { name: 'Settings', level: 1 });

/** The value a settings card shows for a label (a <dt>/<dd> pair). */
function detail(scope: HTMLElement, label: string): HTMLElement {
  const term = within(scope).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

// ——— Organization ———

const org = screen({
  url: ORG_SETTINGS,
  session: sessionFor(users.ada),
  trpc: { ...atEnv(unverifiedAcme), 'orgs.verify': { ...orgs.acme, verified: true } },
});
/** A superuser at an unverified org: 'Verify this Org', marked superuser-required, verifies and reloads. */
export const OrgSettings: Story = {
  ...org.story,
  tags: ['screen-state', 'state:settings.org'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const details = canvas.getByRole('region', { name: 'Organization' });
    await expect(detail(details, 'Name')).toHaveTextContent('Acme Outfitters');
    await expect(detail(details, 'Slug')).toHaveTextContent('acme');
    await expect(detail(details, 'Status')).toHaveTextContent(ORG_MESSAGES.unverified);

    const panel = canvas.getByRole('region', { name: 'Org verification' });
    await expect(within(panel).getByText(ORG_MESSAGES.superuserRequired)).toBeVisible();
    const verify = within(panel).getByRole('button', { name: 'Verify this Org' });
    await expect(verify).toBeEnabled();
    await expect(within(panel).queryByText('This org is already verified.')).toBeNull();

    await userEvent.click(verify);
    await waitFor(() => expect(browser.reload).toHaveBeenCalledTimes(1));
    await expect(org.api.calls('orgs.verify')).toEqual([{ orgId: 'org_acme' }]);
    // Until the reload lands the button stays busy: no second verify.
    await expect(verify).toHaveAttribute('aria-disabled', 'true');
    await expect(verify).toHaveAttribute('aria-busy', 'true');
  },
};

const orgVerified = screen({ url: ORG_SETTINGS, session: sessionFor(users.ada), trpc: atEnv() });
export const OrgVerified: Story = {
  ...orgVerified.story,
  tags: ['screen-state', 'state:settings.org-verified'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const details = canvas.getByRole('region', { name: 'Organization' });
    await expect(detail(details, 'Status')).toHaveTextContent('Verified');
    await expect(detail(details, 'Status')).not.toHaveTextContent(ORG_MESSAGES.unverified);
    const verify = canvas.getByRole('button', { name: 'Verify this Org' });
    await expect(verify).toBeDisabled();
    await expect(verify).toHaveAccessibleDescription('This org is already verified.');
    await expect(canvas.getByText(ORG_MESSAGES.superuserRequired)).toBeVisible();
    await expect(orgVerified.api.calls('orgs.verify')).toEqual([]);
  },
};

const member = screen({ url: ORG_SETTINGS, session: sessionFor(users.maya), trpc: atEnv() });
/** A regular member sees whether the org is verified, but no way to verify it. */
export const OrgSettingsMember: Story = {
  ...member.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const details = canvas.getByRole('region', { name: 'Organization' });
    await expect(detail(details, 'Name')).toHaveTextContent('Acme Outfitters');
    await expect(detail(details, 'Status')).toHaveTextContent('Verified');
    await expect(
      within(details).getByText('A Beacon superuser verifies orgs after onboarding.'),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Verify this Org' })).toBeNull();
    await expect(canvas.queryByText(ORG_MESSAGES.superuserRequired)).toBeNull();
  },
};

const retention = screen({ url: ORG_SETTINGS, session: sessionFor(users.maya), trpc: atEnv() });
/**
 * An owner changes how long monitoring keeps raw answers: a value out of bounds is refused on the spot,
 * a valid one is saved.
 */
export const OrgAnswerRetention: Story = {
  ...retention.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const card = within(await canvas.findByRole('region', { name: ANSWER_RETENTION_TEXT.title }));
    const days = card.getByRole('spinbutton', { name: ANSWER_RETENTION_TEXT.label });
    await expect(days).toHaveValue(180);
    await userEvent.clear(days);
    await userEvent.type(days, '20');
    await userEvent.click(card.getByRole('button', { name: ANSWER_RETENTION_TEXT.save }));
    await expect(await card.findByText(RETENTION_MESSAGES.days)).toBeVisible();
    await expect(retention.api.calls('monitoring.setAnswerRetention')).toEqual([]);
    await userEvent.clear(days);
    await userEvent.type(days, '365');
    await userEvent.click(card.getByRole('button', { name: ANSWER_RETENTION_TEXT.save }));
    await expect(await card.findByText(ANSWER_RETENTION_TEXT.saved)).toBeVisible();
    await expect(retention.api.calls('monitoring.setAnswerRetention')).toEqual([
      { orgId: 'org_acme', days: 365 },
    ]);
  },
};

const retentionMember = screen({
  url: ORG_SETTINGS,
  session: sessionFor(users.maya),
  trpc: {
    ...atEnv(),
    'orgs.allOrgsForUser': orgList.map((o) => ({ ...o, role: 'member' as const })),
    'monitoring.answerRetention': { days: 90 },
  },
});
/** A member who is not an owner reads how long answers are kept, and gets no control. */
export const OrgAnswerRetentionMember: Story = {
  ...retentionMember.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const card = within(await canvas.findByRole('region', { name: ANSWER_RETENTION_TEXT.title }));
    await expect(card.getByText(ANSWER_RETENTION_TEXT.kept(90))).toBeVisible();
    await expect(card.queryByRole('spinbutton')).toBeNull();
    await expect(card.queryByRole('button', { name: ANSWER_RETENTION_TEXT.save })).toBeNull();
    // The screenshot shows the card (below the AI budget).
    canvasElement
      .querySelector('[data-slot="answer-retention-card"]')
      ?.scrollIntoView({ block: 'center' });
  },
};

const verifyFails = screen({
  url: ORG_SETTINGS,
  session: sessionFor(users.ada),
  trpc: {
    ...atEnv(unverifiedAcme),
    'orgs.verify': domainError('NOT_FOUND', 'This org does not exist.', 'org-not-found'),
  },
});
/** Verifying fails: the server's message shows, nothing reloads, and the button can be tried again. */
export const OrgVerifyFails: Story = {
  ...verifyFails.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const verify = canvas.getByRole('button', { name: 'Verify this Org' });
    await userEvent.click(verify);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Could not verify this org');
    await expect(alert).toHaveTextContent('This org does not exist.');
    await expect(verifyFails.api.calls('orgs.verify')).toEqual([{ orgId: 'org_acme' }]);
    await expect(browser.reload).not.toHaveBeenCalled();
    await expect(verify).toBeEnabled();
  },
};

// ——— Environment ———

const env = screen({
  url: ENV_SETTINGS,
  session: sessionFor(users.maya),
  trpc: { ...atEnv(), 'b2cInstances.get': instances.onboarded },
});
/** The linked, onboarded instance: its id, host, tenant, API client and the three verified flags. */
export const EnvSettings: Story = {
  ...env.story,
  tags: ['screen-state', 'state:settings.env'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const envCard = canvas.getByRole('region', { name: 'Environment' });
    await expect(detail(envCard, 'Name')).toHaveTextContent('Production');
    await expect(detail(envCard, 'Slug')).toHaveTextContent('prod');

    const card = canvas.getByRole('region', { name: 'B2C Commerce instance' });
    await within(card).findByText('zzte_001');
    await expect(detail(card, 'Instance ID')).toHaveTextContent('zzte_001');
    await expect(detail(card, 'Host')).toHaveTextContent(
      'zzte-001.dx.commercecloud.salesforce.com',
    );
    await expect(detail(card, 'Tenant type')).toHaveTextContent('sandbox');
    await expect(detail(card, 'API client ID')).toHaveTextContent(
      '3f1c2a9e-5b7d-4e2f-9a61-0c8d7e6b5a41',
    );
    for (const flag of ['OCAPI Data settings', 'OCAPI Shop settings', 'WebDAV permissions']) {
      await expect(detail(card, flag)).toHaveTextContent(/^Verified$/);
    }
    await expect(within(card).getByText('Onboarded')).toBeVisible();
    await expect(within(card).getByRole('link', { name: 'Review onboarding' })).toHaveAttribute(
      'href',
      '/app/acme/prod/onboarding?instance=inst_1',
    );
    await expect(env.api.calls('b2cInstances.get')).toEqual([
      { orgId: 'org_acme', b2cInstanceId: 'inst_1' },
    ]);
  },
};

const noInstance = screen({
  url: '/app/acme/staging/settings?view=env-settings',
  session: sessionFor(users.maya),
  trpc: atEnv(orgs.acme, envs.staging),
});
/** No instance linked yet: the empty state links to onboarding. */
export const EnvWithoutInstance: Story = {
  ...noInstance.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const card = canvas.getByRole('region', { name: 'B2C Commerce instance' });
    await expect(
      within(card).getByRole('heading', { name: 'No B2C Commerce instance linked' }),
    ).toBeVisible();
    await expect(
      within(card).getByRole('link', { name: 'Link a B2C Commerce instance' }),
    ).toHaveAttribute('href', '/app/acme/staging/onboarding');
    await expect(within(card).queryByText('Onboarded')).toBeNull();
    await expect(noInstance.api.calls('b2cInstances.get')).toEqual([]);
  },
};

const midOnboardingEnv: Env = {
  ...envs.prod,
  b2cInstance: { id: 'inst_2', instanceId: 'zzte_002', onboarded: false },
};
const midOnboardingInstance: B2CInstance = {
  ...instances.fresh,
  apiClient: { clientId: '3f1c2a9e-5b7d-4e2f-9a61-0c8d7e6b5a41' },
  ocapiDataSettingsVerified: true,
};
const midOnboarding = screen({
  url: ENV_SETTINGS,
  session: sessionFor(users.maya),
  trpc: { ...atEnv(orgs.acme, midOnboardingEnv), 'b2cInstances.get': midOnboardingInstance },
});
/** Linked but not onboarded: which settings are verified so far, and Resume onboarding. */
export const EnvMidOnboarding: Story = {
  ...midOnboarding.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const card = canvas.getByRole('region', { name: 'B2C Commerce instance' });
    await within(card).findByText('zzte_002');
    await expect(within(card).getByText('Onboarding incomplete')).toBeVisible();
    await expect(detail(card, 'OCAPI Data settings')).toHaveTextContent(/^Verified$/);
    await expect(detail(card, 'OCAPI Shop settings')).toHaveTextContent('Not verified');
    await expect(detail(card, 'WebDAV permissions')).toHaveTextContent('Not verified');
    await expect(within(card).getByRole('link', { name: 'Resume onboarding' })).toHaveAttribute(
      'href',
      '/app/acme/prod/onboarding?instance=inst_2',
    );
    await expect(midOnboarding.api.calls('b2cInstances.get')).toEqual([
      { orgId: 'org_acme', b2cInstanceId: 'inst_2' },
    ]);
  },
};

const instanceLoading = screen({
  url: ENV_SETTINGS,
  session: sessionFor(users.maya),
  trpc: { ...atEnv(), 'b2cInstances.get': pending },
});
/** The instance is still loading: a skeleton in its place; the onboarding link is already there. */
export const EnvInstanceLoading: Story = {
  ...instanceLoading.story,
  parameters: { ...instanceLoading.story.parameters, stillLoading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const card = canvas.getByRole('region', { name: 'B2C Commerce instance' });
    await expect(
      within(card).getByRole('status', { name: 'Loading the B2C Commerce instance' }),
    ).toBeVisible();
    await expect(within(card).getByRole('link', { name: 'Review onboarding' })).toBeVisible();
  },
};

const instanceFails = screen({
  url: ENV_SETTINGS,
  session: sessionFor(users.maya),
  trpc: {
    ...atEnv(),
    'b2cInstances.get': domainError(
      'NOT_FOUND',
      'This B2C instance does not belong to the org.',
      'instance-not-found',
    ),
  },
});
/** The instance does not load: the server's message in an error callout. */
export const EnvInstanceLoadError: Story = {
  ...instanceFails.story,
  beforeEach: () => {
    instanceFails.api.reset();
    // React reports what the section's error boundary caught.
    expectConsoleError('This B2C instance does not belong to the org.');
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Could not load the B2C Commerce instance');
    await expect(alert).toHaveTextContent('This B2C instance does not belong to the org.');
    await expect(canvas.queryByText('Instance ID')).toBeNull();
  },
};

// ——— Deleting the environment and the org ———

const page = within(document.body);

/** What the env dialog lists for acme/prod: staging has no instance, so the API client secret goes too. */
const PROD_LOSSES = [
  'The catalogue copy: products, catalogs and categories',
  'Agent runs and agent settings',
  'Proposals and their review history',
  'Monitoring configuration and history',
  'Analyst conversations',
  'Landing pages',
  'Schedules and queued jobs',
  'The stored API client secret',
];

/** Opens the env's delete dialog from its danger card; returns the dialog and its parts. */
async function openEnvDelete(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await settingsLoaded(canvasElement);
  const section = await canvas.findByRole('region', { name: 'Delete this environment' });
  // The linked instance's details load on their own: the click scrolls once they have (orgSettingsShown).
  await waitFor(() =>
    expect(canvas.queryByRole('status', { name: 'Loading the B2C Commerce instance' })).toBeNull(),
  );
  await userEvent.click(within(section).getByRole('button', { name: 'Delete this environment…' }));
  const dialog = await page.findByRole('dialog', { name: 'Delete Production?' });
  return {
    section,
    dialog,
    input: within(dialog).getByRole('textbox', { name: 'Type prod to confirm' }),
    confirm: within(dialog).getByRole('button', { name: 'Delete environment' }),
  };
}

/**
 * acme/prod after deleting it: envs.delete answers, then the org's env list and best env are staging's,
 * as the server's would be.
 */
function afterEnvDelete(): { trpc: TrpcScenario; reset(): void } {
  let deleted = false;
  const trpc: TrpcScenario = {
    ...atEnv(),
    'b2cInstances.get': instances.onboarded,
    'envs.delete': () => {
      deleted = true;
      return { orgSlug: 'acme', envSlug: 'prod' };
    },
    'envs.list': () => (deleted ? [envs.staging] : [envs.prod, envs.staging]),
    'orgs.bestRedirectForUser': () => ({
      status: 'ok',
      org: orgs.acme,
      env: deleted ? envs.staging : envs.prod,
    }),
    'orgs.getContext': ({ envSlug }) => ({
      org: orgs.acme,
      env: envSlug === 'staging' ? envs.staging : envs.prod,
    }),
  };
  return { trpc, reset: () => (deleted = false) };
}

const envDelete = screen({
  url: ENV_SETTINGS,
  session: sessionFor(users.maya),
  trpc: { ...atEnv(), 'b2cInstances.get': instances.onboarded, 'envs.delete': pending },
});
/**
 * An owner opens "Delete this environment": the dialog names everything that goes and that the API
 * client stays in Account Manager; Delete stays disabled until the env's slug is typed.
 */
export const EnvDelete: Story = {
  ...envDelete.story,
  tags: ['screen-state', 'state:settings.env-delete'],
  play: async ({ canvasElement }) => {
    const { section, dialog, input, confirm } = await openEnvDelete(canvasElement);
    await expect(section).toHaveTextContent(
      'Deletes Production and everything Beacon keeps for it. Owners only; it cannot be undone.',
    );
    await expect(
      within(dialog).getByText(
        'This deletes the environment prod of Acme Outfitters and cannot be undone. It removes:',
      ),
    ).toBeVisible();
    const losses = within(dialog).getByRole('list', { name: 'What is deleted' });
    await expect(
      within(losses)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(PROD_LOSSES);
    await expect(within(dialog).getByText(DELETION_MESSAGES.apiClientStays)).toBeVisible();
    await expect(within(dialog).queryByText(DELETION_MESSAGES.secretStays)).toBeNull();

    await expect(confirm).toBeDisabled();
    await userEvent.type(input, 'Prod');
    await expect(confirm).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'prod');
    await expect(confirm).toBeEnabled();
    await expect(envDelete.api.calls('envs.delete')).toEqual([]);
  },
};

const deletion = afterEnvDelete();
const envDeleted = screen({
  url: ENV_SETTINGS,
  session: sessionFor(users.maya),
  trpc: deletion.trpc,
});
/** Confirmed: envs.delete is called with the typed slug and the app moves to the org's best env. */
export const EnvDeleted: Story = {
  ...envDeleted.story,
  beforeEach: () => {
    deletion.reset();
    envDeleted.api.reset();
  },
  play: async ({ canvasElement }) => {
    const { input, confirm } = await openEnvDelete(canvasElement);
    await userEvent.type(input, 'prod');
    await userEvent.click(confirm);
    await waitFor(() => expect(envDeleted.history().location.pathname).toBe('/app/acme/staging'));
    await expect(envDeleted.api.calls('envs.delete')).toEqual([
      { orgId: 'org_acme', envId: 'env_prod', confirmation: 'prod' },
    ]);
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    // The env switcher lists what is left.
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^Environment:/ }));
    const menu = await page.findByRole('menu');
    await expect(await within(menu).findByRole('menuitem', { name: /Staging/ })).toBeVisible();
    await expect(within(menu).queryByRole('menuitem', { name: /Production/ })).toBeNull();
    await userEvent.keyboard('{Escape}');
  },
};

const running = DELETION_MESSAGES.envWorkRunning(['agent-run']);
const envDeleteRefused = screen({
  url: ENV_SETTINGS,
  session: sessionFor(users.maya),
  trpc: {
    ...atEnv(),
    'b2cInstances.get': instances.onboarded,
    'envs.delete': domainError('CONFLICT', running, 'deletion-work-running'),
  },
});
/** An agent run is active: the server refuses, and the dialog says why and stays open. */
export const EnvDeleteRefused: Story = {
  ...envDeleteRefused.story,
  play: async ({ canvasElement }) => {
    const { dialog, input, confirm } = await openEnvDelete(canvasElement);
    await userEvent.type(input, 'prod');
    await userEvent.click(confirm);
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent('Could not delete this environment');
    await expect(alert).toHaveTextContent(
      'This environment cannot be deleted while an agent run is running. Wait for it to end, or cancel it, then delete.',
    );
    await expect(envDeleteRefused.api.calls('envs.delete')).toHaveLength(1);
    await expect(envDeleteRefused.history().location.pathname).toBe('/app/acme/prod/settings');
    await expect(confirm).toBeEnabled();
  },
};

const envDeleteMember = screen({
  url: ENV_SETTINGS,
  session: sessionFor(users.maya),
  trpc: {
    ...atEnv(),
    'b2cInstances.get': instances.onboarded,
    'orgs.allOrgsForUser': orgList.map((o) => ({ ...o, role: 'member' as const })),
  },
});
/** A member who is not an owner sees no way to delete the environment. */
export const EnvDeleteNotOwner: Story = {
  ...envDeleteMember.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    await canvas.findByText('zzte_001');
    await waitFor(() => expect(envDeleteMember.api.calls('orgs.allOrgsForUser')).toHaveLength(1));
    await expect(canvas.getByRole('region', { name: 'Environment' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Delete this environment' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Delete/ })).toBeNull();
  },
};

/**
 * An owner's org settings once every card shows: the budget, the answers' retention and the export load
 * on their own, and React reveals each a moment after its data arrives. A click at the foot of the page
 * scrolls its button into view, so it waits for the page's full height: a card revealed after that
 * scroll would push the page down, and the screenshot's scroll position would depend on which came first.
 * Returns the deletion card.
 */
async function orgSettingsShown(canvasElement: HTMLElement): Promise<HTMLElement> {
  const canvas = within(canvasElement);
  await settingsLoaded(canvasElement);
  await waitFor(() => {
    const budget = canvas.getByRole('region', { name: AI_BUDGET_TEXT.title });
    within(budget).getByRole('meter');
    canvas.getByRole('region', { name: ANSWER_RETENTION_TEXT.title });
    canvas.getByRole('region', { name: ORG_EXPORT_TEXT.title });
  });
  return canvas.findByRole('region', { name: 'Delete this org' });
}

const orgDelete = screen({
  url: ORG_SETTINGS,
  session: sessionFor(users.maya),
  trpc: { ...atEnv(), 'orgs.delete': { orgSlug: 'acme' } },
});
/** The org's owner deletes it: the dialog names what goes; confirmed, the app starts over at /app/. */
export const OrgDelete: Story = {
  ...orgDelete.story,
  play: async ({ canvasElement }) => {
    const section = await orgSettingsShown(canvasElement);
    await userEvent.click(within(section).getByRole('button', { name: 'Delete this org…' }));
    const dialog = await page.findByRole('dialog', { name: 'Delete Acme Outfitters?' });
    const losses = within(dialog).getByRole('list', { name: 'What is deleted' });
    await expect(
      within(losses)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Every environment, with its catalogue copy, agent runs, proposals, monitoring history, landing pages, schedules and queued jobs',
      'Members and invitations',
      'The prompt library and landing-page themes',
      'The AI spend record and budget',
      'The stored API client secret',
    ]);
    await expect(within(dialog).getByText(DELETION_MESSAGES.apiClientStays)).toBeVisible();
    const confirm = within(dialog).getByRole('button', { name: 'Delete org' });
    await expect(confirm).toBeDisabled();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Type acme to confirm' }),
      'acme',
    );
    await expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('/app/'));
    await expect(orgDelete.api.calls('orgs.delete')).toEqual([
      { orgId: 'org_acme', confirmation: 'acme' },
    ]);
  },
};

const orgDeleteRefused = screen({
  url: ORG_SETTINGS,
  session: sessionFor(users.maya),
  trpc: {
    ...atEnv(),
    'orgs.delete': domainError(
      'FORBIDDEN',
      DELETION_MESSAGES.orgLastOwnerOnly,
      'deletion-last-owner-only',
    ),
  },
});
/** An owner who is not the last one: the server refuses, and says who can delete the org. */
export const OrgDeleteNotLastOwner: Story = {
  ...orgDeleteRefused.story,
  play: async ({ canvasElement }) => {
    const section = await orgSettingsShown(canvasElement);
    await userEvent.click(within(section).getByRole('button', { name: 'Delete this org…' }));
    const dialog = await page.findByRole('dialog', { name: 'Delete Acme Outfitters?' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Type acme to confirm' }),
      'acme',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete org' }));
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent('Could not delete this org');
    await expect(alert).toHaveTextContent(
      'Only a superuser, or the last owner of the org, can delete it. The other owners leave it first.',
    );
    await expect(browser.assign).not.toHaveBeenCalled();
  },
};
