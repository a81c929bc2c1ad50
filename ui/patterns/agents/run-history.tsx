/** An agent's past runs, newest first: who and when, how it went, what it made and cost; each linked to its proposals. */
import { HistoryIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { AgentRun } from '~/domain/agents/runs';
import { EmptyState } from '~/ui/components/empty-state';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/ui/components/table';
import { cn } from '~/ui/lib/cn';
import {
  formatCount,
  formatDateTime,
  formatDuration,
  formatUsd,
  proposalCount,
  runDuration,
  runStartedAt,
  startedByName,
} from './format';
import { RunStatusBadge } from './run-status';

export const RUN_HISTORY_TEXT = {
  title: 'Run history',
  columns: [
    'Started by',
    'Started at',
    'Status',
    'Items',
    'Proposals',
    'Tokens',
    'Cost',
    'Duration',
  ],
  emptyTitle: 'No runs yet',
  emptyDescription: 'Each run shows here with who started it, what it proposed and what it cost.',
  items: (done: number, total: number) => `${formatCount(done)} of ${formatCount(total)}`,
  failed: (n: number) => `${formatCount(n)} failed`,
  proposalsOf: (run: AgentRun) =>
    `${proposalCount(run.proposals)} of the run started ${formatDateTime(runStartedAt(run))}`,
} as const;

function HistorySection({ children }: { children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-base font-semibold">
        {RUN_HISTORY_TEXT.title}
      </h2>
      {children}
    </section>
  );
}

export function RunHistory({
  runs,
  now,
  renderProposalsLink,
}: {
  runs: readonly AgentRun[];
  now: Date;
  /** Wraps `children` in a link to the run's proposals, named `label` for assistive tech. */
  renderProposalsLink(run: AgentRun, children: ReactNode, label: string): ReactNode;
}) {
  if (runs.length === 0) {
    return (
      <HistorySection>
        <EmptyState
          icon={<HistoryIcon />}
          title={RUN_HISTORY_TEXT.emptyTitle}
          description={RUN_HISTORY_TEXT.emptyDescription}
        />
      </HistorySection>
    );
  }
  return (
    <HistorySection>
      <Table aria-label={RUN_HISTORY_TEXT.title}>
        <TableHeader>
          <TableRow>
            {RUN_HISTORY_TEXT.columns.map((column, i) => (
              <TableHead key={column} className={cn('px-2', i >= 3 && 'text-right')}>
                {column}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {runs.map((run) => {
            const duration = runDuration(run, now);
            return (
              <TableRow key={run.id} data-run={run.id}>
                <TableCell className="px-2 whitespace-normal">{startedByName(run)}</TableCell>
                <TableCell className="px-2">
                  <StartedAt date={runStartedAt(run)} />
                </TableCell>
                <TableCell className="px-2">
                  <RunStatusBadge status={run.status} />
                </TableCell>
                <TableCell className="px-2 text-right tabular-nums">
                  {run.itemsTotal > 0 ? RUN_HISTORY_TEXT.items(run.itemsDone, run.itemsTotal) : '—'}
                  {run.itemsFailed > 0 ? (
                    <span className="block text-xs text-base-content/75">
                      {RUN_HISTORY_TEXT.failed(run.itemsFailed)}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell className="px-2 text-right tabular-nums">
                  {run.proposals > 0
                    ? renderProposalsLink(
                        run,
                        formatCount(run.proposals),
                        RUN_HISTORY_TEXT.proposalsOf(run),
                      )
                    : '0'}
                </TableCell>
                <TableCell className="px-2 text-right tabular-nums">
                  {formatCount(run.inputTokens + run.outputTokens)}
                </TableCell>
                <TableCell className="px-2 text-right tabular-nums">
                  {formatUsd(run.costUsd)}
                </TableCell>
                <TableCell className="px-2 text-right tabular-nums">
                  {duration === null ? '—' : formatDuration(duration)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </HistorySection>
  );
}

/** "Mar 2, 2026," over "08:00 UTC": the table stays narrow enough for its eight columns. */
function StartedAt({ date }: { date: Date }) {
  const text = formatDateTime(date);
  const cut = text.lastIndexOf(', ') + 1;
  return (
    <time dateTime={date.toISOString()}>
      <span className="block">{text.slice(0, cut)}</span>{' '}
      <span className="block">{text.slice(cut + 1)}</span>
    </time>
  );
}
