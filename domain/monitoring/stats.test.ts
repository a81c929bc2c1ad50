import { describe, expect, it } from 'vitest';
import { normalCdf, shareOfVoice, twoProportionTest, wilsonInterval } from './stats';

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
  it('matches R: prop.test(c(15, 25), c(50, 50), correct = FALSE)', () => {
    // X-squared = 4.1667 (= z²), p-value = 0.04123.
    const t = twoProportionTest({ successes: 15, n: 50 }, { successes: 25, n: 50 });
    expect(t.difference).toBeCloseTo(0.2, 12);
    expect(t.z! ** 2).toBeCloseTo(4.1667, 4);
    expect(t.pValue).toBeCloseTo(0.04123, 4);
    expect(t.significant).toBe(true);
    // The difference's interval: 0.2 ± 1.96 × √(0.3·0.7/50 + 0.5·0.5/50).
    expect(t.interval!.low).toBeCloseTo(0.2 - 1.959964 * Math.sqrt(0.21 / 50 + 0.25 / 50), 6);
    expect(t.interval!.high).toBeCloseTo(0.2 + 1.959964 * Math.sqrt(0.21 / 50 + 0.25 / 50), 6);
  });

  it('a small difference on few samples is not significant, and its interval spans 0', () => {
    const t = twoProportionTest({ successes: 3, n: 10 }, { successes: 5, n: 10 });
    expect(t.significant).toBe(false);
    expect(t.pValue).toBeGreaterThan(0.05);
    expect(t.interval!.low).toBeLessThan(0);
    expect(t.interval!.high).toBeGreaterThan(0);
  });

  it('0 of n against n of n is significant; all alike on both sides is nothing to test', () => {
    const all = twoProportionTest({ successes: 0, n: 30 }, { successes: 30, n: 30 });
    expect(all.difference).toBe(1);
    expect(all.significant).toBe(true);
    const same = twoProportionTest({ successes: 0, n: 30 }, { successes: 0, n: 30 });
    expect(same).toMatchObject({ difference: 0, z: null, pValue: null, significant: false });
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
