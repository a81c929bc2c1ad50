/**
 * The signed-in person's own account (settings → Account): how they sign in, the orgs they belong to
 * with Leave (not for an org's last owner), and signing out everywhere. Deleting the account is a
 * DeleteSection (delete-section.tsx) below these.
 */
import { LogOutIcon, UserMinusIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { AccountOrg, SignInMethod } from '~/domain/account/entities';
import { ACCOUNT_MESSAGES } from '~/domain/account/messages';
import { Badge } from '~/ui/components/badge';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { Card, CardContent, CardFooter, CardHeader } from '~/ui/components/card';
import { Skeleton } from '~/ui/components/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/ui/components/table';
import { DetailItem, DetailList } from '~/ui/components/detail-list';
import { RoleBadge } from './member-list';
import { SettingsCard } from './settings-card';

function Section({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description: string;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <SettingsCard title={title} description={description}>
      {children ? <CardContent>{children}</CardContent> : null}
      {footer ? <CardFooter>{footer}</CardFooter> : null}
    </SettingsCard>
  );
}

/** Name, email address and the providers they sign in with. */
export function SignInCard({
  name,
  email,
  methods,
}: {
  name: string | null;
  email: string;
  methods: readonly SignInMethod[];
}) {
  return (
    <Section title="Sign-in" description="Who you are in Beacon, and how you sign in.">
      <DetailList>
        <DetailItem label="Name">{name ?? '—'}</DetailItem>
        <DetailItem label="Email">{email}</DetailItem>
        <DetailItem label="Sign-in methods">
          {methods.length > 0 ? (
            <ul aria-label="Sign-in methods" className="flex flex-wrap gap-1.5">
              {methods.map((method) => (
                <li key={method.provider}>
                  <Badge variant="outline">{method.label}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            ACCOUNT_MESSAGES.noSignInMethods
          )}
        </DetailItem>
      </DetailList>
    </Section>
  );
}

/** The person's orgs, their role in each, and Leave; an org's last owner cannot leave it. */
export function AccountOrgsCard({
  orgs,
  onLeave,
}: {
  orgs: readonly AccountOrg[];
  onLeave(org: AccountOrg): void;
}) {
  const hintId = useId();
  const anyLastOwner = orgs.some((org) => org.lastOwner);
  return (
    <Section title="Your orgs" description="The orgs you belong to, and your role in each.">
      {orgs.length === 0 ? (
        <p className="text-sm text-base-content/85">{ACCOUNT_MESSAGES.noOrgs}</p>
      ) : (
        <div className="flex flex-col gap-3">
          <Table aria-label="Your orgs" data-slot="account-orgs">
            <TableHeader>
              <TableRow>
                <TableHead>Org</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {orgs.map((org) => (
                <TableRow key={org.id} data-last-owner={org.lastOwner || undefined}>
                  <TableCell className="font-medium">
                    {org.name}
                    <span className="ml-2 font-mono text-xs text-base-content/75">{org.slug}</span>
                  </TableCell>
                  <TableCell>
                    <span className="inline-flex items-center gap-1.5">
                      <RoleBadge role={org.role} />
                      {org.lastOwner ? <Badge variant="neutral">Last owner</Badge> : null}
                    </span>
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Leave ${org.name}`}
                      disabled={org.lastOwner}
                      aria-describedby={org.lastOwner ? hintId : undefined}
                      onClick={() => onLeave(org)}
                    >
                      <UserMinusIcon aria-hidden />
                      Leave
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {anyLastOwner ? (
            <p id={hintId} className="text-sm text-base-content/85">
              {ACCOUNT_MESSAGES.lastOwnerHint}
            </p>
          ) : null}
        </div>
      )}
    </Section>
  );
}

/** Ends every session of theirs, this browser's included. */
export function SignOutEverywhereCard({ onSignOutEverywhere }: { onSignOutEverywhere(): void }) {
  return (
    <Section
      title="Sign out everywhere"
      description="Ends every session of yours, on every device and browser, this one included. You sign in again afterwards."
      footer={
        <Button type="button" variant="outline" onClick={onSignOutEverywhere}>
          <LogOutIcon aria-hidden />
          Sign out everywhere…
        </Button>
      }
    />
  );
}

export function AccountSkeleton() {
  return (
    <div role="status" aria-label="Loading your account" className="flex flex-col gap-6">
      {[0, 1].map((i) => (
        <Card key={i}>
          <CardHeader>
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-4 w-72" />
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <Skeleton className="h-5 w-64" />
            <Skeleton className="h-5 w-56" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

export function AccountError({ message }: { message: string }) {
  return <Callout variant="error" title="Could not load your account" description={message} />;
}
