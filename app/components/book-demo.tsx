/** Demo booking through the Cal.com embed (dark theme, black brand, beacon-demo team calendar, month view). */
import { CalendarIcon } from 'lucide-react';
import { useState } from 'react';
import { DEMO_CALENDAR } from '~/domain/shared/constants';
import { Button } from '~/ui/components/button';

const CAL_LINK = `team/${DEMO_CALENDAR}`;
const CAL_CONFIG = { layout: 'month_view', theme: 'dark' } as const;
const FALLBACK_URL = `https://cal.com/${CAL_LINK}?layout=month_view&theme=dark`;

export function BookDemoButton() {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      // Loaded on demand: the embed is not part of any screen's first load.
      const { getCalApi } = await import('@calcom/embed-react');
      const cal = await getCalApi({ namespace: DEMO_CALENDAR });
      cal('ui', {
        theme: 'dark',
        styles: { branding: { brandColor: '#000000' } },
        hideEventTypeDetails: false,
        layout: 'month_view',
      });
      cal('modal', { calLink: CAL_LINK, config: CAL_CONFIG });
    } catch {
      // The embed could not load (offline or blocked): open the booking page instead.
      window.open(FALLBACK_URL, '_blank', 'noopener');
    } finally {
      setOpening(false);
    }
  };
  return (
    <Button onClick={() => void open()} loading={opening}>
      <CalendarIcon aria-hidden />
      Book an onboarding demo
    </Button>
  );
}
