import { createFileRoute } from '@tanstack/react-router';
import { ClipboardCheckIcon } from 'lucide-react';
import { UpcomingArea } from '~/app/components/upcoming-area';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/reviews/$id')({
  component: Screen,
});

function Screen() {
  return (
    <UpcomingArea
      title={'Review'}
      description={'A proposed change against the current content.'}
      icon={<ClipboardCheckIcon />}
      emptyTitle={'This review is not available yet'}
      emptyDescription={'Reviews arrive with the agents in milestone 2.'}
    />
  );
}
