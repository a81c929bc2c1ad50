import { createFileRoute } from '@tanstack/react-router';
import { LanguagesIcon } from 'lucide-react';
import { UpcomingArea } from '~/app/components/upcoming-area';
import { OPT_OUT } from '~/domain/orgs/gating';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/agents/translation')({
  staticData: { gate: OPT_OUT.instanceOnly },
  component: Screen,
});

function Screen() {
  return (
    <UpcomingArea
      title={'Localization Manager'}
      description={
        'Translates product content into your storefront languages; you review every proposal.'
      }
      icon={<LanguagesIcon />}
      emptyTitle={'Not configured yet'}
      emptyDescription={
        'Choose languages, fields, and whether to work by catalog or by product. Configuration arrives with milestone 2.'
      }
    />
  );
}
