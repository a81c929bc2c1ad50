/**
 * Simulated monitoring histories around a publish, for the uplift's calibration (ADR 0040,
 * `npm run calibrate:uplift`). Each answer names the storefront's product with the answer model's
 * probability (answers.ts: NAMED_OTHERWISE before a description answers questions), varied per prompt
 * and engine, and moved from run to run by drift on the log-odds scale: a swing per run and engine
 * that every prompt shares (a model update, a retrieval change) and a smaller one per prompt. A true
 * effect adds to the probability after the publish for the prompts whose answers name the product.
 */
import type { AiProvider } from '~/domain/ai/models';
import { ALERT_MIN_HISTORY, type AlertRun, detectAlerts } from '~/domain/monitoring/alerts';
import {
  detectableChange,
  estimateDrift,
  upliftAnalysis,
  type UpliftInput,
  type UpliftRun,
} from '~/domain/monitoring/uplift';
import { twoProportionTest } from '~/domain/monitoring/stats';
import { createPrng, type Prng } from '~/simulators/b2c/prng';
import { NAMED_OTHERWISE } from './answers';

const ENGINES: readonly AiProvider[] = ['openai', 'anthropic', 'google'];
export const CHANGED_PRODUCT = 'alpine-rain-jacket';

export interface HistoryShape {
  prompts: number;
  engines: number;
  samples: number;
  /** Runs in each window (the config's upliftRuns). */
  windowRuns: number;
  /** Runs before the window before, in the same stretch (no publish between). */
  earlierRuns: number;
  /** Prompts whose answers name the changed product; the others are the controls. */
  treated: number;
  /** The drift's standard deviations on the log-odds scale. */
  drift: { engine: number; prompt: number };
  /** Added to the chance of a mention after the publish, for the treated prompts. */
  effect: number;
}

/** The calibration's monitoring: 10 prompts, 3 engines, 10 samples, 3 runs a side, moderate drift. */
export const CALIBRATION_SHAPE: HistoryShape = {
  prompts: 10,
  engines: 3,
  samples: 10,
  windowRuns: 3,
  earlierRuns: 6,
  treated: 5,
  drift: { engine: 0.3, prompt: 0.25 },
  effect: 0,
};

const logit = (p: number) => Math.log(p / (1 - p));
const expit = (x: number) => 1 / (1 + Math.exp(-x));

function gaussian(prng: Prng): number {
  // Box–Muller; 1 − next() is in (0, 1], so the log is finite.
  return Math.sqrt(-2 * Math.log(1 - prng.next())) * Math.cos(2 * Math.PI * prng.next());
}

function binomial(prng: Prng, n: number, p: number): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (prng.next() < p) k += 1;
  return k;
}

/** One env's history around one publish, as upliftAnalysis reads it. */
export function simulateHistory(shape: HistoryShape, prng: Prng): UpliftInput {
  const engines = ENGINES.slice(0, shape.engines);
  const base = Array.from({ length: shape.prompts }, () => {
    const prompt = 0.4 * gaussian(prng);
    return engines.map(() => logit(NAMED_OTHERWISE) + prompt + 0.3 * gaussian(prng));
  });
  const total = shape.earlierRuns + 2 * shape.windowRuns;
  const publishAt = shape.earlierRuns + shape.windowRuns;
  const prompts = base.map((_, p) => ({ key: `prompt-${p}`, text: `Question ${p}` }));
  const runs: UpliftRun[] = Array.from({ length: total }, (_, r) => {
    const shared = engines.map(() => shape.drift.engine * gaussian(prng));
    return {
      id: `run-${r}`,
      prompts,
      brand: ['Beacon Outfitters'],
      competitors: ['Northwind Apparel'],
      cells: base.flatMap((row, p) =>
        engines.map((engine, e) => {
          const treated = p < shape.treated;
          let chance = expit(row[e]! + shared[e]! + shape.drift.prompt * gaussian(prng));
          if (treated && r >= publishAt) chance = Math.min(1, Math.max(0, chance + shape.effect));
          const mentions = binomial(prng, shape.samples, chance);
          return {
            promptKey: prompts[p]!.key,
            engine,
            n: shape.samples,
            mentions,
            products: treated && mentions > 0 ? [CHANGED_PRODUCT] : [],
          };
        }),
      ),
    };
  });
  return {
    runs,
    publishes: [{ after: publishAt, products: [CHANGED_PRODUCT] }],
    windowRuns: shape.windowRuns,
  };
}

export interface Calibration {
  publishes: number;
  /** Publishes with no effect on whose screen anything read "Significant" (overall or a prompt). */
  falseSignificant: number;
  /** Of those, the overall answer alone, and any prompt alone. */
  falseOverall: number;
  falsePrompt: number;
  /** The change the planner says is detectable, simulated as the true effect on every prompt. */
  detectable: number;
  /** Publishes with that effect whose overall answer found the rise. */
  power: number;
  /** The single-run test this replaced, on the same histories: a prompt called significant. */
  oldFalseSignificant: number;
}

/**
 * `publishes` simulated publishes with no effect (half the prompts concerned, half controls), and as
 * many with the planner's detectable change on every prompt; seeded, so the figures repeat.
 */
export function calibrate(
  publishes: number,
  seed: number,
  shape: HistoryShape = CALIBRATION_SHAPE,
): Calibration {
  const prng = createPrng(seed);
  let falseSignificant = 0;
  let falseOverall = 0;
  let falsePrompt = 0;
  let oldFalse = 0;
  for (let i = 0; i < publishes; i++) {
    const input = simulateHistory({ ...shape, effect: 0 }, prng);
    const result = upliftAnalysis(input)!;
    const overall = result.summary.overall?.significant === true;
    const prompt = result.figures.some((f) => f.significant);
    if (overall) falseOverall += 1;
    if (prompt) falsePrompt += 1;
    if (overall || prompt) falseSignificant += 1;
    // The old way: the one run before against the one after, every answer pooled, no correction.
    const at = input.publishes[0]!.after;
    const pooled = (run: UpliftRun, key: string) => {
      const cells = run.cells.filter((c) => c.promptKey === key);
      return {
        successes: cells.reduce((s, c) => s + c.mentions, 0),
        n: cells.reduce((s, c) => s + c.n, 0),
      };
    };
    const keys = [...new Set(input.runs[at]!.cells.map((c) => c.promptKey))].slice(
      0,
      shape.treated,
    );
    if (
      keys.some(
        (key) =>
          twoProportionTest(pooled(input.runs[at - 1]!, key), pooled(input.runs[at]!, key))
            .significant,
      )
    ) {
      oldFalse += 1;
    }
  }
  const detectable = detectableChange({
    prompts: shape.prompts,
    engines: shape.engines,
    samples: shape.samples,
    runs: shape.windowRuns,
  })!.overall;
  let found = 0;
  for (let i = 0; i < publishes; i++) {
    const input = simulateHistory({ ...shape, treated: shape.prompts, effect: detectable }, prng);
    const overall = upliftAnalysis(input)!.summary.overall;
    if (overall?.significant && overall.difference > 0) found += 1;
  }
  return {
    publishes,
    falseSignificant: falseSignificant / publishes,
    falseOverall: falseOverall / publishes,
    falsePrompt: falsePrompt / publishes,
    detectable,
    power: found / publishes,
    oldFalseSignificant: oldFalse / publishes,
  };
}

/** What `npm run calibrate:uplift` reports of the alerts (domain/monitoring/alerts.ts). */
export interface AlertCalibration {
  /** Runs tested with no change, and those that raised an alert. */
  runs: number;
  falseAlerts: number;
  /** The drop simulated: the planner's detectable change, every prompt and engine. */
  drop: number;
  /** Of the histories with that drop, the share alerted within 1, 2 and 3 runs of it. */
  alertedWithin: [number, number, number];
  /** Runs after the drop until the first alert, the median (null: most never alerted in 6). */
  medianRuns: number | null;
}

const alertRunsOf = (runs: readonly UpliftRun[]): AlertRun[] =>
  runs.map((run, i) => ({
    id: run.id,
    finishedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    cells: run.cells.map((c) => ({
      ...c,
      market: null,
      citations: 0,
      claimsChecked: 0,
      claimsWrong: 0,
    })),
  }));

/** The noise the server measures before a run: the drift of the runs before it. */
const noiseBefore = (runs: readonly UpliftRun[]) => {
  const { total, common } = estimateDrift(runs, new Set());
  return { total, common };
};

/**
 * Alerts on `histories` simulated histories with no change (each run tested against the runs before
 * it, as the server does after every run), and on as many where every rate drops by the planner's
 * detectable change halfway: how many runs the drop takes to alert. Seeded, so the figures repeat.
 */
export function calibrateAlerts(
  histories: number,
  seed: number,
  shape: HistoryShape = CALIBRATION_SHAPE,
): AlertCalibration {
  const prng = createPrng(seed);
  const long = { ...shape, earlierRuns: 6, windowRuns: 6, treated: shape.prompts };
  let runs = 0;
  let falseAlerts = 0;
  for (let h = 0; h < histories; h++) {
    const history = simulateHistory({ ...long, effect: 0 }, prng).runs;
    const alertRuns = alertRunsOf(history);
    for (let r = ALERT_MIN_HISTORY; r < history.length; r++) {
      runs += 1;
      const found = detectAlerts({
        runs: alertRuns.slice(0, r + 1),
        noise: noiseBefore(history.slice(0, r)),
      });
      if (found.length > 0) falseAlerts += 1;
    }
  }
  const drop = detectableChange({
    prompts: shape.prompts,
    engines: shape.engines,
    samples: shape.samples,
    runs: shape.windowRuns,
  })!.overall;
  const firstAlert: (number | null)[] = [];
  for (let h = 0; h < histories; h++) {
    const input = simulateHistory({ ...long, effect: -drop }, prng);
    const at = input.publishes[0]!.after;
    const alertRuns = alertRunsOf(input.runs);
    const noise = noiseBefore(input.runs.slice(0, at));
    let first: number | null = null;
    for (let r = at; r < input.runs.length && first === null; r++) {
      const found = detectAlerts({ runs: alertRuns.slice(0, r + 1), noise });
      if (found.some((f) => f.metric === 'mention' && f.direction === 'drop')) first = r - at + 1;
    }
    firstAlert.push(first);
  }
  const within = (k: number) =>
    firstAlert.filter((f) => f !== null && f <= k).length / Math.max(1, histories);
  const sorted = firstAlert.map((f) => f ?? Infinity).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Infinity;
  return {
    runs,
    falseAlerts,
    drop,
    alertedWithin: [within(1), within(2), within(3)],
    medianRuns: Number.isFinite(median) ? median : null,
  };
}
