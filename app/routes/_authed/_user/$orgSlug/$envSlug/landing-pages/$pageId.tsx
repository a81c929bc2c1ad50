import { createFileRoute } from '@tanstack/react-router';
import { LayoutTemplateIcon } from 'lucide-react';
import { UpcomingArea } from '~/app/components/upcoming-area';
import { OPT_OUT } from '~/domain/orgs/gating';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/landing-pages/$pageId')({
  staticData: { gate: OPT_OUT.instanceOnly },
  component: Screen,
});

function Screen() {
  return (
    <UpcomingArea
      title={'Landing Page'}
      description={'One landing page.'}
      icon={<LayoutTemplateIcon />}
      emptyTitle={'This landing page is not available yet'}
      emptyDescription={'Landing pages arrive in milestone 2.'}
    />
  );
}
