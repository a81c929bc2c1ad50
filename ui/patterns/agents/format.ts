/** How the agents screens write money, tokens, durations, run people and the product-ID list. */
import { DELETED_USER } from '~/domain/account/rules';
import type { AgentRun } from '~/domain/agents/runs';
import { formatCount } from '~/ui/lib/format';

export {
  formatAgo,
  formatCount,
  formatDateTime,
  formatPrice,
  formatUsd,
  localeLabel,
} from '~/ui/lib/format';

/** "1,234,567 tokens". */
export function formatTokens(tokens: number): string {
  return `${formatCount(tokens)} ${tokens === 1 ? 'token' : 'tokens'}`;
}

/** "38 s", "9 min 12 s", "1 h 5 min": how long a run took, to the second under an hour. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** How long the run has been working (to `now` while it works), or null before it started. */
export function runDuration(
  run: Pick<AgentRun, 'startedAt' | 'finishedAt'>,
  now: Date,
): number | null {
  if (!run.startedAt) return null;
  return (run.finishedAt ?? now).getTime() - run.startedAt.getTime();
}

/** Who started the run: a name, else an email; a deleted account reads "a deleted user". */
export function startedByName(run: Pick<AgentRun, 'startedBy'>): string {
  return run.startedBy?.name ?? run.startedBy?.email ?? DELETED_USER;
}

/** When a run started (or was asked for, while queued). */
export function runStartedAt(run: Pick<AgentRun, 'startedAt' | 'createdAt'>): Date {
  return run.startedAt ?? run.createdAt;
}

/**
 * Product IDs as people paste them: one a line, or separated by commas, semicolons or tabs (a column
 * copied from a spreadsheet). Trimmed, blanks dropped, each kept once in the order first given.
 */
export function parseProductIds(text: string): string[] {
  const ids = text
    .split(/[\n\r,;\t]+/)
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
  return [...new Set(ids)];
}

/** "1 product ID", "3 product IDs". */
export function productIdCount(n: number): string {
  return `${formatCount(n)} product ${n === 1 ? 'ID' : 'IDs'}`;
}

/** "12 proposals", "1 proposal". */
export function proposalCount(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'proposal' : 'proposals'}`;
}

/** "3 items", "1 item". */
export function itemCount(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'item' : 'items'}`;
}
