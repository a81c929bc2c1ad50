/** The org's members (settings → Users): name, email and role, the signed-in user marked, and Remove per member. */
import { UserMinusIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { MEMBER_MESSAGES } from '~/domain/members/messages';
import type { Member } from '~/domain/members/entities';
import type { MembershipRole } from '~/domain/orgs/entities';
import { Badge } from '~/ui/components/badge';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { CardContent } from '~/ui/components/card';
import { Skeleton } from '~/ui/components/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/ui/components/table';
import { SettingsCard } from './settings-card';

/** A row of the member list: the member as the domain defines them. */
export type MemberRow = Member;

export const LAST_MEMBER_HINT = 'An org needs at least one member';

const ROLE_LABEL: Record<MembershipRole, string> = { owner: 'Owner', member: 'Member' };

export function RoleBadge({ role }: { role: MembershipRole }) {
  return <Badge variant={role === 'owner' ? 'primary' : 'outline'}>{ROLE_LABEL[role]}</Badge>;
}

/** The card around the members table; `children` is the table, its skeleton or its error. */
export function MembersCard({ orgName, children }: { orgName: string; children: ReactNode }) {
  return (
    <SettingsCard
      title="Members"
      description={<>Everyone who can open {orgName} in Beacon.</>}
      data-slot="members-card"
    >
      <CardContent>{children}</CardContent>
    </SettingsCard>
  );
}

export function MemberList({
  members,
  currentUserId,
  canRemoveOthers,
  onRemove,
}: {
  members: readonly MemberRow[];
  /** Marked 'You'. */
  currentUserId: string;
  /**
   * Owners and superusers remove anyone; everyone else may only leave (domain/members/removal.ts).
   */
  canRemoveOthers: boolean;
  onRemove(member: MemberRow): void;
}) {
  const hintId = useId();
  // The server refuses to remove the last member; say so before anyone tries.
  const lastOne = members.length <= 1;
  return (
    <div className="flex flex-col gap-3">
      <Table aria-label="Members" data-slot="member-list">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {members.map((member) => (
            <TableRow
              key={member.userId}
              data-current={member.userId === currentUserId || undefined}
            >
              <TableCell className="font-medium">
                <span className="inline-flex items-center gap-2">
                  {member.name ?? member.email}
                  {member.userId === currentUserId ? <Badge variant="neutral">You</Badge> : null}
                </span>
              </TableCell>
              <TableCell>{member.email}</TableCell>
              <TableCell>
                <span className="inline-flex items-center gap-1.5">
                  <RoleBadge role={member.role} />
                  {member.isSuperUser ? <Badge variant="outline">Superuser</Badge> : null}
                </span>
              </TableCell>
              <TableCell className="text-right">
                {canRemoveOthers || member.userId === currentUserId ? (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Remove ${member.email}`}
                    disabled={lastOne}
                    aria-describedby={lastOne ? hintId : undefined}
                    onClick={() => onRemove(member)}
                  >
                    <UserMinusIcon aria-hidden />
                    Remove
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {lastOne ? (
        <p id={hintId} className="text-sm text-base-content/75">
          {LAST_MEMBER_HINT}
        </p>
      ) : null}
      {canRemoveOthers ? null : (
        <p className="text-sm text-base-content/75">{MEMBER_MESSAGES.ownersRemoveMembers}</p>
      )}
    </div>
  );
}

export function MemberListSkeleton() {
  return (
    <div role="status" aria-label="Loading members" className="flex flex-col gap-3">
      {[0, 1].map((i) => (
        <div key={i} className="flex items-center gap-6">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-5 w-56" />
          <Skeleton className="h-5 w-16" />
        </div>
      ))}
    </div>
  );
}

export function MemberListError({ message }: { message: string }) {
  return <Callout variant="error" title="Could not load the members" description={message} />;
}
