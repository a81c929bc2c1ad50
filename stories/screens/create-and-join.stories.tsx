import type { Meta, StoryObj } from '@storybook/react-vite';
import { TRPCError } from '@trpc/server';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { z } from 'zod/mini';
import { MEMBER_MESSAGES } from '~/domain/members/messages';
import type { Env, Org } from '~/domain/orgs/entities';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { envs, orgList, orgs, sessionFor, users } from '~/mock-server/fixtures';
import { atEnv } from '~/mock-server/scenarios';
import { delayed, domainError, type TrpcScenario } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';

const meta = { title: 'Screens/Create and join' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const heading = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).findByRole('heading', { name, level: 1 });

/** The Field around a labelled control: its error is the alert inside. */
function fieldOf(input: HTMLElement) {
  const field = input.closest<HTMLElement>('[data-slot="field"]');
  if (!field) throw new Error('The control is not inside a Field.');
  return within(field);
}

// ——— Create an org ———

const elan: Org = {
  id: 'org_elan',
  slug: 'sg-elan',
  name: 'Société Générale Élan',
  verified: false,
};

const createOrg = screen({
  url: '/app/create-org',
  session: sessionFor(users.ada),
  trpc: {
    'orgs.creation': 'any',
    'orgs.create': delayed(300, elan),
    'orgs.allOrgsForUser': [...orgList, { ...elan, role: 'owner' }],
  },
});
/** The slug follows the name until edited by hand; Enter submits; the new org's first env is next. */
export const CreateOrg: Story = {
  ...createOrg.story,
  tags: ['screen-state', 'state:create-org'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Create an org');
    const form = canvas.getByRole('form', { name: 'New org' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    const slug = within(form).getByRole('textbox', { name: 'Slug' });

    await userEvent.type(name, 'Société Générale Élan');
    await expect(slug).toHaveValue('societe-generale-elan');
    await expect(slug).toHaveAccessibleDescription(
      'Part of every link to the org: /app/societe-generale-elan',
    );

    // Edited by hand, the slug stays the user's while the name changes.
    await userEvent.clear(slug);
    await userEvent.type(slug, 'sg-elan');
    await userEvent.clear(name);
    await userEvent.type(name, 'Société Générale Élan{Enter}');
    await expect(slug).toHaveValue('sg-elan');

    const submit = within(form).getByRole('button', { name: 'Create org' });
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    await expect(submit).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() =>
      expect(createOrg.api.calls('orgs.create')).toEqual([
        { name: 'Société Générale Élan', slug: 'sg-elan' },
      ]),
    );

    // A new org has no environment: its first one is what comes next.
    await heading(canvasElement, 'Create an environment');
    await expect(canvas.getByText(/^Add an environment to Société Générale Élan:/)).toBeVisible();
  },
};

const validation = screen({
  url: '/app/create-org',
  session: sessionFor(users.ada),
  trpc: { 'orgs.creation': 'any', 'orgs.create': elan },
});
/** Field errors from the procedure's own schema: on leaving a field, and on submit. */
export const CreateOrgValidation: Story = {
  ...validation.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Create an org');
    const name = canvas.getByRole('textbox', { name: 'Name' });
    const slug = canvas.getByRole('textbox', { name: 'Slug' });

    await userEvent.click(name);
    await userEvent.tab();
    await expect(fieldOf(name).getByRole('alert')).toHaveTextContent('At least 2 characters');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(slug).not.toHaveAttribute('aria-invalid');

    await userEvent.type(name, 'Acme EU');
    await expect(fieldOf(name).queryByRole('alert')).toBeNull();
    await userEvent.clear(slug);
    await userEvent.type(slug, 'Acme_EU');
    await userEvent.click(canvas.getByRole('button', { name: 'Create org' }));
    await expect(fieldOf(slug).getByRole('alert')).toHaveTextContent(
      'Lowercase letters, digits and single hyphens only',
    );
    await expect(slug).toHaveAttribute('aria-invalid', 'true');
    await expect(slug).toHaveFocus();
    await expect(validation.api.calls('orgs.create')).toEqual([]);
  },
};

const slugTaken = screen({
  url: '/app/create-org',
  session: sessionFor(users.ada),
  trpc: {
    'orgs.creation': 'any',
    'orgs.create': domainError('CONFLICT', ORG_MESSAGES.slugTaken('acme'), 'slug-taken'),
  },
});
/** The server refuses a taken slug: the message is on the Slug field until the slug changes. */
export const CreateOrgSlugTaken: Story = {
  ...slugTaken.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Create an org');
    const name = canvas.getByRole('textbox', { name: 'Name' });
    const slug = canvas.getByRole('textbox', { name: 'Slug' });
    await userEvent.type(name, 'ACME');
    await userEvent.click(canvas.getByRole('button', { name: 'Create org' }));

    await expect(await fieldOf(slug).findByRole('alert')).toHaveTextContent(
      'The slug "acme" is already taken.',
    );
    await expect(slug).toHaveAttribute('aria-invalid', 'true');
    await expect(slug).toHaveFocus();
    await expect(name).not.toHaveAttribute('aria-invalid');
    await expect(slugTaken.api.calls('orgs.create')).toEqual([{ name: 'ACME', slug: 'acme' }]);

    await userEvent.type(slug, '-eu');
    await expect(fieldOf(slug).queryByRole('alert')).toBeNull();
  },
};

const serverOnlyRule = 'Slugs starting with "beacon" are kept for Beacon itself.';
const serverFieldError = screen({
  url: '/app/create-org',
  session: sessionFor(users.ada),
  trpc: {
    'orgs.creation': 'any',
    // A rule only the server knows (say, a deploy newer than the open page): its zod error comes
    // back as BAD_REQUEST with field errors, exactly as the server's error formatter sends them.
    'orgs.create': (input) => {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: serverOnlyRule,
        cause: new z.core.$ZodRealError([
          { code: 'custom', path: ['slug'], message: serverOnlyRule, input: input.slug },
        ]),
      });
    },
  },
});
/** The server's zod field errors land on their field, even when the client's checks passed. */
export const CreateOrgServerFieldError: Story = {
  ...serverFieldError.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Create an org');
    const name = canvas.getByRole('textbox', { name: 'Name' });
    const slug = canvas.getByRole('textbox', { name: 'Slug' });
    await userEvent.type(name, 'Beacon Labs');
    await expect(slug).toHaveValue('beacon-labs');
    // Valid as far as the form knows: no field error before the server answers.
    await expect(fieldOf(slug).queryByRole('alert')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Create org' }));

    await expect(await fieldOf(slug).findByRole('alert')).toHaveTextContent(serverOnlyRule);
    await expect(slug).toHaveAttribute('aria-invalid', 'true');
    await expect(name).not.toHaveAttribute('aria-invalid');
    await expect(serverFieldError.api.calls('orgs.create')).toEqual([
      { name: 'Beacon Labs', slug: 'beacon-labs' },
    ]);
    // Still on the form: nothing navigated away or crashed.
    await expect(canvas.getByRole('heading', { name: 'Create an org', level: 1 })).toBeVisible();
  },
};

const reservedOrgSlug = screen({
  url: '/app/create-org',
  session: sessionFor(users.ada),
  trpc: { 'orgs.creation': 'any', 'orgs.create': elan },
});
/** A slug that is one of the app's own route names is refused on the field, before any request. */
export const CreateOrgReservedSlug: Story = {
  ...reservedOrgSlug.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Create an org');
    const slug = canvas.getByRole('textbox', { name: 'Slug' });
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), 'Accept Invite');
    await expect(slug).toHaveValue('accept-invite');
    await userEvent.click(canvas.getByRole('button', { name: 'Create org' }));
    await expect(fieldOf(slug).getByRole('alert')).toHaveTextContent(
      ORG_MESSAGES.reservedSlug('accept-invite'),
    );
    await expect(slug).toHaveAttribute('aria-invalid', 'true');
    await expect(reservedOrgSlug.api.calls('orgs.create')).toEqual([]);
  },
};

const notSuperuser = screen({
  url: '/app/create-org',
  session: sessionFor(users.maya),
  trpc: { 'orgs.creation': 'none' },
});
/** Creating orgs needs a superuser (or the free AEO report's newcomer): anyone else is told how to get into an org. */
export const CreateOrgNotSuperuser: Story = {
  ...notSuperuser.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Create an org');
    await expect(
      canvas.getByText(
        'maya@beacon.test is not a member of any org yet. Ask your team to invite you, or book a demo and we will set your org up.',
      ),
    ).toBeVisible();
    await expect(canvas.queryByRole('form')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Book an onboarding demo' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  },
};

const brandCo: Org = { id: 'org_brand', slug: 'brand-co', name: 'Brand Co', verified: false };
const brandProd: Env = {
  id: 'env_brand_prod',
  slug: 'prod',
  name: 'Production',
  b2cInstance: null,
};
const firstOrg = screen({
  url: '/app/create-org',
  session: sessionFor(users.sam),
  trpc: {
    ...atEnv(brandCo, brandProd),
    'orgs.creation': 'first',
    'orgs.create': delayed(300, brandCo),
    'orgs.allOrgsForUser': [{ ...brandCo, role: 'owner' }],
    'envs.create': brandProd,
    'prompts.list': [],
  },
});
/**
 * Someone new from the free AEO report (no org, no superuser): their own org, which starts unverified,
 * then its first env, which opens on monitoring's configuration, the one screen an unverified org
 * offers them, rather than on a block they cannot pass.
 */
export const CreateFirstOrgFromTheAeoReport: Story = {
  ...firstOrg.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Create an org');
    await expect(canvas.getByText(ORG_MESSAGES.firstOrgDescription)).toBeVisible();
    // Nowhere to cancel to: /app/ would bring them back here.
    await expect(canvas.queryByRole('link', { name: 'Cancel' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    const form = canvas.getByRole('form', { name: 'New org' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Brand Co{Enter}');
    await waitFor(() =>
      expect(firstOrg.api.calls('orgs.create')).toEqual([{ name: 'Brand Co', slug: 'brand-co' }]),
    );

    await heading(canvasElement, 'Create an environment');
    const envForm = canvas.getByRole('form', { name: 'New environment' });
    await userEvent.type(within(envForm).getByRole('textbox', { name: 'Name' }), 'Production');
    await userEvent.click(within(envForm).getByRole('button', { name: 'Create environment' }));

    await expect(
      await canvas.findByRole('form', { name: 'AI discoverability monitoring configuration' }),
    ).toBeVisible();
    await expect(canvas.queryByText(ORG_MESSAGES.onboardingNeeded)).toBeNull();
    await expect(firstOrg.api.calls('orgs.getContext')).toEqual([
      { orgSlug: 'brand-co', envSlug: 'prod' },
    ]);
  },
};

// ——— Create an environment ———

const euStaging: Env = { id: 'env_eu', slug: 'eu-staging', name: 'EU Staging', b2cInstance: null };

function atCreateEnv(more: TrpcScenario = {}) {
  return screen({
    url: '/app/acme/create-env',
    session: sessionFor(users.maya),
    trpc: {
      ...atEnv(),
      'orgs.getContext': ({ envSlug }) => ({
        org: orgs.acme,
        env: envSlug === euStaging.slug ? euStaging : envs.prod,
      }),
      'envs.create': delayed(300, euStaging),
      ...more,
    },
  });
}

const createEnv = atCreateEnv();
/** Any member: the new env opens on the instance gate, which links to its settings. */
export const CreateEnv: Story = {
  ...createEnv.story,
  tags: ['screen-state', 'state:create-env'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Create an environment');
    await expect(
      canvas.getByText(
        'Add an environment to Acme Outfitters: one per Salesforce B2C Commerce instance, such as production, staging or development.',
      ),
    ).toBeVisible();
    const form = canvas.getByRole('form', { name: 'New environment' });
    const slug = within(form).getByRole('textbox', { name: 'Slug' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'EU Staging');
    await expect(slug).toHaveValue('eu-staging');
    await expect(slug).toHaveAccessibleDescription(
      'Unique within Acme Outfitters; part of every link: /app/acme/eu-staging',
    );
    const submit = within(form).getByRole('button', { name: 'Create environment' });
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    await waitFor(() =>
      expect(createEnv.api.calls('envs.create')).toEqual([
        { orgId: 'org_acme', name: 'EU Staging', slug: 'eu-staging' },
      ]),
    );

    await heading(canvasElement, ORG_MESSAGES.integrationMissing);
    await expect(canvas.getByRole('link', { name: 'Open environment settings' })).toHaveAttribute(
      'href',
      '/app/acme/eu-staging/settings?view=env-settings',
    );
    await expect(createEnv.api.calls('orgs.getContext')).toEqual([
      { orgSlug: 'acme', envSlug: 'eu-staging' },
    ]);
  },
};

const envSlugTaken = atCreateEnv({
  'envs.create': domainError('CONFLICT', ORG_MESSAGES.envSlugTaken('prod'), 'env-slug-taken'),
});
export const CreateEnvSlugTaken: Story = {
  ...envSlugTaken.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Create an environment');
    const slug = canvas.getByRole('textbox', { name: 'Slug' });
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), 'Prod');
    await userEvent.keyboard('{Enter}');
    await expect(await fieldOf(slug).findByRole('alert')).toHaveTextContent(
      'This org already has an environment with the slug "prod".',
    );
    await expect(slug).toHaveAttribute('aria-invalid', 'true');
    await expect(envSlugTaken.api.calls('envs.create')).toEqual([
      { orgId: 'org_acme', name: 'Prod', slug: 'prod' },
    ]);
  },
};

const reservedEnvSlug = atCreateEnv();
/** An env named after one of its own screens would shadow it: refused on the field. */
export const CreateEnvReservedSlug: Story = {
  ...reservedEnvSlug.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Create an environment');
    const slug = canvas.getByRole('textbox', { name: 'Slug' });
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), 'Settings{Enter}');
    await expect(slug).toHaveValue('settings');
    await expect(fieldOf(slug).getByRole('alert')).toHaveTextContent(
      ORG_MESSAGES.reservedSlug('settings'),
    );
    await expect(slug).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(slug, '-eu');
    await expect(fieldOf(slug).queryByRole('alert')).toBeNull();
    await expect(reservedEnvSlug.api.calls('envs.create')).toEqual([]);
  },
};

const envNotMember = screen({
  url: '/app/initech/create-env',
  session: sessionFor(users.maya),
  trpc: { 'orgs.allOrgsForUser': orgList },
});
export const CreateEnvNotMember: Story = {
  ...envNotMember.story,
  play: async ({ canvasElement }) => {
    await heading(canvasElement, ORG_MESSAGES.notOrgMember('initech'));
    await expect(within(canvasElement).queryByRole('form')).toBeNull();
  },
};

// ——— Accept an invitation ———

const TOKEN = 'tok123';

function atInvite(accept: TrpcScenario['invitations.accept'], url = `/app/accept-invite/${TOKEN}`) {
  return screen({
    url,
    session: sessionFor(users.maya),
    trpc: {
      ...atEnv(),
      'orgs.bestRedirectForUser': { status: 'ok', org: orgs.acme, env: envs.prod },
      'invitations.accept': accept,
    },
  });
}

const accept = atInvite(delayed(300, { org: orgs.acme }));
/** Accepting takes a click (not on load: link prefetchers); then the org's best env. */
export const AcceptInvite: Story = {
  ...accept.story,
  tags: ['screen-state', 'state:accept-invite'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await heading(canvasElement, 'Join your team on Beacon');
    await expect(
      canvas.getByText(
        'You were invited to an org on Beacon. Accepting adds maya@beacon.test as a member.',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Not you? Sign Out' })).toBeVisible();
    await expect(accept.api.calls('invitations.accept')).toEqual([]);

    const button = canvas.getByRole('button', { name: 'Accept invitation' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await waitFor(() => expect(accept.api.calls('invitations.accept')).toEqual([{ token: TOKEN }]));

    await expect(
      await canvas.findByRole('heading', { name: 'AI Discoverability (AEO)' }),
    ).toBeVisible();
    await expect(accept.api.calls('orgs.bestRedirectForUser')).toEqual([{ orgSlug: 'acme' }]);
  },
};

async function acceptAndExpect(
  canvasElement: HTMLElement,
  title: string,
  message: string,
): Promise<void> {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Accept invitation' }));
  await heading(canvasElement, title);
  await expect(canvas.getByText(message)).toBeVisible();
  await expect(canvas.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
}

const expired = atInvite(
  domainError('INVALID', MEMBER_MESSAGES.invitationExpired, 'invitation-expired'),
);
export const AcceptInviteExpired: Story = {
  ...expired.story,
  play: async ({ canvasElement }) => {
    await acceptAndExpect(
      canvasElement,
      'Invitation expired',
      'This invitation has expired. Ask for a new invitation.',
    );
    await expect(
      within(canvasElement).getByRole('link', { name: 'Go to my orgs' }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/app\/?$/));
  },
};

const used = atInvite(domainError('CONFLICT', MEMBER_MESSAGES.invitationUsed, 'invitation-used'));
export const AcceptInviteUsed: Story = {
  ...used.story,
  play: async ({ canvasElement }) => {
    await acceptAndExpect(
      canvasElement,
      'Invitation already used',
      'This invitation has already been used.',
    );
  },
};

const unknown = atInvite(
  domainError('NOT_FOUND', MEMBER_MESSAGES.invitationUnknown, 'invitation-unknown'),
);
export const AcceptInviteUnknown: Story = {
  ...unknown.story,
  play: async ({ canvasElement }) => {
    await acceptAndExpect(
      canvasElement,
      'Invitation not found',
      'This invitation link is not valid. Ask for a new invitation.',
    );
  },
};

const otherEmail = atInvite(
  domainError('FORBIDDEN', MEMBER_MESSAGES.invitationOtherEmail, 'invitation-other-email'),
);
/** Sent to someone else: names the signed-in address and offers to sign out (back to this link). */
export const AcceptInviteOtherEmail: Story = {
  ...otherEmail.story,
  play: async ({ canvasElement }) => {
    await acceptAndExpect(
      canvasElement,
      'This invitation is for another email address',
      'You are signed in as maya@beacon.test. This invitation was sent to a different email address. Sign in with the invited address.',
    );
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to my orgs' })).toBeVisible();
  },
};

const malformed = atInvite({ org: orgs.acme }, '/app/accept-invite/not%20a%20token');
/** A token of the wrong shape is nobody's invitation: said at once, nothing sent. */
export const AcceptInviteMalformed: Story = {
  ...malformed.story,
  play: async ({ canvasElement }) => {
    await heading(canvasElement, 'Invitation not found');
    await expect(
      within(canvasElement).getByText(
        'This invitation link is not valid. Check that you opened the whole link, or ask for a new invitation.',
      ),
    ).toBeVisible();
    await expect(malformed.api.calls('invitations.accept')).toEqual([]);
  },
};

const signedOut = screen({ url: `/app/accept-invite/${TOKEN}`, session: 'signed-out' });
/** Signed out, the login screen shows in place; signing in comes back to this link. */
export const AcceptInviteSignedOut: Story = {
  ...signedOut.story,
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('button', { name: 'Sign in with Salesforce' }),
    ).toBeVisible();
    await expect(signedOut.api.calls('invitations.accept')).toEqual([]);
  },
};
