/**
 * The statistics behind monitoring's figures (docs/product.md#monitoring): a rate is a share of
 * sampled answers, so each is shown with its 95% Wilson score interval, and a change between two
 * periods is Newcombe's hybrid score interval of the difference, with the verdict read from it. Pure, so the server's
 * aggregates, the screens and the export say the same thing.
 */

/** The normal quantile for a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

export interface Rate extends Interval {
  successes: number;
  n: number;
  /** successes / n; null when nothing was sampled. */
  rate: number | null;
}

function assertCounts(successes: number, n: number) {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a whole number ≥ 0, got ${n}`);
  if (!Number.isInteger(successes) || successes < 0 || successes > n) {
    throw new RangeError(`successes must be a whole number in 0..${n}, got ${successes}`);
  }
}

/**
 * The Wilson score interval (Wilson 1927): unlike the normal ("Wald") interval it stays inside
 * [0, 1] and does not collapse to a point at 0 or n successes, which small samples hit often.
 * With n = 0 nothing is known: the interval is [0, 1].
 */
export function wilsonInterval(successes: number, n: number, z = Z_95): Rate {
  assertCounts(successes, n);
  if (n === 0) return { successes, n, rate: null, low: 0, high: 1 };
  return { successes, n, rate: successes / n, ...wilsonBounds(successes / n, n, z) };
}

/**
 * Wilson's bounds for a rate p observed on n answers; n may be fractional (an effective sample size,
 * see windowTest). At p = 0 and p = 1 the bound is exactly 0 or 1; rounding must not move it.
 */
export function wilsonBounds(p: number, n: number, z = Z_95): Interval {
  if (!(n > 0)) return { low: 0, high: 1 };
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return {
    low: p <= 0 ? 0 : Math.max(0, centre - half),
    high: p >= 1 ? 1 : Math.min(1, centre + half),
  };
}

/** The standard normal CDF (Abramowitz and Stegun 7.1.26 for erf: error below 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const erf =
    1 -
    t *
      (0.254829592 +
        t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) *
      Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export interface ProportionTest {
  before: Rate;
  after: Rate;
  /** after − before, in rate points (0..1); null when a side has no samples. */
  difference: number | null;
  /** 95% interval of the difference: Newcombe's hybrid score interval, always within ±1. */
  interval: Interval | null;
  /**
   * The normal deviate at which that interval just reaches zero, signed like the difference (the
   * test the interval inverts); null when there is nothing to test (no samples, or every answer the
   * same on both sides).
   */
  z: number | null;
  /** Two-sided p-value of the same test: below 0.05 exactly when the 95% interval excludes zero. */
  pValue: number | null;
  /** The interval excludes zero: only then may a screen call the change an uplift (or a drop). */
  significant: boolean;
}

/**
 * Newcombe's hybrid score interval for a difference of two proportions (method 10 of Newcombe 1998,
 * "Interval estimation for the difference between independent proportions", Statistics in Medicine
 * 17:873–890), built from each side's Wilson interval at the deviate z. It stays within ±1, never
 * collapses to a point, and covers close to its nominal level at small n, where the Wald interval
 * (difference ± z·SE) does not.
 */
export function newcombeInterval(
  before: { successes: number; n: number },
  after: { successes: number; n: number },
  z = Z_95,
): Interval {
  const rate = (side: { successes: number; n: number }) => {
    const r = wilsonInterval(side.successes, side.n, z);
    return { p: r.rate ?? 0, n: side.n };
  };
  return newcombeOf(rate(before), rate(after), z);
}

/** Newcombe's construction from each side's rate p and (possibly effective) sample size n. */
function newcombeOf(before: Side, after: Side, z: number): Interval {
  const b = before.n > 0 ? wilsonBounds(before.p, before.n, z) : { low: 0, high: 1 };
  const a = after.n > 0 ? wilsonBounds(after.p, after.n, z) : { low: 0, high: 1 };
  const difference = after.p - before.p;
  return {
    low: Math.max(-1, difference - Math.hypot(after.p - a.low, b.high - before.p)),
    high: Math.min(1, difference + Math.hypot(a.high - after.p, before.p - b.low)),
  };
}

interface Side {
  p: number;
  n: number;
}

/**
 * Student's t distribution function with df degrees of freedom, through the regularised incomplete
 * beta function (Numerical Recipes' continued fraction, Lentz's method): accurate to about 1e-10.
 */
export function studentTCdf(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`df must be > 0, got ${df}`);
  if (!Number.isFinite(df)) return normalCdf(t);
  const x = df / (df + t * t);
  const tail = incompleteBeta(x, df / 2, 0.5) / 2;
  return t >= 0 ? 1 - tail : tail;
}

/** The t with studentTCdf(t, df) = p, for 0 < p < 1 (bisection). */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`p must be in (0, 1), got ${p}`);
  let low = -1e4;
  let high = 1e4;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (studentTCdf(mid, df) < p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

function logGamma(x: number): number {
  // Lanczos (g = 7, n = 9).
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let a = c[0]!;
  const t = y + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The regularised incomplete beta function I_x(a, b). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(
    logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x),
  );
  // The continued fraction converges fast for x < (a + 1) / (a + b + 2); use the symmetry otherwise.
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let f = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let num = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + num * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + num / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    f *= d * c;
    num = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + num * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + num / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-14) break;
  }
  return (front * f) / a;
}

/** The deviate z with Φ(z) = p, for 0 < p < 1 (bisection on normalCdf). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`p must be in (0, 1), got ${p}`);
  let low = -40;
  let high = 40;
  for (let i = 0; i < 100; i++) {
    const mid = (low + high) / 2;
    if (normalCdf(mid) < p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/**
 * Whether the rate after a change differs from the rate before it. The interval and the verdict come
 * from one procedure, so they cannot disagree: the difference's interval is Newcombe's hybrid score
 * interval, the verdict is "significant" exactly when that interval (at 1 − alpha) excludes zero, and
 * the p-value is the test the interval inverts (the largest alpha whose interval still excludes zero),
 * found by bisection on the deviate. With every answer the same on both sides (0 or n of n
 * everywhere) there is no variation to test: not significant, no p-value.
 */
export function twoProportionTest(
  before: { successes: number; n: number },
  after: { successes: number; n: number },
  alpha = 0.05,
): ProportionTest {
  const b = wilsonInterval(before.successes, before.n);
  const a = wilsonInterval(after.successes, after.n);
  return testOf(b, a, { p: b.rate ?? 0, n: b.n }, { p: a.rate ?? 0, n: a.n }, alpha);
}

/** One side of a comparison between windows of runs (domain/monitoring/uplift.ts). */
export interface WindowSide {
  /** Answers naming the brand and answers in all, as counted. */
  successes: number;
  n: number;
  /** The side's rate: the engines' rates weighted as the comparison weighs them. */
  rate: number;
  /**
   * The answers' worth once run-to-run drift is counted: n divided by the design effect. Equal to n
   * when the runs vary no more than sampling alone would make them.
   */
  effectiveN: number;
}

/**
 * The same test as twoProportionTest between two windows of runs: each side's rate on its effective
 * sample size, so the interval, the verdict and the p-value include the drift between runs. With one
 * run a side and no drift, it is twoProportionTest.
 */
export function windowTest(before: WindowSide, after: WindowSide, alpha = 0.05): ProportionTest {
  const rate = (side: WindowSide): Rate => ({
    successes: side.successes,
    n: side.n,
    rate: side.n > 0 ? side.rate : null,
    ...(side.n > 0 ? wilsonBounds(side.rate, side.effectiveN) : { low: 0, high: 1 }),
  });
  return testOf(
    rate(before),
    rate(after),
    { p: before.rate, n: before.effectiveN },
    { p: after.rate, n: after.effectiveN },
    alpha,
  );
}

function testOf(b: Rate, a: Rate, before: Side, after: Side, alpha: number): ProportionTest {
  if (b.n === 0 || a.n === 0) {
    return {
      before: b,
      after: a,
      difference: null,
      interval: null,
      z: null,
      pValue: null,
      significant: false,
    };
  }
  const difference = after.p - before.p;
  const interval = newcombeOf(before, after, Z_95);
  const pooled = (before.p * before.n + after.p * after.n) / (before.n + after.n);
  if (pooled <= 0 || pooled >= 1) {
    return { before: b, after: a, difference, interval, z: null, pValue: null, significant: false };
  }
  const verdictInterval =
    alpha === 0.05 ? interval : newcombeOf(before, after, normalQuantile(1 - alpha / 2));
  const significant = verdictInterval.low > 0 || verdictInterval.high < 0;
  const z = Math.sign(difference) * zeroCrossing(before, after, difference);
  const pValue = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  return { before: b, after: a, difference, interval, z, pValue, significant };
}

/** The deviate at which the interval's bound nearest zero reaches zero (0 for no difference). */
function zeroCrossing(before: Side, after: Side, difference: number): number {
  if (difference === 0) return 0;
  const holdsZero = (z: number) => {
    const { low, high } = newcombeOf(before, after, z);
    return difference > 0 ? low <= 0 : high >= 0;
  };
  // The interval widens with z: it excludes zero below the crossing and holds it above.
  let low = 0;
  let high = 40;
  if (!holdsZero(high)) return high;
  for (let i = 0; i < 80; i++) {
    const mid = (low + high) / 2;
    if (holdsZero(mid)) high = mid;
    else low = mid;
  }
  return (low + high) / 2;
}

/**
 * Benjamini and Hochberg's (1995) step-up adjustment: each p-value becomes the smallest false
 * discovery rate at which it would be called a discovery among the family's. Calling "significant"
 * the adjusted p-values below 0.05 keeps the expected share of false calls among the calls at or
 * below 5%, however many prompts are tested. Nulls (nothing tested) stay null and do not count.
 */
export function benjaminiHochberg(pValues: readonly (number | null)[]): (number | null)[] {
  const tested = pValues
    .map((p, i) => ({ p, i }))
    .filter((x): x is { p: number; i: number } => x.p !== null)
    .sort((x, y) => x.p - y.p);
  const m = tested.length;
  const adjusted: (number | null)[] = pValues.map(() => null);
  let running = 1;
  for (let k = m - 1; k >= 0; k--) {
    const { p, i } = tested[k]!;
    running = Math.min(running, (p * m) / (k + 1));
    adjusted[i] = running;
  }
  return adjusted;
}

/** Each brand's share of all brand mentions (share of voice); empty when no brand was named. */
export function shareOfVoice(mentions: Readonly<Record<string, number>>): Record<string, number> {
  const total = Object.values(mentions).reduce((sum, n) => sum + n, 0);
  if (total === 0) return {};
  return Object.fromEntries(Object.entries(mentions).map(([brand, n]) => [brand, n / total]));
}
