import { describe, expect, it } from 'vitest';
import { twoProportionTest, wilsonInterval } from '~/domain/monitoring/stats';
import {
  byEngine,
  formatDifference,
  formatN,
  formatP,
  formatPercent,
  formatPoints,
  formatPosition,
  formatRate,
  isWebUrl,
  resultsFileName,
  samplesProgress,
  significanceLabel,
  upliftVerdictLabel,
} from './format';

describe('rates', () => {
  it('writes a rate with its 95% Wilson interval, to the whole percent', () => {
    expect(formatRate(wilsonInterval(126, 300))).toBe('42% (37–48%)');
    expect(formatRate(wilsonInterval(0, 10))).toBe('0% (0–28%)');
    expect(formatRate(wilsonInterval(10, 10))).toBe('100% (72–100%)');
  });

  it('says there were no answers rather than 0%', () => {
    expect(formatRate(wilsonInterval(0, 0))).toBe('No answers');
    expect(formatPercent(null)).toBe('—');
  });

  it('names the n behind a figure', () => {
    expect(formatN(300)).toBe('n = 300');
    expect(formatN(1200)).toBe('n = 1,200');
  });

  it('writes the average position to one decimal, or a dash when the brand is never named', () => {
    expect(formatPosition(1.6666)).toBe('1.7');
    expect(formatPosition(null)).toBe('—');
  });
});

describe('changes', () => {
  it('writes differences in percentage points with a sign', () => {
    expect(formatPoints(0.1734)).toBe('+17.3 pp');
    expect(formatPoints(-0.04)).toBe('\u22124.0 pp');
    expect(formatPoints(0.0001)).toBe('0.0 pp');
  });

  it('gives p to three decimals below 0.1, so a p of 0.049 never reads as 0.05', () => {
    expect(formatP(0.0034)).toBe('p = 0.003');
    expect(formatP(0.049)).toBe('p = 0.049');
    expect(formatP(0.4123)).toBe('p = 0.41');
    expect(formatP(0.0002)).toBe('p < 0.001');
  });

  it('calls a change significant only when the test says so, always with its p-value', () => {
    const up = twoProportionTest({ successes: 9, n: 30 }, { successes: 22, n: 29 });
    expect(significanceLabel(up)).toBe('Significant (p < 0.001)');
    expect(formatDifference(up)).toBe('+45.9 pp (95% interval +20.5 to +63.7 pp)');
    const flat = twoProportionTest({ successes: 12, n: 30 }, { successes: 15, n: 30 });
    expect(significanceLabel(flat)).toBe('Not significant (p = 0.44)');
    expect(formatDifference(flat)).toBe('+10.0 pp (95% interval \u221214.4 to +32.8 pp)');
  });

  it('says why nothing could be tested', () => {
    expect(
      significanceLabel(twoProportionTest({ successes: 0, n: 0 }, { successes: 1, n: 2 })),
    ).toBe('Not tested: no answers on one side');
    expect(
      significanceLabel(twoProportionTest({ successes: 5, n: 5 }, { successes: 8, n: 8 })),
    ).toBe('Not significant: every answer the same on both sides');
  });
});

describe('uplift verdicts', () => {
  const test = twoProportionTest({ successes: 9, n: 30 }, { successes: 22, n: 29 });
  const figure = {
    promptKey: 'p',
    promptText: 'Which jacket?',
    products: ['JACKET'],
    status: 'tested' as const,
    engines: ['openai' as const],
    test,
    adjustedP: 0.012,
    significant: true,
    changes: [],
  };
  const overall = {
    method: 'stratified' as const,
    prompts: 1,
    controls: 0,
    difference: 0.4,
    interval: { low: 0.2, high: 0.6 },
    pValue: 0.01,
    significant: true,
  };

  it('reads the adjusted p-value, and says when the publish as a whole did not move the rate', () => {
    expect(upliftVerdictLabel(figure, overall)).toBe('Significant (adjusted p = 0.012)');
    expect(
      upliftVerdictLabel({ ...figure, significant: false }, { ...overall, significant: false }),
    ).toBe('Not significant: the publish did not move the rate overall (adjusted p = 0.012)');
    expect(upliftVerdictLabel({ ...figure, adjustedP: 0.31, significant: false }, overall)).toBe(
      'Not significant (adjusted p = 0.31)',
    );
  });

  it('gives no verdict while runs are missing or the runs are not like for like', () => {
    expect(upliftVerdictLabel({ ...figure, status: 'waiting' }, null)).toBe('Waiting for runs');
    expect(
      upliftVerdictLabel(
        {
          ...figure,
          status: 'not-comparable',
          changes: [
            { kind: 'prompt-text' },
            { kind: 'engines', onlyBefore: ['google'], onlyAfter: [] },
          ],
        },
        overall,
      ),
    ).toBe('Not comparable: the prompt’s text changed; the engines changed (Gemini only before)');
  });
});

describe('the rest', () => {
  it('counts samples ended of the total', () => {
    expect(samplesProgress(63, 80)).toBe('63 of 80 samples');
  });

  it('lists engines as the screens do: ChatGPT, Claude, Gemini', () => {
    const engines = byEngine(
      [{ e: 'google' }, { e: 'openai' }, { e: 'anthropic' }] as const,
      (x) => x.e,
    );
    expect(engines.map((x) => x.e)).toEqual(['openai', 'anthropic', 'google']);
  });

  it('names the export after the env and the day', () => {
    expect(resultsFileName('prod', new Date('2026-03-02T11:30:00Z'))).toBe(
      'aeo-results-prod-2026-03-02.csv',
    );
  });

  it('links only web addresses', () => {
    expect(isWebUrl('https://acme-outfitters.com/p/1')).toBe(true);
    expect(isWebUrl('http://example.com')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('ftp://files.example.com/a.pdf')).toBe(false);
    expect(isWebUrl('acme-outfitters.com')).toBe(false);
  });
});
