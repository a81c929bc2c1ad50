import { createFileRoute, Link } from '@tanstack/react-router';
import { SparklesIcon } from 'lucide-react';
import { UpcomingArea } from '~/app/components/upcoming-area';
import { withoutDefaults } from '~/app/lib/search-defaults';
import { homeSearch } from '~/domain/monitoring/search';
import { OPT_OUT } from '~/domain/orgs/gating';
import { Button } from '~/ui/components/button';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/')({
  validateSearch: homeSearch,
  search: withoutDefaults(homeSearch),
  staticData: { gate: OPT_OUT.home },
  component: Home,
});

function Home() {
  const { view } = Route.useSearch();
  return (
    <UpcomingArea
      title="AI Discoverability (AEO)"
      description="How AI assistants such as ChatGPT, Claude and Gemini describe and recommend your products."
      icon={<SparklesIcon />}
      emptyTitle={
        view === 'config' ? 'No monitoring configured yet' : 'No AI discoverability results yet'
      }
      emptyDescription={
        view === 'config'
          ? 'Choose the prompts and assistants to monitor. Monitoring arrives with the AEO release.'
          : 'Results appear here once monitoring runs for this environment.'
      }
    >
      <nav aria-label="AEO views" className="flex gap-2">
        <Button asChild variant={view === 'results' ? 'primary' : 'outline'} size="sm">
          <Link from={Route.fullPath} search={(prev) => ({ ...prev, view: 'results' as const })}>
            Results
          </Link>
        </Button>
        <Button asChild variant={view === 'config' ? 'primary' : 'outline'} size="sm">
          <Link from={Route.fullPath} search={(prev) => ({ ...prev, view: 'config' as const })}>
            Configuration
          </Link>
        </Button>
      </nav>
    </UpcomingArea>
  );
}
