/**
 * `npm run bench:all`: every `bench:*` in turn, each as the npm script a user runs (its own process;
 * the database benches measure PGlite and PostgreSQL in that one run), then one table of every row they
 * report (bench-report.ts): benchmark, case, database, figure, goal, met. The table goes to stdout and,
 * with the commit, the date, the machine and the mode, to docs/benchmarks/all.md.
 *
 *   npm run bench:all                    the quick sizes (QUICK below; well under 15 minutes on 2 cores)
 *   npm run bench:all -- --full          each bench's own (full) sizes
 *   npm run bench:all -- --only jobs,aeo some benches; prints the table, writes no file
 *
 * It is a report: missed goals exit 0. A bench that crashes (exits non-zero without a missed goal, or
 * reports no row, or runs past its time limit) gets a CRASHED row, and bench:all exits 1. Each bench's
 * output is kept in .bench/all/<name>.log.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import {
  type BenchResult,
  markdownTable,
  metText,
  readResults,
  RESULTS_FILE_ENV,
} from './bench-report';

/** What a bench is given in the quick mode: sizes through its environment and its arguments. */
export interface QuickSize {
  env?: Record<string, string>;
  args?: string[];
}

/**
 * Every `bench:*` script (a test compares this with package.json), in the order they run, with its
 * quick sizes. A bench whose sizes do not scale (bundle) runs as it is.
 */
export const BENCHES: readonly { name: string; quick: QuickSize }[] = [
  { name: 'bundle', quick: {} },
  {
    name: 'server',
    quick: { env: { BENCH_DURATION: '5', BENCH_ROUNDS: '2', BENCH_DIAGNOSTIC_ROUNDS: '0' } },
  },
  { name: 'jobs', quick: { env: { BENCH_NOOP_JOBS: '1000', BENCH_MODEL_JOBS: '200' } } },
  { name: 'products', quick: { env: { BENCH_PRODUCTS: '10000', BENCH_LIST_ROUNDS: '20' } } },
  { name: 'agents', quick: { env: { BENCH_AGENT_PRODUCTS: '150' } } },
  { name: 'reviews', quick: { env: { BENCH_REVIEW_PRODUCTS: '200' } } },
  {
    name: 'aeo',
    quick: {
      env: {
        BENCH_AEO_PROMPTS: '10',
        BENCH_AEO_SAMPLES: '10',
        BENCH_AEO_DAYS: '90',
        BENCH_AEO_ROUNDS: '20',
      },
    },
  },
  { name: 'retention', quick: { args: ['--days', '60', '--retention', '30', '--samples', '5'] } },
  {
    name: 'cluster',
    quick: { env: { BENCH_DURATION: '5', BENCH_ROUNDS: '1', BENCH_WARMUP: '3' } },
  },
];

/** How long one bench may run before it counts as crashed (it is stopped). */
const TIME_LIMIT_S = { quick: 10 * 60, full: 3 * 60 * 60 } as const;

export type Mode = keyof typeof TIME_LIMIT_S;

/** How one bench's run ended. */
export interface BenchOutcome {
  name: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  seconds: number;
  rows: BenchResult[];
  /** Where its output is kept. */
  log: string;
  /** Set when its results file could not be read. */
  readError?: string;
}

/** A row of the table of every goal: a bench's row, or the row that says a bench crashed. */
export interface AllRow extends BenchResult {
  crashed?: true;
}

/** Why a bench counts as crashed, or null when it ran to its report (goals met or not). */
export function crashReason(outcome: BenchOutcome): string | null {
  if (outcome.timedOut) return `stopped after its time limit`;
  if (outcome.signal) return `killed by ${outcome.signal}`;
  if (outcome.readError) return `unreadable results: ${outcome.readError}`;
  if (outcome.rows.length === 0) return `exit code ${outcome.exitCode}, no row reported`;
  // A bench exits 1 when it missed a goal; any other failure is not a report.
  if (outcome.exitCode === 0) return null;
  if (outcome.exitCode === 1 && outcome.rows.some((r) => r.met === false)) return null;
  return `exit code ${outcome.exitCode} without a missed goal`;
}

/** A bench's rows, and a CRASHED row (naming its log) when it crashed. */
export function outcomeRows(outcome: BenchOutcome): AllRow[] {
  const reason = crashReason(outcome);
  if (!reason) return outcome.rows;
  return [
    ...outcome.rows,
    {
      benchmark: outcome.name,
      case: `crashed: ${reason} (${outcome.log})`,
      database: '–',
      figure: '',
      goal: '',
      met: false,
      crashed: true,
    },
  ];
}

/** The table of every goal. */
export function allTable(rows: readonly AllRow[]): string {
  return markdownTable(
    ['benchmark', 'case', 'database', 'figure', 'goal', 'met'],
    rows.map((r) => [
      r.benchmark,
      r.case,
      r.database,
      r.figure,
      r.goal,
      r.crashed ? 'CRASHED' : metText(r.met),
    ]),
  );
}

export interface Summary {
  rows: number;
  met: number;
  missed: number;
  noGoal: number;
  crashed: string[];
}

/** The rows counted: goals met and missed, rows without a goal, and the benches that crashed. */
export function summarize(outcomes: readonly BenchOutcome[]): Summary {
  const rows = outcomes.flatMap((o) => o.rows);
  return {
    rows: rows.length,
    met: rows.filter((r) => r.met === true).length,
    missed: rows.filter((r) => r.met === false).length,
    noGoal: rows.filter((r) => r.met === null).length,
    crashed: outcomes.filter((o) => crashReason(o) !== null).map((o) => o.name),
  };
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export const summaryLine = (s: Summary): string =>
  `${count(s.rows, 'row')}: ${count(s.met, 'goal')} met, ${s.missed} missed, ${s.noGoal} without a goal or not measured; crashed: ${s.crashed.length ? s.crashed.join(', ') : 'none'}.`;

const minutes = (seconds: number) => {
  const whole = Math.round(seconds);
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${whole % 60} s`;
};

/** How a bench's run ended, in a word or two. */
function ending(outcome: BenchOutcome): string {
  if (crashReason(outcome)) return 'CRASHED';
  return outcome.rows.some((r) => r.met === false) ? 'goals missed' : 'ok';
}

/** The quick sizes, as a reader would set them by hand. */
export function quickSizes(): string[][] {
  return BENCHES.map(({ name, quick }) => {
    const env = Object.entries(quick.env ?? {}).map(([k, v]) => `${k}=${v}`);
    const args = quick.args?.length ? ['--', ...quick.args] : [];
    const command = [...env, `npm run bench:${name}`, ...args].join(' ');
    return [name, env.length || args.length ? `\`${command}\`` : 'as in the full mode'];
  });
}

export interface Report {
  mode: Mode;
  /** Short commit id, with "+ uncommitted changes" when the tree was dirty. */
  commit: string;
  date: Date;
  machine: string;
  seconds: number;
  outcomes: BenchOutcome[];
}

/** docs/benchmarks/all.md: how it was made, the table, its summary, and each bench's time. */
export function renderMarkdown(report: Report): string {
  const { mode, commit, date, machine, seconds, outcomes } = report;
  const when = `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const sizes =
    mode === 'quick' ? 'the quick sizes (below)' : "each bench's full sizes (its own defaults)";
  return [
    '# Every goal in one table (`npm run bench:all`)',
    '',
    'Written by `npm run bench:all`; run it again rather than editing this file. Each row is one that a',
    "`bench:*` script reports beside its goal; the bench's own page in this folder says what it measures.",
    'Run it before resolving an issue that touches a measured path, and say in the note which rows changed.',
    '',
    '`npm run bench:all` runs the quick sizes, `-- --full` the full ones (much longer: bench:server',
    'alone takes about 14 minutes), `-- --only jobs,aeo` some benches without writing this file. Each',
    'bench runs as its npm script, in a process of its own; the database benches measure PGlite and the',
    'PostgreSQL of `scripts/pg-test-db.sh` in that one run. bench:cluster starts a PostgreSQL of its own',
    'and needs wrk, which its script installs from Debian when missing. A bench that crashes gets a',
    "CRASHED row and bench:all exits 1; missed goals exit 0. Every bench's output of the last run is in",
    '`.bench/all/<name>.log`.',
    '',
    'The quick sizes run the whole set in minutes on 2 cores. Fixed costs (starting workers, the first',
    'poll, a warm-up) weigh more in a small run, and one short round on a shared machine swings, so a',
    'quick row that misses its goal says "look here": run that bench at its full size before concluding',
    'anything. The figures depend on what else the machine was doing: the load average below says.',
    '',
    `- commit: ${commit}`,
    `- started: ${when}`,
    `- machine: ${machine}`,
    `- mode: ${mode}, ${sizes}`,
    `- took: ${minutes(seconds)}`,
    '',
    allTable(outcomes.flatMap(outcomeRows)),
    '',
    summaryLine(summarize(outcomes)),
    '',
    '## Each bench',
    '',
    markdownTable(
      ['benchmark', 'took', 'ended'],
      outcomes.map((o) => [o.name, minutes(o.seconds), ending(o)]),
    ),
    '',
    '## Quick sizes',
    '',
    markdownTable(['benchmark', 'quick mode runs'], quickSizes()),
    '',
  ].join('\n');
}

// ── Running the benches ──────────────────────────────────────────────────────────────────────────

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORK = path.join(ROOT, '.bench', 'all');

/** The commit, marked when the tree differs from it (this file's own output aside). */
function commitId(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  const id = git('rev-parse', '--short', 'HEAD').trim();
  const dirty = git('status', '--porcelain', '--', '.', ':!docs/benchmarks/all.md').trim() !== '';
  return dirty ? `${id} + uncommitted changes` : id;
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB memory, ${os.platform()} ${os.release()}, Node ${process.version}`;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');

/** Runs `npm run bench:<name>` in a process group of its own, its output to ours and to its log. */
function runBench(name: string, mode: Mode, quick: QuickSize): Promise<BenchOutcome> {
  const log = path.join(WORK, `${name}.log`);
  const results = path.join(WORK, `${name}.jsonl`);
  rmSync(results, { force: true });
  const args = ['run', `bench:${name}`];
  if (mode === 'quick' && quick.args?.length) args.push('--', ...quick.args);
  const env = {
    ...process.env,
    ...(mode === 'quick' ? quick.env : {}),
    [RESULTS_FILE_ENV]: results,
  };
  const started = performance.now();
  const file = createWriteStream(log);
  return new Promise((resolve) => {
    const child = spawn('npm', args, {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const group = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // Already gone.
      }
    };
    // Ctrl-C reaches bench:all's process group only: pass it on to the bench's.
    const interrupt = (signal: NodeJS.Signals) => {
      group(signal);
      process.exit(130);
    };
    process.once('SIGINT', interrupt);
    process.once('SIGTERM', interrupt);
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      file.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      file.write(chunk);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      group('SIGTERM');
      setTimeout(() => group('SIGKILL'), 5_000).unref();
    }, TIME_LIMIT_S[mode] * 1000);
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      process.off('SIGINT', interrupt);
      process.off('SIGTERM', interrupt);
      // Whatever the bench left running in its group (servers, load generators) goes with it.
      group('SIGKILL');
      file.end();
      const outcome: BenchOutcome = {
        name,
        exitCode,
        signal,
        timedOut,
        seconds: (performance.now() - started) / 1000,
        rows: [],
        log: path.relative(ROOT, log),
      };
      try {
        outcome.rows = readResults(results);
      } catch (error) {
        outcome.readError = (error as Error).message;
      }
      resolve(outcome);
    });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { full: { type: 'boolean', default: false }, only: { type: 'string' } },
  });
  const mode: Mode = values.full ? 'full' : 'quick';
  const only = values.only?.split(',').map((n) => n.trim());
  const unknown = only?.filter((n) => !BENCHES.some((b) => b.name === n)) ?? [];
  if (unknown.length > 0) {
    console.error(
      `bench:all: no bench ${unknown.join(', ')} (${BENCHES.map((b) => b.name).join(', ')})`,
    );
    process.exit(2);
  }
  const benches = only ? BENCHES.filter((b) => only.includes(b.name)) : BENCHES;
  mkdirSync(WORK, { recursive: true });
  const commit = commitId();
  const date = new Date();
  const loadAtStart = loadAverage();
  const started = performance.now();
  const outcomes: BenchOutcome[] = [];
  for (const [i, bench] of benches.entries()) {
    console.log(`\n── bench:all (${mode}) ${i + 1}/${benches.length}: bench:${bench.name} ──`);
    const outcome = await runBench(bench.name, mode, bench.quick);
    outcomes.push(outcome);
    console.log(`── bench:${bench.name}: ${ending(outcome)} in ${minutes(outcome.seconds)} ──`);
  }
  const seconds = (performance.now() - started) / 1000;
  const summary = summarize(outcomes);
  console.log(`\nbench:all (${mode}), ${commit}, ${minutes(seconds)}:\n`);
  console.log(allTable(outcomes.flatMap(outcomeRows)));
  console.log(`\n${summaryLine(summary)}`);
  if (only) {
    console.log('Some benches only (--only): docs/benchmarks/all.md is left as it is.');
  } else {
    const out = path.join(ROOT, 'docs', 'benchmarks', 'all.md');
    const host = `${machine()}; load average (1, 5, 15 min) ${loadAtStart} at the start, ${loadAverage()} at the end`;
    writeFileSync(out, renderMarkdown({ mode, commit, date, machine: host, seconds, outcomes }));
    console.log(`Written to ${path.relative(ROOT, out)}.`);
  }
  process.exitCode = summary.crashed.length > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
