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
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return {
    successes,
    n,
    rate: p,
    // At 0 and n successes the bound is exactly 0 or 1; rounding must not move it.
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === n ? 1 : Math.min(1, centre + half),
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
  const b = wilsonInterval(before.successes, before.n, z);
  const a = wilsonInterval(after.successes, after.n, z);
  const pb = b.rate ?? 0;
  const pa = a.rate ?? 0;
  const difference = pa - pb;
  return {
    low: Math.max(-1, difference - Math.hypot(pa - a.low, b.high - pb)),
    high: Math.min(1, difference + Math.hypot(a.high - pa, pb - b.low)),
  };
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
  const difference = a.rate! - b.rate!;
  const interval = newcombeInterval(before, after);
  const pooled = (b.successes + a.successes) / (b.n + a.n);
  if (pooled === 0 || pooled === 1) {
    return { before: b, after: a, difference, interval, z: null, pValue: null, significant: false };
  }
  const verdictInterval =
    alpha === 0.05 ? interval : newcombeInterval(before, after, normalQuantile(1 - alpha / 2));
  const significant = verdictInterval.low > 0 || verdictInterval.high < 0;
  const z = Math.sign(difference) * zeroCrossing(before, after, difference);
  const pValue = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  return { before: b, after: a, difference, interval, z, pValue, significant };
}

/** The deviate at which the interval's bound nearest zero reaches zero (0 for no difference). */
function zeroCrossing(
  before: { successes: number; n: number },
  after: { successes: number; n: number },
  difference: number,
): number {
  if (difference === 0) return 0;
  const holdsZero = (z: number) => {
    const { low, high } = newcombeInterval(before, after, z);
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

/** Each brand's share of all brand mentions (share of voice); empty when no brand was named. */
export function shareOfVoice(mentions: Readonly<Record<string, number>>): Record<string, number> {
  const total = Object.values(mentions).reduce((sum, n) => sum + n, 0);
  if (total === 0) return {};
  return Object.fromEntries(Object.entries(mentions).map(([brand, n]) => [brand, n / total]));
}
