/**
 * `npm run signoff -- <state-id>… --by "<name>"` records sign-offs of screen states against their
 * current visual baselines; `npm run signoff -- --list` shows every state's sign-off status.
 */
import { run } from './cli';

try {
  process.exitCode = run(process.argv.slice(2));
} catch (error) {
  // An unreadable catalogue or record: say which, without a stack trace.
  console.error((error as Error).message);
  process.exitCode = 1;
}
