/** The product detail's sections: attributes, variations, the raw document, and the not-found message. */
import { PackageXIcon } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import {
  DEFAULT_LOCALE,
  type LocalizedText,
  PRODUCT_KIND_LABEL,
  type ProductDetail,
  type ProductVariation,
  type VariationAttribute,
} from '~/domain/products/entities';
import { CodeSnippet } from '~/ui/components/code-snippet';
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
import { DetailItem, DetailList } from '~/ui/components/detail-list';
import { formatDateTime } from './format';
import { LocalizedName, missingIn, OnlineBadge } from './product-table';
import { Badge } from '~/ui/components/badge';

export const DETAIL_TEXT = {
  notFoundTitle: 'Product not found',
  backToProducts: 'Back to products',
  catalogs: 'Catalogs',
  categories: 'Categories',
  primaryCategory: 'Primary category',
  lastModified: 'Last modified on the instance',
  lastSynced: 'Last synced',
  none: 'None',
  variationAttributes: 'Variation attributes',
  variationGroups: 'Variation groups',
  variants: 'Variants',
  noVariations: 'This product has no variations.',
  notInCopy: 'Not in the copy yet',
  jsonTitle: 'OCAPI document',
  copyJson: 'Copy JSON',
  loadFailedTitle: 'Could not load the product',
  refresh: 'Refresh from instance',
  refreshing: 'Refreshing…',
} as const;

/** A localized text in the chosen language, else the default. */
export function textIn(text: LocalizedText, language: string): string | null {
  return text[language] ?? text[DEFAULT_LOCALE] ?? null;
}

export function ProductAttributes({
  catalogs,
  categories,
  primaryCategory,
  lastModified,
  syncedAt,
}: {
  catalogs: readonly string[];
  categories: readonly string[];
  primaryCategory: string | null;
  lastModified: Date | null;
  syncedAt: Date;
}) {
  const list = (items: readonly string[]) => (items.length ? items.join(', ') : DETAIL_TEXT.none);
  return (
    <DetailList>
      <DetailItem label={DETAIL_TEXT.catalogs}>{list(catalogs)}</DetailItem>
      <DetailItem label={DETAIL_TEXT.categories}>{list(categories)}</DetailItem>
      <DetailItem label={DETAIL_TEXT.primaryCategory}>
        {primaryCategory ?? DETAIL_TEXT.none}
      </DetailItem>
      <DetailItem label={DETAIL_TEXT.lastModified}>
        {lastModified ? formatDateTime(lastModified) : DETAIL_TEXT.none}
      </DetailItem>
      <DetailItem label={DETAIL_TEXT.lastSynced}>{formatDateTime(syncedAt)}</DetailItem>
    </DetailList>
  );
}

export function ProductVariations({
  attributes,
  variationGroups,
  variants,
  language,
  renderProductLink,
}: {
  attributes: readonly VariationAttribute[];
  variationGroups: readonly ProductVariation[];
  variants: readonly ProductVariation[];
  language: string;
  renderProductLink: (b2cProductId: string, children: ReactNode) => ReactElement;
}) {
  if (attributes.length === 0 && variationGroups.length === 0 && variants.length === 0) {
    return <p className="text-sm text-base-content/75">{DETAIL_TEXT.noVariations}</p>;
  }
  const valueName = (attributeId: string, value: string | undefined) => {
    if (value === undefined) return '—';
    const attribute = attributes.find((a) => a.id === attributeId);
    const found = attribute?.values.find((v) => v.value === value);
    return found ? (textIn(found.name, language) ?? value) : value;
  };
  const table = (title: string, rows: readonly ProductVariation[]) =>
    rows.length === 0 ? null : (
      <section className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold">{title}</h2>
        <Table aria-label={title}>
          <TableHeader>
            <TableRow>
              <TableHead>Product ID</TableHead>
              {attributes.map((a) => (
                <TableHead key={a.id}>{textIn(a.name, language) ?? a.id}</TableHead>
              ))}
              <TableHead>Name</TableHead>
              <TableHead>Online</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.b2cProductId} data-product={row.b2cProductId}>
                <TableCell className="font-mono text-sm">
                  {renderProductLink(
                    row.b2cProductId,
                    <span className="text-primary underline-offset-4 hover:underline">
                      {row.b2cProductId}
                    </span>,
                  )}
                </TableCell>
                {attributes.map((a) => (
                  <TableCell key={a.id}>{valueName(a.id, row.variationValues[a.id])}</TableCell>
                ))}
                <TableCell className="whitespace-normal">
                  {row.name ? (
                    <LocalizedName
                      name={row.name[language] ?? null}
                      defaultName={row.name[DEFAULT_LOCALE] ?? null}
                      language={language}
                    />
                  ) : (
                    <span className="text-base-content/70">{DETAIL_TEXT.notInCopy}</span>
                  )}
                </TableCell>
                <TableCell>
                  {row.online === null ? '—' : <OnlineBadge online={row.online} />}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    );
  return (
    <div className="flex flex-col gap-6">
      {attributes.length > 0 ? (
        <section className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold">{DETAIL_TEXT.variationAttributes}</h2>
          <DetailList>
            {attributes.map((a) => (
              <DetailItem key={a.id} label={textIn(a.name, language) ?? a.id}>
                {a.values.map((v) => textIn(v.name, language) ?? v.value).join(', ')}
              </DetailItem>
            ))}
          </DetailList>
        </section>
      ) : null}
      {table(DETAIL_TEXT.variationGroups, variationGroups)}
      {table(DETAIL_TEXT.variants, variants)}
    </div>
  );
}

/** The document as OCAPI answered it, indented, with a copy button. */
export function ProductJson({ document }: { document: unknown }) {
  return (
    <CodeSnippet
      title={DETAIL_TEXT.jsonTitle}
      language="json"
      copyLabel={DETAIL_TEXT.copyJson}
      code={JSON.stringify(document, null, 2)}
    />
  );
}

export function ProductNotFound({ message, action }: { message: string; action: ReactNode }) {
  return (
    <EmptyState
      icon={<PackageXIcon />}
      title={DETAIL_TEXT.notFoundTitle}
      description={message}
      action={action}
    />
  );
}

export function ProductDetailSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading the product"
      className="flex flex-col gap-4 p-8"
    >
      <Skeleton className="h-8 w-80" />
      <Skeleton className="h-5 w-56" />
      <Skeleton className="h-10 w-96" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** "3 pending proposals". */
export function pendingText(n: number): string {
  return `${n} pending ${n === 1 ? 'proposal' : 'proposals'}`;
}

/** The line under the product's name: id, type, online, a missing name, its master, pending proposals. */
export function ProductSummary({
  product,
  language,
  nameMissing,
  masterLink,
  pendingLink,
}: {
  product: ProductDetail;
  language: string;
  nameMissing: boolean;
  masterLink: ReactNode;
  pendingLink: ReactNode;
}) {
  return (
    <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
      <span className="font-mono text-base-content">{product.b2cProductId}</span>
      <span>{PRODUCT_KIND_LABEL[product.kind]}</span>
      <OnlineBadge online={product.online} />
      {nameMissing ? <Badge variant="outline">{`Name ${missingIn(language)}`}</Badge> : null}
      {masterLink ? (
        <span>
          Master:{' '}
          <span className="text-primary underline-offset-4 hover:underline">{masterLink}</span>
        </span>
      ) : null}
      {pendingLink}
    </span>
  );
}
