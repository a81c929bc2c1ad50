/**
 * The trend panel: the chart (passed in, loaded lazily by the screen) with what its marks mean, and
 * the same numbers as a table for screen readers.
 */
import { type ReactNode, useId } from 'react';
import type { AnswersRemoved } from '~/domain/monitoring/retention';
import type { PublishMark, TrendPoint } from '~/domain/monitoring/runs';
import { Skeleton } from '~/ui/components/skeleton';
import { formatDay, formatN, formatRate, proposalCount, TREND_CHART_HEIGHT } from './format';

export const TREND_TEXT = {
  title: 'Mention rate over runs',
  legend:
    'The line is the mention rate of each run; the band its 95% interval. Dashed lines mark when approved changes were published.',
  tableCaption: 'Mention rate by run, with 95% intervals and the changes published before each run',
  columns: {
    run: 'Run finished',
    mentionRate: 'Mention rate (95% interval)',
    n: 'Answers',
    citationRate: 'Citation rate (95% interval)',
    published: 'Published before this run',
  },
  chartLabel: (engine: string) =>
    `Chart: mention rate over runs (${engine}), with its 95% interval as a band. The table that follows gives the figures.`,
  published: (mark: PublishMark) => `${proposalCount(mark.proposals)} on ${formatDay(mark.at)}`,
  onePoint: 'One run so far: the trend starts with the next.',
  answersRemoved: ({ before, keptDays }: AnswersRemoved) =>
    `Answers before ${formatDay(before)} were removed (kept ${keptDays} days). The figures of those runs stay.`,
} as const;

/** The publishes that fell after the run before `index` and before this one. */
function publishedBefore(
  trend: readonly TrendPoint[],
  index: number,
  publishes: readonly PublishMark[],
) {
  const from = index > 0 ? trend[index - 1]!.at.getTime() : -Infinity;
  const to = trend[index]!.at.getTime();
  return publishes.filter((mark) => mark.at.getTime() > from && mark.at.getTime() <= to);
}

export function TrendPanel({
  trend,
  publishes,
  engine,
  chart,
  answersRemoved = null,
}: {
  trend: readonly TrendPoint[];
  publishes: readonly PublishMark[];
  /** The org's retention removed the raw answers of earlier runs (their figures stay). */
  answersRemoved?: AnswersRemoved | null;
  /** Which engine's trend, for the chart's label: "All engines", "ChatGPT", … */
  engine: string;
  /** The chart (lazily loaded), or its skeleton. */
  chart: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-slot="monitoring-trend"
      className="flex break-inside-avoid flex-col gap-3"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {TREND_TEXT.title}
      </h2>
      <p className="max-w-3xl text-sm text-base-content/75">{TREND_TEXT.legend}</p>
      {trend.length < 2 ? <p className="text-sm">{TREND_TEXT.onePoint}</p> : null}
      {answersRemoved ? (
        <p
          data-slot="monitoring-answers-removed"
          className="max-w-3xl text-sm text-base-content/75"
        >
          {TREND_TEXT.answersRemoved(answersRemoved)}
        </p>
      ) : null}
      <div
        role="img"
        aria-label={TREND_TEXT.chartLabel(engine)}
        className="w-full rounded-box border border-base-300 p-3"
      >
        {chart}
      </div>
      <table className="sr-only">
        <caption>{TREND_TEXT.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{TREND_TEXT.columns.run}</th>
            <th scope="col">{TREND_TEXT.columns.mentionRate}</th>
            <th scope="col">{TREND_TEXT.columns.n}</th>
            <th scope="col">{TREND_TEXT.columns.citationRate}</th>
            <th scope="col">{TREND_TEXT.columns.published}</th>
          </tr>
        </thead>
        <tbody>
          {trend.map((point, i) => {
            const marks = publishedBefore(trend, i, publishes);
            return (
              <tr key={point.runId}>
                <th scope="row">{formatDay(point.at)}</th>
                <td>{formatRate(point.mentionRate)}</td>
                <td>{formatN(point.mentionRate.n)}</td>
                <td>{formatRate(point.citationRate)}</td>
                <td>{marks.length > 0 ? marks.map(TREND_TEXT.published).join('; ') : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

export function TrendChartSkeleton() {
  return <Skeleton className="w-full" style={{ height: TREND_CHART_HEIGHT }} />;
}
