import { createFileRoute } from '@tanstack/react-router';
import { SparklesIcon } from 'lucide-react';
import { UpcomingArea } from '~/app/components/upcoming-area';
import { OPT_OUT } from '~/domain/orgs/gating';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/agents/aeo')({
  staticData: { gate: OPT_OUT.instanceOnly },
  component: Screen,
});

function Screen() {
  return (
    <UpcomingArea
      title={'AEO Specialist'}
      description={'Improves how AI assistants understand your brand, products and categories.'}
      icon={<SparklesIcon />}
      emptyTitle={'Not configured yet'}
      emptyDescription={
        'Describe your brand, persona, top products and categories, search terms and conversation starters. Configuration arrives with milestone 2.'
      }
    />
  );
}
