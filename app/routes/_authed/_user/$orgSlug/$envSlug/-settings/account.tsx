/**
 * Account view: the signed-in person's sign-in methods, their orgs with Leave (refused to an org's last
 * owner), signing out everywhere, and deleting the account (docs/product.md#settings, ADR 0043). The
 * server holds every rule; the screen disables what it would refuse and shows its refusals.
 */
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryBoundary } from '~/app/components/query-boundary';
import { signOut } from '~/app/lib/auth-actions';
import { browser } from '~/app/lib/reload';
import { useTRPC } from '~/app/lib/trpc';
import type { AccountOrg } from '~/domain/account/entities';
import { ACCOUNT_MESSAGES } from '~/domain/account/messages';
import {
  ACCOUNT_DELETION_KEEPS,
  ACCOUNT_DELETION_LOSSES,
  accountConfirmationMatches,
  accountDeletionBlockers,
  DELETED_USER,
} from '~/domain/account/rules';
import type { Org } from '~/domain/orgs/entities';
import { APP_BASE_PATH } from '~/domain/shared/constants';
import {
  AccountError,
  AccountOrgsCard,
  AccountSkeleton,
  SignInCard,
  SignOutEverywhereCard,
} from '~/ui/patterns/settings/account';
import { ConfirmDialog } from '~/ui/patterns/confirm-dialog';
import { DeleteDialog, DeleteSection } from '~/ui/patterns/settings/delete-section';

export function AccountSettings({ org }: { org: Org }) {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <QueryBoundary
        pending={<AccountSkeleton />}
        error={(message) => <AccountError message={message} />}
      >
        <Account currentOrg={org} />
      </QueryBoundary>
    </div>
  );
}

export const DELETE_ACCOUNT_TITLE = 'Delete your account';

function Account({ currentOrg }: { currentOrg: Org }) {
  const trpc = useTRPC();
  const { data: account } = useSuspenseQuery(trpc.account.get.queryOptions());
  const [leaving, setLeaving] = useState<AccountOrg | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const blockers = accountDeletionBlockers(account.orgs);
  return (
    <>
      <SignInCard name={account.name} email={account.email} methods={account.signInMethods} />
      <AccountOrgsCard orgs={account.orgs} onLeave={setLeaving} />
      <SignOutEverywhereCard onSignOutEverywhere={() => setSigningOut(true)} />
      <DeleteSection
        title={DELETE_ACCOUNT_TITLE}
        description={`Deletes your Beacon account and signs you out everywhere. What you decided and started in your orgs stays, shown as made by “${DELETED_USER}”. It cannot be undone.`}
        actionLabel="Delete your account…"
        blockedBy={blockers.length > 0 ? ACCOUNT_MESSAGES.lastOwnerOfOrgs(blockers) : null}
        onDelete={() => setDeleting(true)}
      />
      <LeaveOrgDialog org={leaving} currentOrg={currentOrg} onClose={() => setLeaving(null)} />
      <SignOutEverywhereDialog open={signingOut} onOpenChange={setSigningOut} />
      <DeleteAccountDialog email={account.email} open={deleting} onOpenChange={setDeleting} />
    </>
  );
}

function LeaveOrgDialog({
  org,
  currentOrg,
  onClose,
}: {
  org: AccountOrg | null;
  currentOrg: Org;
  onClose(): void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const leavesCurrent = org?.id === currentOrg.id;
  const leave = useMutation(
    trpc.account.leaveOrg.mutationOptions({
      onSuccess: async (_, { orgId }) => {
        if (orgId === currentOrg.id) {
          // Every cached page of this org is now off limits: start over from /app/.
          browser.assign(APP_BASE_PATH);
          return;
        }
        await Promise.all([
          queryClient.invalidateQueries(trpc.account.get.queryFilter()),
          queryClient.invalidateQueries(trpc.orgs.allOrgsForUser.queryFilter()),
        ]);
        onClose();
      },
      // E.g. another owner left meanwhile: the list shows who is the last owner now.
      onError: () => queryClient.invalidateQueries(trpc.account.get.queryFilter()),
    }),
  );
  return (
    <ConfirmDialog
      open={org !== null}
      onOpenChange={(next) => {
        if (next) return;
        leave.reset();
        onClose();
      }}
      title={`Leave ${org?.name ?? ''}?`}
      description={`You lose access to ${org?.name ?? ''} straight away. To come back, you need a new invitation.`}
      confirmLabel="Leave org"
      // Pending through the reload that follows leaving the org this page is in.
      pending={leave.isPending || (leavesCurrent && leave.isSuccess)}
      error={
        leave.error ? { title: 'Could not leave this org', message: leave.error.message } : null
      }
      onConfirm={() => {
        if (org) leave.mutate({ orgId: org.id });
      }}
    />
  );
}

function SignOutEverywhereDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const trpc = useTRPC();
  // This browser's session is gone too: sign out here (the cookie) and land on sign-in.
  const end = useMutation(
    trpc.account.signOutEverywhere.mutationOptions({ onSuccess: () => signOut(APP_BASE_PATH) }),
  );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) end.reset();
        onOpenChange(next);
      }}
      title="Sign out everywhere?"
      description="Every session of yours ends, on every device and browser, this one included, and open pages stop updating. You then sign in again."
      confirmLabel="Sign out everywhere"
      confirmVariant="primary"
      pending={end.isPending || end.isSuccess}
      error={
        end.error ? { title: 'Could not sign out everywhere', message: end.error.message } : null
      }
      onConfirm={() => end.mutate()}
    />
  );
}

function DeleteAccountDialog({
  email,
  open,
  onOpenChange,
}: {
  email: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const trpc = useTRPC();
  const remove = useMutation(
    trpc.account.delete.mutationOptions({ onSuccess: () => signOut(APP_BASE_PATH) }),
  );
  return (
    <DeleteDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) remove.reset();
        onOpenChange(next);
      }}
      title="Delete your account?"
      description={`This deletes the account ${email} and cannot be undone. It removes:`}
      losses={ACCOUNT_DELETION_LOSSES}
      keeps={ACCOUNT_DELETION_KEEPS}
      notes={[]}
      slug={email}
      matches={accountConfirmationMatches}
      confirmLabel="Delete account"
      pending={remove.isPending || remove.isSuccess}
      error={
        remove.error
          ? { title: 'Could not delete your account', message: remove.error.message }
          : null
      }
      onConfirm={(confirmation) => remove.mutate({ confirmation })}
    />
  );
}
