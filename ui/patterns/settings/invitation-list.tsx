/**
 * The org's invitations (settings → Users). A pending one made in this visit shows its accept link, in a
 * region named "Invitation link for {email}", with Copy; the one just created is marked New. Other
 * pending ones say the link was shown when they were made (Beacon keeps only a hash of it). Each pending
 * one can be revoked. Accepted and expired ones are listed apart, by status, without a link.
 */
import { type ReactNode, useId } from 'react';
import type { Invitation } from '~/domain/members/entities';
import type { InvitationStatus } from '~/domain/members/invitations';
import { Badge } from '~/ui/components/badge';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { CardContent } from '~/ui/components/card';
import { CopyButton } from '~/ui/components/copy-button';
import { Skeleton } from '~/ui/components/skeleton';
import { cn } from '~/ui/lib/cn';
import { formatDay } from '~/ui/lib/format';
import { SettingsCard } from './settings-card';

export interface InvitationRow extends Pick<
  Invitation,
  'id' | 'email' | 'expiresAt' | 'acceptedAt'
> {
  status: InvitationStatus;
  /** The accept link, known only while the visit that made the invitation lasts; null otherwise. */
  link: string | null;
}

/** What a pending invitation says instead of a link it can no longer show. */
export const LINK_SHOWN_ONCE =
  'Its link was shown once, when the invitation was made. To send a new one, revoke this invitation and invite again.';

/** The card holding the invite form and the invitation lists. */
export function InvitationsCard({ children }: { children: ReactNode }) {
  const headingId = useId();
  return (
    <SettingsCard
      title="Invitations"
      description="Invite your team by email address. An invitation link works once, for that address, for 7 days."
      headingId={headingId}
      data-slot="invitations-card"
    >
      <CardContent className="flex flex-col gap-6">{children}</CardContent>
    </SettingsCard>
  );
}

export function PendingInvitations({
  invitations,
  newId,
  revokingId,
  onRevoke,
}: {
  invitations: readonly InvitationRow[];
  /** The invitation just created, marked New. */
  newId: string | null;
  /** The invitation whose revoke is on its way. */
  revokingId: string | null;
  onRevoke(invitation: InvitationRow): void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-medium">
        Pending invitations
      </h3>
      {invitations.length === 0 ? (
        <p className="text-sm text-base-content/75">No pending invitations.</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col gap-3">
          {invitations.map((invitation) => (
            <PendingInvitation
              key={invitation.id}
              invitation={invitation}
              isNew={invitation.id === newId}
              revoking={invitation.id === revokingId}
              onRevoke={onRevoke}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingInvitation({
  invitation,
  isNew,
  revoking,
  onRevoke,
}: {
  invitation: InvitationRow;
  isNew: boolean;
  revoking: boolean;
  onRevoke(invitation: InvitationRow): void;
}) {
  const { email } = invitation;
  return (
    <li
      data-slot="pending-invitation"
      data-new={isNew || undefined}
      className={cn(
        'flex flex-col gap-3 rounded-box border border-base-300 p-4',
        isNew && 'border-success/70 bg-success/10',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium break-all">{email}</span>
        {isNew ? <Badge variant="success">New</Badge> : null}
        <span className="text-sm text-base-content/75">
          Expires{' '}
          <time dateTime={invitation.expiresAt.toISOString()}>
            {formatDay(invitation.expiresAt)}
          </time>
        </span>
        <Button
          variant="outline"
          size="sm"
          className="ml-auto"
          aria-label={`Revoke invitation for ${email}`}
          loading={revoking}
          onClick={() => onRevoke(invitation)}
        >
          Revoke
        </Button>
      </div>
      {invitation.link ? (
        <section
          aria-label={`Invitation link for ${email}`}
          data-slot="invitation-link"
          className="flex items-center gap-2 rounded-field border border-base-300 bg-base-100 py-1 pr-1 pl-3"
        >
          <code className="min-w-0 flex-1 truncate font-mono text-sm" title={invitation.link}>
            {invitation.link}
          </code>
          <CopyButton
            value={invitation.link}
            label="Copy link"
            variant={isNew ? 'primary' : 'outline'}
            aria-label={`Copy invitation link for ${email}`}
          />
        </section>
      ) : (
        <p className="text-sm text-base-content/75">{LINK_SHOWN_ONCE}</p>
      )}
    </li>
  );
}

const STATUS_LABEL: Record<InvitationStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  expired: 'Expired',
};

export function PastInvitations({ invitations }: { invitations: readonly InvitationRow[] }) {
  const headingId = useId();
  if (invitations.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-medium">
        Accepted and expired
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-base-300 text-sm">
        {invitations.map((invitation) => {
          const { status } = invitation;
          const when = invitation.acceptedAt ?? invitation.expiresAt;
          return (
            <li key={invitation.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span className="break-all">{invitation.email}</span>
              <Badge variant={status === 'accepted' ? 'success' : 'outline'}>
                {STATUS_LABEL[status]}
              </Badge>
              <time dateTime={when.toISOString()} className="text-base-content/75">
                {formatDay(when)}
              </time>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function InvitationListSkeleton() {
  return (
    <div role="status" aria-label="Loading invitations" className="flex flex-col gap-3">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

export function InvitationListError({ title, message }: { title: string; message: string }) {
  return <Callout variant="error" title={title} description={message} />;
}
