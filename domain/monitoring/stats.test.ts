import { describe, expect, it } from 'vitest';
import {
  newcombeInterval,
  normalCdf,
  normalQuantile,
  shareOfVoice,
  twoProportionTest,
  wilsonInterval,
} from './stats';

describe('Wilson score interval', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i: %f to %f', (x, n, low, high) => {
    const r = wilsonInterval(x, n);
    expect(r.low).toBeCloseTo(low, 4);
    expect(r.high).toBeCloseTo(high, 4);
    expect(r.rate).toBeCloseTo(x / n, 12);
  });

  it('at 0 and at n successes the bound is exactly 0 or 1 and the other is not', () => {
    expect(wilsonInterval(0, 10)).toMatchObject({ low: 0, rate: 0 });
    expect(wilsonInterval(0, 10).high).toBeCloseTo(0.2775, 4);
    expect(wilsonInterval(10, 10)).toMatchObject({ high: 1, rate: 1 });
    expect(wilsonInterval(10, 10).low).toBeCloseTo(0.7225, 4);
  });

  it('with nothing sampled, nothing is known', () => {
    expect(wilsonInterval(0, 0)).toEqual({ successes: 0, n: 0, rate: null, low: 0, high: 1 });
  });

  it('refuses counts that cannot be', () => {
    expect(() => wilsonInterval(11, 10)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 10)).toThrow(RangeError);
    expect(() => wilsonInterval(1.5, 10)).toThrow(RangeError);
  });
});

describe('two-proportion test', () => {
  // Newcombe (1998), Statistics in Medicine 17:873–890, Table II, method 10 (hybrid score), for the
  // eight worked examples: x1/n1 − x2/n2 with its 95% interval to four places. statsmodels 0.13.5
  // (Debian's python3-statsmodels), confint_proportions_2indep(x1, n1, x2, n2, method='newcomb'),
  // gives the same values, and -0.0376 to 0.6032 for 3/10 − 0/10 (checked below).
  it.each([
    [56, 70, 48, 80, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.1705, 0.809],
    [6, 7, 2, 7, 0.0582, 0.8062],
    [5, 56, 0, 29, -0.0381, 0.1926],
    [0, 10, 0, 20, -0.1611, 0.2775],
    [0, 10, 0, 10, -0.2775, 0.2775],
    [10, 10, 0, 20, 0.6791, 1],
    [10, 10, 0, 10, 0.6075, 1],
  ])('%i/%i − %i/%i: Newcombe’s interval %f to %f', (x1, n1, x2, n2, low, high) => {
    const t = twoProportionTest({ successes: x2, n: n2 }, { successes: x1, n: n1 });
    expect(t.interval!.low).toBeCloseTo(low, 4);
    expect(t.interval!.high).toBeCloseTo(high, 4);
    expect(newcombeInterval({ successes: x2, n: n2 }, { successes: x1, n: n1 })).toEqual(
      t.interval,
    );
  });

  it('the verdict is read from the interval: significant exactly when it excludes zero', () => {
    // The Wald interval said +1.6 to +58.4 points next to a pooled z-test's p = 0.060.
    const t = twoProportionTest({ successes: 0, n: 10 }, { successes: 3, n: 10 });
    expect(t.interval!.low).toBeCloseTo(-0.0376, 4);
    expect(t.interval!.high).toBeCloseTo(0.6032, 4);
    expect(t.significant).toBe(false);
    expect(t.pValue).toBeGreaterThan(0.05);
    for (let before = 0; before <= 12; before++) {
      for (let after = 0; after <= 12; after++) {
        const each = twoProportionTest({ successes: before, n: 12 }, { successes: after, n: 12 });
        const excludesZero = each.interval!.low > 0 || each.interval!.high < 0;
        expect(each.significant, `${before}/12 → ${after}/12`).toBe(excludesZero);
        if (each.pValue !== null)
          expect(each.pValue < 0.05, `${before}/12 → ${after}/12`).toBe(excludesZero);
      }
    }
  });

  it('bounds stay within ±100 points and never collapse to a point', () => {
    const wide = twoProportionTest({ successes: 1, n: 5 }, { successes: 4, n: 5 });
    expect(wide.interval!.high).toBeLessThanOrEqual(1);
    expect(wide.interval!.low).toBeGreaterThanOrEqual(-1);
    const all = twoProportionTest({ successes: 0, n: 30 }, { successes: 30, n: 30 });
    expect(all.difference).toBe(1);
    expect(all.interval!.high).toBe(1);
    expect(all.interval!.low).toBeLessThan(1);
    expect(all.significant).toBe(true);
  });

  it('the p-value falls as the difference grows, and a drop mirrors a rise', () => {
    const small = twoProportionTest({ successes: 15, n: 50 }, { successes: 20, n: 50 });
    const large = twoProportionTest({ successes: 15, n: 50 }, { successes: 30, n: 50 });
    expect(small.pValue!).toBeGreaterThan(large.pValue!);
    const drop = twoProportionTest({ successes: 30, n: 50 }, { successes: 15, n: 50 });
    expect(drop.pValue).toBeCloseTo(large.pValue!, 10);
    expect(drop.z).toBeCloseTo(-large.z!, 10);
    expect(drop.interval!.low).toBeCloseTo(-large.interval!.high, 10);
  });

  it('a stricter alpha reads a wider interval', () => {
    const t = twoProportionTest({ successes: 15, n: 50 }, { successes: 27, n: 50 });
    expect(t.significant).toBe(true);
    expect(
      twoProportionTest({ successes: 15, n: 50 }, { successes: 27, n: 50 }, 0.001).significant,
    ).toBe(t.pValue! < 0.001);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
  });

  it('a small difference on few samples is not significant, and its interval spans 0', () => {
    const t = twoProportionTest({ successes: 3, n: 10 }, { successes: 5, n: 10 });
    expect(t.significant).toBe(false);
    expect(t.pValue).toBeGreaterThan(0.05);
    expect(t.interval!.low).toBeLessThan(0);
    expect(t.interval!.high).toBeGreaterThan(0);
  });

  it('all alike on both sides is nothing to test; no samples on a side, nothing at all', () => {
    const same = twoProportionTest({ successes: 0, n: 30 }, { successes: 0, n: 30 });
    expect(same).toMatchObject({ difference: 0, z: null, pValue: null, significant: false });
    expect(same.interval!.low).toBeLessThan(0);
    expect(same.interval!.high).toBeGreaterThan(0);
    const none = twoProportionTest({ successes: 0, n: 0 }, { successes: 4, n: 10 });
    expect(none).toMatchObject({ difference: null, interval: null, significant: false });
  });
});

describe('normal CDF', () => {
  it.each([
    [0, 0.5],
    [1.959963984540054, 0.975],
    [-1.644853626951472, 0.05],
    [3, 0.9986501],
  ])('Φ(%f) = %f', (x, p) => {
    expect(normalCdf(x)).toBeCloseTo(p, 6);
  });
});

describe('share of voice', () => {
  it('is each brand’s share of all brand mentions', () => {
    expect(shareOfVoice({ acme: 30, globex: 10 })).toEqual({ acme: 0.75, globex: 0.25 });
    expect(shareOfVoice({ acme: 0 })).toEqual({});
  });
});
