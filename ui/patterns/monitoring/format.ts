/**
 * How the monitoring screens write their figures: a rate always with its 95% interval and its n, a
 * change in percentage points with its interval and p-value, never a bare number.
 */
import { AI_PROVIDER_NAMES, type AiEngine } from '~/domain/ai/models';
import type { AskedAs } from '~/domain/monitoring/runs';
import { ASK_MODE_LABELS } from '~/domain/monitoring/sources';
import type { EngineProgress, MonitoringRunStatus } from '~/domain/monitoring/runs';
import type { Interval, ProportionTest, Rate } from '~/domain/monitoring/stats';
import {
  type UpliftFigure,
  type UpliftOverall,
  upliftChangesText,
} from '~/domain/monitoring/uplift';
import { formatCount } from '~/ui/lib/format';

export { formatCount, formatDateTime } from '~/ui/lib/format';

/** The engines in the order the screens list them. */
export const ENGINE_ORDER: readonly AiEngine[] = ['openai', 'anthropic', 'google', 'perplexity'];

export const ALL_ENGINES = 'All engines';

/** The trend chart's height, shared by the chart and the skeleton shown while recharts loads. */
export const TREND_CHART_HEIGHT = 260;

/** How a run asked an engine, as the results and the prompt detail say it: "API with web search · gpt-5". */
export function askedAsText(asked: AskedAs): string {
  return `${ASK_MODE_LABELS[asked.mode]} · ${asked.model}`;
}

export function engineName(engine: AiEngine | null): string {
  return engine ? AI_PROVIDER_NAMES[engine] : ALL_ENGINES;
}

/** Sorts by ENGINE_ORDER. */
export function byEngine<T>(items: readonly T[], engineOf: (item: T) => AiEngine): T[] {
  return [...items].sort(
    (a, b) => ENGINE_ORDER.indexOf(engineOf(a)) - ENGINE_ORDER.indexOf(engineOf(b)),
  );
}

const MINUS = '\u2212';

/** "42%": a share to the whole percent; "—" when nothing was sampled. */
export function formatPercent(share: number | null): string {
  if (share === null) return '—';
  return `${Math.round(share * 100)}%`;
}

/** "35–49%": an interval of shares. */
export function formatInterval(interval: Interval): string {
  return `${Math.round(interval.low * 100)}–${Math.round(interval.high * 100)}%`;
}

/** "42% (35–49%)": a rate with its 95% interval; "No answers" when nothing was sampled. */
export function formatRate(rate: Rate): string {
  if (rate.rate === null || rate.n === 0) return 'No answers';
  return `${formatPercent(rate.rate)} (${formatInterval(rate)})`;
}

/** "n = 300": how many answers a figure stands on. */
export function formatN(n: number): string {
  return `n = ${formatCount(n)}`;
}

/** "2.3": the brand's average position among the brands named; "—" when no answer names it. */
export function formatPosition(position: number | null): string {
  return position === null ? '—' : position.toFixed(1);
}

/** "+12.3 pp", "−4.0 pp", "0.0 pp": a change in rate points (0..1) as percentage points. */
export function formatPoints(difference: number): string {
  const points = Math.round(difference * 1000) / 10;
  if (points === 0) return '0.0 pp';
  return `${points > 0 ? '+' : MINUS}${Math.abs(points).toFixed(1)} pp`;
}

/** "−6.5 to +28.1 pp": the interval of a difference. */
export function formatPointsInterval(interval: Interval): string {
  return `${formatPoints(interval.low).replace(' pp', '')} to ${formatPoints(interval.high)}`;
}

/** "p = 0.003", "p = 0.41", "p < 0.001": three decimals below 0.1, so 0.049 never reads 0.05. */
export function formatP(p: number): string {
  if (p < 0.001) return 'p < 0.001';
  return `p = ${p < 0.1 ? p.toFixed(3) : p.toFixed(2)}`;
}

/** "Significant (p = 0.003)", "Not significant (p = 0.41)", or why nothing could be tested. */
export function significanceLabel(test: ProportionTest): string {
  if (test.difference === null) return 'Not tested: no answers on one side';
  if (test.pValue === null) return 'Not significant: every answer the same on both sides';
  return `${test.significant ? 'Significant' : 'Not significant'} (${formatP(test.pValue)})`;
}

/**
 * An uplift row's verdict: "Significant (adjusted p = 0.002)", "Not significant (adjusted p = 0.44)",
 * "Not comparable: the prompt’s text changed", or "Waiting for runs".
 */
export function upliftVerdictLabel(figure: UpliftFigure, overall: UpliftOverall | null): string {
  if (figure.status === 'not-comparable') {
    return `Not comparable: ${upliftChangesText(figure.changes)}`;
  }
  if (figure.status === 'waiting') return 'Waiting for runs';
  const { test, adjustedP } = figure;
  if (test.difference === null) return 'Not tested: no answers on one side';
  if (adjustedP === null) return 'Not significant: every answer the same on both sides';
  const adjusted = `adjusted ${formatP(adjustedP)}`;
  if (figure.significant) return `Significant (${adjusted})`;
  if (adjustedP < 0.05 && !overall?.significant) {
    return `Not significant: the publish did not move the rate overall (${adjusted})`;
  }
  return `Not significant (${adjusted})`;
}

/** "The change is significant (p = 0.004)" for the overall answer. */
export function overallVerdictLabel(overall: UpliftOverall): string {
  return `${overall.significant ? 'Significant' : 'Not significant'} (${formatP(overall.pValue)})`;
}

/** "+17.3 pp (95% interval +6.5 to +28.1 pp)". */
export function formatDifference(test: ProportionTest): string {
  if (test.difference === null || !test.interval) return '—';
  return `${formatPoints(test.difference)} (95% interval ${formatPointsInterval(test.interval)})`;
}

/** "120 of 240 samples": samples ended (answered or failed) of the total. */
export function samplesProgress(ended: number, total: number): string {
  return `${formatCount(ended)} of ${formatCount(total)} ${total === 1 ? 'sample' : 'samples'}`;
}

export function progressEnded(progress: Pick<EngineProgress, 'done' | 'failed'>): number {
  return progress.done + progress.failed;
}

/** A run still going: the results wait for it, Run now waits for it. */
export function isRunActive(status: MonitoringRunStatus): boolean {
  return status === 'queued' || status === 'running';
}

const day = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Mar 2, 2026" (UTC, as every date on the team's screens). */
export function formatDay(date: Date): string {
  return day.format(date);
}

const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "Mar 2": a chart axis tick. */
export function formatShortDay(date: Date | number): string {
  return shortDay.format(date);
}

/** "2026-03-02": the export's file name date (UTC). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** "aeo-results-prod-2026-03-02.csv". */
export function resultsFileName(envSlug: string, date: Date): string {
  return `aeo-results-${envSlug}-${isoDay(date)}.csv`;
}

/** "1 answer", "12 answers". */
export function answerCount(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'answer' : 'answers'}`;
}

/** "1 proposal", "12 proposals". */
export function proposalCount(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'proposal' : 'proposals'}`;
}

/** Only http and https URLs become links; anything else an answer cites stays text. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
