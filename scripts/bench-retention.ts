/**
 * Monitoring's size on PostgreSQL over a year of daily runs, with every answer kept and with answers
 * kept 180 days (`npm run bench:retention`, docs/benchmarks/retention.md). Each day is one run of
 * 30 prompts × 3 engines × 30 samples, written the way the runner writes it: its samples (answers of
 * `--answer-chars` characters, parsed fields filled in), then its aggregates by the runner's own
 * statement (finishIfDone). Two databases:
 *
 * - kept: every day's run, nothing removed; then one retention pass at the end of the year, with
 *   the sizes before and after VACUUM FULL (what turning retention on for a year of answers gives);
 * - pruned daily: the retention pass after each day's run, and a plain VACUUM whenever the answers
 *   removed since the last one pass the table's autovacuum trigger (its threshold plus its scale factor
 *   times the answers kept, read from the table: migration 0019 sets 1,000 and 2%), as autovacuum
 *   would, so freed space is reused as it is in production. `--scale-factor 0.2` plays PostgreSQL's
 *   default instead.
 *
 * The bench back-dates each run and its aggregates with an UPDATE (the runner writes them once); a
 * VACUUM FULL of those two small tables before measuring takes out the dead rows that leaves.
 *
 * Options (to measure a smaller year and say so): --days 365 --prompts 30 --engines 3 --samples 30
 * --retention 180 --answer-chars 2000.
 */
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { envs, monitoringRuns, orgs } from '~/server/db/schema';
import { removeOldAnswers } from '~/server/monitoring/retention';
import { finishIfDone } from '~/server/monitoring/runner';
import { onPostgres } from './bench-db';
import { type BenchRow, printAndExit } from './bench-report';

const { values: args } = parseArgs({
  options: {
    days: { type: 'string', default: '365' },
    prompts: { type: 'string', default: '30' },
    engines: { type: 'string', default: '3' },
    samples: { type: 'string', default: '30' },
    retention: { type: 'string', default: '180' },
    'answer-chars': { type: 'string', default: '2000' },
    'scale-factor': { type: 'string' },
  },
});
const DAYS = Number(args.days);
const PROMPTS = Number(args.prompts);
const ENGINES = ['openai', 'anthropic', 'google'].slice(0, Number(args.engines));
const SAMPLES = Number(args.samples);
const RETENTION_DAYS = Number(args.retention);
const ANSWER_CHARS = Number(args['answer-chars']);
const PER_RUN = PROMPTS * ENGINES.length * SAMPLES;
/** Distinct answers the samples draw from (answers differ; the same few would compress unfairly). */
const ANSWER_VARIETY = 512;
/** With answers kept `RETENTION_DAYS` of `DAYS`, the tables should hold about that share, plus slack. */
const GOAL_SHARE = Math.min(1, (RETENTION_DAYS / DAYS) * 1.2);

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_START = Date.UTC(2026, 0, 1, 5, 30);
const finishedOn = (day: number) => new Date(YEAR_START + day * DAY_MS);

const log = (line: string) => process.stderr.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** A shopping answer as assistants write them: a few recommendations with reasons and sources. */
function answerText(seed: number): string {
  let state = seed * 2654435761 + 1;
  const pick = <T>(list: readonly T[]) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return list[state % list.length]!;
  };
  const brands = ['Acme Outfitters', 'Summit Supply Co.', 'Trailborn', 'Northpeak', 'Ridgeline'];
  const things = ['rain jacket', 'wool sweater', 'hiking boot', 'daypack', 'fleece', 'base layer'];
  const traits = ['light', 'warm', 'durable', 'packable', 'breathable', 'well made', 'good value'];
  const uses = ['long hikes', 'city commutes', 'wet weekends', 'travel', 'winter walks'];
  const lines = [`Here are a few ${pick(things)}s worth a look for ${pick(uses)}:`, ''];
  for (let n = 1; lines.join('\n').length < ANSWER_CHARS; n++) {
    const brand = pick(brands);
    lines.push(
      `${n}. **${brand}**: its ${pick(traits)} ${pick(things)} suits ${pick(uses)}; reviewers call it ${pick(traits)} and ${pick(traits)}, though some find the fit ${pick(['snug', 'roomy', 'long'])}. See https://${brand.toLowerCase().replace(/[^a-z]/g, '')}.com/${pick(things).replace(' ', '-')}-${Math.floor(state % 900) + 100}.`,
    );
  }
  return lines.join('\n').slice(0, ANSWER_CHARS);
}

async function setUp(database: Database) {
  await migrateDatabase(database);
  const db = database.db;
  const orgId = `org_${randomBytes(4).toString('hex')}`;
  await db
    .insert(orgs)
    .values({ id: orgId, slug: orgId, name: 'Bench', answerRetentionDays: RETENTION_DAYS });
  const [env] = await db.insert(envs).values({ orgId, slug: 'prod', name: 'Prod' }).returning();
  await db.execute(sql`create table bench_answers (k int primary key, answer text not null)`);
  for (let k = 0; k < ANSWER_VARIETY; k += 64) {
    const chunk = Array.from({ length: 64 }, (_, i) => sql`(${k + i}, ${answerText(k + i)})`);
    await db.execute(sql`insert into bench_answers values ${sql.join(chunk, sql`, `)}`);
  }
  return { db, orgId, envId: env!.id };
}

const PROMPT_LIST = Array.from({ length: PROMPTS }, (_, p) => ({
  key: `prompt-${p + 1}`,
  text: `Question ${p + 1}: which brand sells the best outdoor gear for the weekend?`,
  name: null,
}));
const ENGINE_ARRAY = sql.raw(`array[${ENGINES.map((e) => `'${e}'`).join(', ')}]::text[]`);

/** One day's run: its samples in one statement, then its aggregates as its last sample writes them. */
async function insertDay(db: Db, scope: { orgId: string; envId: string }, day: number) {
  const finishedAt = finishedOn(day);
  const startedAt = new Date(finishedAt.getTime() - 20 * 60_000);
  const [run] = await db
    .insert(monitoringRuns)
    .values({
      ...scope,
      status: 'running',
      trigger: 'schedule',
      config: {
        brandName: 'Acme Outfitters',
        engines: ENGINES,
        samples: SAMPLES,
        prompts: PROMPT_LIST,
      },
      samplesTotal: PER_RUN,
      samplesDone: PER_RUN,
      createdAt: startedAt,
      startedAt,
    })
    .returning({ id: monitoringRuns.id });
  const at = finishedAt.toISOString();
  await db.execute(sql`
    insert into monitoring_samples (run_id, prompt_key, engine, idx, status, answer, model,
                                    brand_mentioned, brand_cited, position, competitors, products,
                                    urls, sentiment, finished_at)
    select ${run!.id}, 'prompt-' || p, e, i, 'done', a.answer, e || '-model',
           x.m, x.m and i % 3 = 0, case when x.m then 1 + i % 3 end,
           case when (p + i) % 2 = 0 then array['Summit Supply Co.', 'Trailborn']
                else array['Northpeak'] end,
           case when x.m then array['product-' || p % 50] else '{}'::text[] end,
           case when x.m and i % 3 = 0
                then array['https://acme-outfitters.com/products/product-' || p % 50]
                else '{}'::text[] end,
           (array['positive', 'neutral', 'negative', 'mixed'])[1 + (p + i + ${day}::int) % 4],
           ${at}::timestamptz
      from generate_series(1, ${PROMPTS}::int) p
      cross join unnest(${ENGINE_ARRAY}) e
      cross join generate_series(0, ${SAMPLES - 1}::int) i
      cross join lateral (select (p * 13 + i * 5 + ${day}::int) % 10 < 4 as m) x
      join bench_answers a
        on a.k = (p * 31 + i * 7 + length(e) + ${day}::int * 3) % ${ANSWER_VARIETY}::int`);
  await finishIfDone(db, run!.id);
  await db.execute(
    sql`update monitoring_runs set finished_at = ${at}::timestamptz where id = ${run!.id}`,
  );
  await db.execute(
    sql`update monitoring_aggregates set finished_at = ${at}::timestamptz where run_id = ${run!.id}`,
  );
}

interface Sizes {
  samples: number;
  aggregates: number;
  runs: number;
  total: number;
  answers: number;
}

async function sizes(db: Db): Promise<Sizes> {
  const result = await db.execute(sql`
    select pg_total_relation_size('monitoring_samples')::bigint as samples,
           pg_total_relation_size('monitoring_aggregates')::bigint as aggregates,
           pg_total_relation_size('monitoring_runs')::bigint as runs,
           (select count(*) from monitoring_samples)::bigint as answers`);
  const row = (result as unknown as { rows: Record<string, string>[] }).rows[0]!;
  const samples = Number(row.samples);
  const aggregates = Number(row.aggregates);
  const runs = Number(row.runs);
  return {
    samples,
    aggregates,
    runs,
    total: samples + aggregates + runs,
    answers: Number(row.answers),
  };
}

const figure = (s: Sizes) =>
  `${mb(s.total)} (answers ${mb(s.samples)}, aggregates ${mb(s.aggregates)}, runs ${mb(s.runs)}; ${s.answers.toLocaleString('en-US')} answers)`;

/** monitoring_samples' autovacuum trigger, from its storage options (PostgreSQL's defaults otherwise). */
async function autovacuumOf(db: Db): Promise<{ threshold: number; scale: number }> {
  const result = await db.execute(
    sql`select coalesce(reloptions, '{}') as options from pg_class where relname = 'monitoring_samples'`,
  );
  const options = (result as unknown as { rows: { options: string[] }[] }).rows[0]!.options;
  const option = (name: string) =>
    options.find((o) => o.startsWith(`${name}=`))?.slice(name.length + 1);
  return {
    threshold: Number(option('autovacuum_vacuum_threshold') ?? 50),
    scale: Number(args['scale-factor'] ?? option('autovacuum_vacuum_scale_factor') ?? 0.2),
  };
}

/** The dead rows the back-dating UPDATEs left in the runs and aggregates, gone; statistics fresh. */
async function backDatingUndone(db: Db) {
  await db.execute(sql`vacuum full monitoring_runs`);
  await db.execute(sql`vacuum full monitoring_aggregates`);
  await db.execute(sql`analyze`);
}

const endOfYear = () => new Date(finishedOn(DAYS - 1).getTime() + 60 * 60_000);

async function kept(database: Database) {
  const { db, ...scope } = await setUp(database);
  const started = performance.now();
  for (let day = 0; day < DAYS; day++) {
    await insertDay(db, scope, day);
    if ((day + 1) % 30 === 0) log(`kept: day ${day + 1} of ${DAYS}`);
  }
  log(`kept: ${DAYS} days written in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await backDatingUndone(db);
  const year = await sizes(db);
  const pass = performance.now();
  const removed = await removeOldAnswers(db, scope.orgId, endOfYear());
  const passSeconds = (performance.now() - pass) / 1000;
  const deleted = await sizes(db);
  await db.execute(sql`vacuum full monitoring_samples`);
  const compacted = await sizes(db);
  return { year, removed, passSeconds, deleted, compacted };
}

async function prunedDaily(database: Database) {
  const { db, ...scope } = await setUp(database);
  const started = performance.now();
  const { threshold, scale } = await autovacuumOf(db);
  log(`pruned daily: vacuum when ${threshold} + ${scale} × kept answers are dead`);
  let vacuums = 0;
  let dead = 0;
  for (let day = 0; day < DAYS; day++) {
    await insertDay(db, scope, day);
    const removed = await removeOldAnswers(
      db,
      scope.orgId,
      new Date(finishedOn(day).getTime() + 60 * 60_000),
    );
    dead += removed.answers;
    const kept = Math.min(day + 1, RETENTION_DAYS) * PER_RUN;
    if (dead > threshold + scale * kept) {
      vacuums += 1;
      dead = 0;
      await db.execute(sql`vacuum monitoring_samples`);
    }
    if ((day + 1) % 30 === 0) log(`pruned daily: day ${day + 1} of ${DAYS}`);
  }
  log(
    `pruned daily: ${DAYS} days in ${((performance.now() - started) / 1000).toFixed(0)} s, ${vacuums} vacuums`,
  );
  await backDatingUndone(db);
  return { year: await sizes(db), vacuums };
}

const shape = `${DAYS} daily runs of ${PROMPTS} prompts × ${ENGINES.length} engines × ${SAMPLES} samples, answers of ${ANSWER_CHARS.toLocaleString('en-US')} characters`;
log(`bench:retention: ${shape}, retention ${RETENTION_DAYS} days`);

const measured = await onPostgres(async (database) => {
  const version = await database.db.execute(sql`show server_version`);
  log(
    `PostgreSQL ${(version as unknown as { rows: { server_version: string }[] }).rows[0]!.server_version}`,
  );
  return kept(database);
});
const daily = await onPostgres(async (database) => prunedDaily(database));
if (!measured || !daily) {
  log('bench:retention measures PostgreSQL only, and found none (scripts/pg-test-db.sh).');
  printAndExit('retention', [
    { case: 'all', database: 'PostgreSQL', figure: 'not measured', goal: '', met: false },
  ]);
}

const share = daily.year.total / measured.year.total;
const rows: BenchRow[] = [
  {
    case: `${DAYS} days, every answer kept`,
    database: 'PostgreSQL',
    figure: figure(measured.year),
    goal: '',
    met: null,
  },
  {
    case: `${DAYS} days, answers kept ${RETENTION_DAYS} days, pruned daily (+ VACUUM)`,
    database: 'PostgreSQL',
    figure: `${figure(daily.year)}: ${(share * 100).toFixed(0)}% of kept`,
    goal: `≤ ${(GOAL_SHARE * 100).toFixed(0)}% of kept`,
    met: share <= GOAL_SHARE,
  },
  {
    case: `kept, then one pass at the end (${measured.removed.runs} runs)`,
    database: 'PostgreSQL',
    figure: `${measured.removed.answers.toLocaleString('en-US')} answers in ${measured.passSeconds.toFixed(1)} s`,
    goal: '',
    met: null,
  },
  {
    case: 'kept, right after that pass (space freed for reuse, file unchanged)',
    database: 'PostgreSQL',
    figure: figure(measured.deleted),
    goal: '',
    met: null,
  },
  {
    case: 'kept, after VACUUM FULL monitoring_samples',
    database: 'PostgreSQL',
    figure: figure(measured.compacted),
    goal: '',
    met: null,
  },
];
log(`shape: ${shape}`);
printAndExit('retention', rows);
