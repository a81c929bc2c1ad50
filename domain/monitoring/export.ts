/**
 * The monitoring results as CSV (RFC 4180), one figure a row, so an analyst can filter and pivot
 * them: every rate with its successes, n and 95% interval, each engine's rows with how it was asked
 * (`web-search` or `memory`) and its model, the uplift with its windows, intervals,
 * adjusted p-values, rows not comparable and the overall answer (ADR 0040), and the answers checked
 * against the catalogue (the inaccurate-answer rates, claims per product, each wrong claim; in a
 * `mismatch` row `value` is the sample's number among its prompt's answers). `market` is the market
 * the figures are narrowed to (`all`: every market pooled), a prompt's or a wrong claim's own market,
 * and in `market` rows each market's own rates in the latest run. Text cells that
 * a spreadsheet would run as a formula (= + - @, tab, carriage return first) get a leading '.
 */
import type { AccuracyResults } from './accuracy';
import type { EngineFigures, MonitoringResults } from './runs';
import type { Rate } from './stats';
import { upliftChangesText, type UpliftFigure, type UpliftSummary } from './uplift';

export const RESULTS_CSV_COLUMNS = [
  'section',
  'engine',
  'market',
  'asked',
  'model',
  'run_id',
  'at',
  'prompt_key',
  'prompt',
  'subject',
  'subject_name',
  'metric',
  'value',
  'successes',
  'n',
  'ci95_low',
  'ci95_high',
  'p_value',
  'significant',
  'p_adjusted',
  'runs_before',
  'runs_after',
  'note',
] as const;

type Column = (typeof RESULTS_CSV_COLUMNS)[number];
/** A row: text cells as strings, figures as numbers (written as numbers, never guarded). */
type Row = Partial<Record<Column, string | number | null>>;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: a number as written by us; text guarded against formulas, quoted when it must be. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : guardFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Rates and shares to four decimals (0.4200 is 42.00%), as a number. */
const fraction = (x: number | null) => (x === null ? null : Number(x.toFixed(4)));

const prompts = (n: number) => (n === 1 ? '1 prompt' : `${n} prompts`);
const pValue = (p: number | null) => (p === null ? null : Number(p.toFixed(6)));

/** Why a row has no verdict: what changed between the windows, or the runs it waits for. */
function upliftNote(u: UpliftFigure, summary: UpliftSummary | null): string | null {
  if (u.status === 'not-comparable') return `not comparable: ${upliftChangesText(u.changes)}`;
  if (u.status === 'waiting' && summary) {
    return `waiting for runs: ${summary.runsBefore} of ${summary.runsNeeded} before, ${summary.runsAfter} of ${summary.runsNeeded} after`;
  }
  return null;
}

function rateRow(metric: string, rate: Rate): Row {
  return {
    metric,
    value: fraction(rate.rate),
    successes: rate.successes,
    n: rate.n,
    ci95_low: fraction(rate.low),
    ci95_high: fraction(rate.high),
  };
}

function figureRows(f: EngineFigures): Row[] {
  const engine = f.engine ?? 'all';
  const rows: Row[] = [
    rateRow('mention_rate', f.mentionRate),
    rateRow('citation_rate', f.citationRate),
    {
      metric: 'average_position',
      value: f.averagePosition === null ? null : Number(f.averagePosition.toFixed(2)),
    },
    ...Object.entries(f.shareOfVoice)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([brand, share]) => ({
        subject: brand,
        metric: 'share_of_voice',
        value: fraction(share),
      })),
    ...Object.entries(f.sentiment).map(([sentiment, count]) => ({
      subject: sentiment,
      metric: 'sentiment_answers',
      value: count,
    })),
  ];
  const asked: Row = f.asked ? { asked: f.asked.mode, model: f.asked.model } : {};
  return rows.map((row) => ({ section: 'engine', engine, ...asked, ...row }));
}

/**
 * The accuracy check's rows: the inaccurate-answer rate per engine, each product's claims, and every
 * wrong claim listed (what the answer said and what the catalogue holds in `note`).
 */
function accuracyRows(accuracy: AccuracyResults, engine: string): Row[] {
  const rows: Row[] = [];
  const run: Row = accuracy.run
    ? { run_id: accuracy.run.id, at: accuracy.run.finishedAt.toISOString() }
    : {};
  const rates = accuracy.overall
    ? [{ engine: 'all', inaccurate: accuracy.overall }, ...accuracy.engines]
    : accuracy.engines;
  for (const f of rates) {
    rows.push({
      section: 'accuracy',
      ...run,
      ...rateRow('inaccurate_answer_rate', f.inaccurate),
      engine: f.engine,
    });
  }
  for (const p of accuracy.products) {
    const product = {
      section: 'accuracy',
      engine,
      ...run,
      subject: p.b2cProductId,
      subject_name: p.name,
    };
    rows.push({ ...product, metric: 'claims_checked', value: p.checked });
    rows.push({ ...product, metric: 'claims_wrong', value: p.mismatched });
  }
  for (const m of accuracy.mismatches) {
    rows.push({
      section: 'mismatch',
      engine: m.engine,
      market: m.market,
      ...run,
      prompt_key: m.promptKey,
      prompt: m.prompt,
      subject: m.productId,
      subject_name: m.productName,
      metric: `wrong_${m.kind}`,
      value: m.idx,
      note: `answer said: ${m.said}; catalogue: ${m.catalogue}`,
    });
  }
  return rows;
}

/**
 * The results as CSV: a header, then figures, prompts, trend, publishes, uplift and products, and
 * the accuracy check when it is given.
 */
export function resultsCsv(
  results: MonitoringResults,
  accuracy: AccuracyResults | null = null,
): string {
  const latest = results.trend.at(-1) ?? null;
  const scope = results.engines.length === 1 ? results.engines[0]!.engine : null;
  const engine = scope ?? 'all';
  const ofLatest: Row = latest ? { run_id: latest.runId, at: latest.at.toISOString() } : {};
  const rows: Row[] = [];

  const figures = scope ? results.engines : [results.overall, ...results.engines];
  for (const f of figures) {
    if (f) rows.push(...figureRows(f).map((row) => ({ ...ofLatest, ...row })));
  }
  if (results.market === null && results.markets.length > 1) {
    for (const m of results.markets) {
      const market = { section: 'market', engine, market: m.market ?? 'none', ...ofLatest };
      rows.push({ ...market, ...rateRow('mention_rate', m.mentionRate) });
      rows.push({ ...market, ...rateRow('citation_rate', m.citationRate) });
    }
  }
  for (const p of results.prompts) {
    const prompt = {
      section: 'prompt',
      engine,
      market: p.market,
      ...ofLatest,
      prompt_key: p.key,
      prompt: p.text,
    };
    rows.push({ ...prompt, ...rateRow('mention_rate', p.mentionRate) });
    rows.push({ ...prompt, ...rateRow('citation_rate', p.citationRate) });
  }
  for (const point of results.trend) {
    const run = { section: 'trend', engine, run_id: point.runId, at: point.at.toISOString() };
    rows.push({ ...run, ...rateRow('mention_rate', point.mentionRate) });
    rows.push({ ...run, ...rateRow('citation_rate', point.citationRate) });
  }
  for (const mark of results.publishes) {
    rows.push({
      section: 'publish',
      at: mark.at.toISOString(),
      subject: mark.products.join('; '),
      metric: 'proposals_published',
      value: mark.proposals,
    });
  }
  const lastPublish = results.publishes.at(-1);
  const summary = results.upliftSummary;
  const windows: Row = summary
    ? { runs_before: summary.runsBefore, runs_after: summary.runsAfter }
    : {};
  for (const u of results.uplift) {
    const figure = {
      section: 'uplift',
      engine,
      at: lastPublish?.at.toISOString() ?? null,
      prompt_key: u.promptKey,
      prompt: u.promptText,
      subject: u.products.join('; '),
      ...windows,
    };
    const { test } = u;
    rows.push({ ...figure, ...rateRow('mention_rate_before', test.before) });
    rows.push({ ...figure, ...rateRow('mention_rate_after', test.after) });
    rows.push({
      ...figure,
      metric: 'mention_rate_difference',
      value: fraction(test.difference),
      ci95_low: fraction(test.interval?.low ?? null),
      ci95_high: fraction(test.interval?.high ?? null),
      p_value: pValue(test.pValue),
      significant: u.status === 'tested' ? (u.significant ? 'yes' : 'no') : null,
      p_adjusted: pValue(u.adjustedP),
      note: upliftNote(u, summary),
    });
  }
  const overall = summary?.overall;
  if (overall) {
    rows.push({
      section: 'uplift',
      engine,
      at: lastPublish?.at.toISOString() ?? null,
      subject: lastPublish?.products.join('; ') ?? null,
      metric:
        overall.method === 'difference-in-differences'
          ? 'mention_rate_difference_in_differences'
          : 'mention_rate_difference_overall',
      value: fraction(overall.difference),
      ci95_low: fraction(overall.interval.low),
      ci95_high: fraction(overall.interval.high),
      p_value: pValue(overall.pValue),
      significant: overall.significant ? 'yes' : 'no',
      ...windows,
      note:
        overall.method === 'difference-in-differences'
          ? `${prompts(overall.prompts)} naming changed products against ${prompts(overall.controls)} naming none`
          : `${prompts(overall.prompts)} naming changed products, stratified by prompt and engine`,
    });
  }
  for (const product of results.products) {
    const named = {
      section: 'product',
      ...ofLatest,
      subject: product.b2cProductId,
      subject_name: product.name,
      metric: 'answers',
    };
    rows.push({ ...named, engine, value: product.answers });
    if (!scope) {
      for (const [e, count] of Object.entries(product.engines)) {
        rows.push({ ...named, engine: e, value: count });
      }
    }
  }

  if (accuracy) rows.push(...accuracyRows(accuracy, engine));

  // Every row says which market's figures it holds: its own, or those the view is narrowed to.
  const narrowedTo = results.market ?? 'all';
  const lines = [
    RESULTS_CSV_COLUMNS.join(','),
    ...rows.map((row) =>
      RESULTS_CSV_COLUMNS.map((column) =>
        csvCell(column === 'market' && row.market === undefined ? narrowedTo : row[column]),
      ).join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
