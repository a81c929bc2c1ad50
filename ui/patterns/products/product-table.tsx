/** The product list: one row per product, the name in the chosen language (or the default, marked). */
import { PackageIcon, SearchXIcon } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import {
  DEFAULT_LOCALE,
  PRODUCT_KIND_LABEL,
  type ProductListItem,
} from '~/domain/products/entities';
import { Badge } from '~/ui/components/badge';
import { Button } from '~/ui/components/button';
import { EmptyState } from '~/ui/components/empty-state';
import { Skeleton } from '~/ui/components/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/ui/components/table';
import { cn } from '~/ui/lib/cn';
import { ListCount, RowLinkText } from '~/ui/patterns/paged-table';
import { productCount } from './format';

export const PRODUCT_TABLE_TEXT = {
  label: 'Products',
  pages: 'Product pages',
  productId: 'Product ID',
  name: 'Name',
  type: 'Type',
  online: 'Online',
  pending: 'Pending proposals',
  yes: 'Online',
  no: 'Offline',
  noName: 'No name',
  emptyTitle: 'No products match these filters',
  emptyDescription:
    'Try a shorter product ID, another catalog or category, or show offline products.',
  firstSyncTitle: 'No products copied yet',
  firstSyncRunningTitle: 'The first sync is under way',
  firstSyncRunningDescription:
    'Products show here as soon as the first sync has copied them. Large catalogues take a few minutes.',
  loadFailedTitle: 'Could not load products',
} as const;

/** "missing in fr-FR": the chosen language has no value, so another locale's is shown. */
export function missingIn(locale: string): string {
  return `missing in ${locale}`;
}

export function firstSyncDescription(instanceId: string): string {
  return `Beacon keeps a copy of ${instanceId}'s catalogue so you can filter it and review agents' proposals. Choose Sync now to make the first copy; large catalogues take a few minutes.`;
}

/** A name in the chosen language, or the default name muted and marked as missing there. */
export function LocalizedName({
  name,
  defaultName,
  language,
}: {
  name: string | null;
  defaultName: string | null;
  language: string;
}) {
  if (name !== null) return <span>{name}</span>;
  const fallback = language === DEFAULT_LOCALE ? null : defaultName;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="text-base-content/70">{fallback ?? PRODUCT_TABLE_TEXT.noName}</span>
      {language === DEFAULT_LOCALE ? null : (
        <Badge variant="outline" data-slot="missing-translation">
          {missingIn(language)}
        </Badge>
      )}
    </span>
  );
}

export function OnlineBadge({ online }: { online: boolean }) {
  return (
    <Badge variant={online ? 'success' : 'outline'}>
      {online ? PRODUCT_TABLE_TEXT.yes : PRODUCT_TABLE_TEXT.no}
    </Badge>
  );
}

/** "2,350 products", above the table; announced when the filters change it. */
export function ProductCount({ total, exact = true }: { total: number; exact?: boolean }) {
  return <ListCount>{productCount(total, exact)}</ListCount>;
}

export function ProductTable({
  items,
  language,
  renderProductLink,
  renderProposalsLink,
}: {
  items: readonly ProductListItem[];
  language: string;
  /** The link to a product's detail around `children` (a router Link). */
  renderProductLink: (item: ProductListItem, children: ReactNode) => ReactElement;
  /** The link to the review queue filtered by this product, around its count. */
  renderProposalsLink: (item: ProductListItem, children: ReactNode) => ReactElement;
}) {
  return (
    <Table aria-label={PRODUCT_TABLE_TEXT.label}>
      <TableHeader>
        <TableRow>
          <TableHead>{PRODUCT_TABLE_TEXT.productId}</TableHead>
          <TableHead>{PRODUCT_TABLE_TEXT.name}</TableHead>
          <TableHead>{PRODUCT_TABLE_TEXT.type}</TableHead>
          <TableHead>{PRODUCT_TABLE_TEXT.online}</TableHead>
          <TableHead className="text-right">{PRODUCT_TABLE_TEXT.pending}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.b2cProductId} data-product={item.b2cProductId}>
            <TableCell className="font-mono text-sm">
              {renderProductLink(
                item,
                <RowLinkText weight="normal">{item.b2cProductId}</RowLinkText>,
              )}
            </TableCell>
            <TableCell className="whitespace-normal">
              <LocalizedName name={item.name} defaultName={item.defaultName} language={language} />
            </TableCell>
            <TableCell>{PRODUCT_KIND_LABEL[item.kind]}</TableCell>
            <TableCell>
              <OnlineBadge online={item.online} />
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {item.pendingProposals > 0 ? (
                renderProposalsLink(item, <RowLinkText>{item.pendingProposals}</RowLinkText>)
              ) : (
                <span className="text-base-content/70">0</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function ProductTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading products"
      className="flex flex-col gap-3"
    >
      <Skeleton className="h-5 w-28" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={cn('h-9 w-full', i % 2 === 1 && 'opacity-70')} />
      ))}
    </div>
  );
}

export function ProductsEmpty({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      icon={<SearchXIcon />}
      title={PRODUCT_TABLE_TEXT.emptyTitle}
      description={PRODUCT_TABLE_TEXT.emptyDescription}
      action={<Button onClick={onClear}>Clear filters</Button>}
    />
  );
}

/** The copy is empty: never synced yet, or its first sync is under way. */
export function FirstSyncEmpty({ instanceId, syncing }: { instanceId: string; syncing: boolean }) {
  return (
    <EmptyState
      icon={<PackageIcon />}
      title={syncing ? PRODUCT_TABLE_TEXT.firstSyncRunningTitle : PRODUCT_TABLE_TEXT.firstSyncTitle}
      description={
        syncing ? PRODUCT_TABLE_TEXT.firstSyncRunningDescription : firstSyncDescription(instanceId)
      }
    />
  );
}
