import { createFileRoute, Link } from '@tanstack/react-router';
import { PlugZapIcon, SettingsIcon } from 'lucide-react';
import { OPT_OUT } from '../../../../../../domain/gating';
import { settingsSearch } from '../../../../../../domain/search-params';
import { Button } from '../../../../../../ui/components/button';
import { UpcomingArea } from '../../../../../components/upcoming-area';
import { withoutDefaults } from '../../../../../lib/search-defaults';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/settings')({
  validateSearch: settingsSearch,
  search: withoutDefaults(settingsSearch),
  staticData: { gate: OPT_OUT.instanceOnly },
  component: Screen,
});

function Screen() {
  const { view } = Route.useSearch();
  const params = Route.useParams();
  return (
    <UpcomingArea
      title="Settings"
      description="Org, environment, prompts and users."
      icon={view === 'env-settings' ? <PlugZapIcon /> : <SettingsIcon />}
      emptyTitle={
        view === 'env-settings' ? 'Salesforce B2C Commerce instance' : 'Settings are on their way'
      }
      emptyDescription={
        view === 'env-settings'
          ? 'Link this environment to a B2C Commerce instance, or resume where you left off. The full environment settings land with the settings screens.'
          : 'Org, environment, prompt and user settings land with the settings screens.'
      }
    >
      {view === 'env-settings' ? (
        <div>
          <Button asChild>
            <Link to="/$orgSlug/$envSlug/onboarding" params={params}>
              Link a B2C Commerce instance
            </Link>
          </Button>
        </div>
      ) : null}
    </UpcomingArea>
  );
}
