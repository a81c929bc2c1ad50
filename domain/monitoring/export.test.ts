import { describe, expect, it } from 'vitest';
import { accuracyResults, accuracyRow, type Claim } from './accuracy';
import { csvCell, RESULTS_CSV_COLUMNS, resultsCsv } from './export';
import { type EngineFigures, type MonitoringResults, NO_RESULTS } from './runs';
import { twoProportionTest, wilsonInterval, windowTest } from './stats';

const figures = (engine: EngineFigures['engine'], mentions: number, n: number): EngineFigures => ({
  engine,
  // ChatGPT searched the web; Claude answered from memory.
  asked:
    engine === null
      ? null
      : engine === 'anthropic'
        ? { mode: 'memory', model: 'claude-sonnet-5-5' }
        : { mode: 'web-search', model: 'gpt-5' },
  mentionRate: wilsonInterval(mentions, n),
  citationRate: wilsonInterval(0, n),
  averagePosition: mentions > 0 ? 1.5 : null,
  shareOfVoice: { '=Rival': 0.4, Acme: 0.6 },
  sentiment: { positive: mentions, neutral: 0, negative: 0, mixed: 0 },
});

const at = (iso: string) => new Date(iso);

// Drift halves what the 12 answers a side are worth: the interval holds zero (p = 0.077).
const jacketTest = windowTest(
  { successes: 3, n: 12, rate: 0.25, effectiveN: 6 },
  { successes: 9, n: 12, rate: 0.75, effectiveN: 6 },
);

const results: MonitoringResults = {
  run: null,
  config: null,
  market: null,
  markets: [],
  overall: figures(null, 3, 4),
  engines: [figures('openai', 2, 2), figures('anthropic', 1, 2)],
  prompts: [
    {
      key: 'new:1',
      text: 'Best "rain" jacket,\nunder $200?',
      market: null,
      mentionRate: wilsonInterval(3, 4),
      citationRate: wilsonInterval(0, 4),
    },
  ],
  trend: [
    {
      runId: 'run_1',
      at: at('2026-02-01T08:00:00Z'),
      mentionRate: wilsonInterval(1, 4),
      citationRate: wilsonInterval(0, 4),
    },
    {
      runId: 'run_2',
      at: at('2026-02-08T08:00:00Z'),
      mentionRate: wilsonInterval(3, 4),
      citationRate: wilsonInterval(0, 4),
    },
  ],
  publishes: [{ at: at('2026-02-05T10:00:00Z'), products: ['jacket', 'vest'], proposals: 3 }],
  uplift: [
    {
      promptKey: 'new:1',
      promptText: '-1 trick',
      products: ['jacket'],
      status: 'tested',
      engines: ['openai'],
      test: jacketTest,
      adjustedP: jacketTest.pValue,
      significant: false,
      changes: [],
    },
    {
      promptKey: 'lib-2',
      promptText: 'Which vest?',
      products: ['vest'],
      status: 'not-comparable',
      engines: ['openai'],
      test: {
        ...twoProportionTest({ successes: 2, n: 12 }, { successes: 4, n: 12 }),
        difference: null,
        interval: null,
        z: null,
        pValue: null,
      },
      adjustedP: null,
      significant: false,
      changes: [
        { kind: 'prompt-text' },
        { kind: 'engines', onlyBefore: [], onlyAfter: ['google'] },
      ],
    },
  ],
  upliftSummary: {
    runsBefore: 3,
    runsAfter: 3,
    runsNeeded: 3,
    ready: true,
    overall: {
      method: 'difference-in-differences',
      prompts: 1,
      controls: 2,
      difference: 0.4,
      interval: { low: 0.1, high: 0.7 },
      pValue: 0.012345678,
      significant: true,
    },
    drift: { total: 0.03, common: 0.01, df: 40, clusterDf: 8 },
  },
  products: [
    { b2cProductId: 'jacket', name: '@Jacket', answers: 3, engines: { openai: 2, anthropic: 1 } },
  ],
  answersRemoved: null,
};

describe('csvCell', () => {
  it('quotes cells with commas, quotes and line breaks (RFC 4180), doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('guards text that a spreadsheet would run as a formula, not the numbers it writes', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell(-0.25)).toBe('-0.25');
  });
});

describe('resultsCsv', () => {
  it('writes every figure with its n and 95% interval, one a row, CRLF line ends', () => {
    const csv = resultsCsv(results);
    expect(csv.endsWith('\r\n')).toBe(true);
    const lines = csv.split('\r\n');
    expect(lines.pop()).toBe('');
    // The prompt's line break is inside quotes: split the records at CRLF only.
    expect(lines).toEqual([
      RESULTS_CSV_COLUMNS.join(','),
      'engine,all,all,,,run_2,2026-02-08T08:00:00.000Z,,,,,mention_rate,0.75,3,4,0.3006,0.9544,,,,,,',
      'engine,all,all,,,run_2,2026-02-08T08:00:00.000Z,,,,,citation_rate,0,0,4,0,0.4899,,,,,,',
      'engine,all,all,,,run_2,2026-02-08T08:00:00.000Z,,,,,average_position,1.5,,,,,,,,,,',
      'engine,all,all,,,run_2,2026-02-08T08:00:00.000Z,,,Acme,,share_of_voice,0.6,,,,,,,,,,',
      "engine,all,all,,,run_2,2026-02-08T08:00:00.000Z,,,'=Rival,,share_of_voice,0.4,,,,,,,,,,",
      'engine,all,all,,,run_2,2026-02-08T08:00:00.000Z,,,positive,,sentiment_answers,3,,,,,,,,,,',
      'engine,all,all,,,run_2,2026-02-08T08:00:00.000Z,,,neutral,,sentiment_answers,0,,,,,,,,,,',
      'engine,all,all,,,run_2,2026-02-08T08:00:00.000Z,,,negative,,sentiment_answers,0,,,,,,,,,,',
      'engine,all,all,,,run_2,2026-02-08T08:00:00.000Z,,,mixed,,sentiment_answers,0,,,,,,,,,,',
      'engine,openai,all,web-search,gpt-5,run_2,2026-02-08T08:00:00.000Z,,,,,mention_rate,1,2,2,0.3424,1,,,,,,',
      'engine,openai,all,web-search,gpt-5,run_2,2026-02-08T08:00:00.000Z,,,,,citation_rate,0,0,2,0,0.6576,,,,,,',
      'engine,openai,all,web-search,gpt-5,run_2,2026-02-08T08:00:00.000Z,,,,,average_position,1.5,,,,,,,,,,',
      'engine,openai,all,web-search,gpt-5,run_2,2026-02-08T08:00:00.000Z,,,Acme,,share_of_voice,0.6,,,,,,,,,,',
      "engine,openai,all,web-search,gpt-5,run_2,2026-02-08T08:00:00.000Z,,,'=Rival,,share_of_voice,0.4,,,,,,,,,,",
      'engine,openai,all,web-search,gpt-5,run_2,2026-02-08T08:00:00.000Z,,,positive,,sentiment_answers,2,,,,,,,,,,',
      'engine,openai,all,web-search,gpt-5,run_2,2026-02-08T08:00:00.000Z,,,neutral,,sentiment_answers,0,,,,,,,,,,',
      'engine,openai,all,web-search,gpt-5,run_2,2026-02-08T08:00:00.000Z,,,negative,,sentiment_answers,0,,,,,,,,,,',
      'engine,openai,all,web-search,gpt-5,run_2,2026-02-08T08:00:00.000Z,,,mixed,,sentiment_answers,0,,,,,,,,,,',
      'engine,anthropic,all,memory,claude-sonnet-5-5,run_2,2026-02-08T08:00:00.000Z,,,,,mention_rate,0.5,1,2,0.0945,0.9055,,,,,,',
      'engine,anthropic,all,memory,claude-sonnet-5-5,run_2,2026-02-08T08:00:00.000Z,,,,,citation_rate,0,0,2,0,0.6576,,,,,,',
      'engine,anthropic,all,memory,claude-sonnet-5-5,run_2,2026-02-08T08:00:00.000Z,,,,,average_position,1.5,,,,,,,,,,',
      'engine,anthropic,all,memory,claude-sonnet-5-5,run_2,2026-02-08T08:00:00.000Z,,,Acme,,share_of_voice,0.6,,,,,,,,,,',
      "engine,anthropic,all,memory,claude-sonnet-5-5,run_2,2026-02-08T08:00:00.000Z,,,'=Rival,,share_of_voice,0.4,,,,,,,,,,",
      'engine,anthropic,all,memory,claude-sonnet-5-5,run_2,2026-02-08T08:00:00.000Z,,,positive,,sentiment_answers,1,,,,,,,,,,',
      'engine,anthropic,all,memory,claude-sonnet-5-5,run_2,2026-02-08T08:00:00.000Z,,,neutral,,sentiment_answers,0,,,,,,,,,,',
      'engine,anthropic,all,memory,claude-sonnet-5-5,run_2,2026-02-08T08:00:00.000Z,,,negative,,sentiment_answers,0,,,,,,,,,,',
      'engine,anthropic,all,memory,claude-sonnet-5-5,run_2,2026-02-08T08:00:00.000Z,,,mixed,,sentiment_answers,0,,,,,,,,,,',
      'prompt,all,,,,run_2,2026-02-08T08:00:00.000Z,new:1,"Best ""rain"" jacket,\nunder $200?",,,mention_rate,0.75,3,4,0.3006,0.9544,,,,,,',
      'prompt,all,,,,run_2,2026-02-08T08:00:00.000Z,new:1,"Best ""rain"" jacket,\nunder $200?",,,citation_rate,0,0,4,0,0.4899,,,,,,',
      'trend,all,all,,,run_1,2026-02-01T08:00:00.000Z,,,,,mention_rate,0.25,1,4,0.0456,0.6994,,,,,,',
      'trend,all,all,,,run_1,2026-02-01T08:00:00.000Z,,,,,citation_rate,0,0,4,0,0.4899,,,,,,',
      'trend,all,all,,,run_2,2026-02-08T08:00:00.000Z,,,,,mention_rate,0.75,3,4,0.3006,0.9544,,,,,,',
      'trend,all,all,,,run_2,2026-02-08T08:00:00.000Z,,,,,citation_rate,0,0,4,0,0.4899,,,,,,',
      'publish,,all,,,,2026-02-05T10:00:00.000Z,,,jacket; vest,,proposals_published,3,,,,,,,,,,',
      "uplift,all,all,,,,2026-02-05T10:00:00.000Z,new:1,'-1 trick,jacket,,mention_rate_before,0.25,3,12,0.06,0.6352,,,,3,3,",
      "uplift,all,all,,,,2026-02-05T10:00:00.000Z,new:1,'-1 trick,jacket,,mention_rate_after,0.75,9,12,0.3648,0.94,,,,3,3,",
      "uplift,all,all,,,,2026-02-05T10:00:00.000Z,new:1,'-1 trick,jacket,,mention_rate_difference,0.5,,,-0.0447,0.7687,0.076654,no,0.076654,3,3,",
      'uplift,all,all,,,,2026-02-05T10:00:00.000Z,lib-2,Which vest?,vest,,mention_rate_before,0.1667,2,12,0.047,0.448,,,,3,3,',
      'uplift,all,all,,,,2026-02-05T10:00:00.000Z,lib-2,Which vest?,vest,,mention_rate_after,0.3333,4,12,0.1381,0.6094,,,,3,3,',
      'uplift,all,all,,,,2026-02-05T10:00:00.000Z,lib-2,Which vest?,vest,,mention_rate_difference,,,,,,,,,3,3,not comparable: the prompt’s text changed; the engines changed (Gemini only after)',
      'uplift,all,all,,,,2026-02-05T10:00:00.000Z,,,jacket; vest,,mention_rate_difference_in_differences,0.4,,,0.1,0.7,0.012346,yes,,3,3,1 prompt naming changed products against 2 prompts naming none',
      "product,all,all,,,run_2,2026-02-08T08:00:00.000Z,,,jacket,'@Jacket,answers,3,,,,,,,,,,",
      "product,openai,all,,,run_2,2026-02-08T08:00:00.000Z,,,jacket,'@Jacket,answers,2,,,,,,,,,,",
      "product,anthropic,all,,,run_2,2026-02-08T08:00:00.000Z,,,jacket,'@Jacket,answers,1,,,,,,,,,,",
    ]);
  });

  it('labels every row with the one engine when the results are narrowed to it', () => {
    const openai: MonitoringResults = {
      ...results,
      overall: figures(null, 2, 2),
      engines: [figures('openai', 2, 2)],
      products: [{ b2cProductId: 'jacket', name: 'Jacket', answers: 2, engines: { openai: 2 } }],
    };
    const rows = resultsCsv(openai)
      .split('\r\n')
      .filter((line) => /^(engine|trend|product),/.test(line));
    expect(rows.filter((line) => line.startsWith('engine,'))).toHaveLength(9);
    expect(rows.every((line) => line.split(',')[1] === 'openai')).toBe(true);
    expect(rows.at(-1)).toBe(
      'product,openai,all,,,run_2,2026-02-08T08:00:00.000Z,,,jacket,Jacket,answers,2,,,,,,,,,,',
    );
  });

  it('writes only the header when nothing has run yet', () => {
    const empty: MonitoringResults = { ...NO_RESULTS, run: results.run, config: results.config };
    expect(resultsCsv(empty)).toBe(`${RESULTS_CSV_COLUMNS.join(',')}\r\n`);
  });
});

describe('resultsCsv with the accuracy check', () => {
  const claim = (productId: string, mismatch: boolean, said: string): Claim => ({
    productId,
    kind: 'price',
    said,
    catalogue: 'USD 129.99',
    mismatch,
    start: 0,
    end: 33,
  });
  const answers = [[claim('DRESS-1', true, '$149')], [claim('DRESS-1', false, '$129.99')], []];
  const accuracy = accuracyResults({
    run: { id: 'run_1', finishedAt: new Date('2026-03-02T00:00:00Z') },
    engine: null,
    market: null,
    rows: [accuracyRow('openai', answers)],
    wrong: [
      {
        engine: 'openai',
        market: null,
        promptKey: 'p1',
        idx: 0,
        answer: 'The Linen Dress is $149, a steal.',
        claims: answers[0]!,
      },
    ],
    promptText: () => 'Best linen dress?',
    productName: () => 'Linen Dress',
    priceSiteId: 'RefArch',
  });

  it('counts answers, not claims, and lists every wrong claim with what each side says', () => {
    expect(accuracy.overall).toEqual(wilsonInterval(1, 2));
    expect(accuracy.products).toEqual([
      { b2cProductId: 'DRESS-1', name: 'Linen Dress', checked: 2, mismatched: 1 },
    ]);
    const lines = resultsCsv(NO_RESULTS, accuracy).trimEnd().split('\r\n');
    expect(lines.slice(1)).toEqual([
      `accuracy,all,all,,,run_1,2026-03-02T00:00:00.000Z,,,,,inaccurate_answer_rate,0.5,1,2,${Number(wilsonInterval(1, 2).low.toFixed(4))},${Number(wilsonInterval(1, 2).high.toFixed(4))},,,,,,`,
      `accuracy,openai,all,,,run_1,2026-03-02T00:00:00.000Z,,,,,inaccurate_answer_rate,0.5,1,2,${Number(wilsonInterval(1, 2).low.toFixed(4))},${Number(wilsonInterval(1, 2).high.toFixed(4))},,,,,,`,
      'accuracy,all,all,,,run_1,2026-03-02T00:00:00.000Z,,,DRESS-1,Linen Dress,claims_checked,2,,,,,,,,,,',
      'accuracy,all,all,,,run_1,2026-03-02T00:00:00.000Z,,,DRESS-1,Linen Dress,claims_wrong,1,,,,,,,,,,',
      'mismatch,openai,,,,run_1,2026-03-02T00:00:00.000Z,p1,Best linen dress?,DRESS-1,Linen Dress,wrong_price,0,,,,,,,,,,answer said: $149; catalogue: USD 129.99',
    ]);
    expect(accuracy.mismatches[0]?.excerpt).toBe('The Linen Dress is $149, a steal.');
  });
});
