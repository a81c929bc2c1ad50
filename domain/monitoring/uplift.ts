/**
 * Did a publish of approved changes make the assistants name the brand more often? (ADR 0040,
 * docs/product.md#monitoring). A window of runs before the publish is compared with a window after
 * it, engine by engine, with the run-to-run drift measured from the env's own history counted in every
 * interval; rows whose runs are not like for like get no verdict; the prompts' verdicts are adjusted
 * for their number (Benjamini–Hochberg); and one overall answer comes from a stratified test across
 * prompts and engines, against the prompts that named no changed product where there are some.
 * Pure, so the server, the mocks, the planner on the config screen and the calibration agree.
 */
import { AI_PROVIDER_NAMES, type AiEngine } from '~/domain/ai/models';
import {
  benjaminiHochberg,
  type Interval,
  normalQuantile,
  type ProportionTest,
  studentTCdf,
  studentTQuantile,
  windowTest,
} from './stats';

/** A run's answers for one prompt on one engine, as its aggregate counts them. */
export interface UpliftCell {
  promptKey: string;
  engine: AiEngine;
  n: number;
  mentions: number;
  /** Catalogue products the answers named. */
  products: readonly string[];
}

/** A finished run as the uplift reads it: what it asked, how it read answers, what it counted. */
export interface UpliftRun {
  id: string;
  prompts: readonly { key: string; text: string }[];
  /** The brand's name and its other spellings. */
  brand: readonly string[];
  competitors: readonly string[];
  cells: readonly UpliftCell[];
}

/** What changed between (or within) the windows, so a row is not compared. */
export type UpliftChange =
  | { kind: 'prompt-text' }
  | { kind: 'engines'; onlyBefore: AiEngine[]; onlyAfter: AiEngine[] }
  | { kind: 'brand' }
  | { kind: 'competitors' };

const engineList = (engines: readonly AiEngine[]) =>
  engines.map((e) => AI_PROVIDER_NAMES[e]).join(' and ');

/**
 * What changed, in words, for the screen and the export: "the prompt’s text changed; the engines
 * changed (Gemini only before)".
 */
export function upliftChangesText(changes: readonly UpliftChange[]): string {
  return changes
    .map((change) => {
      switch (change.kind) {
        case 'prompt-text':
          return 'the prompt’s text changed';
        case 'brand':
          return 'the brand’s spellings changed';
        case 'competitors':
          return 'the competitors changed';
        case 'engines': {
          const sides = [
            ...(change.onlyBefore.length > 0
              ? [`${engineList(change.onlyBefore)} only before`]
              : []),
            ...(change.onlyAfter.length > 0 ? [`${engineList(change.onlyAfter)} only after`] : []),
          ];
          return `the engines changed (${sides.join(', ')})`;
        }
      }
    })
    .join('; ');
}

export type UpliftStatus = 'tested' | 'waiting' | 'not-comparable';

export interface UpliftFigure {
  promptKey: string;
  promptText: string;
  /** The changed products this prompt concerns (named in its answers before or after). */
  products: string[];
  /** 'tested': a verdict; 'waiting': too few runs yet; 'not-comparable': see `changes`. */
  status: UpliftStatus;
  /** The engines compared (answering on both sides), each its own stratum. */
  engines: AiEngine[];
  /**
   * The windows' rates (each with its answers and a 95% interval that counts the drift) and, when
   * tested, the difference with its interval and the unadjusted p-value.
   */
  test: ProportionTest;
  /** The Benjamini–Hochberg adjusted p-value among the prompts tested in this view. */
  adjustedP: number | null;
  /** The verdict: the adjusted p-value below 0.05. */
  significant: boolean;
  /** Why the row is not comparable; empty otherwise. */
  changes: UpliftChange[];
}

/** The overall answer to "did this publish help", across prompts and engines. */
export interface UpliftOverall {
  /** 'difference-in-differences': against the prompts that named no changed product. */
  method: 'difference-in-differences' | 'stratified';
  /** Prompts tested (their answers named a changed product) and prompts compared against. */
  prompts: number;
  controls: number;
  /** The change in mention rate (after − before), net of the controls' change when there are some. */
  difference: number;
  interval: Interval;
  pValue: number;
  significant: boolean;
}

/**
 * The run-to-run drift measured in the env's history, as shares of the binomial variance μ(1 − μ):
 * a run's rate for a prompt on an engine varies by μ(1 − μ)(1/n + total), and `common` of that moves
 * every prompt of the run on that engine together.
 */
export interface UpliftDrift {
  total: number;
  common: number;
  /** Degrees of freedom behind `total`: each prompt-engine series' runs beyond its first, summed. */
  df: number;
  /** Degrees of freedom behind `common`: each engine's runs beyond its first in each stretch. */
  clusterDf: number;
}

export interface UpliftSummary {
  /** Runs each window holds now, and how many each needs for a verdict. */
  runsBefore: number;
  runsAfter: number;
  runsNeeded: number;
  /** Both windows hold the runs they need: only then is there a verdict. */
  ready: boolean;
  overall: UpliftOverall | null;
  drift: UpliftDrift;
}

export interface UpliftInput {
  /** Finished runs, oldest first. */
  runs: readonly UpliftRun[];
  /** Each publish: the index in `runs` of the first run after it, ascending; the last is tested. */
  publishes: readonly { after: number; products: readonly string[] }[];
  /** Runs each window needs (the config's upliftRuns). */
  windowRuns: number;
}

const ALPHA = 0.05;
const seriesKey = (promptKey: string, text: string, engine: string) =>
  `${promptKey}\u0000${text}\u0000${engine}`;
const fingerprint = (items: readonly string[]) =>
  [...items]
    .map((s) => s.trim().toLocaleLowerCase('en-US'))
    .sort()
    .join('\u0000');
const textOf = (run: UpliftRun, key: string) => run.prompts.find((p) => p.key === key)?.text;

/**
 * The drift (UpliftDrift) by the method of moments over stretches of runs with no publish and no
 * change in how answers are read: each prompt-engine series' Pearson dispersion gives the total, the
 * products of different prompts' residuals in the same run and engine give the common part.
 */
export function estimateDrift(
  runs: readonly UpliftRun[],
  breaks: ReadonlySet<number>,
): UpliftDrift {
  const stretches: number[][] = [];
  let reading = '';
  runs.forEach((run, i) => {
    const now = `${fingerprint(run.brand)}\u0001${fingerprint(run.competitors)}`;
    if (i === 0 || breaks.has(i) || now !== reading) stretches.push([]);
    reading = now;
    stretches.at(-1)!.push(i);
  });
  let pearson = 0;
  let df = 0;
  let dfN = 0;
  let cross = 0;
  let crossWeight = 0;
  let clusterDf = 0;
  for (const stretch of stretches) {
    const series = new Map<string, { r: number; n: number; m: number; engine: string }[]>();
    for (const r of stretch) {
      for (const cell of runs[r]!.cells) {
        const text = textOf(runs[r]!, cell.promptKey);
        if (cell.n === 0 || text === undefined) continue;
        const key = seriesKey(cell.promptKey, text, cell.engine);
        const list = series.get(key) ?? [];
        list.push({ r, n: cell.n, m: cell.mentions, engine: cell.engine });
        series.set(key, list);
      }
    }
    // Standardised residuals per run and engine, one per prompt, for the common part.
    const residuals = new Map<string, { z: number; weight: number }[]>();
    for (const points of series.values()) {
      if (points.length < 2) continue;
      const mu = points.reduce((s, p) => s + p.m, 0) / points.reduce((s, p) => s + p.n, 0);
      if (mu <= 0 || mu >= 1) continue;
      const v = mu * (1 - mu);
      const R = points.length;
      for (const p of points) {
        pearson += (p.m - p.n * mu) ** 2 / (p.n * v);
        const key = `${p.r}\u0000${p.engine}`;
        const list = residuals.get(key) ?? [];
        list.push({ z: (p.m / p.n - mu) / Math.sqrt(v), weight: (R - 1) / R });
        residuals.set(key, list);
      }
      df += R - 1;
      dfN += (R - 1) * (points.reduce((s, p) => s + p.n, 0) / R);
    }
    const engines = new Set([...residuals.keys()].map((key) => key.split('\u0000')[1]));
    clusterDf += residuals.size - engines.size;
    for (const list of residuals.values()) {
      const sum = list.reduce((s, x) => s + x.z, 0);
      const squares = list.reduce((s, x) => s + x.z * x.z, 0);
      const weight = list.reduce((s, x) => s + x.weight, 0) / Math.max(1, list.length);
      cross += sum * sum - squares;
      crossWeight += list.length * (list.length - 1) * weight;
    }
  }
  const total = dfN > 0 ? Math.max(0, (pearson - df) / dfN) : 0;
  // With one prompt there is no pair to tell common drift from a prompt's own: assume all common.
  const common = crossWeight > 0 ? Math.min(total, Math.max(0, cross / crossWeight)) : total;
  return { total, common, df, clusterDf };
}

/** One engine's answers for a prompt in each window. */
interface Stratum {
  engine: AiEngine;
  /** The weight of the engine within the prompt (they sum to 1). */
  weight: number;
  /** The engine's rate over both windows: the null's, used for the variance. */
  mu: number;
  before: Point[];
  after: Point[];
}

/** A run's count for the stratum: r is the run's index. */
interface Point {
  r: number;
  n: number;
  m: number;
}

const total = (points: readonly { n: number; m: number }[], pick: 'n' | 'm') =>
  points.reduce((s, p) => s + p[pick], 0);
const rateOf = (points: readonly { n: number; m: number }[]) =>
  total(points, 'm') / total(points, 'n');

function strataOf(
  runs: readonly UpliftRun[],
  key: string,
  engines: readonly AiEngine[],
  before: readonly number[],
  after: readonly number[],
): Stratum[] {
  const points = (side: readonly number[], engine: AiEngine) =>
    side.flatMap((r) =>
      runs[r]!.cells.filter((c) => c.promptKey === key && c.engine === engine && c.n > 0).map(
        (c) => ({ r, n: c.n, m: c.mentions }),
      ),
    );
  const strata = engines.map((engine) => {
    const b = points(before, engine);
    const a = points(after, engine);
    const nb = total(b, 'n');
    const na = total(a, 'n');
    return {
      engine,
      // Mantel–Haenszel's weight: an engine counts by how much its two sides can tell apart.
      weight: (nb * na) / (nb + na),
      mu: (total(b, 'm') + total(a, 'm')) / (nb + na),
      before: b,
      after: a,
    };
  });
  const sum = strata.reduce((s, x) => s + x.weight, 0);
  return strata.map((s) => ({ ...s, weight: s.weight / sum }));
}

/** A side's variance of the weighted rate, with drift and without (sampling alone). */
function sideVariance(strata: readonly Stratum[], side: 'before' | 'after', drift: number) {
  let withDrift = 0;
  let sampling = 0;
  for (const s of strata) {
    const points = s[side];
    const N = total(points, 'n');
    const v = s.mu * (1 - s.mu);
    sampling += (s.weight ** 2 * v) / N;
    withDrift +=
      s.weight ** 2 * points.reduce((acc, p) => acc + (p.n / N) ** 2 * v * (1 / p.n + drift), 0);
  }
  return { withDrift, sampling };
}

function rowTest(strata: readonly Stratum[], drift: UpliftDrift): ProportionTest {
  const side = (name: 'before' | 'after') => {
    const points = strata.flatMap((s) => s[name]);
    const n = total(points, 'n');
    const rate = strata.reduce((acc, s) => acc + s.weight * rateOf(s[name]), 0);
    const { withDrift, sampling } = sideVariance(strata, name, drift.total);
    return {
      successes: total(points, 'm'),
      n,
      rate,
      effectiveN: withDrift > 0 && sampling > 0 ? (n * sampling) / withDrift : n,
    };
  };
  return windowTest(side('before'), side('after'));
}

/** Rates only: what a row shows while it waits or cannot be compared. */
function ratesOnly(runs: readonly UpliftRun[], key: string, before: number[], after: number[]) {
  const side = (indices: number[]) => {
    const cells = indices.flatMap((r) => runs[r]!.cells.filter((c) => c.promptKey === key));
    const n = cells.reduce((s, c) => s + c.n, 0);
    const m = cells.reduce((s, c) => s + c.mentions, 0);
    return { successes: m, n, rate: n > 0 ? m / n : 0, effectiveN: n };
  };
  const test = windowTest(side(before), side(after));
  return { ...test, difference: null, interval: null, z: null, pValue: null, significant: false };
}

/**
 * The overall change: the tested prompts' mean change, less the controls' where there are some, and
 * its standard error from the same variance model (runs independent; within a run and engine, the
 * common drift correlates the prompts, which is what the controls cancel).
 */
function overallOf(
  treated: readonly Stratum[][],
  controls: readonly Stratum[][],
  drift: UpliftDrift,
): UpliftOverall | null {
  if (treated.length === 0) return null;
  const groups = [
    ...treated.map((strata) => ({ strata, a: 1 / treated.length })),
    ...controls.map((strata) => ({ strata, a: -1 / controls.length })),
  ];
  let difference = 0;
  // Per run and engine: the prompts' coefficients on their rates in that run.
  const terms = new Map<string, { c: number; v: number; n: number }[]>();
  for (const { strata, a } of groups) {
    for (const s of strata) {
      difference += a * s.weight * (rateOf(s.after) - rateOf(s.before));
      for (const [name, sign] of [
        ['before', -1],
        ['after', 1],
      ] as const) {
        const N = total(s[name], 'n');
        s[name].forEach((p) => {
          const key = `${p.r}\u0000${s.engine}`;
          const list = terms.get(key) ?? [];
          list.push({ c: (sign * a * s.weight * p.n) / N, v: s.mu * (1 - s.mu), n: p.n });
          terms.set(key, list);
        });
      }
    }
  }
  let variance = 0;
  for (const list of terms.values()) {
    let own = 0;
    let shared = 0;
    for (const t of list) {
      own += t.c ** 2 * t.v * (1 / t.n + drift.total - drift.common);
      shared += t.c * Math.sqrt(t.v);
    }
    variance += own + drift.common * shared ** 2;
  }
  if (!(variance > 0)) return null;
  const se = Math.sqrt(variance);
  // The common drift is measured on few runs: Student's t on its degrees of freedom, not the normal.
  const df = Math.max(1, drift.clusterDf);
  const pValue = Math.min(1, 2 * (1 - studentTCdf(Math.abs(difference) / se, df)));
  const reach = studentTQuantile(1 - ALPHA / 2, df) * se;
  return {
    method: controls.length > 0 ? 'difference-in-differences' : 'stratified',
    prompts: treated.length,
    controls: controls.length,
    difference,
    interval: {
      low: Math.max(-1, difference - reach),
      high: Math.min(1, difference + reach),
    },
    pValue,
    significant: pValue < ALPHA,
  };
}

/**
 * The uplift around the latest publish: a row per prompt whose answers named a changed product, and
 * the summary (windows, overall answer, drift). Null when nothing was published.
 */
export function upliftAnalysis({
  runs,
  publishes,
  windowRuns,
}: UpliftInput): { figures: UpliftFigure[]; summary: UpliftSummary } | null {
  const latest = publishes.at(-1);
  if (!latest) return null;
  const previous = publishes.at(-2)?.after ?? 0;
  const start = Math.max(previous, latest.after - windowRuns);
  const before = range(start, latest.after);
  const after = range(latest.after, Math.min(runs.length, latest.after + windowRuns));
  const ready = before.length >= windowRuns && after.length >= windowRuns;
  // The history up to the end of the window after: once given, a verdict does not move.
  const history = runs.slice(0, latest.after + after.length);
  const drift = estimateDrift(history, new Set(publishes.map((p) => p.after)));

  const windows = [...before, ...after];
  const readingChanged = (pick: (run: UpliftRun) => readonly string[]) =>
    new Set(windows.map((r) => fingerprint(pick(runs[r]!)))).size > 1;
  const brandChanged = readingChanged((run) => run.brand);
  const competitorsChanged = readingChanged((run) => run.competitors);
  const changed = new Set(latest.products);
  // Rows in the prompts' order (the latest run's, then earlier runs' for prompts since removed), not
  // the order the cells came in: the database returns aggregates in no fixed order.
  const asked = new Set(windows.flatMap((r) => runs[r]!.cells.map((c) => c.promptKey)));
  const listed = [...windows].reverse().flatMap((r) => runs[r]!.prompts.map((p) => p.key));
  const unlisted = [...asked].filter((key) => !listed.includes(key)).sort();
  const keys = [...new Set([...listed, ...unlisted])].filter((key) => asked.has(key));

  const figures: UpliftFigure[] = [];
  const treated: Stratum[][] = [];
  const controls: Stratum[][] = [];
  for (const key of keys) {
    const cells = windows.flatMap((r) => runs[r]!.cells.filter((c) => c.promptKey === key));
    const products = [...new Set(cells.flatMap((c) => c.products))].filter((id) => changed.has(id));
    const texts = new Set(windows.map((r) => textOf(runs[r]!, key)).filter((t) => t !== undefined));
    const enginesOf = (side: number[]) =>
      new Set(
        side.flatMap((r) =>
          runs[r]!.cells.filter((c) => c.promptKey === key && c.n > 0).map((c) => c.engine),
        ),
      );
    const eb = enginesOf(before);
    const ea = enginesOf(after);
    const changes: UpliftChange[] = [];
    if (texts.size > 1) changes.push({ kind: 'prompt-text' });
    const onlyBefore = [...eb].filter((e) => !ea.has(e)).sort();
    const onlyAfter = [...ea].filter((e) => !eb.has(e)).sort();
    if (onlyBefore.length > 0 || onlyAfter.length > 0) {
      changes.push({ kind: 'engines', onlyBefore, onlyAfter });
    }
    if (brandChanged) changes.push({ kind: 'brand' });
    if (competitorsChanged) changes.push({ kind: 'competitors' });
    const engines = [...eb].filter((e) => ea.has(e)).sort();
    const comparable = changes.length === 0 && engines.length > 0;
    const strata = comparable && ready ? strataOf(runs, key, engines, before, after) : null;
    if (products.length === 0) {
      if (strata) controls.push(strata);
      continue;
    }
    if (strata) treated.push(strata);
    figures.push({
      promptKey: key,
      promptText: textOf(runs[windows.at(-1)!]!, key) ?? [...texts].at(-1) ?? key,
      products: products.sort(),
      status: changes.length > 0 ? 'not-comparable' : ready ? 'tested' : 'waiting',
      engines,
      test: strata ? rowTest(strata, drift) : ratesOnly(runs, key, before, after),
      adjustedP: null,
      significant: false,
      changes,
    });
  }
  const overall = ready ? overallOf(treated, controls, drift) : null;
  const adjusted = benjaminiHochberg(figures.map((f) => f.test.pValue));
  figures.forEach((f, i) => {
    f.adjustedP = adjusted[i] ?? null;
    // The overall answer is the gate: a prompt is called only when the publish as a whole moved the
    // rate, so with no effect anywhere the screen says "Significant" no more often than 5%.
    f.significant = overall?.significant === true && f.adjustedP !== null && f.adjustedP < ALPHA;
  });
  return {
    figures,
    summary: {
      runsBefore: before.length,
      runsAfter: after.length,
      runsNeeded: windowRuns,
      ready,
      overall,
      drift,
    },
  };
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

// ——— Planning ———

/**
 * What the planner assumes where the env has no history of its own: a mention rate of 30% and the
 * moderate drift of ADR 0040's calibration (run-to-run swings of about ±0.3 on the log-odds scale
 * for an engine as a whole and ±0.25 more for each prompt).
 */
export const UPLIFT_PLANNING_DEFAULTS = {
  baseline: 0.3,
  drift: { total: 0.03, common: 0.02 },
} as const;

export interface UpliftPlan {
  prompts: number;
  engines: number;
  samples: number;
  /** Runs in each window. */
  runs: number;
  baseline?: number;
  drift?: Pick<UpliftDrift, 'total' | 'common'>;
}

/**
 * The smallest change in mention rate (rate points, 0..1) that the overall test finds 80% of the
 * time at 5% false alarms when every prompt is concerned (`overall`), and that one prompt's own test
 * finds (`perPrompt`, before the adjustment for many prompts); null when nothing would be asked.
 */
export function detectableChange(plan: UpliftPlan, power = 0.8, alpha = ALPHA) {
  const { prompts, engines, samples, runs } = plan;
  if (!(prompts >= 1 && engines >= 1 && samples >= 1 && runs >= 1)) return null;
  const baseline = plan.baseline ?? UPLIFT_PLANNING_DEFAULTS.baseline;
  const { total: rho, common: gamma } = plan.drift ?? UPLIFT_PLANNING_DEFAULTS.drift;
  const k = normalQuantile(1 - alpha / 2) + normalQuantile(power);
  const solve = (perRun: (v: number) => number) => {
    // The variance depends on the rate after, which depends on the change: a few fixed-point steps.
    let change = 0.1;
    for (let i = 0; i < 50; i++) {
      const after = Math.min(0.999, baseline + change);
      const variance =
        (perRun(baseline * (1 - baseline)) + perRun(after * (1 - after))) / (engines * runs);
      change = k * Math.sqrt(variance);
    }
    return Math.min(1 - baseline, change);
  };
  return {
    overall: solve((v) => v * ((1 / samples + rho - gamma) / prompts + gamma)),
    perPrompt: solve((v) => v * (1 / samples + rho)),
  };
}
