import { createFileRoute } from '@tanstack/react-router';
import { OPT_OUT } from '../../../../../../../domain/gating';
import { PaletteIcon } from 'lucide-react';
import { UpcomingArea } from '../../../../../../../app/components/upcoming-area';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/pages/theme')({
  staticData: { gate: OPT_OUT.instanceOnly },
  component: Screen,
});

function Screen() {
  return (
    <UpcomingArea
      title={'Theme designer'}
      description={'Design the theme of your landing pages: colours, fonts, header and footer.'}
      icon={<PaletteIcon />}
      emptyTitle={'The designer is on its way'}
      emptyDescription={'The theme designer lands next.'}
    />
  );
}
