/** A story's `beforeEach` that pins the app's clock (app/lib/clock.ts), so texts read against it and the baselines stay put. */
import { spyOn } from 'storybook/test';
import { clock } from '~/app/lib/clock';
import { STORY_NOW } from '~/mock-server/products';

export function pinnedClock(at: Date = STORY_NOW) {
  return () => {
    const now = spyOn(clock, 'now').mockReturnValue(at);
    return () => now.mockRestore();
  };
}
