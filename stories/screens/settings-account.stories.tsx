import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { browser } from '~/app/lib/reload';
import { ACCOUNT_MESSAGES } from '~/domain/account/messages';
import { MEMBER_MESSAGES } from '~/domain/members/messages';
import { account, orgs, sessionFor, users } from '~/mock-server/fixtures';
import { atEnv } from '~/mock-server/scenarios';
import { delayed, domainError, type TrpcScenario } from '~/mock-server/trpc/scenario';
import { screen } from '~/stories/support/app-harness';

const meta = {
  title: 'Screens/Settings/Account',
  // Signing out, leaving the org the page is in and deleting the account load another page: a story
  // only records that it was asked to.
  beforeEach: () => {
    const assign = spyOn(browser, 'assign').mockImplementation(() => undefined);
    return () => assign.mockRestore();
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const ACCOUNT = '/app/acme/prod/settings?view=account';

/** Dialogs render in a portal, outside the story's canvas. */
const page = () => within(document.body);

const settingsLoaded = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('heading', { name: 'Settings', level: 1 });

/** The value a settings card shows for a label (a <dt>/<dd> pair). */
function detail(scope: HTMLElement, label: string): HTMLElement {
  const term = within(scope).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

/** Maya at acme/prod's account settings, with `trpc` over the default account. */
function atAccount(trpc: TrpcScenario = {}) {
  return screen({
    url: ACCOUNT,
    session: sessionFor(users.maya),
    trpc: { ...atEnv(), 'account.get': account, ...trpc },
  });
}

/** Maya owns Acme with another owner: she is nobody's last owner, so she may delete her account. */
const notLastOwner = {
  ...account,
  orgs: account.orgs.map((org) => ({ ...org, lastOwner: false })),
};

const DELETE_ACCOUNT_DESCRIPTION =
  'Deletes your Beacon account and signs you out everywhere. What you decided and started in your orgs stays, shown as made by “a deleted user”. It cannot be undone.';

const overview = atAccount();
/**
 * Maya's account: how she signs in, her orgs (Acme's Leave disabled, she is its last owner; Globex's
 * offered), Sign out everywhere, and deleting the account, disabled while she is Acme's last owner.
 */
export const Account: Story = {
  ...overview.story,
  tags: ['screen-state', 'state:settings.account'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const tabs = canvas.getByRole('navigation', { name: 'Settings' });
    await expect(within(tabs).getByRole('link', { name: 'Account' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const signIn = await canvas.findByRole('region', { name: 'Sign-in' });
    await expect(detail(signIn, 'Name')).toHaveTextContent('Maya Member');
    await expect(detail(signIn, 'Email')).toHaveTextContent('maya@beacon.test');
    const methods = within(signIn).getByRole('list', { name: 'Sign-in methods' });
    await expect(
      within(methods)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Google', 'Salesforce']);

    const orgsCard = canvas.getByRole('region', { name: 'Your orgs' });
    const rows = within(within(orgsCard).getByRole('table', { name: 'Your orgs' })).getAllByRole(
      'row',
    );
    await expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'Acme OutfittersacmeOwnerLast ownerLeave',
      'Globex GoodsglobexMemberLeave',
    ]);
    const leaveAcme = within(orgsCard).getByRole('button', { name: 'Leave Acme Outfitters' });
    await expect(leaveAcme).toBeDisabled();
    await expect(leaveAcme).toHaveAccessibleDescription(ACCOUNT_MESSAGES.lastOwnerHint);
    await expect(
      within(orgsCard).getByRole('button', { name: 'Leave Globex Goods' }),
    ).toBeEnabled();

    const signOut = canvas.getByRole('region', { name: 'Sign out everywhere' });
    await expect(signOut).toHaveTextContent(
      'Ends every session of yours, on every device and browser, this one included. You sign in again afterwards.',
    );
    await expect(
      within(signOut).getByRole('button', { name: 'Sign out everywhere…' }),
    ).toBeEnabled();

    const remove = canvas.getByRole('region', { name: 'Delete your account' });
    await expect(remove).toHaveTextContent(DELETE_ACCOUNT_DESCRIPTION);
    const removeButton = within(remove).getByRole('button', { name: 'Delete your account…' });
    await expect(removeButton).toBeDisabled();
    await expect(removeButton).toHaveAccessibleDescription(
      'You are the last owner of Acme Outfitters. Make another member an owner of it, or delete it, before you delete your account.',
    );
    await expect(overview.api.calls('account.leaveOrg')).toEqual([]);
    // The screenshot shows the lower half: Leave, Sign out everywhere and the blocked deletion.
    remove.scrollIntoView({ block: 'end' });
  },
};

const leaveRefused = atAccount({
  'account.get': notLastOwner,
  'account.leaveOrg': domainError('CONFLICT', MEMBER_MESSAGES.lastOwnerLeaves, 'last-owner'),
});
/**
 * The page said Maya was not Acme's last owner, but the other owner left meanwhile: the server refuses,
 * the dialog says why and stays open, and the app stays where it is.
 */
export const AccountLeaveLastOwnerRefused: Story = {
  ...leaveRefused.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Leave Acme Outfitters' }));
    const dialog = await page().findByRole('dialog', { name: 'Leave Acme Outfitters?' });
    await expect(dialog).toHaveAccessibleDescription(
      'You lose access to Acme Outfitters straight away. To come back, you need a new invitation.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Leave org' });
    await userEvent.click(confirm);
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent('Could not leave this org');
    await expect(alert).toHaveTextContent(
      "You are this org's last owner, so you cannot leave it. Make another member an owner, or delete the org.",
    );
    await expect(confirm).toBeEnabled();
    await expect(leaveRefused.api.calls('account.leaveOrg')).toEqual([{ orgId: orgs.acme.id }]);
    await expect(browser.assign).not.toHaveBeenCalled();
  },
};

const leaveOther = atAccount({ 'account.leaveOrg': delayed(50, undefined) });
/** Leaving another org than the page's: the dialog closes and the account is read again. */
export const AccountLeaveOrg: Story = {
  ...leaveOther.story,
  beforeEach: () => leaveOther.api.reset(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Leave Globex Goods' }));
    const dialog = await page().findByRole('dialog', { name: 'Leave Globex Goods?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave org' }));
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    await expect(leaveOther.api.calls('account.leaveOrg')).toEqual([{ orgId: orgs.globex.id }]);
    await expect(leaveOther.api.calls('account.get').length).toBeGreaterThanOrEqual(2);
    await expect(browser.assign).not.toHaveBeenCalled();
  },
};

const signOutEverywhere = atAccount({ 'account.signOutEverywhere': { ended: 3 } });
/** Every session ends, this one's too: the browser signs out here and lands on sign-in. */
export const AccountSignOutEverywhere: Story = {
  ...signOutEverywhere.story,
  beforeEach: () => signOutEverywhere.api.reset(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign out everywhere…' }));
    const dialog = await page().findByRole('dialog', { name: 'Sign out everywhere?' });
    await expect(dialog).toHaveAccessibleDescription(
      'Every session of yours ends, on every device and browser, this one included, and open pages stop updating. You then sign in again.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('/app/'));
    await expect(signOutEverywhere.api.calls('account.signOutEverywhere')).toHaveLength(1);
  },
};

const deleteAccount = atAccount({
  'account.get': notLastOwner,
  'account.delete': delayed(10, undefined),
});
/**
 * Nobody's last owner, Maya deletes her account: the dialog lists what goes and what stays ("a deleted
 * user"); Delete stays disabled until her email address is typed (case aside); then she is signed out.
 */
export const AccountDelete: Story = {
  ...deleteAccount.story,
  beforeEach: () => deleteAccount.api.reset(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await settingsLoaded(canvasElement);
    const section = await canvas.findByRole('region', { name: 'Delete your account' });
    const open = within(section).getByRole('button', { name: 'Delete your account…' });
    await expect(open).toBeEnabled();
    await userEvent.click(open);
    const dialog = await page().findByRole('dialog', { name: 'Delete your account?' });
    await expect(
      within(dialog).getByText(
        'This deletes the account maya@beacon.test and cannot be undone. It removes:',
      ),
    ).toBeVisible();
    const items = (name: string) =>
      within(within(dialog).getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    await expect(items('What is deleted')).toEqual([
      'Your sign-in methods and every session, on every device',
      'Your membership of every org',
      'Invitations you sent',
      'Your analyst conversations',
    ]);
    await expect(items('What stays')).toEqual([
      'Proposals you approved or rejected, and their review history, show "a deleted user"',
      'Agent runs you started show "a deleted user"',
      'Monitoring runs, landing pages, themes and settings you saved stay, without your name',
      'Your orgs and everything in them stay with their other members',
    ]);

    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    const input = within(dialog).getByRole('textbox', { name: 'Type maya@beacon.test to confirm' });
    await expect(confirm).toBeDisabled();
    await userEvent.type(input, 'maya@beacon.tes');
    await expect(confirm).toBeDisabled();
    await userEvent.type(input, 't');
    await expect(confirm).toBeEnabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'Maya@Beacon.test');
    await expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('/app/'));
    await expect(deleteAccount.api.calls('account.delete')).toEqual([
      { confirmation: 'Maya@Beacon.test' },
    ]);
  },
};
