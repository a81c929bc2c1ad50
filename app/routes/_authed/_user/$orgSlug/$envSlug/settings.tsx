import { createFileRoute } from '@tanstack/react-router';
import { withoutDefaults } from '../../../../../lib/search-defaults';
import { settingsSearch } from '../../../../../../domain/search-params';
import { OPT_OUT } from '../../../../../../domain/gating';
import { SettingsIcon } from 'lucide-react';
import { UpcomingArea } from '../../../../../../app/components/upcoming-area';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/settings')({
  validateSearch: settingsSearch,
  search: withoutDefaults(settingsSearch),
  staticData: { gate: OPT_OUT.instanceOnly },
  component: Screen,
});

function Screen() {
  return (
    <UpcomingArea
      title={'Settings'}
      description={'Org, environment, prompts and users.'}
      icon={<SettingsIcon />}
      emptyTitle={'Settings are on their way'}
      emptyDescription={
        'Org, environment, prompt and user settings land with the settings screens.'
      }
    />
  );
}
