import { createFileRoute } from '@tanstack/react-router';
import { SearchIcon } from 'lucide-react';
import { UpcomingArea } from '~/app/components/upcoming-area';
import { OPT_OUT } from '~/domain/orgs/gating';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/agents/seo')({
  staticData: { gate: OPT_OUT.instanceOnly },
  component: Screen,
});

function Screen() {
  return (
    <UpcomingArea
      title={'SEO Specialist'}
      description={
        'Writes page titles, descriptions, keywords and product descriptions for the catalogs you choose.'
      }
      icon={<SearchIcon />}
      emptyTitle={'Not configured yet'}
      emptyDescription={
        'Choose catalogs and the SEO fields to improve. Configuration arrives with milestone 2.'
      }
    />
  );
}
