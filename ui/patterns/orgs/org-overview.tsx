/**
 * The superusers' list of every org (/app/sp/orgs): each org's verified state, members, environments
 * and the instance each is linked to, filterable to the unverified ones, each with Verify this Org.
 * Props in, events out: the screen passes the router's links and runs the verification.
 */
import { BuildingIcon, ServerIcon, ShieldCheckIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { OrgOverview } from '~/domain/orgs/entities';
import type { OrgOverviewFilter } from '~/domain/orgs/search';
import { Badge } from '~/ui/components/badge';
import { Button } from '~/ui/components/button';
import { EmptyState } from '~/ui/components/empty-state';
import { TabNav, TabNavLink, TabNavList } from '~/ui/components/tab-nav';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/ui/components/table';
import { formatDay } from '~/ui/lib/format';
import { OrgVerifiedBadge } from '~/ui/patterns/org-verified-badge';

export const ORG_OVERVIEW_TEXT = {
  title: 'All orgs',
  description:
    'Every org on Beacon, newest first. Members of an unverified org see only AI discoverability monitoring until a superuser verifies it, once its onboarding call has taken place.',
  filterLabel: 'Orgs shown',
  filters: { all: 'All orgs', unverified: 'Unverified' } satisfies Record<
    OrgOverviewFilter,
    string
  >,
  tableLabel: 'Orgs',
  org: 'Org',
  status: 'Status',
  members: 'Members',
  envs: 'Environments and instances',
  action: 'Action',
  created: (day: string) => `Created ${day}`,
  verificationRequested: (day: string, email: string | null) =>
    `Verification requested ${day}${email ? ` by ${email}` : ''}`,
  memberCount: (n: number) => (n === 1 ? '1 member' : `${n} members`),
  moreMembers: (n: number) => `and ${n} more`,
  noMembers: 'No members',
  noEnvs: 'No environments',
  noInstance: 'No instance linked',
  onboarded: 'Onboarded',
  onboarding: 'Onboarding',
  verify: 'Verify this Org',
  loadFailed: 'Could not load the orgs',
  verifyFailed: (name: string) => `Could not verify ${name}`,
  emptyAll: 'No orgs yet',
  emptyAllHint: 'Orgs appear here as soon as someone creates one.',
  emptyUnverified: 'No org is waiting for verification',
  emptyUnverifiedHint: 'Every org on Beacon is verified.',
} as const;

/** All orgs, or only the unverified ones: tabs that are links, so the filter is in the URL. */
export function OrgOverviewFilterNav({
  value,
  renderLink,
}: {
  value: OrgOverviewFilter;
  renderLink: (filter: OrgOverviewFilter, label: string) => ReactNode;
}) {
  const text = ORG_OVERVIEW_TEXT;
  return (
    <TabNav aria-label={text.filterLabel}>
      <TabNavList>
        {(['all', 'unverified'] as const).map((filter) => (
          <TabNavLink key={filter} asChild active={value === filter}>
            {renderLink(filter, text.filters[filter])}
          </TabNavLink>
        ))}
      </TabNavList>
    </TabNav>
  );
}

export function OrgOverviewEmpty({ filter }: { filter: OrgOverviewFilter }) {
  const text = ORG_OVERVIEW_TEXT;
  return (
    <EmptyState
      icon={<BuildingIcon />}
      title={filter === 'unverified' ? text.emptyUnverified : text.emptyAll}
      description={filter === 'unverified' ? text.emptyUnverifiedHint : text.emptyAllHint}
    />
  );
}

export function OrgOverviewTable({
  orgs,
  verifyingId,
  onVerify,
  renderOrgLink,
}: {
  orgs: readonly OrgOverview[];
  /** The org whose verification is under way, if any. */
  verifyingId: string | null;
  onVerify: (org: OrgOverview) => void;
  renderOrgLink: (org: OrgOverview, children: ReactNode) => ReactNode;
}) {
  const text = ORG_OVERVIEW_TEXT;
  return (
    <Table aria-label={text.tableLabel}>
      <TableHeader>
        <TableRow>
          <TableHead>{text.org}</TableHead>
          <TableHead>{text.status}</TableHead>
          <TableHead>{text.members}</TableHead>
          <TableHead>{text.envs}</TableHead>
          <TableHead>
            <span className="sr-only">{text.action}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orgs.map((org) => (
          <OrgRow
            key={org.id}
            org={org}
            verifying={verifyingId === org.id}
            onVerify={() => onVerify(org)}
            renderOrgLink={renderOrgLink}
          />
        ))}
      </TableBody>
    </Table>
  );
}

function OrgRow({
  org,
  verifying,
  onVerify,
  renderOrgLink,
}: {
  org: OrgOverview;
  verifying: boolean;
  onVerify: () => void;
  renderOrgLink: (org: OrgOverview, children: ReactNode) => ReactNode;
}) {
  const text = ORG_OVERVIEW_TEXT;
  const nameId = useId();
  const more = org.memberCount - org.members.length;
  return (
    <TableRow data-org={org.slug} className="align-top">
      <TableCell>
        <div className="flex flex-col gap-0.5">
          <span id={nameId} className="font-medium">
            {renderOrgLink(org, org.name)}
          </span>
          <span className="font-mono text-xs text-base-content/75">{org.slug}</span>
          <span className="text-xs text-base-content/75">
            {text.created(formatDay(org.createdAt))}
          </span>
        </div>
      </TableCell>
      <TableCell>
        <div className="flex flex-col items-start gap-1">
          <OrgVerifiedBadge verified={org.verified} />
          {org.verificationRequest ? (
            <span className="text-xs text-base-content/75">
              {text.verificationRequested(
                formatDay(org.verificationRequest.requestedAt),
                org.verificationRequest.requestedBy,
              )}
            </span>
          ) : null}
        </div>
      </TableCell>
      <TableCell>
        {org.memberCount === 0 ? (
          <span className="text-base-content/75">{text.noMembers}</span>
        ) : (
          <div className="flex flex-col gap-1">
            <span className="text-xs text-base-content/75">
              {text.memberCount(org.memberCount)}
            </span>
            <ul className="flex flex-col gap-0.5">
              {org.members.map((member) => (
                <li key={member.email} className="flex flex-wrap items-center gap-1.5">
                  <span>{member.email}</span>
                  {member.role === 'owner' ? <Badge variant="outline">Owner</Badge> : null}
                </li>
              ))}
            </ul>
            {more > 0 ? (
              <span className="text-xs text-base-content/75">{text.moreMembers(more)}</span>
            ) : null}
          </div>
        )}
      </TableCell>
      <TableCell>
        {org.envs.length === 0 ? (
          <span className="text-base-content/75">{text.noEnvs}</span>
        ) : (
          <ul className="flex flex-col gap-1.5">
            {org.envs.map((env) => (
              <li key={env.id} className="flex flex-col gap-0.5">
                <span>
                  {env.name} <span className="font-mono text-xs">({env.slug})</span>
                </span>
                {env.b2cInstance ? (
                  <span className="flex flex-wrap items-center gap-1.5 text-xs">
                    <ServerIcon aria-hidden className="size-3" />
                    <span className="font-mono">{env.b2cInstance.instanceId}</span>
                    <span className="text-base-content/75">{env.b2cInstance.host}</span>
                    <Badge variant={env.b2cInstance.onboarded ? 'success' : 'outline'}>
                      {env.b2cInstance.onboarded ? text.onboarded : text.onboarding}
                    </Badge>
                  </span>
                ) : (
                  <span className="text-xs text-base-content/75">{text.noInstance}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </TableCell>
      <TableCell className="text-right">
        <Button
          type="button"
          size="sm"
          variant={org.verified ? 'outline' : 'primary'}
          // Spec §5: disabled once the org is verified.
          disabled={org.verified}
          loading={verifying}
          aria-describedby={nameId}
          onClick={onVerify}
        >
          <ShieldCheckIcon aria-hidden />
          {text.verify}
        </Button>
      </TableCell>
    </TableRow>
  );
}
