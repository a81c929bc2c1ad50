/**
 * Alerts that tell a drop from noise (docs/product.md#alerts, ADR 0049). After each run, a detector per
 * engine and market compares the run's rates (mention, citation, inaccurate answers) with the runs
 * before it. The yardstick is the run-to-run noise the uplift measures in the env's own history
 * (uplift.ts, `estimateDrift`): a run's rate varies by its sampling and by the drift every prompt of
 * an engine shares, plus the prompts' own drift averaged over the prompts asked. The latest run, and
 * the latest two together (a drop that lasts), are tested one-sided against the trailing window; an
 * alert is raised only when the p-value clears a run's whole family of tests (Bonferroni at
 * ALERT_ALPHA a run), and it says by how much the rate moved against that noise.
 * Pure, so the server, the mocks and the calibration (`npm run calibrate:uplift`) agree.
 */
import { z } from 'zod/mini';
import { AI_PROVIDER_NAMES, type AiEngine } from '~/domain/ai/models';
import { marketName } from './markets';
import { normalCdf } from './stats';

export const ALERT_METRICS = ['mention', 'citation', 'accuracy'] as const;
export type AlertMetric = (typeof ALERT_METRICS)[number];

/** Runs before the tested ones that the baseline averages, at most, and at least. */
export const ALERT_WINDOW = 6;
export const ALERT_MIN_HISTORY = 3;
/** The chance of a false alert a run may take, every engine, market and metric together. */
export const ALERT_ALPHA = 0.01;
/** The latest run alone, and the latest two and three together (a drop that lasts). */
const RECENT = [1, 2, 3] as const;

/** One engine's counts for one prompt in a run, as its aggregate keeps them. */
export interface AlertCell {
  promptKey: string;
  engine: AiEngine;
  market: string | null;
  n: number;
  mentions: number;
  citations: number;
  claimsChecked: number;
  claimsWrong: number;
}

export interface AlertRun {
  id: string;
  finishedAt: Date;
  cells: readonly AlertCell[];
}

/** The env's run-to-run drift as shares of μ(1 − μ): all of it, and the part every prompt shares. */
export interface AlertNoise {
  total: number;
  common: number;
}

export interface AlertRate {
  rate: number;
  successes: number;
  n: number;
}

/** An alert as the detector raises it. */
export interface AlertFinding {
  /** null: every engine together, which sees a drop they share sooner than each alone. */
  engine: AiEngine | null;
  market: string | null;
  metric: AlertMetric;
  /** Mention and citation rates alert when they drop; the inaccurate-answer rate when it rises. */
  direction: 'drop' | 'rise';
  /** The trailing window's rate, and the tested runs' rate. */
  baseline: AlertRate;
  current: AlertRate;
  /** current − baseline, as a share (−0.21 is 21 points down). */
  difference: number;
  /** One standard deviation of that difference under no change: the run-to-run noise, as a share. */
  noise: number;
  pValue: number;
  /** The runs tested (the latest last) and the runs of the baseline, oldest first. */
  runIds: string[];
  baselineRunIds: string[];
}

const metricCounts = (cell: AlertCell, metric: AlertMetric) =>
  metric === 'mention'
    ? { successes: cell.mentions, n: cell.n }
    : metric === 'citation'
      ? { successes: cell.citations, n: cell.n }
      : { successes: cell.claimsWrong, n: cell.claimsChecked };

interface SeriesPoint {
  runId: string;
  successes: number;
  n: number;
  /** Cells behind it (prompts × engines), and engines. */
  cells: number;
  engines: number;
}

const seriesKey = (engine: string, market: string | null) => `${engine}\u0000${market ?? ''}`;

/**
 * The alerts the latest of `runs` (oldest first) raises against the runs before it. `noise` is the
 * drift the uplift measured in the env's history; the same shares are used for every metric.
 */
export function detectAlerts({
  runs,
  noise,
  alpha = ALERT_ALPHA,
  window = ALERT_WINDOW,
  minHistory = ALERT_MIN_HISTORY,
}: {
  runs: readonly AlertRun[];
  noise: AlertNoise;
  alpha?: number;
  window?: number;
  minHistory?: number;
}): AlertFinding[] {
  const latest = runs.at(-1);
  if (!latest) return [];
  const candidates: AlertFinding[] = [];
  let tests = 0;
  const series = new Map<string, { engine: AiEngine | null; market: string | null }>();
  for (const cell of latest.cells) {
    series.set(seriesKey('', cell.market), { engine: null, market: cell.market });
    series.set(seriesKey(cell.engine, cell.market), { engine: cell.engine, market: cell.market });
  }
  for (const { engine, market } of series.values()) {
    for (const metric of ALERT_METRICS) {
      // The series' points, oldest first: runs that asked this engine in this market.
      const points: SeriesPoint[] = [];
      for (const run of runs) {
        const cells = run.cells.filter(
          (c) => (engine === null || c.engine === engine) && c.market === market,
        );
        const counts = cells.map((c) => metricCounts(c, metric));
        const n = counts.reduce((s, c) => s + c.n, 0);
        if (n === 0) continue;
        points.push({
          runId: run.id,
          successes: counts.reduce((s, c) => s + c.successes, 0),
          n,
          cells: cells.filter((c) => metricCounts(c, metric).n > 0).length,
          engines: new Set(cells.map((c) => c.engine)).size,
        });
      }
      if (points.at(-1)?.runId !== latest.id) continue;
      let best: AlertFinding | null = null;
      for (const k of RECENT) {
        const recent = points.slice(-k);
        const before = points.slice(0, -k).slice(-window);
        if (recent.length < k || before.length < minHistory) continue;
        // A rate that was 0 throughout (no citation, no wrong claim) can move only one way.
        if ([...recent, ...before].every((p) => p.successes === 0)) continue;
        tests += 1;
        const finding = testSeries(recent, before, noise, metric);
        if (finding && (!best || finding.pValue < best.pValue)) {
          best = { engine, market, ...finding };
        }
      }
      if (best) candidates.push(best);
    }
  }
  // Every test of the run shares the run's chance of a false alert.
  const threshold = alpha / Math.max(1, tests);
  return candidates.filter((c) => c.pValue < threshold).sort((a, b) => a.pValue - b.pValue);
}

function testSeries(
  recent: readonly SeriesPoint[],
  before: readonly SeriesPoint[],
  noise: AlertNoise,
  metric: AlertMetric,
): Omit<AlertFinding, 'engine' | 'market'> | null {
  const sum = (points: readonly SeriesPoint[], pick: 'successes' | 'n') =>
    points.reduce((s, p) => s + p[pick], 0);
  const baseline = { successes: sum(before, 'successes'), n: sum(before, 'n') };
  const current = { successes: sum(recent, 'successes'), n: sum(recent, 'n') };
  // The no-change rate, kept off 0 and 1 so a series that never moved still has a variance.
  const mu = (baseline.successes + 0.5) / (baseline.n + 1);
  const v = mu * (1 - mu);
  // A run's drift: what an engine's prompts share, averaged over the engines, and the prompts' own,
  // averaged over every prompt and engine asked.
  const last = recent.at(-1)!;
  const drift =
    noise.common / Math.max(1, last.engines) +
    Math.max(0, noise.total - noise.common) / Math.max(1, last.cells);
  const variance =
    v * (1 / current.n + drift / recent.length) + v * (1 / baseline.n + drift / before.length);
  const sd = Math.sqrt(variance);
  const difference = current.successes / current.n - baseline.successes / baseline.n;
  const direction = metric === 'accuracy' ? 'rise' : 'drop';
  const z = difference / sd;
  const pValue = direction === 'drop' ? normalCdf(z) : 1 - normalCdf(z);
  if (!Number.isFinite(pValue)) return null;
  return {
    metric,
    direction,
    baseline: { rate: baseline.successes / baseline.n, ...baseline },
    current: { rate: current.successes / current.n, ...current },
    difference,
    noise: sd,
    pValue,
    runIds: recent.map((p) => p.runId),
    baselineRunIds: before.map((p) => p.runId),
  };
}

/** An alert as the procedures answer it: the finding, where it was raised, and whether it is open. */
export interface MonitoringAlert extends AlertFinding {
  id: string;
  runId: string;
  createdAt: Date;
  /** When the tested runs finished, oldest first (the latest is the run that raised it). */
  runsFinishedAt: Date[];
  dismissedAt: Date | null;
  /** Delivery to the env's webhook: none set, queued or retrying, sent, or given up with its error. */
  webhook: { status: AlertWebhookStatus; error: string | null; attempts: number };
}

export const ALERT_WEBHOOK_STATUSES = ['none', 'pending', 'sent', 'failed'] as const;
export type AlertWebhookStatus = (typeof ALERT_WEBHOOK_STATUSES)[number];

/** What `monitoring.alerts` answers. */
export interface MonitoringAlerts {
  alerts: MonitoringAlert[];
  /** The latest run has ended and is still being read for alerts: ask again shortly. */
  pending: boolean;
}

/** Open alerts Home lists, newest first. */
export const ALERTS_LIMIT = 20;

export const ALERT_MESSAGES = {
  notFound: 'This alert is not in this environment.',
  webhookUrl:
    'Give an https:// address, like https://hooks.slack.com/services/…, or leave it empty',
} as const;

/** What an alert says of its rate: "Mention rate", "Inaccurate answers". */
export const ALERT_METRIC_NAMES: Record<AlertMetric, string> = {
  mention: 'Mention rate',
  citation: 'Citation rate',
  accuracy: 'Inaccurate answers',
};

/** Hosts a development server may post to over plain http: a receiver on the same machine. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Whether a webhook address is one Beacon may post to, as written: https, or http to this machine
 * (for a receiver in development; a production server refuses it, and checks where every address
 * resolves to before it sends: server/monitoring/webhook.ts).
 */
export function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.username || url.password || url.hostname === '') return false;
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname))
    );
  } catch {
    return false;
  }
}

const percent = (share: number) => `${Math.round(share * 100)}%`;
const points = (share: number) => `${Math.abs(Math.round(share * 100))} points`;

/** An alert in one line, as Home shows it and the webhook sends it. */
export function alertText(alert: AlertFinding): string {
  const engine = alert.engine ? AI_PROVIDER_NAMES[alert.engine] : 'every engine';
  const market = alert.market ? ` in ${marketName(alert.market)}` : '';
  const moved = alert.direction === 'drop' ? 'fell' : 'rose';
  const runs =
    alert.runIds.length === 1 ? 'the latest run' : `the latest ${alert.runIds.length} runs`;
  return `${ALERT_METRIC_NAMES[alert.metric]} on ${engine}${market} ${moved} from ${percent(alert.baseline.rate)} to ${percent(alert.current.rate)} in ${runs} (${points(alert.difference)}, ${(Math.abs(alert.difference) / alert.noise).toFixed(1)}× the run-to-run noise of ±${points(alert.noise)}).`;
}

/** The env's webhook for alerts (Slack-compatible JSON), or '' for none. */
export const alertWebhookSchema = z.union([
  z.literal(''),
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(2_000, ALERT_MESSAGES.webhookUrl),
      z.refine(isWebhookUrl, ALERT_MESSAGES.webhookUrl),
    ),
]);
