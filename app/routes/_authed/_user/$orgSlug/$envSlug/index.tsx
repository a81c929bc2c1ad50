/**
 * /app/{orgSlug}/{envSlug}: the env's home, AI discoverability monitoring (docs/product.md#monitoring).
 * `view` picks the results or the config; `llm` narrows the results to one engine and `market` to one
 * market; `prompt` opens a prompt's samples over them.
 */
import { createFileRoute } from '@tanstack/react-router';
import { withoutDefaults } from '~/app/lib/search-defaults';
import { homeSearch } from '~/domain/monitoring/search';
import { SCREEN_GATES } from '~/domain/orgs/gating';
import { AeoConfigView } from './-monitoring/config-view';
import { AeoResultsView, resultsInput } from './-monitoring/results-view';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: homeSearch,
  search: withoutDefaults(homeSearch),
  staticData: { gate: SCREEN_GATES.home },
  loaderDeps: ({ search }) => ({ view: search.view, llm: search.llm, market: search.market }),
  loader: ({ context: { api, orgContext }, deps }) => {
    // The env layout shows a failing org context; here it only names what the screen reads.
    if (!orgContext) return;
    const { scope } = orgContext;
    // Started here, shown by the view behind its skeleton (docs/decisions/0023-screen-loading.md).
    if (deps.view === 'config') {
      void api.queryClient.prefetchQuery(api.trpc.monitoring.getConfig.queryOptions(scope));
      void api.queryClient.prefetchQuery(
        api.trpc.prompts.list.queryOptions({ orgId: scope.orgId }),
      );
    } else {
      void api.queryClient.prefetchQuery(
        api.trpc.monitoring.results.queryOptions(resultsInput(scope, deps.llm, deps.market)),
      );
      void api.queryClient.prefetchQuery(api.trpc.monitoring.alerts.queryOptions(scope));
    }
  },
  component: Home,
});

function Home() {
  const { view } = Route.useSearch();
  return view === 'config' ? <AeoConfigView /> : <AeoResultsView />;
}
