/** The landing pages list: one row per page, its status in words, and what shows when there is none. */
import { LayoutTemplateIcon, ShieldAlertIcon } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import type { LandingPageListItem } from '~/domain/landing-pages/entities';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { Badge } from '~/ui/components/badge';
import { EmptyState } from '~/ui/components/empty-state';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/ui/components/table';
import { RowLinkText } from '~/ui/patterns/paged-table';
import { formatDateTime } from '~/ui/lib/format';

export const LANDING_PAGES_TEXT = {
  title: 'Landing Pages',
  description: 'Landing pages built from your catalogue and theme, published as content assets.',
  label: 'Landing pages',
  pages: 'Landing page pages',
  columns: ['Title', 'Slug', 'Locale', 'Status', 'Updated'],
  draft: 'Draft',
  published: 'Published',
  unpublishedChanges: 'Unpublished changes',
  emptyTitle: 'No landing pages yet',
  emptyDescription:
    'Build a page from a hero, products of the synced catalogue, text and FAQs, then publish it to the storefront.',
  create: 'New landing page',
  themeDesigner: 'Theme designer',
  loadFailedTitle: 'Could not load landing pages',
  forbiddenTitle: ORG_MESSAGES.superuserRequired,
  forbiddenDescription:
    'Landing pages are for Beacon superusers. Ask a superuser of your team if a page needs to change.',
} as const;

/** "1 landing page", "12 landing pages". */
export function landingPageCount(n: number): string {
  return `${n} ${n === 1 ? 'landing page' : 'landing pages'}`;
}

/** Draft, Published, and a published page edited since: Unpublished changes beside it. */
export function LandingPageStatus({
  page,
}: {
  page: Pick<LandingPageListItem, 'status' | 'hasUnpublishedChanges'>;
}) {
  if (page.status === 'draft') return <Badge variant="outline">{LANDING_PAGES_TEXT.draft}</Badge>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge variant="success">{LANDING_PAGES_TEXT.published}</Badge>
      {page.hasUnpublishedChanges ? (
        <Badge variant="warning">{LANDING_PAGES_TEXT.unpublishedChanges}</Badge>
      ) : null}
    </span>
  );
}

export function LandingPageTable({
  items,
  renderPageLink,
}: {
  items: readonly LandingPageListItem[];
  /** The link to a page's detail around `children` (a router Link). */
  renderPageLink: (item: LandingPageListItem, children: ReactNode) => ReactElement;
}) {
  return (
    <Table aria-label={LANDING_PAGES_TEXT.label}>
      <TableHeader>
        <TableRow>
          {LANDING_PAGES_TEXT.columns.map((column) => (
            <TableHead key={column}>{column}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id} data-page={item.slug}>
            <TableCell className="whitespace-normal">
              {renderPageLink(item, <RowLinkText>{item.title}</RowLinkText>)}
            </TableCell>
            <TableCell className="font-mono text-sm">{item.slug}</TableCell>
            <TableCell>{item.locale}</TableCell>
            <TableCell>
              <LandingPageStatus page={item} />
            </TableCell>
            <TableCell className="tabular-nums">{formatDateTime(item.updatedAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function LandingPagesEmpty({ action }: { action: ReactNode }) {
  return (
    <EmptyState
      icon={<LayoutTemplateIcon />}
      title={LANDING_PAGES_TEXT.emptyTitle}
      description={LANDING_PAGES_TEXT.emptyDescription}
      action={action}
    />
  );
}

/** A regular member on a superuser-only screen: said plainly, nothing of the data asked for. */
export function SuperuserRequired() {
  return (
    <EmptyState
      data-slot="superuser-required"
      role="alert"
      icon={<ShieldAlertIcon />}
      title={LANDING_PAGES_TEXT.forbiddenTitle}
      description={LANDING_PAGES_TEXT.forbiddenDescription}
    />
  );
}
