/**
 * How every bench reports its results: one row per case (its figure beside its goal), printed as the
 * bench's table and, when BENCH_RESULTS_FILE names a file, appended to it as JSON lines, which is how
 * `npm run bench:all` (scripts/bench-all.ts) collects them. No server imports: bench-bundle.mjs loads
 * it too.
 */
import { appendFileSync, readFileSync } from 'node:fs';

/** One measured case of a bench. */
export interface BenchRow {
  /** What was measured, with its size ("no-op jobs (2,000)"). */
  case: string;
  /** 'PGlite', 'PostgreSQL', or '–' where no database is involved. */
  database: string;
  /** The figure with its unit ("702 jobs/s"), or "not measured". */
  figure: string;
  /** The goal in the figure's unit ("≥ 100 jobs/s"); empty for a figure shown for information. */
  goal: string;
  /** null: no goal, or not measured. */
  met: boolean | null;
}

/** A row as bench:all collects it: which bench reported it. */
export interface BenchResult extends BenchRow {
  benchmark: string;
}

/** The environment variable naming the file a bench appends its rows to. */
export const RESULTS_FILE_ENV = 'BENCH_RESULTS_FILE';

/** How a row's `met` reads in a table. */
export const metText = (met: boolean | null): string => (met === null ? '–' : met ? 'yes' : 'NO');

/**
 * A Markdown table whose columns are padded to their widest cell, as Prettier formats one (so a file
 * written with it passes `npm run format:check`). A `|` in a cell is escaped.
 */
export function markdownTable(header: readonly string[], rows: readonly string[][]): string {
  // Prettier measures a cell in characters (code points), not UTF-16 units; no wide characters here.
  const width = (cell: string) => [...cell].length;
  const cells = [header, ...rows].map((row) =>
    header.map((_, i) => (row[i] ?? '').replaceAll('|', '\\|')),
  );
  const widths = header.map((_, i) => Math.max(3, ...cells.map((row) => width(row[i]!))));
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, i) => cell + ' '.repeat(widths[i]! - width(cell))).join(' | ')} |`;
  const [head, ...body] = cells;
  return [
    line(head!),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...body.map(line),
  ].join('\n');
}

/** The bench's own table, as it prints it. */
export function benchTable(rows: readonly BenchRow[]): string {
  return markdownTable(
    ['case', 'database', 'figure', 'goal', 'met'],
    rows.map((r) => [r.case, r.database, r.figure, r.goal, metText(r.met)]),
  );
}

/**
 * Reports a bench's rows: prints its table on stdout and, under bench:all, appends each row to the
 * results file as one JSON line.
 */
export function reportRows(benchmark: string, rows: readonly BenchRow[]): void {
  process.stdout.write(`${benchTable(rows)}\n`);
  const file = process.env[RESULTS_FILE_ENV];
  if (file) {
    const lines = rows.map((row) => JSON.stringify({ benchmark, ...row } satisfies BenchResult));
    appendFileSync(file, lines.map((l) => `${l}\n`).join(''));
  }
}

/** Reports the rows, then exits: 1 when a goal was missed, else 0. */
export function printAndExit(benchmark: string, rows: readonly BenchRow[]): never {
  reportRows(benchmark, rows);
  process.exit(rows.some((r) => r.met === false) ? 1 : 0);
}

/** The rows a results file holds (empty when the bench wrote none); a line that is not a row throws. */
export function readResults(file: string): BenchResult[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const row = JSON.parse(line) as Partial<BenchResult>;
      const isText = (v: unknown) => typeof v === 'string';
      if (
        !isText(row.benchmark) ||
        !isText(row.case) ||
        !isText(row.database) ||
        !isText(row.figure) ||
        !isText(row.goal) ||
        !(row.met === null || typeof row.met === 'boolean')
      ) {
        throw new Error(`${file}: not a bench row: ${line}`);
      }
      return row as BenchResult;
    });
}
