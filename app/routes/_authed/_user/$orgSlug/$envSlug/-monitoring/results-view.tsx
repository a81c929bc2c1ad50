/**
 * The AEO results (view=results, docs/product.md#monitoring): the latest finished run's figures per
 * engine with their 95% intervals, the trend over runs with publishes marked, the uplift of the
 * latest publish, the prompts and the products named; a run in progress live over them (watchRun);
 * `llm` narrows everything to one engine and `prompt` opens a prompt's answers over the results.
 * Export CSV downloads the same figures; Print report lets the browser make a PDF.
 */
import {
  skipToken,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSubscription } from '@trpc/tanstack-react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { QueryBoundary } from '~/app/components/query-boundary';
import { clock } from '~/app/lib/clock';
import { useCurrentEnv } from '~/app/lib/env-context';
import { useTRPC } from '~/app/lib/trpc';
import type { AiEngine } from '~/domain/ai/models';
import { resultsCsv } from '~/domain/monitoring/export';
import type { MonitoringResults, MonitoringRun } from '~/domain/monitoring/runs';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { FiguresOverview, ResultsSkeleton } from '~/ui/patterns/monitoring/engine-figures';
import {
  byEngine,
  engineName,
  isRunActive,
  resultsFileName,
} from '~/ui/patterns/monitoring/format';
import {
  PROMPT_DETAIL_TEXT,
  PromptDetailDialog,
  PromptDetailSkeleton,
  PromptSamplesList,
} from '~/ui/patterns/monitoring/prompt-detail';
import { SourcesPanel } from '~/ui/patterns/monitoring/sources';
import { AccuracyPanel } from '~/ui/patterns/monitoring/accuracy';
import { AlertsPanel } from '~/ui/patterns/monitoring/alerts';
import { PromptTable } from '~/ui/patterns/monitoring/prompt-table';
import { ProductsTable } from '~/ui/patterns/monitoring/products-table';
import { RESULTS_EMPTY_TEXT, ResultsEmpty } from '~/ui/patterns/monitoring/results-empty';
import {
  EngineFilter,
  MONITORING_RESULTS_TEXT,
  ResultsActions,
} from '~/ui/patterns/monitoring/results-header';
import { MonitoringRunProgress } from '~/ui/patterns/monitoring/run-progress';
import {
  MarketFilter,
  MarketNote,
  MARKETS_TEXT,
  MarketsPanel,
  sentimentMeasuredIn,
} from '~/ui/patterns/monitoring/markets';
import { TrendChartSkeleton, TrendPanel } from '~/ui/patterns/monitoring/trend';
import { UpliftPanel } from '~/ui/patterns/monitoring/uplift';
import { AeoHeader, homeRoute } from './header';
import { ImproveProductButton } from './improve-product';

// recharts is large and only the trend needs it: it loads with its own chunk, after the screen.
const TrendChart = lazy(() =>
  import('~/ui/patterns/monitoring/trend-chart').then((m) => ({ default: m.TrendChart })),
);

interface Scope {
  orgId: string;
  envId: string;
}

/** The results procedures' input: every engine's and market's figures, or the ones the URL names. */
export const resultsInput = (
  scope: Scope,
  engine: AiEngine | undefined,
  market: string | undefined,
): Scope & { engine?: AiEngine; market?: string } => ({
  ...scope,
  ...(engine ? { engine } : {}),
  ...(market ? { market } : {}),
});

/** The product id a storefront page's URL ends with (`…/<slug>/<id>.html`), if any. */
const storefrontProductId = (url: string) => {
  const id = /\/([^/?#]+)\.html(?:[?#].*)?$/.exec(url)?.[1];
  try {
    return id ? decodeURIComponent(id) : null;
  } catch {
    return null; // A malformed escape: not a product id.
  }
};

/** Saves `text` as a file through a temporary link (a BOM first, so spreadsheets read UTF-8). */
function download(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function AeoResultsView() {
  const { org, env } = useCurrentEnv();
  const { llm, market, prompt } = homeRoute.useSearch();
  const navigate = homeRoute.useNavigate();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope = { orgId: org.id, envId: env.id };
  const input = resultsInput(scope, llm, market);

  // The header reads the same query as the body (which suspends under its own boundary).
  const results = useQuery(trpc.monitoring.results.queryOptions(input));
  const run = results.data?.run ?? null;
  const active = run !== null && isRunActive(run.status);

  /** The run every cached results query shows as the latest (each engine's view shares it). */
  const showRun = (next: MonitoringRun) =>
    queryClient.setQueriesData<MonitoringResults>(trpc.monitoring.results.pathFilter(), (old) =>
      old ? { ...old, run: next } : old,
    );

  useSubscription(
    trpc.monitoring.watchRun.subscriptionOptions(
      active && run ? { ...scope, runId: run.id } : skipToken,
      {
        onData: (next) => {
          showRun(next);
          // Ended: its figures join the results.
          if (!isRunActive(next.status)) {
            void queryClient.invalidateQueries(trpc.monitoring.results.pathFilter());
            void queryClient.invalidateQueries(trpc.monitoring.sources.pathFilter());
            void queryClient.invalidateQueries(trpc.monitoring.accuracy.pathFilter());
            void queryClient.invalidateQueries(trpc.monitoring.runs.pathFilter());
            // The server reads the ended run for alerts; the alerts ask again until it has.
            void queryClient.invalidateQueries(trpc.monitoring.alerts.pathFilter());
          }
        },
      },
    ),
  );

  const start = useMutation(
    trpc.monitoring.start.mutationOptions({
      onSuccess: (next) => {
        showRun(next);
        void queryClient.invalidateQueries(trpc.monitoring.runs.pathFilter());
      },
      onError: (error) => {
        // Another run started meanwhile (a schedule, another tab): show it.
        if (error.data?.code === 'CONFLICT')
          void queryClient.invalidateQueries(trpc.monitoring.results.pathFilter());
      },
    }),
  );

  const reason = !results.data
    ? null
    : active
      ? MONITORING_RESULTS_TEXT.runActive
      : !results.data.config
        ? MONITORING_RESULTS_TEXT.notConfigured
        : null;

  const exportCsv = async () => {
    if (!results.data) return;
    // The accuracy check joins the file when it can be read; the figures never wait on it failing.
    const accuracy = await queryClient
      .fetchQuery(trpc.monitoring.accuracy.queryOptions(input))
      .catch(() => null);
    download(
      resultsCsv(results.data, accuracy),
      resultsFileName(env.slug, clock.now()),
      'text/csv;charset=utf-8',
    );
  };

  return (
    <AeoHeader
      actions={
        <ResultsActions
          onRun={() => start.mutate(scope)}
          starting={start.isPending}
          canRun={results.data !== undefined && reason === null}
          runBlockedReason={reason}
          onExport={() => void exportCsv()}
          canExport={Boolean(results.data?.overall)}
          onPrint={() => window.print()}
        />
      }
    >
      <EngineFilter
        value={llm ?? null}
        renderLink={(engine, children) => (
          <Link
            from="/$orgSlug/$envSlug/"
            search={(prev) => ({ ...prev, llm: engine ?? undefined })}
            activeOptions={{ exact: true }}
          >
            {children}
          </Link>
        )}
      />
      {(results.data?.markets.length ?? 0) > 1 || market ? (
        <MarketFilter
          markets={results.data?.markets.map((m) => m.market) ?? []}
          value={market ?? null}
          renderLink={(next, children) => (
            <Link
              from="/$orgSlug/$envSlug/"
              search={(prev) => ({ ...prev, market: next ?? undefined })}
              activeOptions={{ exact: true }}
            >
              {children}
            </Link>
          )}
        />
      ) : null}
      {start.error ? (
        <Callout
          variant="error"
          title={MONITORING_RESULTS_TEXT.startFailed}
          description={start.error.message}
          className="print:hidden"
        />
      ) : null}
      <Alerts scope={scope} />
      <QueryBoundary
        pending={<ResultsSkeleton />}
        error={(message) => (
          <Callout
            variant="error"
            title={MONITORING_RESULTS_TEXT.loadFailedTitle}
            description={message}
          />
        )}
      >
        <Results scope={scope} engine={llm ?? null} market={market ?? null} />
      </QueryBoundary>
      <PromptDialog
        scope={scope}
        promptKey={prompt}
        engine={llm ?? null}
        promptText={results.data?.prompts.find((p) => p.key === prompt)?.text ?? null}
        onClose={() => void navigate({ search: (prev) => ({ ...prev, prompt: undefined }) })}
      />
    </AeoHeader>
  );
}

function Results({
  scope,
  engine,
  market,
}: {
  scope: Scope;
  engine: AiEngine | null;
  market: string | null;
}) {
  const trpc = useTRPC();
  const params = homeRoute.useParams();
  const input = resultsInput(scope, engine ?? undefined, market ?? undefined);
  const { data } = useSuspenseQuery(trpc.monitoring.results.queryOptions(input));
  // The sources and the accuracy check come on their own: the figures above do not wait for them.
  const sources = useQuery(trpc.monitoring.sources.queryOptions(input));
  const accuracy = useQuery(trpc.monitoring.accuracy.queryOptions(input));
  const marketAsked = market === null || data.markets.some((m) => m.market === market);
  const pooled = market === null && data.markets.length > 1;
  const running = data.run && isRunActive(data.run.status) ? data.run : null;
  const overall = data.overall;

  const failure = data.run ? <RunFailure run={data.run} hasFigures={overall !== null} /> : null;
  if (market !== null && !marketAsked && data.run) {
    return <MarketNote market={market} asked={false} />;
  }
  if (!overall && !running) {
    return (
      <div className="flex flex-col gap-6">
        {failure}
        <ResultsEmpty
          configureLink={
            <Button asChild variant="primary">
              <Link
                from="/$orgSlug/$envSlug/"
                search={(prev) => ({ ...prev, view: 'config' as const, prompt: undefined })}
              >
                {RESULTS_EMPTY_TEXT.configure}
              </Link>
            </Button>
          }
        />
      </div>
    );
  }

  const engines = byEngine(
    data.engines.filter((f) => engine === null || f.engine === engine),
    (f) => f.engine!,
  );
  // Narrowed to one engine, "every engine together" is that engine: show it once.
  const figures = engine ? engines : overall ? [overall, ...engines] : engines;
  const names = new Map(data.products.map((p) => [p.b2cProductId, p.name]));
  const productName = (id: string) => names.get(id) ?? id;

  const promptLink = (promptKey: string, children: ReactNode) => (
    <Link
      from="/$orgSlug/$envSlug/"
      search={(prev) => ({ ...prev, prompt: promptKey })}
      activeOptions={{ exact: true }}
      className="text-left text-primary underline-offset-4 hover:underline"
    >
      {children}
    </Link>
  );
  const productLink = (productId: string, children: ReactNode) => (
    <Link
      to="/$orgSlug/$envSlug/products/$productId"
      params={{ orgSlug: params.orgSlug, envSlug: params.envSlug, productId }}
      className="text-primary underline-offset-4 hover:underline"
    >
      {children}
    </Link>
  );

  return (
    <div className="flex flex-col gap-10">
      {running ? (
        <MonitoringRunProgress run={running} hasEarlierResults={overall !== null} />
      ) : null}
      {failure}
      {overall ? (
        <>
          {market !== null ? <MarketNote market={market} asked /> : null}
          <FiguresOverview
            figures={figures}
            brand={data.config?.brandName ?? ''}
            finishedAt={data.trend.at(-1)?.at ?? null}
            sentimentNotMeasured={
              market !== null && !sentimentMeasuredIn(market)
                ? MARKETS_TEXT.sentimentNotMeasured(market)
                : null
            }
          />
          {pooled ? (
            <MarketsPanel
              markets={data.markets}
              renderMarketLink={(m, children) => (
                <Link
                  from="/$orgSlug/$envSlug/"
                  search={(prev) => ({ ...prev, market: m })}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {children}
                </Link>
              )}
            />
          ) : null}
          <TrendPanel
            trend={data.trend}
            publishes={data.publishes}
            engine={engineName(engine)}
            answersRemoved={data.answersRemoved}
            chart={
              <Suspense fallback={<TrendChartSkeleton />}>
                <TrendChart trend={data.trend} publishes={data.publishes} />
              </Suspense>
            }
          />
          <UpliftPanel
            uplift={data.uplift}
            summary={data.upliftSummary}
            publishes={data.publishes}
            productName={productName}
          />
          <PromptTable prompts={data.prompts} renderPromptLink={promptLink} showMarkets={pooled} />
          <ProductsTable
            products={data.products}
            engines={engines.map((f) => f.engine!)}
            renderProductLink={productLink}
          />
          {accuracy.data ? (
            <AccuracyPanel
              data={accuracy.data}
              engine={engine}
              showMarkets={pooled}
              renderProductLink={productLink}
              renderAnswerLink={(m, children) => promptLink(m.promptKey, children)}
              renderAction={(m) => (
                <ImproveProductButton
                  scope={{ ...scope, orgSlug: params.orgSlug, envSlug: params.envSlug }}
                  productId={m.productId}
                  productName={m.productName}
                  market={m.market}
                />
              )}
            />
          ) : null}
          {sources.data ? (
            <SourcesPanel
              data={sources.data}
              engine={engine}
              renderProductLink={(url) => {
                const id = storefrontProductId(url);
                return id ? productLink(id, names.get(id) ?? id) : null;
              }}
              renderAgentLink={(children) => (
                <Link
                  to="/$orgSlug/$envSlug/agents/aeo"
                  params={{ orgSlug: params.orgSlug, envSlug: params.envSlug }}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {children}
                </Link>
              )}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/**
 * The env's open alerts, on their own query so the figures never wait for them; while the latest run
 * is still being read for alerts, asked again every second. A failure to read them shows nothing:
 * the figures below are the screen's job, and the next visit asks again.
 */
function Alerts({ scope }: { scope: Scope }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const alerts = useQuery({
    ...trpc.monitoring.alerts.queryOptions(scope),
    refetchInterval: (query) => (query.state.data?.pending ? 1000 : false),
  });
  const [refused, setRefused] = useState<{ alertId: string; message: string } | null>(null);
  const dismiss = useMutation(
    trpc.monitoring.dismissAlert.mutationOptions({
      onMutate: ({ alertId }) => setRefused((r) => (r?.alertId === alertId ? null : r)),
      // Pending until the list is read again, so the alert leaves as its button stops being busy.
      onSuccess: () => queryClient.invalidateQueries(trpc.monitoring.alerts.pathFilter()),
      onError: (error, { alertId }) => setRefused({ alertId, message: error.message }),
    }),
  );
  // Each alert's own Dismiss is busy while its call is on its way, whichever was pressed last.
  const dismissing = useMutationState({
    filters: { mutationKey: trpc.monitoring.dismissAlert.mutationKey(), status: 'pending' },
    select: (mutation) => (mutation.state.variables as { alertId?: string } | undefined)?.alertId,
  }).filter((id) => id !== undefined);
  return (
    <AlertsPanel
      alerts={alerts.data?.alerts ?? []}
      dismissing={dismissing}
      refused={refused}
      onDismiss={(alert) => dismiss.mutate({ ...scope, alertId: alert.id })}
      renderTrendLink={(alert, children) => (
        <Link
          from="/$orgSlug/$envSlug/"
          search={{
            view: 'results' as const,
            llm: alert.engine ?? undefined,
            market: alert.market ?? undefined,
          }}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {children}
        </Link>
      )}
    />
  );
}

/** What went wrong in the latest run that ended: all of it, or some samples (the figures say n). */
function RunFailure({ run, hasFigures }: { run: MonitoringRun; hasFigures: boolean }) {
  if (run.status === 'failed') {
    return (
      <Callout
        variant="warning"
        title={MONITORING_RESULTS_TEXT.lastRunFailed}
        description={
          <>
            {run.error ? <p>{run.error}</p> : null}
            {hasFigures ? <p>{MONITORING_RESULTS_TEXT.lastRunFailedNote}</p> : null}
          </>
        }
      />
    );
  }
  if (run.status === 'partly-failed') {
    return (
      <Callout
        variant="warning"
        title={MONITORING_RESULTS_TEXT.samplesFailed(run.samplesFailed, run.samplesTotal)}
        description={
          <>
            {run.error ? <p>{run.error}</p> : null}
            <p>{MONITORING_RESULTS_TEXT.samplesFailedNote}</p>
          </>
        }
      />
    );
  }
  return null;
}

/** A prompt's answers over the results while `prompt` is in the URL; closing removes it. */
function PromptDialog({
  scope,
  promptKey,
  engine,
  promptText,
  onClose,
}: {
  scope: Scope;
  promptKey: string | undefined;
  engine: AiEngine | null;
  promptText: string | null;
  onClose(): void;
}) {
  return (
    <PromptDetailDialog
      open={promptKey !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={PROMPT_DETAIL_TEXT.title}
      description={promptText}
    >
      {promptKey !== undefined ? (
        <QueryBoundary
          resetKey={promptKey}
          pending={<PromptDetailSkeleton />}
          error={(message) => (
            <Callout variant="error" title={PROMPT_DETAIL_TEXT.loadFailed} description={message} />
          )}
        >
          <PromptSamplesLoader scope={scope} promptKey={promptKey} engine={engine} />
        </QueryBoundary>
      ) : null}
    </PromptDetailDialog>
  );
}

function PromptSamplesLoader({
  scope,
  promptKey,
  engine,
}: {
  scope: Scope;
  promptKey: string;
  engine: AiEngine | null;
}) {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.monitoring.prompt.queryOptions({ ...scope, promptKey }));
  return <PromptSamplesList data={data} engine={engine} />;
}
