/** The sign-off command's arguments, output and exit code (main.ts runs it). */
import { parseArgs } from 'node:util';
import {
  SIGNOFF_LABELS,
  type SignoffStatus,
  signedOffLine,
  summarize,
  summaryLine,
} from '~/stories/support/signoff';
import { loadContext, RECORD_PATH, signOff, statuses, writeRecord } from './record';

const USAGE = `Usage:
  npm run signoff -- <state-id>… --by "<name>"   sign states off against their current baselines
  npm run signoff -- --list                      every state: signed off, changed since, or never`;

function describe(status: SignoffStatus): string {
  if (status.state === 'never') return SIGNOFF_LABELS.never;
  const line = status.entry ? signedOffLine(status.entry) : SIGNOFF_LABELS[status.state];
  if (status.state === 'signed-off') return line;
  return `${SIGNOFF_LABELS.changed} (${line.charAt(0).toLowerCase()}${line.slice(1)}; changed: ${status.changedFiles.join(', ')})`;
}

export interface RunOptions {
  root?: string;
  now?: Date;
  out?: { log(line: string): void; error(line: string): void };
}

export function run(
  argv: string[],
  { root = '.', now = new Date(), out = console }: RunOptions = {},
): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { by: { type: 'string' }, list: { type: 'boolean' }, help: { type: 'boolean' } },
    });
  } catch (error) {
    out.error(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    out.log(USAGE);
    return 0;
  }
  const context = loadContext(root);
  if (values.list) {
    if (positionals.length > 0 || values.by !== undefined) {
      out.error(`--list takes no state ids and no --by.\n\n${USAGE}`);
      return 1;
    }
    const all = statuses(context);
    const width = Math.max(...all.map((status) => status.id.length));
    for (const status of all) {
      const pending = context.stories.has(status.id) ? '' : ' (no story yet)';
      out.log(`${status.id.padEnd(width)}  ${describe(status)}${pending}`);
    }
    out.log(`\n${summaryLine(summarize(all))}`);
    return 0;
  }
  const result = signOff(context, positionals, values.by, now);
  if (!result.ok) {
    out.error(
      `Nothing recorded; ${RECORD_PATH} is unchanged.\n${result.errors.map((error) => `  ${error}`).join('\n')}\n\n${USAGE}`,
    );
    return 1;
  }
  writeRecord(root, result.record);
  for (const id of new Set(positionals)) {
    const entry = result.record.signoffs[id];
    if (entry) out.log(`${id}: ${signedOffLine(entry)}`);
  }
  out.log(`Recorded in ${RECORD_PATH}; commit it with the baselines it approves.`);
  return 0;
}
