import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { envs, orgs, sessionFor, users } from '~/mock-server/fixtures';
import { atLandingPages } from '~/mock-server/landing-pages';
import { atProducts } from '~/mock-server/products';
import { atEnv } from '~/mock-server/scenarios';
import type { TrpcScenario } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';

const meta = { title: 'Screens/Gating' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const noInstance = { ...envs.prod, b2cInstance: null };

const unverifiedMember = screen({
  url: '/app/acme/prod/products',
  session: sessionFor(users.maya),
  trpc: atEnv(orgs.globex, envs.prod),
});
export const OnboardingNeeded: Story = {
  ...unverifiedMember.story,
  tags: ['screen-state', 'state:gating.onboarding-needed'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Onboarding needed' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Book an onboarding demo' })).toBeEnabled();
    await expect(
      await canvas.findByRole('button', { name: ORG_MESSAGES.askVerification }),
    ).toBeEnabled();
    await expect(canvas.queryByRole('heading', { name: 'Products' })).toBeNull();
  },
};

/** Maya asks for verification: the request is recorded and the block says when. */
const askedAt = new Date('2026-11-27T09:00:00Z');
const askingMember = screen({
  url: '/app/acme/prod/products',
  session: sessionFor(users.maya),
  trpc: {
    ...atEnv(orgs.globex, envs.prod),
    'orgs.requestVerification': ({ orgId }) => {
      if (orgId !== orgs.globex.id) throw new Error(`asked for ${orgId}`);
      return { requestedAt: askedAt, requestedBy: users.maya.email };
    },
  },
});
export const OnboardingNeededAskVerification: Story = {
  ...askingMember.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: ORG_MESSAGES.askVerification }),
    );
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      ORG_MESSAGES.verificationRequested('Nov 27, 2026'),
    );
    await expect(canvas.queryByRole('button', { name: ORG_MESSAGES.askVerification })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Book an onboarding demo' })).toBeEnabled();
  },
};

const unverifiedSuperuser = screen({
  url: '/app/acme/prod/products',
  session: sessionFor(users.ada),
  trpc: { ...atEnv(orgs.globex, envs.prod), ...atProducts() },
});
export const SuperuserBypass: Story = {
  ...unverifiedSuperuser.story,
  tags: ['screen-state', 'state:gating.superuser-bypass'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Products' })).toBeVisible();
    await expect(canvas.queryByText('Onboarding needed')).toBeNull();
  },
};

const integrationMissing = screen({
  url: '/app/acme/prod/products',
  session: sessionFor(users.maya),
  trpc: atEnv(orgs.acme, noInstance),
});
export const IntegrationMissing: Story = {
  ...integrationMissing.story,
  tags: ['screen-state', 'state:gating.integration-missing'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Salesforce B2C Commerce Integration Missing' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Open environment settings' })).toHaveAttribute(
      'href',
      '/app/acme/prod/settings?view=env-settings',
    );
    // The rail marks the area the gate stands in, and only that one.
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(
      within(nav).getByRole('link', { name: 'AI Discoverability (AEO)' }),
    ).not.toHaveAttribute('aria-current');
  },
};

const homeOptsOut = screen({
  url: '/app/acme/prod',
  session: sessionFor(users.maya),
  trpc: atEnv(orgs.globex, noInstance),
});
export const HomeOptsOut: Story = {
  ...homeOptsOut.story,
  tags: ['screen-state', 'state:gating.home-opts-out'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'AI Discoverability (AEO)' }),
    ).toBeVisible();
    await expect(canvas.queryByText('Onboarding needed')).toBeNull();
    await expect(canvas.queryByText('Salesforce B2C Commerce Integration Missing')).toBeNull();
  },
};

/**
 * Screens that opt out of the instance gate render for an env with no onboarded instance; the
 * superuser sees Landing Pages too. Products, which does not opt out, still shows the gate.
 */
function instanceOptOut(path: string, heading: string, more: TrpcScenario = {}) {
  const at = screen({
    url: `/app/acme/prod${path}`,
    session: sessionFor(users.ada),
    trpc: { ...atEnv(orgs.acme, noInstance), ...more },
  });
  return {
    ...at.story,
    play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(canvas.queryByText(ORG_MESSAGES.integrationMissing)).toBeNull();
      await expect(canvas.queryByText(ORG_MESSAGES.onboardingNeeded)).toBeNull();
    },
  } satisfies Story;
}

export const AgentsOptOut: Story = instanceOptOut('/agents', 'Agents');
export const ThemeDesignerOptOut: Story = instanceOptOut('/pages/theme', 'Theme designer');
export const LandingPagesOptOut: Story = instanceOptOut(
  '/landing-pages',
  'Landing Pages',
  atLandingPages(),
);

const productsGated = screen({
  url: '/app/acme/prod/products',
  session: sessionFor(users.ada),
  trpc: atEnv(orgs.acme, noInstance),
});
/** The same superuser and env: Products does not opt out, so the instance gate shows. */
export const ProductsStillGated: Story = {
  ...productsGated.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: ORG_MESSAGES.integrationMissing }),
    ).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Products', level: 1 })).toBeNull();
  },
};
