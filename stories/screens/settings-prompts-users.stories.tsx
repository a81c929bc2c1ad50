import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { browser } from '~/app/lib/reload';
import { MEMBER_MESSAGES } from '~/domain/members/messages';
import type { Prompt } from '~/domain/prompts/entities';
import { PROMPT_MESSAGES } from '~/domain/prompts/messages';
import {
  invitations,
  members,
  orgs,
  promptList,
  prompts,
  sessionFor,
  users,
} from '~/mock-server/fixtures';
import { atEnv } from '~/mock-server/scenarios';
import { delayed, domainError, type TrpcScenario } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';
import { LINK_SHOWN_ONCE } from '~/ui/patterns/settings/invitation-list';
import { NO_EMAIL_NOTICE } from '~/ui/patterns/settings/invite-form';
import { LAST_MEMBER_HINT } from '~/ui/patterns/settings/member-list';

const meta = {
  title: 'Screens/Settings/Prompts and Users',
  // Leaving an org reloads the app: a story only records that it was asked to.
  beforeEach: () => {
    const assign = spyOn(browser, 'assign').mockImplementation(() => undefined);
    return () => assign.mockRestore();
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const PROMPTS = '/app/acme/prod/settings?view=prompts';
const USERS = '/app/acme/prod/settings?view=users';
const orgId = orgs.acme.id;

/** Dialogs render in a portal, outside the story's canvas. */
const page = () => within(document.body);

const settingsLoaded = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('heading', { name: 'Settings', level: 1 });

/** The Field around a labelled control: its error is the alert inside. */
function fieldOf(control: HTMLElement) {
  const field = control.closest<HTMLElement>('[data-slot="field"]');
  if (!field) throw new Error('The control is not inside a Field.');
  return within(field);
}

/** The names of the listed prompts, in order. */
async function promptNames(canvasElement: HTMLElement): Promise<string[]> {
  const list = await within(canvasElement).findByRole('list', { name: 'Saved prompts' });
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent ?? '');
}

// ——— Prompts ———

const promptsView = screen({
  url: PROMPTS,
  session: sessionFor(users.maya),
  trpc: { ...atEnv(), 'prompts.list': promptList },
});
/** The org's prompt library: name, the start of the text and the last change, with Edit and Delete. */
export const Prompts: Story = {
  ...promptsView.story,
  tags: ['screen-state', 'state:settings.prompts'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Prompts' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(await promptNames(canvasElement)).toEqual([
      'Gift for a camper',
      'Trail running shoes',
      'Waterproof hiking jacket',
    ]);
    const library = canvas.getByRole('region', { name: 'Prompts' });
    await expect(
      within(library).getByText(
        'The questions agents and AEO monitoring ask AI assistants on your behalf. Shared by everyone in the org.',
      ),
    ).toBeVisible();
    const trail = canvas.getByRole('listitem', { name: 'Trail running shoes' });
    await expect(within(trail).getByText(prompts.trailShoes.text)).toBeVisible();
    await expect(trail).toHaveTextContent('Updated Feb 3, 2026');
    await expect(
      within(trail).getByRole('button', { name: 'Edit Trail running shoes' }),
    ).toBeVisible();
    await expect(
      within(trail).getByRole('button', { name: 'Delete Trail running shoes' }),
    ).toBeVisible();
    await expect(within(library).getByRole('button', { name: 'New prompt' })).toBeEnabled();
    await expect(promptsView.api.calls('prompts.list')).toEqual([{ orgId }]);
  },
};

const emptyCreated: Prompt = {
  id: 'prompt_new',
  name: 'Best trail running shoes',
  text: 'Best trail running shoes under $150',
  createdAt: new Date('2026-03-02T12:00:00Z'),
  updatedAt: new Date('2026-03-02T12:00:00Z'),
};
const empty = screen({
  url: PROMPTS,
  session: sessionFor(users.maya),
  trpc: {
    ...atEnv(),
    'prompts.list': (_input, { count }) => (count === 1 ? [] : [emptyCreated]),
    'prompts.create': delayed(300, emptyCreated),
  },
});
/** No prompts yet: the empty state explains the library and creates the first prompt. */
export const PromptsEmpty: Story = {
  ...empty.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    await expect(await canvas.findByText('No prompts yet')).toBeVisible();
    // One way to start: the empty state's button, not a second one in the header.
    await expect(canvas.queryByRole('button', { name: 'New prompt' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Add the first prompt' }));

    const dialog = await page().findByRole('dialog', { name: 'New prompt' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Name' }),
      '  Best trail running shoes ',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Prompt' }),
      'Best trail running shoes under $150',
    );
    const save = within(dialog).getByRole('button', { name: 'Save prompt' });
    await userEvent.click(save);
    await waitFor(() => expect(save).toHaveAttribute('aria-busy', 'true'));
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    await expect(empty.api.calls('prompts.create')).toEqual([
      { orgId, name: 'Best trail running shoes', text: 'Best trail running shoes under $150' },
    ]);
    await expect(await promptNames(canvasElement)).toEqual(['Best trail running shoes']);
    await expect(empty.api.calls('prompts.list')).toHaveLength(2);
  },
};

const nameTaken = screen({
  url: PROMPTS,
  session: sessionFor(users.maya),
  trpc: {
    ...atEnv(),
    'prompts.list': promptList,
    'prompts.create': domainError(
      'CONFLICT',
      PROMPT_MESSAGES.promptNameTaken('Trail running shoes'),
      'name-taken',
    ),
  },
});
/** Client rules first (nothing is sent), then the server's taken name shows on the Name field. */
export const PromptCreateNameTaken: Story = {
  ...nameTaken.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'New prompt' }));
    const dialog = await page().findByRole('dialog', { name: 'New prompt' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    const text = within(dialog).getByRole('textbox', { name: 'Prompt' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save prompt' }));
    await expect(fieldOf(name).getByRole('alert')).toHaveTextContent('Give the prompt a name');
    await expect(fieldOf(text).getByRole('alert')).toHaveTextContent('Write the prompt text');
    await expect(name).toHaveFocus();
    await expect(nameTaken.api.calls('prompts.create')).toEqual([]);

    await userEvent.type(name, 'Trail running shoes');
    await userEvent.type(text, 'Which trail shoes grip best on wet rock?');
    await expect(fieldOf(name).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save prompt' }));

    await expect(await fieldOf(name).findByRole('alert')).toHaveTextContent(
      'This org already has a prompt named "Trail running shoes".',
    );
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveFocus());
    await expect(text).not.toHaveAttribute('aria-invalid');
    await expect(nameTaken.api.calls('prompts.create')).toEqual([
      { orgId, name: 'Trail running shoes', text: 'Which trail shoes grip best on wet rock?' },
    ]);
    // The server's answer is about that name: it goes while the name differs, and is back with it.
    await userEvent.type(name, ' 2');
    await expect(fieldOf(name).queryByRole('alert')).toBeNull();
    await userEvent.type(name, '{Backspace}{Backspace}');
    await expect(fieldOf(name).getByRole('alert')).toHaveTextContent(
      'This org already has a prompt named "Trail running shoes".',
    );
  },
};

const edited: Prompt = {
  ...prompts.trailShoes,
  text: 'What are the best trail running shoes under $120?',
  updatedAt: new Date('2026-03-04T12:00:00Z'),
};
const edit = screen({
  url: PROMPTS,
  session: sessionFor(users.maya),
  trpc: {
    ...atEnv(),
    'prompts.list': (_input, { count }) =>
      count === 1 ? promptList : [prompts.campingGift, edited, prompts.rainJacket],
    'prompts.update': edited,
  },
});
/** Edit opens the form with the saved values; saving sends the change and the list shows it. */
export const PromptEdit: Story = {
  ...edit.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Trail running shoes' }));
    const dialog = await page().findByRole('dialog', { name: 'Edit prompt' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    const text = within(dialog).getByRole('textbox', { name: 'Prompt' });
    await expect(name).toHaveValue('Trail running shoes');
    await expect(text).toHaveValue(prompts.trailShoes.text);
    await userEvent.clear(text);
    await userEvent.type(text, 'What are the best trail running shoes under $120?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    await expect(edit.api.calls('prompts.update')).toEqual([
      {
        orgId,
        promptId: prompts.trailShoes.id,
        name: 'Trail running shoes',
        text: 'What are the best trail running shoes under $120?',
      },
    ]);
    const trail = canvas.getByRole('listitem', { name: 'Trail running shoes' });
    await expect(trail).toHaveTextContent('What are the best trail running shoes under $120?');
    await expect(trail).toHaveTextContent('Updated Mar 4, 2026');
  },
};

const del = screen({
  url: PROMPTS,
  session: sessionFor(users.maya),
  trpc: {
    ...atEnv(),
    'prompts.list': (_input, { count }) =>
      count === 1 ? promptList : [prompts.trailShoes, prompts.rainJacket],
    'prompts.delete': delayed(300, undefined),
  },
});
/** Delete asks first; Cancel keeps the prompt, 'Delete prompt' removes it. */
export const PromptDeleteConfirm: Story = {
  ...del.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const deleteGift = await canvas.findByRole('button', { name: 'Delete Gift for a camper' });
    await userEvent.click(deleteGift);
    let dialog = await page().findByRole('dialog', { name: 'Delete “Gift for a camper”?' });
    await expect(dialog).toHaveAccessibleDescription(
      'Agents and AEO monitoring stop using this prompt. This cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    await expect(del.api.calls('prompts.delete')).toEqual([]);
    await waitFor(() => expect(deleteGift).toHaveFocus());

    await userEvent.click(deleteGift);
    dialog = await page().findByRole('dialog', { name: 'Delete “Gift for a camper”?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete prompt' });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('aria-busy', 'true'));
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    await expect(del.api.calls('prompts.delete')).toEqual([
      { orgId, promptId: prompts.campingGift.id },
    ]);
    await expect(await promptNames(canvasElement)).toEqual([
      'Trail running shoes',
      'Waterproof hiking jacket',
    ]);
  },
};

// ——— Users ———

const allInvitations = [invitations.pending, invitations.accepted, invitations.expired];
function atUsers(more: TrpcScenario = {}, user = users.maya) {
  return screen({
    url: USERS,
    session: sessionFor(user),
    trpc: {
      ...atEnv(),
      'members.list': [members.maya, members.ada],
      'invitations.list': allInvitations,
      ...more,
    },
  });
}

/** The text of each row of the Members table, once it has loaded. */
async function memberRows(canvasElement: HTMLElement) {
  const table = await within(canvasElement).findByRole('table', { name: 'Members' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
}

const linkOf = (token: string) => `${window.location.origin}/app/accept-invite/${token}`;

const usersView = atUsers();
/** Members with their roles (the signed-in user marked), the no-email notice, and the invitations. */
export const Users: Story = {
  ...usersView.story,
  tags: ['screen-state', 'state:settings.users'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    await expect(await memberRows(canvasElement)).toEqual([
      'Maya MemberYoumaya@beacon.testOwnerRemove',
      'Ada Adminada@beacon.testMemberSuperuserRemove',
    ]);
    await expect(canvas.getByRole('button', { name: 'Remove maya@beacon.test' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Remove ada@beacon.test' })).toBeEnabled();
    await expect(canvas.queryByText(LAST_MEMBER_HINT)).toBeNull();
    await expect(canvas.queryByText(MEMBER_MESSAGES.ownersRemoveMembers)).toBeNull();

    const card = canvas.getByRole('region', { name: 'Invitations' });
    await expect(within(card).getByText(NO_EMAIL_NOTICE)).toBeVisible();
    await expect(within(card).getByRole('textbox', { name: 'Email' })).toHaveValue('');
    await expect(within(card).getByRole('button', { name: 'Invite' })).toBeEnabled();

    const pending = within(card).getByRole('list', { name: 'Pending invitations' });
    await expect(within(pending).getAllByRole('listitem')).toHaveLength(1);
    await expect(within(pending).getByRole('listitem')).toHaveTextContent(
      'jordan@acme.testExpires Mar 8, 2099',
    );
    // Made in an earlier visit: the server keeps only its token's hash, so its link is not shown.
    await expect(within(pending).getByText(LINK_SHOWN_ONCE)).toBeVisible();
    await expect(
      within(card).queryByRole('region', { name: 'Invitation link for jordan@acme.test' }),
    ).toBeNull();
    await expect(
      within(card).getByRole('button', { name: 'Revoke invitation for jordan@acme.test' }),
    ).toBeEnabled();

    const past = within(card).getByRole('list', { name: 'Accepted and expired' });
    await expect(
      within(past)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['priya@acme.testAcceptedFeb 16, 2026', 'lee@acme.testExpiredJan 8, 2026']);
    // A used or expired link no longer works, so none is shown.
    await expect(
      within(card).queryByRole('region', { name: /priya@acme\.test|lee@acme\.test/ }),
    ).toBeNull();
    await expect(usersView.api.calls('members.list')).toEqual([{ orgId }]);
    await expect(usersView.api.calls('invitations.list')).toEqual([{ orgId }]);
  },
};

const newInvitation = {
  id: 'inv_new',
  email: 'sam.rivera@acme.test',
  token: 'Nw7tK2pX9qL4mZ8vB1cR5dH3jF6sA0eG2uY4iO8wT1k',
  expiresAt: new Date('2099-03-09T12:00:00Z'),
  acceptedAt: null,
  createdAt: new Date('2026-03-02T12:00:00Z'),
};
const invite = atUsers({
  'invitations.create': delayed(300, newInvitation),
  'invitations.list': (_input, { count }) =>
    count === 1 ? allInvitations : [newInvitation, ...allInvitations],
});
/** Inviting shows the new invitation's link at once, marked New, to copy and send. */
export const UsersInvite: Story = {
  ...invite.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const email = await canvas.findByRole('textbox', { name: 'Email' });
    await userEvent.type(email, ' Sam.Rivera@acme.test ');
    const button = canvas.getByRole('button', { name: 'Invite' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));

    await expect(
      await canvas.findByText('Invitation created for sam.rivera@acme.test'),
    ).toBeVisible();
    await expect(canvas.getByText('Copy its link below and send it yourself.')).toBeVisible();
    const link = canvas.getByRole('region', { name: 'Invitation link for sam.rivera@acme.test' });
    await expect(within(link).getByText(linkOf(newInvitation.token))).toBeVisible();
    const item = link.closest('li')!;
    await expect(within(item).getByText('New')).toBeVisible();
    await expect(email).toHaveValue('');
    await expect(invite.api.calls('invitations.create')).toEqual([
      { orgId, email: 'Sam.Rivera@acme.test' },
    ]);
    await waitFor(() => expect(invite.api.calls('invitations.list')).toHaveLength(2));
    const pending = canvas.getByRole('list', { name: 'Pending invitations' });
    await expect(within(pending).getAllByRole('listitem')).toHaveLength(2);
    // The refetched list carries no token: the new link stays shown from what `create` answered.
    await expect(
      within(
        canvas.getByRole('region', { name: 'Invitation link for sam.rivera@acme.test' }),
      ).getByText(linkOf(newInvitation.token)),
    ).toBeVisible();
    await expect(within(pending).getAllByText(LINK_SHOWN_ONCE)).toHaveLength(1);
  },
};

const alreadyMember = atUsers({
  'invitations.create': domainError(
    'CONFLICT',
    MEMBER_MESSAGES.alreadyMember('ada@beacon.test'),
    'already-member',
  ),
});
/** A malformed address is caught before sending; a member's address is refused on the Email field. */
export const UsersInviteAlreadyMember: Story = {
  ...alreadyMember.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const email = await canvas.findByRole('textbox', { name: 'Email' });
    await userEvent.type(email, 'ada at beacon');
    await userEvent.click(canvas.getByRole('button', { name: 'Invite' }));
    await expect(fieldOf(email).getByRole('alert')).toHaveTextContent(
      'Enter an email address, e.g. name@company.com',
    );
    await expect(alreadyMember.api.calls('invitations.create')).toEqual([]);

    await userEvent.clear(email);
    await userEvent.type(email, 'ada@beacon.test{Enter}');
    await expect(await fieldOf(email).findByRole('alert')).toHaveTextContent(
      'ada@beacon.test is already a member of this org.',
    );
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveFocus();
    await expect(alreadyMember.api.calls('invitations.create')).toEqual([
      { orgId, email: 'ada@beacon.test' },
    ]);
    await expect(canvas.queryByText(/^Invitation created for/)).toBeNull();
  },
};

const revoke = atUsers({
  'invitations.revoke': delayed(300, undefined),
  'invitations.list': (_input, { count }) =>
    count === 1 ? allInvitations : [invitations.accepted, invitations.expired],
});
/** Revoke takes the pending invitation (and its link) away. */
export const UsersRevokeInvitation: Story = {
  ...revoke.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const button = await canvas.findByRole('button', {
      name: 'Revoke invitation for jordan@acme.test',
    });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(await canvas.findByText('No pending invitations.')).toBeVisible();
    await expect(
      canvas.queryByRole('region', { name: 'Invitation link for jordan@acme.test' }),
    ).toBeNull();
    await expect(revoke.api.calls('invitations.revoke')).toEqual([
      { orgId, invitationId: invitations.pending.id },
    ]);
  },
};

const removeMember = atUsers({
  'members.list': (_input, { count }) =>
    count === 1 ? [members.maya, members.ada] : [members.maya],
  'members.remove': delayed(300, undefined),
});
/** Remove asks first; once Ada is gone, Maya is the last member and cannot be removed. */
export const UsersRemoveMember: Story = {
  ...removeMember.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Remove ada@beacon.test' }));
    const dialog = await page().findByRole('dialog', { name: 'Remove Ada Admin?' });
    await expect(dialog).toHaveAccessibleDescription(
      'ada@beacon.test loses access to Acme Outfitters straight away. To come back, they need a new invitation.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Remove member' });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('aria-busy', 'true'));
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    await expect(removeMember.api.calls('members.remove')).toEqual([
      { orgId, userId: users.ada.id },
    ]);

    const table = canvas.getByRole('table', { name: 'Members' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const last = canvas.getByRole('button', { name: 'Remove maya@beacon.test' });
    await expect(last).toBeDisabled();
    await expect(last).toHaveAccessibleDescription(LAST_MEMBER_HINT);
    await expect(browser.assign).not.toHaveBeenCalled();
  },
};

const lastMember = atUsers({ 'members.list': [members.maya] });
/** The only member cannot be removed, and the screen says why. */
export const UsersLastMember: Story = {
  ...lastMember.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const remove = await canvas.findByRole('button', { name: 'Remove maya@beacon.test' });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAccessibleDescription(LAST_MEMBER_HINT);
    await expect(canvas.getByText(LAST_MEMBER_HINT)).toBeVisible();
  },
};

const plainMember = atUsers(
  { 'members.list': [members.maya, members.ada, members.sam] },
  users.sam,
);
/** A member who is neither owner nor superuser may leave, but removes nobody else, and is told so. */
export const UsersPlainMember: Story = {
  ...plainMember.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    await expect(await memberRows(canvasElement)).toEqual([
      'Maya Membermaya@beacon.testOwner',
      'Ada Adminada@beacon.testMemberSuperuser',
      'Sam SecondYousam@beacon.testMemberRemove',
    ]);
    await expect(canvas.getByRole('button', { name: 'Remove sam@beacon.test' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Remove maya@beacon.test' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Remove ada@beacon.test' })).toBeNull();
    await expect(canvas.getByText(MEMBER_MESSAGES.ownersRemoveMembers)).toBeVisible();
  },
};

const removeRefused = atUsers({
  'members.remove': domainError('CONFLICT', MEMBER_MESSAGES.lastMember, 'last-member'),
});
/** The server refuses (someone else left meanwhile): its message shows in the dialog, which stays open. */
export const UsersRemoveRefused: Story = {
  ...removeRefused.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Remove ada@beacon.test' }));
    const dialog = await page().findByRole('dialog', { name: 'Remove Ada Admin?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent('Could not remove this member');
    await expect(alert).toHaveTextContent(MEMBER_MESSAGES.lastMember);
    await expect(within(dialog).getByRole('button', { name: 'Remove member' })).toBeEnabled();
    await expect(removeRefused.api.calls('members.remove')).toEqual([
      { orgId, userId: users.ada.id },
    ]);
  },
};

// Ada owns Acme too: Maya is not its last owner, so she may leave (the server refuses the last owner).
const leave = atUsers({
  'members.list': [members.maya, { ...members.ada, role: 'owner' }],
  'members.remove': delayed(100, undefined),
});
/** Removing yourself is leaving the org: said so, and the app starts over from /app/. */
export const UsersLeaveOrg: Story = {
  ...leave.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Remove maya@beacon.test' }));
    const dialog = await page().findByRole('dialog', { name: 'Leave Acme Outfitters?' });
    await expect(dialog).toHaveAccessibleDescription(
      'You lose access to Acme Outfitters straight away. To come back, you need a new invitation.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Remove member' });
    await userEvent.click(confirm);
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('/app/'));
    await expect(leave.api.calls('members.remove')).toEqual([{ orgId, userId: users.maya.id }]);
    // Busy until the new page loads: no second click.
    await expect(confirm).toHaveAttribute('aria-disabled', 'true');
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
  },
};
