import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { DEVELOPER_MESSAGES } from '~/domain/shared/developer-messages';
import { envs, orgs, sessionFor, users } from '~/mock-server/fixtures';
import { atEnv } from '~/mock-server/scenarios';
import { pending } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';
import { expectConsoleError } from '~/tests/support/console';

const meta = { title: 'Screens/Sign-in' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const loading = screen({ url: '/app/', session: 'pending' });
export const SessionLoading: Story = {
  ...loading.story,
  parameters: { ...loading.story.parameters, stillLoading: true },
  tags: ['screen-state', 'state:session.loading'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Loading Beacon' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Sign in with Salesforce' })).toBeNull();
    await expect(canvas.queryByRole('main')).toBeNull();
  },
};

const failed = screen({ url: '/app/', session: 'error' });
export const SessionFetchFailed: Story = {
  ...failed.story,
  tags: ['screen-state', 'state:session.fetch-failed'],
  beforeEach: () => {
    failed.api.reset();
    expectConsoleError(DEVELOPER_MESSAGES.sessionFetchFailed);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: 'Sign in with Salesforce' }),
    ).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  },
};

const login = screen({ url: '/app/' });
export const LoginDefault: Story = {
  ...login.story,
  tags: ['screen-state', 'state:login.default'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Sign in to Beacon' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign in with Salesforce' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  },
};

const campaign = screen({ url: '/app/?campaign=aeo' });
export const LoginCampaignAeo: Story = {
  ...campaign.story,
  tags: ['screen-state', 'state:login.campaign-aeo'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Get your free AEO report' }),
    ).toBeVisible();
    await expect(canvas.getByText(/existing Salesforce Commerce Cloud credentials/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign in with Salesforce' })).toBeEnabled();
  },
};

const conflict = screen({
  url: '/app/auth/error?error=OAuthAccountNotLinked&email=a@b.co&newProvider=google&existingProvider=salesforce',
});
export const AuthErrorProviderConflict: Story = {
  ...conflict.story,
  tags: ['screen-state', 'state:auth-error.provider-conflict'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole('heading', {
      name: 'This email already uses another sign-in',
    });
    await expect(heading).toBeVisible();
    const explanation = canvas.getByText(/already signs in to Beacon with/);
    await expect(explanation).toHaveTextContent(
      'a@b.co already signs in to Beacon with Salesforce. You just tried Google.',
    );
    await expect(canvas.getByRole('button', { name: 'Sign in with Salesforce' })).toBeEnabled();
  },
};

const noEnvs = screen({
  url: '/app/',
  session: sessionFor(users.maya),
  trpc: { 'orgs.bestRedirectForUser': { status: 'no-envs', org: orgs.initech, env: null } },
});
export const RedirectNoEnvs: Story = {
  ...noEnvs.story,
  tags: ['screen-state', 'state:redirect.no-envs'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', {
        name: "This Organization doesn't have any associated Environments",
      }),
    ).toBeVisible();
    await expect(noEnvs.api.calls('orgs.bestRedirectForUser')).toHaveLength(1);
  },
};

const noOrgs = screen({
  url: '/app/',
  session: sessionFor(users.maya),
  trpc: {
    'orgs.bestRedirectForUser': { status: 'no-org-memberships', org: null, env: null },
    'orgs.creation': 'none',
  },
});
export const RedirectNoOrgMemberships: Story = {
  ...noOrgs.story,
  tags: ['screen-state', 'state:redirect.no-org-memberships'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Create an org' })).toBeVisible();
    await expect(canvas.getByText(/maya@beacon.test is not a member of any org yet/)).toBeVisible();
  },
};

// ——— /app/{orgSlug}: the best env of that org ———

const orgIndex = screen({
  url: '/app/acme',
  session: sessionFor(users.maya),
  trpc: {
    ...atEnv(),
    'orgs.bestRedirectForUser': { status: 'ok', org: orgs.acme, env: envs.prod },
  },
});
/** An org's address goes to its best env, in place: Back does not return to /app/acme. */
export const OrgIndexRedirectsToBestEnv: Story = {
  ...orgIndex.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(orgIndex.history().location.pathname).toBe('/app/acme/prod');
    await expect(orgIndex.history().length).toBe(1);
    await expect(orgIndex.api.calls('orgs.bestRedirectForUser')).toEqual([{ orgSlug: 'acme' }]);
  },
};

const orgIndexNoEnvs = screen({
  url: '/app/initech',
  session: sessionFor(users.maya),
  trpc: { 'orgs.bestRedirectForUser': { status: 'no-envs', org: orgs.initech, env: null } },
});
/** An org with no environments says so and offers to create the first one. */
export const OrgIndexNoEnvs: Story = {
  ...orgIndexNoEnvs.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: ORG_MESSAGES.noEnvs })).toBeVisible();
    await expect(
      canvas.getByText(/Initech has no environments yet. Create the first one/),
    ).toBeVisible();
    await expect(orgIndexNoEnvs.history().location.pathname).toBe('/app/initech');
  },
};

const orgIndexNotMember = screen({
  url: '/app/globex',
  session: sessionFor(users.ada),
  trpc: { 'orgs.bestRedirectForUser': { status: 'ok', org: orgs.acme, env: envs.prod } },
});
/** The best org is another one: this user is not a member of the org in the address. */
export const OrgIndexNotMember: Story = {
  ...orgIndexNotMember.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: ORG_MESSAGES.notOrgMember('globex') }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to my orgs' })).toHaveAttribute(
      'href',
      '/app/',
    );
    await expect(orgIndexNotMember.history().location.pathname).toBe('/app/globex');
  },
};

const bestRedirectPending = screen({
  url: '/app/',
  session: sessionFor(users.maya),
  trpc: { 'orgs.bestRedirectForUser': pending },
});
export const BestRedirectPending: Story = {
  ...bestRedirectPending.story,
  parameters: { ...bestRedirectPending.story.parameters, stillLoading: true },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('status', { name: 'Loading Beacon' }),
    ).toBeVisible();
  },
};
