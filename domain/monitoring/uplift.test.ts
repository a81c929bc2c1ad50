import { describe, expect, it } from 'vitest';
import type { AiEngine } from '~/domain/ai/models';
import {
  benjaminiHochberg,
  studentTCdf,
  studentTQuantile,
  twoProportionTest,
  windowTest,
} from './stats';
import {
  detectableChange,
  estimateDrift,
  upliftAnalysis,
  upliftChangesText,
  type UpliftRun,
} from './uplift';

/** A run: per prompt key, mentions of n per engine. */
function run(
  id: string,
  mentions: Record<string, Partial<Record<AiEngine, number>>>,
  options: { n?: number; texts?: Record<string, string>; brand?: string[]; named?: string[] } = {},
): UpliftRun {
  const n = options.n ?? 10;
  return {
    id,
    prompts: Object.keys(mentions).map((key) => ({ key, text: options.texts?.[key] ?? key })),
    brand: options.brand ?? ['Acme', 'Acme Outdoor'],
    competitors: ['Rival'],
    cells: Object.entries(mentions).flatMap(([promptKey, engines]) =>
      Object.entries(engines).map(([engine, m]) => ({
        promptKey,
        engine: engine as AiEngine,
        n,
        mentions: m!,
        // The jacket prompt's answers name the jacket whenever they name the brand.
        products: promptKey.startsWith('jacket') && m! > 0 ? ['JACKET'] : [],
      })),
    ),
  };
}

const both = (openai: number, anthropic: number) => ({ openai, anthropic });

describe('Benjamini–Hochberg', () => {
  // statsmodels 0.13.5, multipletests([0.01, 0.04, 0.03, 0.005, 0.2], method='fdr_bh').
  it('adjusts like statsmodels, leaving untested prompts out of the count', () => {
    const adjusted = benjaminiHochberg([0.01, 0.04, null, 0.03, 0.005, 0.2]);
    expect(adjusted[2]).toBeNull();
    const values = adjusted.filter((p) => p !== null);
    [0.025, 0.05, 0.05, 0.025, 0.2].forEach((p, i) => expect(values[i]).toBeCloseTo(p, 12));
  });

  it('never lowers a p-value, and leaves a single one as it is', () => {
    expect(benjaminiHochberg([0.03])).toEqual([0.03]);
    const ps = [0.001, 0.02, 0.5, 0.9];
    benjaminiHochberg(ps).forEach((p, i) => expect(p!).toBeGreaterThanOrEqual(ps[i]!));
  });
});

describe("Student's t", () => {
  // scipy 1.10, scipy.stats.t.cdf and t.ppf.
  it.each([
    [2.0, 5, 0.9490302605850708],
    [-1.3, 3, 0.14223375436394853],
    [2.04, 30, 0.9748802126304565],
    [0.5, 1, 0.6475836176504333],
  ])('t = %f on %i df: %f', (t, df, p) => {
    expect(studentTCdf(t, df)).toBeCloseTo(p, 10);
  });

  it('has the quantiles of the tables', () => {
    expect(studentTQuantile(0.975, 30)).toBeCloseTo(2.0422724563012378, 8);
    expect(studentTQuantile(0.975, 4)).toBeCloseTo(2.7764451051977934, 8);
  });
});

describe('windowTest', () => {
  it('is the two-proportion test when the runs vary no more than sampling makes them', () => {
    const plain = twoProportionTest({ successes: 6, n: 30 }, { successes: 18, n: 30 });
    const windows = windowTest(
      { successes: 6, n: 30, rate: 0.2, effectiveN: 30 },
      { successes: 18, n: 30, rate: 0.6, effectiveN: 30 },
    );
    expect(windows).toEqual(plain);
  });

  it('widens the interval and raises the p-value as drift lowers what the answers are worth', () => {
    const side = (successes: number, effectiveN: number) => ({
      successes,
      n: 30,
      rate: successes / 30,
      effectiveN,
    });
    const plain = windowTest(side(6, 30), side(18, 30));
    const drifting = windowTest(side(6, 12), side(18, 12));
    expect(drifting.interval!.low).toBeLessThan(plain.interval!.low);
    expect(drifting.pValue!).toBeGreaterThan(plain.pValue!);
    // The n shown stays the answers counted.
    expect(drifting.before).toMatchObject({ successes: 6, n: 30 });
  });
});

describe('upliftAnalysis', () => {
  const steady = { jacket: both(3, 4), socks: both(5, 5) };
  const risen = { jacket: both(8, 8), socks: both(5, 5) };
  const history = (after: Record<string, Partial<Record<AiEngine, number>>>[]) => [
    run('r1', steady),
    run('r2', { jacket: both(2, 4), socks: both(4, 6) }),
    run('r3', { jacket: both(3, 3), socks: both(6, 5) }),
    ...after.map((m, i) => run(`a${i + 1}`, m)),
  ];

  it('waits for the window after to fill, giving the rates so far and no verdict', () => {
    const result = upliftAnalysis({
      runs: history([risen]),
      publishes: [{ after: 3, products: ['JACKET'] }],
      windowRuns: 3,
    })!;
    expect(result.summary).toMatchObject({
      runsBefore: 3,
      runsAfter: 1,
      runsNeeded: 3,
      ready: false,
      overall: null,
    });
    const [jacket] = result.figures;
    expect(jacket).toMatchObject({ promptKey: 'jacket', status: 'waiting', significant: false });
    expect(jacket!.test.after).toMatchObject({ successes: 16, n: 20 });
    expect(jacket!.test.pValue).toBeNull();
  });

  it('compares three runs a side engine by engine, against the prompts that named no changed product', () => {
    const result = upliftAnalysis({
      runs: history([risen, { jacket: both(7, 9), socks: both(5, 4) }, risen]),
      publishes: [{ after: 3, products: ['JACKET'] }],
      windowRuns: 3,
    })!;
    expect(result.figures.map((f) => f.promptKey)).toEqual(['jacket']);
    const [jacket] = result.figures;
    expect(jacket).toMatchObject({ status: 'tested', engines: ['anthropic', 'openai'] });
    expect(jacket!.test.before).toMatchObject({ successes: 19, n: 60 });
    expect(jacket!.test.after).toMatchObject({ successes: 48, n: 60 });
    expect(jacket!.significant).toBe(true);
    expect(result.summary.overall).toMatchObject({
      method: 'difference-in-differences',
      prompts: 1,
      controls: 1,
      significant: true,
    });
    // The socks prompt fell by 2 answers in 60: the overall answer nets that out.
    expect(result.summary.overall!.difference).toBeCloseTo(29 / 60 + 2 / 60, 10);
  });

  it('does not credit the publish with a rise every prompt shared (an assistant changing)', () => {
    const everything = { jacket: both(8, 8), socks: both(9, 9) };
    const result = upliftAnalysis({
      runs: history([everything, everything, everything]),
      publishes: [{ after: 3, products: ['JACKET'] }],
      windowRuns: 3,
    })!;
    const [jacket] = result.figures;
    // The prompt on its own rose clearly, but so did the prompt the publish did not touch.
    expect(jacket!.adjustedP!).toBeLessThan(0.05);
    expect(result.summary.overall!.significant).toBe(false);
    expect(jacket!.significant).toBe(false);
  });

  it('marks a prompt not comparable when its text or its engines changed between the windows', () => {
    const texts = { jacket: 'Which jacket for rain?' };
    const edited = { jacket: 'Which jacket for heavy rain?' };
    const result = upliftAnalysis({
      runs: [
        run('b1', { ...steady, jacket2: both(3, 3) }, { texts }),
        run('b2', { ...steady, jacket2: both(3, 3) }, { texts }),
        ...[1, 2].map((i) =>
          run(
            `a${i}`,
            { ...risen, jacket2: { openai: 8, anthropic: 7, google: 6 } },
            { texts: edited },
          ),
        ),
      ],
      publishes: [{ after: 2, products: ['JACKET'] }],
      windowRuns: 2,
    })!;
    expect(result.figures.map((f) => [f.promptKey, f.status, f.changes])).toEqual([
      ['jacket', 'not-comparable', [{ kind: 'prompt-text' }]],
      ['jacket2', 'not-comparable', [{ kind: 'engines', onlyBefore: [], onlyAfter: ['google'] }]],
    ]);
    expect(result.figures.every((f) => f.test.pValue === null && !f.significant)).toBe(true);
    expect(upliftChangesText(result.figures[1]!.changes)).toBe(
      'the engines changed (Gemini only after)',
    );
    // The prompt's text as asked last.
    expect(result.figures[0]!.promptText).toBe('Which jacket for heavy rain?');
    // Nothing comparable named a changed product: no overall answer.
    expect(result.summary.overall).toBeNull();
  });

  it('gives the rows in the prompts’ order, whatever order the cells came in', () => {
    const mentions = { jacket: both(3, 4), jacketHood: both(2, 2), socks: both(5, 5) };
    const shuffled = (r: UpliftRun): UpliftRun => ({
      ...r,
      // The database returns aggregates in no fixed order: the cells of the prompts, reversed.
      cells: [...r.cells].reverse(),
      prompts: [...r.prompts],
    });
    const runs = ['b1', 'b2', 'a1', 'a2'].map((id) => shuffled(run(id, mentions)));
    const result = upliftAnalysis({
      runs,
      publishes: [{ after: 2, products: ['JACKET'] }],
      windowRuns: 2,
    })!;
    expect(result.figures.map((f) => f.promptKey)).toEqual(['jacket', 'jacketHood']);
    // A prompt the latest run no longer lists comes after the listed ones.
    const removed = runs.map((r, i) =>
      i < 2 ? r : { ...r, prompts: r.prompts.filter((p) => p.key !== 'jacket') },
    );
    const later = upliftAnalysis({
      runs: removed,
      publishes: [{ after: 2, products: ['JACKET'] }],
      windowRuns: 2,
    })!;
    expect(later.figures.map((f) => f.promptKey)).toEqual(['jacketHood', 'jacket']);
  });

  it('compares nothing once the brand’s spellings changed, since a mention is read differently', () => {
    const result = upliftAnalysis({
      runs: [
        run('b1', steady),
        run('b2', steady),
        run('a1', risen, { brand: ['Acme'] }),
        run('a2', risen, { brand: ['Acme'] }),
      ],
      publishes: [{ after: 2, products: ['JACKET'] }],
      windowRuns: 2,
    })!;
    expect(result.figures[0]!.changes).toEqual([{ kind: 'brand' }]);
    expect(result.summary.overall).toBeNull();
  });

  it('does not reach back past the previous publish for the window before', () => {
    const result = upliftAnalysis({
      runs: history([risen, risen, risen]),
      publishes: [
        { after: 2, products: ['SOCKS'] },
        { after: 3, products: ['JACKET'] },
      ],
      windowRuns: 3,
    })!;
    expect(result.summary).toMatchObject({ runsBefore: 1, runsAfter: 3, ready: false });
  });

  it('is null until something was published', () => {
    expect(upliftAnalysis({ runs: history([]), publishes: [], windowRuns: 3 })).toBeNull();
  });
});

describe('estimateDrift', () => {
  /** Twenty runs of 10 prompts × 2 engines at 40%, each run's engine swung by `swing`. */
  function drifting(swing: (r: number) => number) {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    return Array.from({ length: 20 }, (_, r) =>
      run(
        `r${r}`,
        Object.fromEntries(
          Array.from({ length: 10 }, (_, p) => {
            const chance = 0.4 + swing(r);
            const draw = () => Array.from({ length: 20 }, () => next() < chance).filter(Boolean);
            return [`p${p}`, both(draw().length, draw().length)];
          }),
        ),
        { n: 20 },
      ),
    );
  }

  it('finds next to none when the runs vary only by sampling', () => {
    const drift = estimateDrift(
      drifting(() => 0),
      new Set(),
    );
    expect(drift.total).toBeLessThan(0.01);
    expect(drift.df).toBe(19 * 20);
    expect(drift.clusterDf).toBe(19 * 2);
  });

  it('finds the swing every prompt of a run shares, as common drift', () => {
    // ±0.15 on a rate of 0.4: a variance of 0.0225, or 0.094 of 0.4 × 0.6.
    const drift = estimateDrift(
      drifting((r) => (r % 2 === 0 ? 0.15 : -0.15)),
      new Set(),
    );
    expect(drift.common).toBeGreaterThan(0.06);
    expect(drift.common).toBeLessThan(0.13);
    expect(drift.common).toBeLessThanOrEqual(drift.total);
  });

  it('does not count a publish’s step as drift: the stretches either side are apart', () => {
    const step = drifting((r) => (r < 10 ? -0.15 : 0.15));
    expect(estimateDrift(step, new Set([10])).total).toBeLessThan(0.01);
    expect(estimateDrift(step, new Set()).total).toBeGreaterThan(0.05);
  });
});

describe('detectableChange', () => {
  it('is the textbook two-proportion answer for one prompt, engine and run without drift', () => {
    // n = 100 a side at 30%: Δ = (z₀.₉₇₅ + z₀.₈)·√((p₁q₁ + p₂q₂)/n), solved with scipy's brentq.
    const change = detectableChange({
      prompts: 1,
      engines: 1,
      samples: 100,
      runs: 1,
      drift: { total: 0, common: 0 },
    })!;
    expect(change.overall).toBeCloseTo(0.18999206678163252, 6);
    expect(change.perPrompt).toBeCloseTo(0.18999206678163252, 6);
  });

  it('shrinks with more samples, engines and runs; prompts help only down to the drift they share', () => {
    const base = { prompts: 8, engines: 3, samples: 10, runs: 3 };
    const at = (more: Partial<typeof base>) => detectableChange({ ...base, ...more })!.overall;
    expect(at({ samples: 30 })).toBeLessThan(at({}));
    expect(at({ runs: 5 })).toBeLessThan(at({}));
    expect(at({ engines: 1 })).toBeGreaterThan(at({}));
    expect(at({ prompts: 50 })).toBeLessThan(at({}));
    // However many prompts, a drift every prompt shares is not averaged away.
    const floor = detectableChange({ ...base, prompts: 1_000_000, samples: 50 })!.overall;
    expect(floor).toBeGreaterThan(0.05);
  });

  it('has nothing to say about a config that asks nothing', () => {
    expect(detectableChange({ prompts: 0, engines: 3, samples: 10, runs: 3 })).toBeNull();
  });
});
