/** A monitoring run in progress, live: samples ended of the total, per engine. */
import { useId } from 'react';
import type { EngineProgress, MonitoringRun } from '~/domain/monitoring/runs';
import {
  byEngine,
  engineName,
  formatCount,
  formatDateTime,
  progressEnded,
  samplesProgress,
} from './format';

export const RUN_PROGRESS_TEXT = {
  title: 'Run in progress',
  queued: 'Queued: the samples are being planned.',
  started: (at: string) => `Started ${at}`,
  earlier: 'The figures below are from the last finished run until this one ends.',
  firstRun: 'The first results appear here when this run ends.',
  progressLabel: (engine: string) => `${engine} progress`,
  failed: (n: number) => `${formatCount(n)} failed`,
} as const;

export function MonitoringRunProgress({
  run,
  hasEarlierResults,
}: {
  run: MonitoringRun;
  /** Whether finished results show under it (they stay until this run ends). */
  hasEarlierResults: boolean;
}) {
  const titleId = useId();
  const ended = run.samplesDone + run.samplesFailed;
  return (
    <section
      aria-labelledby={titleId}
      data-slot="monitoring-run-progress"
      data-run={run.id}
      className="flex flex-col gap-4 rounded-box border border-primary/40 bg-primary/5 p-5 print:hidden"
    >
      <div className="flex flex-col gap-1">
        <h2 id={titleId} className="text-base font-semibold">
          {RUN_PROGRESS_TEXT.title}
        </h2>
        <p className="text-sm text-base-content/75">
          {run.status === 'queued'
            ? RUN_PROGRESS_TEXT.queued
            : `${RUN_PROGRESS_TEXT.started(formatDateTime(run.startedAt ?? run.createdAt))} · ${samplesProgress(ended, run.samplesTotal)}`}
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-3">
        {byEngine(run.progress, (p) => p.engine).map((progress) => (
          <EngineProgressBar key={progress.engine} progress={progress} />
        ))}
      </ul>
      <p className="text-sm">
        {hasEarlierResults ? RUN_PROGRESS_TEXT.earlier : RUN_PROGRESS_TEXT.firstRun}
      </p>
    </section>
  );
}

function EngineProgressBar({ progress }: { progress: EngineProgress }) {
  const name = engineName(progress.engine);
  const ended = progressEnded(progress);
  const text = samplesProgress(ended, progress.total);
  const percent =
    progress.total > 0 ? Math.min(100, Math.round((ended / progress.total) * 100)) : 0;
  return (
    <li data-engine={progress.engine} className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{name}</span>
        <span className="tabular-nums">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-label={RUN_PROGRESS_TEXT.progressLabel(name)}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={ended}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-base-300"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {progress.failed > 0 ? (
        <span className="text-xs text-base-content/75">
          {RUN_PROGRESS_TEXT.failed(progress.failed)}
        </span>
      ) : null}
    </li>
  );
}
