import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { browser } from '~/app/lib/reload';
import type { B2CInstance } from '~/domain/instances/entities';
import type { Env, Org } from '~/domain/orgs/entities';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { envs, instances, orgs, sessionFor, users } from '~/mock-server/fixtures';
import { atEnv } from '~/mock-server/scenarios';
import { domainError, pending } from '~/mock-server/trpc/scenario';
import { expectConsoleError } from '~/tests/support/console';
import { screen } from '~/stories/support/app-harness';

const meta = {
  title: 'Screens/Settings/Org and Env',
  // No story may really reload the page: a verified org's reload is only recorded.
  beforeEach: () => {
    const reload = spyOn(browser, 'reload').mockImplementation(() => undefined);
    return () => reload.mockRestore();
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
