/**
 * /app/{orgSlug}/{envSlug}/products/{productId}: one product of the catalogue copy in the chosen
 * language beside its other locales, by view group; or its raw OCAPI document (docs/product.md#products).
 */
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, type NotFoundRouteProps, useRouter } from '@tanstack/react-router';
import { ArrowLeftIcon, RefreshCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCurrentEnv } from '~/app/lib/env-context';
import { ensureRecord, notFoundMessage } from '~/app/lib/route-helpers';
import { withoutDefaults } from '~/app/lib/search-defaults';
import { useTRPC } from '~/app/lib/trpc';
import {
  DEFAULT_LOCALE,
  MARKUP_FIELDS,
  PRODUCT_FIELD_LABEL,
  PRODUCT_VIEW_GROUP_LABEL,
  PRODUCT_VIEW_GROUPS,
  VIEW_GROUP_FIELDS,
} from '~/domain/products/entities';
import { errorReasonOf } from '~/domain/error-reasons';
import { productDetailSearch, type ProductDetailSearch } from '~/domain/products/search';
import { Badge } from '~/ui/components/badge';
import { Button } from '~/ui/components/button';
import { Field, FieldLabel } from '~/ui/components/field';
import { Switch } from '~/ui/components/switch';
import { TabNav, TabNavLink, TabNavList } from '~/ui/components/tab-nav';
import { PageHeader } from '~/ui/patterns/page-header';
import { LocalizedFieldTable } from '~/ui/patterns/products/localized-field-table';
import {
  DETAIL_TEXT,
  ProductAttributes,
  ProductDetailSkeleton,
  ProductJson,
  ProductNotFound,
  ProductVariations,
  pendingText,
  ProductSummary,
  textIn,
} from '~/ui/patterns/products/product-detail';
import { LanguageSelect } from '~/ui/patterns/products/product-filters';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/products/$productId')({
  // The loader, the skeleton and the not-found page load with the screen's chunk: in the entry they
  // would bring the screen's patterns with them, or cross the bundle budget; in a chunk of their own
  // the not-found page would split the patterns it shares with the screen into more chunks, which
  // the entry lists (docs/decisions/0002-lean-entry-chunk.md).
  codeSplitGroupings: [
    ['loader', 'component', 'pendingComponent', 'notFoundComponent'],
    ['errorComponent'],
  ],
  validateSearch: productDetailSearch,
  search: withoutDefaults(productDetailSearch),
  // The document is the same in every language and view group: the search does not reload it.
  loaderDeps: () => ({}),
  loader: async ({ context: { api, orgContext }, params }) => {
    // Without an onboarded instance the env layout shows its gate: nothing here to read.
    if (!orgContext?.onboarded) return;
    // A missing product is the route's not-found, with the server's message.
    const input = { ...orgContext.scope, b2cProductId: params.productId };
    await ensureRecord(
      api.queryClient,
      api.trpc.products.get.queryOptions(input),
      'product-not-found',
    );
  },
  pendingComponent: ProductDetailSkeleton,
  notFoundComponent: NotFound,
  component: Product,
});

/** The list's search, for links back to it: the detail's own view choices left out. */
function listSearch({ viewGroup: _v, showJson: _j, ...kept }: ProductDetailSearch) {
  return kept;
}

function NotFound(props: NotFoundRouteProps) {
  const params = Route.useParams();
  const search = Route.useSearch();
  return (
    <div className="flex flex-col">
      <PageHeader title="Products" />
      <div className="p-8">
        <ProductNotFound
          message={notFoundMessage(props)}
          action={
            <Button asChild variant="outline">
              <Link to="/$orgSlug/$envSlug/products" params={params} search={listSearch(search)}>
                <ArrowLeftIcon aria-hidden />
                {DETAIL_TEXT.backToProducts}
              </Link>
            </Button>
          }
        />
      </div>
    </div>
  );
}

function Product() {
  const { org, env } = useCurrentEnv();
  const params = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const trpc = useTRPC();
  const { data: product } = useSuspenseQuery(
    trpc.products.get.queryOptions({
      orgId: org.id,
      envId: env.id,
      b2cProductId: params.productId,
    }),
  );
  const { language } = search;
  const viewGroup = search.viewGroup ?? 'content';
  const name = product.fields.name[language] ?? null;
  const defaultName = product.fields.name[DEFAULT_LOCALE] ?? null;
  const productLink = (b2cProductId: string, children: ReactNode) => (
    <Link
      to="/$orgSlug/$envSlug/products/$productId"
      params={{ ...params, productId: b2cProductId }}
      search={search}
    >
      {children}
    </Link>
  );
  return (
    <div className="flex flex-col">
      <div className="px-8 pt-6">
        <Link
          to="/$orgSlug/$envSlug/products"
          params={params}
          search={listSearch(search)}
          className="inline-flex items-center gap-1.5 text-sm text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeftIcon aria-hidden className="size-4" />
          {DETAIL_TEXT.backToProducts}
        </Link>
      </div>
      <PageHeader
        title={name ?? defaultName ?? product.b2cProductId}
        description={
          <ProductSummary
            product={product}
            language={language}
            nameMissing={name === null && language !== DEFAULT_LOCALE}
            masterLink={
              product.master
                ? productLink(
                    product.master.b2cProductId,
                    textIn(product.master.name, language) ?? product.master.b2cProductId,
                  )
                : null
            }
            pendingLink={
              product.pendingProposals > 0 ? (
                <Badge variant="info" asChild>
                  <Link
                    to="/$orgSlug/$envSlug/reviews"
                    params={params}
                    search={{ b2cProductId: product.b2cProductId }}
                  >
                    {pendingText(product.pendingProposals)}
                  </Link>
                </Badge>
              ) : null
            }
          />
        }
        actions={
          <div className="flex flex-wrap items-end gap-4">
            <LanguageSelect
              value={language}
              locales={product.locales}
              onChange={(next) =>
                void navigate({ search: (prev) => ({ ...prev, language: next }) })
              }
            />
            <RefreshFromInstance
              input={{ orgId: org.id, envId: env.id, b2cProductId: params.productId }}
            />
            <Field orientation="horizontal" className="h-10">
              <Switch
                checked={search.showJson}
                onCheckedChange={(showJson) =>
                  void navigate({ search: (prev) => ({ ...prev, showJson }) })
                }
              />
              <FieldLabel>Show JSON</FieldLabel>
            </Field>
          </div>
        }
      />
      {search.showJson ? (
        <div className="p-8">
          <ProductJson document={product.document} />
        </div>
      ) : (
        <>
          <TabNav aria-label="View groups" className="px-8 pt-2">
            <TabNavList>
              {PRODUCT_VIEW_GROUPS.map((group) => (
                <TabNavLink key={group} active={group === viewGroup} asChild>
                  <Link
                    to="/$orgSlug/$envSlug/products/$productId"
                    params={params}
                    search={{ ...search, viewGroup: group }}
                  >
                    {PRODUCT_VIEW_GROUP_LABEL[group]}
                  </Link>
                </TabNavLink>
              ))}
            </TabNavList>
          </TabNav>
          <div className="flex flex-col gap-8 p-8">
            {viewGroup === 'content' || viewGroup === 'seo'
              ? VIEW_GROUP_FIELDS[viewGroup].map((field) => (
                  <LocalizedFieldTable
                    key={field}
                    label={PRODUCT_FIELD_LABEL[field]}
                    values={product.fields[field]}
                    locales={product.locales}
                    language={language}
                    markup={MARKUP_FIELDS.has(field)}
                  />
                ))
              : null}
            {viewGroup === 'attributes' ? (
              <ProductAttributes
                catalogs={product.catalogIds}
                categories={product.categoryIds}
                primaryCategory={product.primaryCategoryId}
                lastModified={product.lastModified}
                syncedAt={product.syncedAt}
              />
            ) : null}
            {viewGroup === 'variations' ? (
              <ProductVariations
                attributes={product.variationAttributes}
                variationGroups={product.variationGroups}
                variants={product.variants}
                language={language}
                renderProductLink={productLink}
              />
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

/**
 * Reads the product from the instance now, into the copy and onto the screen. A product the instance
 * deleted leaves the copy, and the screen shows it is not found.
 */
function RefreshFromInstance({
  input,
}: {
  input: { orgId: string; envId: string; b2cProductId: string };
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const getKey = trpc.products.get.queryKey(input);
  const refresh = useMutation(
    trpc.products.refresh.mutationOptions({
      onSuccess: (detail) => queryClient.setQueryData(getKey, detail),
      onError: (error) => {
        if (errorReasonOf(error) !== 'product-not-found') return;
        queryClient.removeQueries({ queryKey: getKey });
        void router.invalidate();
      },
    }),
  );
  return (
    <div className="flex flex-col gap-1">
      <Button
        variant="outline"
        className="h-10"
        disabled={refresh.isPending}
        onClick={() => refresh.mutate(input)}
      >
        <RefreshCwIcon aria-hidden />
        {refresh.isPending ? DETAIL_TEXT.refreshing : DETAIL_TEXT.refresh}
      </Button>
      {refresh.error && errorReasonOf(refresh.error) !== 'product-not-found' ? (
        <p role="alert" className="max-w-64 text-sm text-error">
          {refresh.error.message}
        </p>
      ) : null}
    </div>
  );
}
