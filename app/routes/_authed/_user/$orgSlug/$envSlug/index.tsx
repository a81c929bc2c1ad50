/**
 * /app/{orgSlug}/{envSlug}: the env's home, AI discoverability monitoring (docs/product.md#monitoring).
 * `view` picks the results or the config; `llm` narrows the results to one engine; `prompt` opens a
 * prompt's samples over them.
 */
import { createFileRoute } from '@tanstack/react-router';
import { withoutDefaults } from '~/app/lib/search-defaults';
import { homeSearch } from '~/domain/monitoring/search';
import { OPT_OUT } from '~/domain/orgs/gating';
import { AeoConfigView } from './-aeo/config-view';
import { AeoResultsView } from './-aeo/results-view';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: homeSearch,
  search: withoutDefaults(homeSearch),
  staticData: { gate: OPT_OUT.home },
  component: Home,
});

function Home() {
  const { view } = Route.useSearch();
  return view === 'config' ? <AeoConfigView /> : <AeoResultsView />;
}
