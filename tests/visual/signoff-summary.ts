/**
 * Ends the visual tests with the screen states' sign-off summary. A state whose baseline changed since
 * it was signed off needs a person to look again; it is not a test failure, so nothing here fails.
 */
import { fileURLToPath } from 'node:url';
import { loadContext, statuses } from '~/scripts/signoff/record';
import { summarize, summaryLine } from '~/stories/support/signoff';

export default function signoffSummary() {
  try {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    console.log(`\n${summaryLine(summarize(statuses(loadContext(root))))}`);
  } catch (error) {
    console.log(`\nSign-off: no summary (${(error as Error).message})`);
  }
}
