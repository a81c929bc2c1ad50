/**
 * /app/{orgSlug}/{envSlug}/reviews: agents' proposals, filtered by the URL, 48 a page; picked one by
 * one or all matching the filters, and approved or rejected after a confirmation; worked by keyboard
 * too (docs/product.md#reviews).
 */
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { QueryBoundary } from '~/app/components/query-boundary';
import { clock } from '~/app/lib/clock';
import { useCurrentEnv } from '~/app/lib/env-context';
import { useListFilters } from '~/app/lib/route-helpers';
import type { EnvScope } from '~/app/lib/org-context';
import { withoutDefaults } from '~/app/lib/search-defaults';
import { useTRPC } from '~/app/lib/trpc';
import type { DecisionResult } from '~/domain/reviews/entities';
import type { ReviewFilter, ReviewSelection, ReviewsListInput } from '~/domain/reviews/inputs';
import { reviewsSearch, type ReviewsSearch } from '~/domain/reviews/search';
import { Callout } from '~/ui/components/callout';
import { PageHeader } from '~/ui/patterns/page-header';
import { PagedTable } from '~/ui/patterns/paged-table';
import {
  type Decision,
  DECISION_TEXT,
  DecisionDialog,
  DecisionNotice,
  type DecisionNoticeValue,
  SelectionBar,
} from '~/ui/patterns/reviews/decisions';
import { KeyboardShortcuts, useShortcuts } from '~/ui/patterns/reviews/keyboard-shortcuts';
import {
  hasReviewFilters,
  ReviewFilters,
  type ReviewFilterValues,
} from '~/ui/patterns/reviews/review-filters';
import {
  QueueEmpty,
  QueueNoMatch,
  queueShortcuts,
  REVIEW_QUEUE_TEXT,
  REVIEW_TABLE_TEXT,
  ReviewCount,
  ReviewTable,
  ReviewTableSkeleton,
  SelectAllOffer,
} from '~/ui/patterns/reviews/review-table';

/** The queue's filter as the URL has it (what a selection of "all matching" means). */
function filterOf(search: ReviewsSearch): ReviewFilter {
  const { page: _page, pageSize: _pageSize, ...filter } = search;
  return filter;
}

/** reviews.list's input for the URL's search: the loader and the table ask with the same key. */
function listInput(scope: EnvScope, search: ReviewsSearch): ReviewsListInput {
  return { ...scope, ...filterOf(search), page: search.page };
}

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/reviews/')({
  // The loader loads with the screen's chunk, to keep the entry within the bundle budget
  // (docs/decisions/0002-lean-entry-chunk.md).
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: reviewsSearch,
  search: withoutDefaults(reviewsSearch),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { api, orgContext }, deps }) => {
    // Without an onboarded instance the env layout shows its gate: nothing here to read.
    if (!orgContext?.onboarded) return;
    const { scope } = orgContext;
    // The table shows its skeleton until the page arrives (docs/decisions/0023-screen-loading.md).
    void api.queryClient.prefetchQuery(api.trpc.reviews.list.queryOptions(listInput(scope, deps)));
  },
  component: Screen,
});

/** What "Clear filters" leaves: the pending queue, every agent, online products, page 1. */
const cleared = (search: ReviewsSearch): ReviewsSearch => ({
  page: 1,
  pageSize: search.pageSize,
  reviewStatus: 'pending',
  agentType: 'all',
  showOffline: false,
});

function Screen() {
  const { org, env } = useCurrentEnv();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const scope = { orgId: org.id, envId: env.id };
  const { setFilters, clearFilters } = useListFilters<ReviewsSearch, ReviewFilterValues>(
    navigate,
    cleared,
  );
  return (
    // Positioned: the filters' hidden form inputs (Radix) stay inside the screen's scroll area.
    <div className="relative flex flex-col">
      <PageHeader title={REVIEW_QUEUE_TEXT.title} description={REVIEW_QUEUE_TEXT.description} />
      <div className="flex flex-col gap-6 p-8">
        <ReviewFilters values={search} onChange={setFilters} onClear={clearFilters} />
        <QueryBoundary
          pending={<ReviewTableSkeleton />}
          error={(message) => (
            <Callout
              variant="error"
              title={REVIEW_TABLE_TEXT.loadFailedTitle}
              description={message}
            />
          )}
        >
          <Queue scope={scope} search={search} onClear={clearFilters} />
        </QueryBoundary>
      </div>
    </div>
  );
}

/** Rows picked one by one, or everything the filter matches; tied to the search it was made under. */
interface Picked {
  key: string;
  ids: ReadonlySet<string>;
  all: boolean;
}

/** A decision waiting for its confirmation: what it decides and how many. */
interface Confirming {
  decision: Decision;
  selection: ReviewSelection;
  count: number;
  /** The row the keyboard was on, and where it goes once that row leaves the queue. */
  nextActive?: string | null;
}

function Queue({
  scope,
  search,
  onClear,
}: {
  scope: EnvScope;
  search: ReviewsSearch;
  onClear: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const params = Route.useParams();
  const navigate = useNavigate();
  const input = listInput(scope, search);
  const { data: page } = useSuspenseQuery(trpc.reviews.list.queryOptions(input));
  const key = JSON.stringify(input);
  // Only pending proposals can be decided: the other views only list.
  const canDecide = search.reviewStatus === 'pending';

  const [picked, setPicked] = useState<Picked>({ key, ids: new Set(), all: false });
  // A new page or filter starts with nothing picked.
  const current: Picked = picked.key === key ? picked : { key, ids: new Set(), all: false };
  const pickedIds = new Set(page.items.filter((i) => current.ids.has(i.id)).map((i) => i.id));
  const pickedCount = current.all ? page.total : pickedIds.size;
  const isSelected = (id: string) => current.all || pickedIds.has(id);
  const setIds = (ids: Iterable<string>) => setPicked({ key, ids: new Set(ids), all: false });
  const clearPicked = () => setIds([]);

  const [activeId, setActiveId] = useState<string | null>(null);
  const activeIndex = page.items.findIndex((item) => item.id === activeId);
  const active = activeIndex >= 0 ? page.items[activeIndex]! : null;

  const [notice, setNotice] = useState<DecisionNoticeValue | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries(trpc.reviews.pathFilter());
    // The products screens count each product's pending proposals.
    void queryClient.invalidateQueries(trpc.products.pathFilter());
  };
  const approve = useMutation(trpc.reviews.approve.mutationOptions());
  const reject = useMutation(trpc.reviews.reject.mutationOptions());
  const deciding = approve.isPending || reject.isPending;

  const decide = (
    { decision, selection, nextActive }: Omit<Confirming, 'count'>,
    reason?: string,
  ) => {
    const callbacks = {
      onSuccess: (result: DecisionResult) => {
        setNotice({ kind: 'success', text: DECISION_TEXT.done(decision, result) });
        setConfirming(null);
        clearPicked();
        if (nextActive !== undefined) setActiveId(nextActive);
        refresh();
      },
      onError: (error: { message: string }) => {
        // In the dialog, its own message says it; a shortcut's decision says it on the page.
        setNotice(confirming ? null : { kind: 'error', text: error.message });
        refresh();
      },
    };
    setNotice(null);
    if (decision === 'approve') approve.mutate({ ...scope, selection }, callbacks);
    else reject.mutate({ ...scope, selection, reason }, callbacks);
  };
  const confirm = (next: Confirming) => {
    approve.reset();
    reject.reset();
    setConfirming(next);
  };
  const pickedSelection = (): ReviewSelection =>
    current.all ? { filter: filterOf(search) } : { ids: [...pickedIds] };

  /** The row after `index` (or before it, at the end): where the keyboard goes once a row is decided. */
  const neighbourOf = (index: number) =>
    (page.items[index + 1] ?? page.items[index - 1] ?? null)?.id ?? null;
  const detailSearch = search;
  const open = (id: string) =>
    void navigate({
      to: '/$orgSlug/$envSlug/reviews/$id',
      params: { ...params, id },
      search: detailSearch,
    });
  const step = (by: number) => {
    if (page.items.length === 0) return;
    const from = activeIndex < 0 ? (by > 0 ? -1 : 1) : activeIndex;
    const to = Math.min(Math.max(from + by, 0), page.items.length - 1);
    setActiveId(page.items[to]!.id);
  };
  const pendingActive = canDecide && active?.status === 'pending' ? active : null;
  useShortcuts(
    {
      j: () => step(1),
      k: () => step(-1),
      x: pendingActive
        ? () =>
            current.all
              ? setIds(page.items.filter((i) => i.id !== pendingActive.id).map((i) => i.id))
              : setIds(
                  pickedIds.has(pendingActive.id)
                    ? [...pickedIds].filter((id) => id !== pendingActive.id)
                    : [...pickedIds, pendingActive.id],
                )
        : undefined,
      Enter: active ? () => open(active.id) : undefined,
      o: active ? () => open(active.id) : undefined,
      a:
        pendingActive && !deciding
          ? () =>
              decide({
                decision: 'approve',
                selection: { ids: [pendingActive.id] },
                nextActive: neighbourOf(activeIndex),
              })
          : undefined,
      r: pendingActive
        ? () =>
            confirm({
              decision: 'reject',
              selection: { ids: [pendingActive.id] },
              count: 1,
              nextActive: neighbourOf(activeIndex),
            })
        : undefined,
    },
    page.items.length > 0,
  );

  if (page.total === 0) {
    return (
      <div className="flex flex-col gap-4">
        <DecisionNotice notice={notice} />
        {hasReviewFilters(search) ? (
          <QueueNoMatch onClear={onClear} />
        ) : (
          <QueueEmpty
            agentsLink={(children: ReactNode) => (
              <Link to="/$orgSlug/$envSlug/agents" params={params}>
                {children}
              </Link>
            )}
          />
        )}
      </div>
    );
  }

  const allOnPage = page.items.length > 0 && page.items.every((item) => isSelected(item.id));
  return (
    <PagedTable
      header={
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <ReviewCount total={page.total} />
            <DecisionNotice notice={notice} />
          </div>
          <KeyboardShortcuts shortcuts={queueShortcuts(canDecide)} />
        </div>
      }
      pages={page}
      pagesLabel={REVIEW_QUEUE_TEXT.pages}
      renderPageLink={(target, children) => (
        <Link to="/$orgSlug/$envSlug/reviews" params={params} search={{ ...search, page: target }}>
          {children}
        </Link>
      )}
      footer={
        <>
          {pickedCount > 0 ? (
            <SelectionBar
              label={
                current.all
                  ? DECISION_TEXT.allMatching(page.total)
                  : DECISION_TEXT.selected(pickedCount)
              }
              canDecide={canDecide}
              onApprove={() =>
                confirm({ decision: 'approve', selection: pickedSelection(), count: pickedCount })
              }
              onReject={() =>
                confirm({ decision: 'reject', selection: pickedSelection(), count: pickedCount })
              }
              onClear={clearPicked}
            />
          ) : null}
          <DecisionDialog
            decision={confirming?.decision ?? null}
            count={confirming?.count ?? 0}
            onClose={() => setConfirming(null)}
            onConfirm={(reason) => confirming && decide(confirming, reason)}
            pending={deciding}
            error={(confirming?.decision === 'approve' ? approve : reject).error?.message ?? null}
          />
        </>
      }
    >
      {canDecide && allOnPage && !current.all && page.total > page.items.length ? (
        <SelectAllOffer
          onPage={page.items.length}
          total={page.total}
          onSelectAll={() => setPicked({ key, ids: new Set(), all: true })}
        />
      ) : null}
      <ReviewTable
        items={page.items}
        now={clock.now()}
        showStatus={search.reviewStatus !== 'pending'}
        selectable={canDecide}
        isSelected={isSelected}
        onToggle={(id, selected) => {
          // Letting go of one row of "all matching" leaves the rest of the page picked.
          const ids = current.all ? page.items.map((i) => i.id) : [...pickedIds];
          setIds(selected ? [...ids, id] : ids.filter((other) => other !== id));
        }}
        onTogglePage={(selected) => setIds(selected ? page.items.map((i) => i.id) : [])}
        activeId={active?.id ?? null}
        renderLink={(item, children) => (
          <Link
            to="/$orgSlug/$envSlug/reviews/$id"
            params={{ ...params, id: item.id }}
            search={detailSearch}
            onFocus={() => setActiveId(item.id)}
          >
            {children}
          </Link>
        )}
      />
    </PagedTable>
  );
}
