/**
 * The statistics behind monitoring's figures (docs/product.md#monitoring): a rate is a share of
 * sampled answers, so each is shown with its 95% Wilson score interval, and a change between two
 * periods is a two-proportion z-test with the 95% interval of the difference. Pure, so the server's
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
  /** 95% interval of the difference (unpooled standard error). */
  interval: Interval | null;
  /** The pooled two-proportion z statistic; null when it is undefined (no samples, or no variance). */
  z: number | null;
  /** Two-sided p-value; null with z. */
  pValue: number | null;
  /** p < 0.05: only then may a screen call the change an uplift (or a drop). */
  significant: boolean;
}

/**
 * Whether the rate after a change differs from the rate before it: a two-sided two-proportion z-test
 * (pooled standard error for the test, unpooled for the difference's interval). With every answer the
 * same on both sides (0 or n of n everywhere) there is no variance and nothing to test: not
 * significant.
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
  const p1 = b.rate!;
  const p2 = a.rate!;
  const difference = p2 - p1;
  const unpooled = Math.sqrt((p1 * (1 - p1)) / b.n + (p2 * (1 - p2)) / a.n);
  const interval = { low: difference - Z_95 * unpooled, high: difference + Z_95 * unpooled };
  const pooled = (b.successes + a.successes) / (b.n + a.n);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / b.n + 1 / a.n));
  if (se === 0) {
    return { before: b, after: a, difference, interval, z: null, pValue: null, significant: false };
  }
  const z = difference / se;
  const pValue = 2 * (1 - normalCdf(Math.abs(z)));
  return { before: b, after: a, difference, interval, z, pValue, significant: pValue < alpha };
}

/** Each brand's share of all brand mentions (share of voice); empty when no brand was named. */
export function shareOfVoice(mentions: Readonly<Record<string, number>>): Record<string, number> {
  const total = Object.values(mentions).reduce((sum, n) => sum + n, 0);
  if (total === 0) return {};
  return Object.fromEntries(Object.entries(mentions).map(([brand, n]) => [brand, n / total]));
}
