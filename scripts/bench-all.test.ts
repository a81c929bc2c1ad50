import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { format } from 'prettier';
import { afterEach, describe, expect, it } from 'vitest';
import {
  allTable,
  BENCHES,
  type BenchOutcome,
  crashReason,
  outcomeRows,
  renderMarkdown,
  summarize,
  summaryLine,
} from './bench-all';
import { type BenchResult, markdownTable, readResults } from './bench-report';

const row = (over: Partial<BenchResult> = {}): BenchResult => ({
  benchmark: 'jobs',
  case: 'no-op jobs (500)',
  database: 'PGlite',
  figure: '702 jobs/s',
  goal: '≥ 100 jobs/s',
  met: true,
  ...over,
});

const outcome = (over: Partial<BenchOutcome> = {}): BenchOutcome => ({
  name: 'jobs',
  exitCode: 0,
  signal: null,
  timedOut: false,
  seconds: 42,
  rows: [row()],
  log: '.bench/all/jobs.log',
  ...over,
});

/** What Prettier makes of a Markdown text: the repository's format check compares with this. */
const prettier = (markdown: string) =>
  format(markdown, { parser: 'markdown', printWidth: 100, singleQuote: true });

describe('markdownTable', () => {
  it('pads every column to its widest cell, as Prettier does', async () => {
    const table = markdownTable(
      ['case', 'figure', 'met'],
      [
        ['list: fr-FR, variation groups (14,764 match)', 'p50 23.0 ms, p95 25.6 ms', 'yes'],
        ['model calls, 500 ms × 20 (100)', '37.8 calls/s', '–'],
        ['a | in a cell', '', 'NO'],
      ],
    );
    expect(table.split('\n')[0]).toBe(
      '| case                                         | figure                   | met |',
    );
    expect(table).toContain('| a \\| in a cell');
    expect(await prettier(`${table}\n`)).toBe(`${table}\n`);
  });
});

describe('a bench that crashed', () => {
  it('is one that did not reach its report', () => {
    expect(crashReason(outcome())).toBeNull();
    // Exit 1 with a missed goal is a report: the goal was missed, nothing crashed.
    expect(crashReason(outcome({ exitCode: 1, rows: [row({ met: false })] }))).toBeNull();
    expect(crashReason(outcome({ exitCode: 1 }))).toBe('exit code 1 without a missed goal');
    expect(crashReason(outcome({ exitCode: 1, rows: [] }))).toBe('exit code 1, no row reported');
    expect(crashReason(outcome({ rows: [] }))).toBe('exit code 0, no row reported');
    expect(crashReason(outcome({ exitCode: null, signal: 'SIGKILL' }))).toBe('killed by SIGKILL');
    expect(crashReason(outcome({ exitCode: null, timedOut: true }))).toBe(
      'stopped after its time limit',
    );
  });

  it('gets a CRASHED row naming its log, after the rows it did report', () => {
    const rows = outcomeRows(outcome({ name: 'aeo', exitCode: 2, rows: [row()] }));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ benchmark: 'aeo', crashed: true, met: false });
    expect(rows[1]!.case).toBe('crashed: exit code 2 without a missed goal (.bench/all/jobs.log)');
    expect(allTable(rows).split('\n').at(-1)).toMatch(/\| CRASHED \|$/);
  });
});

describe('the summary', () => {
  it('counts goals met and missed, rows without a goal, and names the benches that crashed', () => {
    const outcomes = [
      outcome({ rows: [row(), row({ met: false }), row({ met: null })], exitCode: 1 }),
      outcome({ name: 'cluster', exitCode: 1, rows: [] }),
    ];
    const summary = summarize(outcomes);
    expect(summary).toEqual({ rows: 3, met: 1, missed: 1, noGoal: 1, crashed: ['cluster'] });
    expect(summaryLine(summary)).toBe(
      '3 rows: 1 goal met, 1 missed, 1 without a goal or not measured; crashed: cluster.',
    );
  });
});

describe('docs/benchmarks/all.md', () => {
  const markdown = renderMarkdown({
    mode: 'quick',
    commit: 'd78e4e8 + uncommitted changes',
    date: new Date('2026-11-27T09:12:30Z'),
    machine: '2 cores (Example CPU), 23 GB memory',
    seconds: 659.6,
    outcomes: [
      outcome({
        rows: [
          row(),
          row({ database: 'PostgreSQL', figure: 'not measured', goal: '', met: null }),
          row({
            benchmark: 'retention',
            case: 'kept, after VACUUM FULL monitoring_samples',
            figure: '169 MB (answers 154 MB, aggregates 14 MB)',
            goal: '≤ 59% of kept',
            met: false,
          }),
        ],
        exitCode: 1,
      }),
      outcome({ name: 'cluster', exitCode: 1, rows: [], seconds: 3 }),
    ],
  });

  it('says what was run, where and when, then the table and its summary', () => {
    expect(markdown).toContain('- commit: d78e4e8 + uncommitted changes');
    expect(markdown).toContain('- started: 2026-11-27 09:12 UTC');
    expect(markdown).toContain('- machine: 2 cores (Example CPU), 23 GB memory');
    expect(markdown).toContain('- mode: quick, the quick sizes');
    expect(markdown).toContain('- took: 11 min 0 s');
    expect(markdown).toContain('| benchmark | case ');
    expect(markdown).toContain(
      '3 rows: 1 goal met, 1 missed, 1 without a goal or not measured; crashed: cluster.',
    );
    expect(markdown).toMatch(/\| cluster +\| 3 s +\| CRASHED +\|/);
    expect(markdown).toContain('`BENCH_NOOP_JOBS=1000 BENCH_MODEL_JOBS=200 npm run bench:jobs`');
  });

  it('is as Prettier formats it, so the format check passes on the file bench:all writes', async () => {
    expect(await prettier(markdown)).toBe(markdown);
  });
});

describe('the benches bench:all runs', () => {
  it('are every bench:* script in package.json', () => {
    const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8'));
    const scripts = Object.keys(pkg.scripts as Record<string, string>)
      .filter((name) => name.startsWith('bench:') && name !== 'bench:all')
      .map((name) => name.slice('bench:'.length));
    expect(BENCHES.map((b) => b.name).sort()).toEqual(scripts.sort());
  });
});

describe('readResults', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the JSON lines a bench appended, and refuses a line that is not a row', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bench-all-'));
    const file = path.join(dir, 'jobs.jsonl');
    expect(readResults(file)).toEqual([]);
    writeFileSync(file, `${JSON.stringify(row())}\n${JSON.stringify(row({ met: null }))}\n`);
    expect(readResults(file)).toEqual([row(), row({ met: null })]);
    writeFileSync(file, `${JSON.stringify({ benchmark: 'jobs', case: 'x' })}\n`);
    expect(() => readResults(file)).toThrow('not a bench row');
  });
});
