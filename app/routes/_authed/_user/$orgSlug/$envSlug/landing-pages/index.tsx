import { createFileRoute } from '@tanstack/react-router';
import { LayoutTemplateIcon } from 'lucide-react';
import { UpcomingArea } from '~/app/components/upcoming-area';
import { withoutDefaults } from '~/app/lib/search-defaults';
import { landingPagesSearch } from '~/domain/landing-pages/search';
import { OPT_OUT } from '~/domain/orgs/gating';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/landing-pages/')({
  validateSearch: landingPagesSearch,
  search: withoutDefaults(landingPagesSearch),
  staticData: { gate: OPT_OUT.instanceOnly },
  component: Screen,
});

function Screen() {
  return (
    <UpcomingArea
      title={'Landing Pages'}
      description={'Landing pages built with your theme, 48 a page.'}
      icon={<LayoutTemplateIcon />}
      emptyTitle={'No landing pages yet'}
      emptyDescription={'Landing pages arrive in milestone 2. You can already design their theme.'}
    />
  );
}
