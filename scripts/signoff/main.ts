/**
 * `npm run signoff -- <state-id>… --by "<name>"` records sign-offs of screen states against their
 * current visual baselines; `npm run signoff -- --list` shows every state's sign-off status.
 */
import { run } from './cli';

process.exitCode = run(process.argv.slice(2));
