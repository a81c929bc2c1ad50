/**
 * Users view: the org's members (remove, never the last one) and its invitations. Beacon sends no
 * email, so an invitation's link is shown to copy and send when it is made (the one just created is
 * marked New). The server keeps only a hash of the link's token: the link cannot be shown again later.
 */
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryBoundary } from '~/app/components/query-boundary';
import { formErrorsOf, schemaErrorsOf } from '~/app/lib/form-errors';
import { browser } from '~/app/lib/reload';
import { useCurrentUser } from '~/app/lib/session';
import { useTRPC } from '~/app/lib/trpc';
import type { CreatedInvitation } from '~/domain/members/entities';
import { inviteInput } from '~/domain/members/inputs';
import { invitationLink, invitationStatus } from '~/domain/members/invitations';
import { mayRemoveOthers } from '~/domain/members/removal';
import type { Org } from '~/domain/orgs/entities';
import { APP_BASE_PATH } from '~/domain/shared/constants';
import { Callout } from '~/ui/components/callout';
import { ConfirmDialog } from '~/ui/patterns/confirm-dialog';
import {
  InvitationListError,
  InvitationListSkeleton,
  type InvitationRow,
  InvitationsCard,
  PastInvitations,
  PendingInvitations,
} from '~/ui/patterns/settings/invitation-list';
import { InviteForm, NO_EMAIL_NOTICE } from '~/ui/patterns/settings/invite-form';
import {
  MemberList,
  MemberListError,
  MemberListSkeleton,
  type MemberRow,
  MembersCard,
} from '~/ui/patterns/settings/member-list';

export function UsersSettings({ org }: { org: Org }) {
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <MembersSection org={org} />
      <Invitations org={org} />
    </div>
  );
}

function MembersSection({ org }: { org: Org }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const orgId = org.id;
  const [removing, setRemoving] = useState<MemberRow | null>(null);
  const remove = useMutation(
    trpc.members.remove.mutationOptions({
      onSuccess: async (_, { userId }) => {
        if (userId === me.id) {
          // Leaving the org: every cached page of it is now off limits, so start over from /app/.
          browser.assign(APP_BASE_PATH);
          return;
        }
        await queryClient.invalidateQueries(trpc.members.list.queryFilter({ orgId }));
        setRemoving(null);
      },
      // E.g. someone else removed them meanwhile: the list shows what is true now.
      onError: () => queryClient.invalidateQueries(trpc.members.list.queryFilter({ orgId })),
    }),
  );
  const self = removing?.userId === me.id;

  return (
    <MembersCard orgName={org.name}>
      <QueryBoundary
        pending={<MemberListSkeleton />}
        error={(message) => <MemberListError message={message} />}
      >
        <Members
          orgId={orgId}
          onRemove={(member) => {
            remove.reset();
            setRemoving(member);
          }}
        />
      </QueryBoundary>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => (next ? undefined : setRemoving(null))}
        title={self ? `Leave ${org.name}?` : `Remove ${removing?.name ?? removing?.email ?? ''}?`}
        description={
          self
            ? `You lose access to ${org.name} straight away. To come back, you need a new invitation.`
            : `${removing?.email ?? ''} loses access to ${org.name} straight away. To come back, they need a new invitation.`
        }
        confirmLabel="Remove member"
        // Pending through the reload that follows leaving the org.
        pending={remove.isPending || (self && remove.isSuccess)}
        error={
          remove.error
            ? { title: 'Could not remove this member', message: remove.error.message }
            : null
        }
        onConfirm={() => {
          if (removing) remove.mutate({ orgId, userId: removing.userId });
        }}
      />
    </MembersCard>
  );
}

function Invitations({ org }: { org: Org }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const orgId = org.id;
  const listKey = trpc.invitations.list.queryKey({ orgId });
  const refresh = () => queryClient.invalidateQueries(trpc.invitations.list.queryFilter({ orgId }));
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  // The tokens of the invitations made in this view, by id: shown until the page is left.
  const [tokens, setTokens] = useState<ReadonlyMap<string, string>>(new Map());
  const [resetKey, setResetKey] = useState(0);

  const create = useMutation(
    trpc.invitations.create.mutationOptions({
      onSuccess: async (invitation) => {
        // Shown at once, whatever the refetch brings: its link is what the inviter came for.
        const { token, ...listed } = invitation;
        queryClient.setQueryData(listKey, (old) => [
          listed,
          ...(old ?? []).filter((i) => i.id !== invitation.id),
        ]);
        setTokens((known) => new Map(known).set(invitation.id, token));
        setCreated(invitation);
        setResetKey((k) => k + 1);
        await refresh();
      },
    }),
  );
  const revoke = useMutation(
    trpc.invitations.revoke.mutationOptions({
      onSuccess: async (_, { invitationId }) => {
        queryClient.setQueryData(listKey, (old) => old?.filter((i) => i.id !== invitationId));
        if (created?.id === invitationId) setCreated(null);
        await refresh();
      },
      onError: () => refresh(),
    }),
  );

  return (
    <InvitationsCard>
      <Callout variant="info" title={NO_EMAIL_NOTICE} />
      <InviteForm
        validate={(email) =>
          schemaErrorsOf(inviteInput, { orgId, email: email.trim() }, ['email']).email
        }
        onSubmit={(email) => {
          setCreated(null);
          create.mutate({ orgId, email });
        }}
        pending={create.isPending}
        serverErrors={formErrorsOf(create.error, ['email'], { 'already-member': 'email' })}
        resetKey={resetKey}
      />
      <QueryBoundary
        pending={
          <>
            <RevokeError error={revoke.error} />
            <InvitationListSkeleton />
          </>
        }
        error={(message) => (
          <>
            <RevokeError error={revoke.error} />
            <InvitationListError title="Could not load the invitations" message={message} />
          </>
        )}
      >
        <InvitationLists
          orgId={orgId}
          created={created}
          tokens={tokens}
          revokeError={revoke.error}
          revokingId={revoke.isPending ? revoke.variables.invitationId : null}
          onRevoke={(row) => revoke.mutate({ orgId, invitationId: row.id })}
        />
      </QueryBoundary>
    </InvitationsCard>
  );
}

function Members({ orgId, onRemove }: { orgId: string; onRemove: (member: MemberRow) => void }) {
  const trpc = useTRPC();
  const me = useCurrentUser();
  const { data: members } = useSuspenseQuery(trpc.members.list.queryOptions({ orgId }));
  return (
    <MemberList
      members={members}
      currentUserId={me.id}
      canRemoveOthers={mayRemoveOthers({
        isSuperUser: me.isSuperUser,
        role: members.find((m) => m.userId === me.id)?.role ?? null,
      })}
      onRemove={onRemove}
    />
  );
}

function RevokeError({ error }: { error: { message: string } | null }) {
  if (!error) return null;
  return (
    <Callout variant="error" title="Could not revoke the invitation" description={error.message} />
  );
}

/** Pending and past invitations; the one just created is announced while it is still listed. */
function InvitationLists({
  orgId,
  created,
  tokens,
  revokeError,
  revokingId,
  onRevoke,
}: {
  orgId: string;
  created: CreatedInvitation | null;
  tokens: ReadonlyMap<string, string>;
  revokeError: { message: string } | null;
  revokingId: string | null;
  onRevoke: (row: InvitationRow) => void;
}) {
  const trpc = useTRPC();
  const { data: invitations } = useSuspenseQuery(trpc.invitations.list.queryOptions({ orgId }));
  const now = new Date();
  const origin = window.location.origin;
  const rows: InvitationRow[] = invitations.map((invitation) => ({
    id: invitation.id,
    email: invitation.email,
    expiresAt: invitation.expiresAt,
    acceptedAt: invitation.acceptedAt,
    status: invitationStatus(invitation, now),
    link: tokens.has(invitation.id) ? invitationLink(origin, tokens.get(invitation.id)!) : null,
  }));
  const pendingRows = rows.filter((row) => row.status === 'pending');
  const pastRows = rows.filter((row) => row.status !== 'pending');
  const stillListed = created !== null && pendingRows.some((row) => row.id === created.id);
  return (
    <>
      {created && stillListed ? (
        <Callout
          variant="success"
          title={`Invitation created for ${created.email}`}
          description="Copy its link below and send it yourself."
        />
      ) : null}
      <RevokeError error={revokeError} />
      <PendingInvitations
        invitations={pendingRows}
        newId={created?.id ?? null}
        revokingId={revokingId}
        onRevoke={onRevoke}
      />
      <PastInvitations invitations={pastRows} />
    </>
  );
}
