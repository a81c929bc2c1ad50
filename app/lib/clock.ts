/** The time screens read "2 hours ago" against; a story pins it so its text and baseline never drift. */
import { useEffect, useState } from 'react';

export const clock = {
  now(): Date {
    return new Date();
  },
};

/** The time, ticking each second while `ticking` (an elapsed time, a countdown); otherwise read at render. */
export function useNow(ticking: boolean): Date {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(clock.now());
    const timer = setInterval(() => setNow(clock.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return ticking ? now : clock.now();
}
