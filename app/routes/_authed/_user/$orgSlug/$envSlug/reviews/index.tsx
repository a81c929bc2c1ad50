import { createFileRoute } from '@tanstack/react-router';
import { ClipboardCheckIcon } from 'lucide-react';
import { UpcomingArea } from '~/app/components/upcoming-area';
import { withoutDefaults } from '~/app/lib/search-defaults';
import { reviewsSearch } from '~/domain/reviews/search';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/reviews/')({
  validateSearch: reviewsSearch,
  search: withoutDefaults(reviewsSearch),
  component: Screen,
});

function Screen() {
  return (
    <UpcomingArea
      title={'Reviews'}
      description={"Agents' proposed changes, 48 a page, waiting for your decision."}
      icon={<ClipboardCheckIcon />}
      emptyTitle={'Nothing to review'}
      emptyDescription={
        'When agents propose changes, they wait here for you to approve or reject them.'
      }
    />
  );
}
