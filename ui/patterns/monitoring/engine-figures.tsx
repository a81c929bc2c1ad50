/**
 * One engine's figures (or every engine's together) in the latest finished run: mention and citation
 * rates with their 95% intervals and n, the average position, share of voice against the
 * competitors, and the sentiment of the answers that name the brand.
 */
import { useId } from 'react';
import type { EngineFigures } from '~/domain/monitoring/runs';
import { SENTIMENTS, type Sentiment } from '~/domain/monitoring/parse';
import { Skeleton } from '~/ui/components/skeleton';
import { cn } from '~/ui/lib/cn';
import {
  askedAsText,
  engineName,
  formatCount,
  formatDateTime,
  formatPercent,
  formatPosition,
} from './format';
import { RateStat } from './rate';

export const ENGINE_FIGURES_TEXT = {
  mentionRate: 'Mention rate',
  citationRate: 'Citation rate',
  averagePosition: 'Average position',
  positionNote: 'Among the brands an answer names, over the answers naming yours',
  shareOfVoice: 'Share of voice',
  shareOfVoiceNote: 'Share of all brand mentions in these answers',
  sentiment: 'Sentiment',
  sentimentNote: 'Of the answers naming the brand (rule-based)',
  notMeasured: 'Not measured',
  sentiments: {
    positive: 'Positive',
    neutral: 'Neutral',
    negative: 'Negative',
    mixed: 'Mixed',
  } satisfies Record<Sentiment, string>,
} as const;

export const FIGURES_TEXT = {
  title: 'Latest results',
  finished: (at: string) => `From the run finished ${at}.`,
  howToRead:
    'Rates are shares of the answers sampled, each with its 95% interval (Wilson score) in brackets and the number of answers (n) it stands on.',
} as const;

/** The latest finished run's figures: every engine together first, then each engine. */
export function FiguresOverview({
  figures,
  brand,
  finishedAt,
  sentimentNotMeasured = null,
}: {
  figures: readonly EngineFigures[];
  brand: string;
  finishedAt: Date | null;
  /** Why sentiment is not measured (a market whose language has no cues); null when it is. */
  sentimentNotMeasured?: string | null;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-slot="monitoring-figures"
      className="flex flex-col gap-3"
    >
      <div className="flex flex-col gap-1">
        <h2 id={titleId} className="text-lg font-semibold">
          {FIGURES_TEXT.title}
        </h2>
        <p className="max-w-3xl text-sm text-base-content/75">
          {finishedAt ? `${FIGURES_TEXT.finished(formatDateTime(finishedAt))} ` : null}
          {FIGURES_TEXT.howToRead}
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-4 print:grid-cols-2">
        {figures.map((f) => (
          <EngineFiguresCard
            key={f.engine ?? 'all'}
            figures={f}
            brand={brand}
            sentimentNotMeasured={sentimentNotMeasured}
          />
        ))}
      </div>
    </section>
  );
}

export function EngineFiguresCard({
  figures,
  brand,
  sentimentNotMeasured = null,
}: {
  figures: EngineFigures;
  brand: string;
  sentimentNotMeasured?: string | null;
}) {
  const titleId = useId();
  const name = engineName(figures.engine);
  return (
    <section
      aria-labelledby={titleId}
      data-slot="engine-figures"
      data-engine={figures.engine ?? 'all'}
      className="flex break-inside-avoid flex-col gap-4 rounded-box border border-base-300 p-5"
    >
      <div className="flex flex-col gap-0.5">
        <h3 id={titleId} className="text-base font-semibold">
          {name}
        </h3>
        {figures.asked ? (
          <p className="text-sm text-base-content/75" data-slot="asked-as">
            {askedAsText(figures.asked)}
          </p>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
        <RateStat label={ENGINE_FIGURES_TEXT.mentionRate} rate={figures.mentionRate} />
        <RateStat label={ENGINE_FIGURES_TEXT.citationRate} rate={figures.citationRate} />
        <div className="col-span-2 flex flex-col gap-0.5">
          <dt className="text-sm text-base-content/75">{ENGINE_FIGURES_TEXT.averagePosition}</dt>
          <dd className="flex items-baseline gap-2">
            <span className="text-xl font-semibold tabular-nums">
              {formatPosition(figures.averagePosition)}
            </span>
            <span className="text-xs text-base-content/75">{ENGINE_FIGURES_TEXT.positionNote}</span>
          </dd>
        </div>
      </dl>
      <ShareOfVoice shares={figures.shareOfVoice} brand={brand} engine={name} />
      <SentimentCounts
        sentiment={figures.sentiment}
        engine={name}
        notMeasured={sentimentNotMeasured}
      />
    </section>
  );
}

/** Brands by their share of mentions, the brand's own bar in the primary colour. */
export function ShareOfVoice({
  shares,
  brand,
  engine,
}: {
  shares: Record<string, number>;
  brand: string;
  engine: string;
}) {
  const titleId = useId();
  const rows = Object.entries(shares).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col">
        <h4 id={titleId} className="text-sm font-medium">
          {ENGINE_FIGURES_TEXT.shareOfVoice}
          <span className="sr-only"> ({engine})</span>
        </h4>
        <p className="text-xs text-base-content/75">{ENGINE_FIGURES_TEXT.shareOfVoiceNote}</p>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-base-content/75">No brand was named.</p>
      ) : (
        <ul aria-labelledby={titleId} className="flex flex-col gap-1.5">
          {rows.map(([name, share]) => (
            <li
              key={name}
              data-brand={name}
              className="grid grid-cols-[8rem_1fr_3rem] items-center gap-2 text-sm"
            >
              <span className={cn('truncate', name === brand && 'font-semibold')}>{name}</span>
              <span
                aria-hidden
                className="h-2 overflow-hidden rounded-full bg-base-300 print:border print:border-base-content/40"
              >
                <span
                  className={cn(
                    'block h-full rounded-full',
                    name === brand ? 'bg-primary' : 'bg-base-content/45',
                  )}
                  style={{ width: `${Math.round(share * 100)}%` }}
                />
              </span>
              <span className="text-right tabular-nums">{formatPercent(share)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SentimentCounts({
  sentiment,
  engine,
  notMeasured,
}: {
  sentiment: Record<Sentiment, number>;
  engine: string;
  notMeasured: string | null;
}) {
  if (notMeasured) {
    return (
      <div className="flex flex-col gap-1" data-slot="sentiment-not-measured">
        <h4 className="text-sm font-medium">
          {ENGINE_FIGURES_TEXT.sentiment}
          <span className="sr-only"> ({engine})</span>
        </h4>
        <p className="text-sm">{ENGINE_FIGURES_TEXT.notMeasured}</p>
        <p className="text-xs text-base-content/75">{notMeasured}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col">
        <h4 className="text-sm font-medium">
          {ENGINE_FIGURES_TEXT.sentiment}
          <span className="sr-only"> ({engine})</span>
        </h4>
        <p className="text-xs text-base-content/75">{ENGINE_FIGURES_TEXT.sentimentNote}</p>
      </div>
      <dl className="grid grid-cols-4 gap-2 text-sm">
        {SENTIMENTS.map((s) => (
          <div key={s} className="flex flex-col">
            <dt className="text-xs text-base-content/75">{ENGINE_FIGURES_TEXT.sentiments[s]}</dt>
            <dd className="font-medium tabular-nums">{formatCount(sentiment[s])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** While the results load: the figures' cards and the chart's frame. */
export function ResultsSkeleton() {
  return (
    <div data-slot="monitoring-skeleton" aria-hidden className="flex flex-col gap-6">
      <Skeleton className="h-6 w-48" />
      <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-72" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
