/**
 * /app/{orgSlug}/{envSlug}/products: the env's catalogue copy, filtered by the URL, 24 a page, and where
 * its sync stands (docs/product.md#products).
 */
import { skipToken, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useSubscription } from '@trpc/tanstack-react-query';
import { QueryBoundary } from '~/app/components/query-boundary';
import { clock } from '~/app/lib/clock';
import { useB2CInstance, useCurrentEnv } from '~/app/lib/env-context';
import { useListFilters } from '~/app/lib/route-helpers';
import type { EnvScope } from '~/app/lib/org-context';
import { withoutDefaults } from '~/app/lib/search-defaults';
import { useTRPC } from '~/app/lib/trpc';
import { isFinished } from '~/domain/jobs/runs';
import type { CatalogueSyncState } from '~/domain/products/entities';
import type { ProductFiltersInput } from '~/domain/products/inputs';
import { productsSearch, type ProductsSearch } from '~/domain/products/search';
import { Callout } from '~/ui/components/callout';
import { Skeleton } from '~/ui/components/skeleton';
import { PageHeader } from '~/ui/patterns/page-header';
import { PagedTable } from '~/ui/patterns/paged-table';
import { ProductFilters, type ProductFilterValues } from '~/ui/patterns/products/product-filters';
import {
  FirstSyncEmpty,
  PRODUCT_TABLE_TEXT,
  ProductCount,
  ProductsEmpty,
  ProductTable,
  ProductTableSkeleton,
} from '~/ui/patterns/products/product-table';
import {
  SyncStatusError,
  SyncStatusPanel,
  SyncStatusSkeleton,
} from '~/ui/patterns/products/sync-status-panel';

/** products.list's input for the URL's search: the loader and the table ask with the same key. */
function listInput(
  scope: EnvScope,
  { pageSize: _pageSize, ...filters }: ProductsSearch,
): ProductFiltersInput {
  return { ...scope, ...filters };
}

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/products/')({
  // The loader loads with the screen's chunk, to keep the entry within the bundle budget
  // (docs/decisions/0002-lean-entry-chunk.md).
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: productsSearch,
  search: withoutDefaults(productsSearch),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { api, orgContext }, deps }) => {
    // Without an onboarded instance the env layout shows its gate: nothing here to read.
    if (!orgContext?.onboarded) return;
    const { scope } = orgContext;
    const { queryClient, trpc } = api;
    // Each section shows its skeleton until its read arrives (docs/decisions/0023-screen-loading.md).
    void queryClient.prefetchQuery(trpc.products.syncState.queryOptions(scope));
    void queryClient.prefetchQuery(trpc.products.facets.queryOptions(scope));
    void queryClient.prefetchQuery(trpc.products.list.queryOptions(listInput(scope, deps)));
  },
  component: Screen,
});

/** What "Clear filters" leaves: the chosen language is how names read, not a filter. */
const cleared = (search: ProductsSearch): ProductsSearch => ({
  page: 1,
  pageSize: search.pageSize,
  language: search.language,
  showOffline: false,
});

function Screen() {
  const { org, env } = useCurrentEnv();
  const instance = useB2CInstance();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const scope = { orgId: org.id, envId: env.id };
  const { setFilters, clearFilters } = useListFilters<ProductsSearch, ProductFilterValues>(
    navigate,
    cleared,
  );
  return (
    <div className="flex flex-col">
      <PageHeader
        title="Products"
        description={`The catalogue of ${instance.instanceId}, as copied into Beacon.`}
      />
      <div className="flex flex-col gap-6 p-8">
        <QueryBoundary
          pending={<SyncStatusSkeleton />}
          error={(message) => <SyncStatusError message={message} />}
        >
          <SyncStatus scope={scope} />
        </QueryBoundary>
        <QueryBoundary pending={<Skeleton className="h-16 w-full" />} error={() => null}>
          <Filters scope={scope} search={search} onChange={setFilters} onClear={clearFilters} />
        </QueryBoundary>
        <QueryBoundary
          pending={<ProductTableSkeleton />}
          error={(message) => (
            <Callout
              variant="error"
              title={PRODUCT_TABLE_TEXT.loadFailedTitle}
              description={message}
            />
          )}
        >
          <Products
            scope={scope}
            search={search}
            instanceId={instance.instanceId}
            onClear={clearFilters}
          />
        </QueryBoundary>
      </div>
    </div>
  );
}

/** The sync panel; while a sync is queued or running, its job run's progress is applied live. */
function SyncStatus({ scope }: { scope: EnvScope }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const stateKey = trpc.products.syncState.queryKey(scope);
  const { data: sync } = useSuspenseQuery(trpc.products.syncState.queryOptions(scope));
  const start = useMutation(
    trpc.products.syncNow.mutationOptions({
      onSuccess: (next) => queryClient.setQueryData(stateKey, next),
    }),
  );
  const active = sync.status === 'queued' || sync.status === 'running';
  useSubscription(
    trpc.jobs.progress.subscriptionOptions(
      active && sync.runId ? { orgId: scope.orgId, run: { id: sync.runId } } : skipToken,
      {
        onData: (run) => {
          if (isFinished(run.status)) {
            // The sync's own row says how it ended; the list and facets changed with it.
            void queryClient.invalidateQueries(trpc.products.pathFilter());
            return;
          }
          queryClient.setQueryData(
            stateKey,
            (old: CatalogueSyncState | undefined): CatalogueSyncState | undefined =>
              old
                ? {
                    ...old,
                    status: run.status === 'queued' ? 'queued' : 'running',
                    syncedCount: run.progressDone,
                    total: run.progressTotal ?? old.total,
                    runStatus: run.status,
                  }
                : old,
          );
        },
      },
    ),
  );
  return (
    <SyncStatusPanel
      sync={sync}
      now={clock.now()}
      onSyncNow={() => start.mutate(scope)}
      starting={start.isPending}
      startError={start.error?.message ?? null}
    />
  );
}

function Filters({
  scope,
  search,
  onChange,
  onClear,
}: {
  scope: EnvScope;
  search: ProductsSearch;
  onChange: (patch: Partial<ProductFilterValues>) => void;
  onClear: () => void;
}) {
  const trpc = useTRPC();
  const { data: facets } = useSuspenseQuery(trpc.products.facets.queryOptions(scope));
  return <ProductFilters values={search} facets={facets} onChange={onChange} onClear={onClear} />;
}

function Products({
  scope,
  search,
  instanceId,
  onClear,
}: {
  scope: EnvScope;
  search: ProductsSearch;
  instanceId: string;
  onClear: () => void;
}) {
  const trpc = useTRPC();
  const params = Route.useParams();
  const { data: sync } = useSuspenseQuery(trpc.products.syncState.queryOptions(scope));
  const { data: page } = useSuspenseQuery(
    trpc.products.list.queryOptions(listInput(scope, search)),
  );
  if (sync.productCount === 0 && page.total === 0) {
    return (
      <FirstSyncEmpty
        instanceId={instanceId}
        syncing={sync.status === 'queued' || sync.status === 'running'}
      />
    );
  }
  if (page.total === 0) return <ProductsEmpty onClear={onClear} />;
  // The detail keeps the list's language and filters, so its way back returns to the same list.
  const { page: _page, pageSize: _pageSize, ...kept } = search;
  return (
    <PagedTable
      header={<ProductCount total={page.total} exact={page.totalIsExact} />}
      pages={page}
      pagesLabel={PRODUCT_TABLE_TEXT.pages}
      renderPageLink={(target, children) => (
        <Link to="/$orgSlug/$envSlug/products" params={params} search={{ ...search, page: target }}>
          {children}
        </Link>
      )}
    >
      <ProductTable
        items={page.items}
        language={search.language}
        renderProductLink={(item, children) => (
          <Link
            to="/$orgSlug/$envSlug/products/$productId"
            params={{ ...params, productId: item.b2cProductId }}
            search={kept}
          >
            {children}
          </Link>
        )}
        renderProposalsLink={(item, children) => (
          <Link
            to="/$orgSlug/$envSlug/reviews"
            params={params}
            search={{ b2cProductId: item.b2cProductId }}
            aria-label={`${item.pendingProposals} pending proposals for ${item.b2cProductId}`}
          >
            {children}
          </Link>
        )}
      />
    </PagedTable>
  );
}
