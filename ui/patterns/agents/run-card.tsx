/**
 * The current (or last) run of an agent: live progress while it works, with Cancel; once it ends,
 * what it did, why items failed in plain words, and what it kept for review.
 */
import { SquareIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { AGENT_MESSAGES } from '~/domain/agents/messages';
import { type AgentRun, isRunActive, itemsEnded } from '~/domain/agents/runs';
import { AI_PROVIDER_NAMES } from '~/domain/ai/models';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import {
  formatCount,
  formatDateTime,
  formatDuration,
  formatUsd,
  itemCount,
  proposalCount,
  runDuration,
  runStartedAt,
  startedByName,
} from './format';
import { RunStatusBadge } from './run-status';

export const RUN_CARD_TEXT = {
  current: 'Current run',
  last: 'Last run',
  queued: 'Queued: Beacon is working out which products and languages the run covers.',
  progressLabel: 'Run progress',
  proposals: 'Proposals created',
  failedItems: 'Items failed',
  refused: 'Values refused by checks',
  elapsed: 'Elapsed',
  duration: 'Duration',
  tokens: 'Tokens',
  costSoFar: 'Cost so far',
  cost: 'Cost',
  cancel: 'Cancel run',
  cancelling: 'Cancelling…',
  cancelFailed: 'Could not cancel the run',
  failedTitle: 'The run failed',
  partlyFailedTitle: (failed: number) => `${itemCount(failed)} failed`,
  cancelledNote: (notRun: number) => `Cancelled: ${itemCount(notRun)} not run.`,
  succeededNote: (done: number) => `All ${itemCount(done)} done.`,
  kept: (n: number) => `${proposalCount(n)} kept for review`,
  review: (n: number) => `Review ${proposalCount(n)}`,
  nothingKept: 'No proposals were kept.',
  startedBy: (name: string, at: string) => `Started by ${name} · ${at}`,
  only: (ids: readonly string[]) =>
    `For ${ids.length === 1 ? 'product' : 'products'} ${ids.join(', ')} only, started from an answer that got ${ids.length === 1 ? 'it' : 'them'} wrong`,
  model: (run: Pick<AgentRun, 'provider' | 'model' | 'concurrency'>) =>
    `${AI_PROVIDER_NAMES[run.provider]} (${run.model}) · ${formatCount(run.concurrency)} at a time`,
} as const;

export function RunCard({
  run,
  now,
  onCancel,
  cancelling = false,
  cancelError = null,
  renderProposalsLink,
}: {
  run: AgentRun;
  /** The clock elapsed time is read against while the run works. */
  now: Date;
  onCancel(): void;
  /** Cancel was pressed and the server has not answered yet. */
  cancelling?: boolean;
  cancelError?: string | null;
  /** Wraps `children` in a link to the run's proposals in the review queue. */
  renderProposalsLink(run: AgentRun, children: ReactNode): ReactNode;
}) {
  const titleId = useId();
  const active = isRunActive(run.status);
  const stopping = cancelling || run.status === 'cancelling';
  const duration = runDuration(run, now);
  return (
    <section
      aria-labelledby={titleId}
      data-slot="run-card"
      data-run={run.id}
      className="flex flex-col gap-4 rounded-box border border-base-300 p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="text-base font-semibold">
              {active ? RUN_CARD_TEXT.current : RUN_CARD_TEXT.last}
            </h2>
            <RunStatusBadge status={run.status} />
          </div>
          <p className="text-sm text-base-content/75">
            {RUN_CARD_TEXT.startedBy(startedByName(run), formatDateTime(runStartedAt(run)))}
          </p>
          <p className="text-sm text-base-content/75">{RUN_CARD_TEXT.model(run)}</p>
          {run.scope.only ? (
            <p className="text-sm text-base-content/75">{RUN_CARD_TEXT.only(run.scope.only)}</p>
          ) : null}
        </div>
        {active ? (
          <Button variant="outline" size="sm" onClick={onCancel} loading={stopping}>
            {stopping ? null : <SquareIcon aria-hidden />}
            {stopping ? RUN_CARD_TEXT.cancelling : RUN_CARD_TEXT.cancel}
          </Button>
        ) : null}
      </div>

      {run.status === 'queued' ? <p className="text-sm">{RUN_CARD_TEXT.queued}</p> : null}
      {active && run.status !== 'queued' ? <RunProgress run={run} /> : null}
      {run.status === 'succeeded' ? (
        <p className="text-sm">{RUN_CARD_TEXT.succeededNote(run.itemsDone)}</p>
      ) : null}
      {run.status === 'cancelled' ? (
        <p className="text-sm">{RUN_CARD_TEXT.cancelledNote(run.itemsCancelled)}</p>
      ) : null}

      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
        <Stat label={RUN_CARD_TEXT.proposals} value={formatCount(run.proposals)} />
        <Stat label={RUN_CARD_TEXT.failedItems} value={formatCount(run.itemsFailed)} />
        {run.refused > 0 ? (
          <Stat label={RUN_CARD_TEXT.refused} value={formatCount(run.refused)} />
        ) : null}
        <Stat
          label={active ? RUN_CARD_TEXT.elapsed : RUN_CARD_TEXT.duration}
          value={duration === null ? '—' : formatDuration(duration)}
        />
        <Stat
          label={RUN_CARD_TEXT.tokens}
          value={formatCount(run.inputTokens + run.outputTokens)}
        />
        <Stat
          label={active ? RUN_CARD_TEXT.costSoFar : RUN_CARD_TEXT.cost}
          value={formatUsd(run.costUsd)}
        />
      </dl>

      {run.status === 'failed' || run.status === 'partly-failed' ? (
        <RunFailure run={run} renderProposalsLink={renderProposalsLink} />
      ) : !active ? (
        <Kept run={run} renderProposalsLink={renderProposalsLink} />
      ) : null}
      {cancelError ? (
        <Callout variant="error" title={RUN_CARD_TEXT.cancelFailed} description={cancelError} />
      ) : null}
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-base-content/70">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

/** "53 of 84 items" and its bar; items ended counts done, failed and cancelled alike. */
export function RunProgress({ run }: { run: AgentRun }) {
  const ended = itemsEnded(run);
  const text = AGENT_MESSAGES.progress(ended, run.itemsTotal);
  const percent =
    run.itemsTotal > 0 ? Math.min(100, Math.round((ended / run.itemsTotal) * 100)) : 0;
  return (
    <div className="flex w-full max-w-xl flex-col gap-1.5">
      <p className="text-sm font-medium">{text}</p>
      <div
        role="progressbar"
        aria-label={RUN_CARD_TEXT.progressLabel}
        aria-valuemin={0}
        aria-valuemax={run.itemsTotal}
        aria-valuenow={ended}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-base-300"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** What the run kept for review, linked to the queue filtered to it. */
function Kept({
  run,
  renderProposalsLink,
}: {
  run: AgentRun;
  renderProposalsLink(run: AgentRun, children: ReactNode): ReactNode;
}) {
  if (run.proposals === 0) return <p className="text-sm">{RUN_CARD_TEXT.nothingKept}</p>;
  return (
    <p className="text-sm font-medium">
      {renderProposalsLink(
        run,
        run.status === 'succeeded'
          ? RUN_CARD_TEXT.review(run.proposals)
          : RUN_CARD_TEXT.kept(run.proposals),
      )}
    </p>
  );
}

/** Why the run (or some of its items) failed, in the words the server wrote, and what was kept. */
function RunFailure({
  run,
  renderProposalsLink,
}: {
  run: AgentRun;
  renderProposalsLink(run: AgentRun, children: ReactNode): ReactNode;
}) {
  // The run-wide error is usually also the first reason; say it once.
  const reasons = run.errors.filter((e) => !(run.errors.length === 1 && e.message === run.error));
  return (
    <Callout
      variant={run.status === 'failed' ? 'error' : 'warning'}
      title={
        run.status === 'failed'
          ? RUN_CARD_TEXT.failedTitle
          : RUN_CARD_TEXT.partlyFailedTitle(run.itemsFailed)
      }
      description={
        <div className="flex flex-col gap-2">
          {run.error ? <p data-slot="run-error">{run.error}</p> : null}
          {reasons.length > 0 ? (
            <ul className="flex list-disc flex-col gap-1 pl-5" aria-label="Why items failed">
              {reasons.map((reason) => (
                <li key={reason.reason}>
                  {reason.message}{' '}
                  <span className="font-medium whitespace-nowrap">({itemCount(reason.items)})</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      }
      action={<Kept run={run} renderProposalsLink={renderProposalsLink} />}
    />
  );
}
