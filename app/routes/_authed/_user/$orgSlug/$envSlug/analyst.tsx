import { createFileRoute } from '@tanstack/react-router';
import { ChartLineIcon } from 'lucide-react';
import { UpcomingArea } from '~/app/components/upcoming-area';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/analyst')({
  component: Screen,
});

function Screen() {
  return (
    <UpcomingArea
      title={'Analyst'}
      description={'Ask questions about your catalogue, content quality and AI visibility.'}
      icon={<ChartLineIcon />}
      emptyTitle={'No analyses yet'}
      emptyDescription={
        'The analyst arrives with milestone 2; your questions and its answers will be listed here.'
      }
    />
  );
}
