/**
 * Monitoring runs as jobs (docs/decisions/0028-monitoring-runs.md): `monitoring.plan` writes one row
 * per prompt × engine × sample and queues each as a `monitoring.sample` job in the run's pg-boss group;
 * a sample asks its engine the prompt, parses the answer and stores it with the run's totals in one
 * statement. The last sample to end writes the run's aggregates (per engine and prompt), which the
 * results read.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AiEngine } from '~/domain/ai/models';
import { AiError } from '~/domain/ai/errors';
import { DomainError } from '~/domain/shared/errors';
import { type MonitoringConfig, monitoringConfigSchema } from '~/domain/monitoring/config';
import {
  type CitedSpan,
  citedSpans,
  type Claim,
  createAccuracyChecker,
} from '~/domain/monitoring/accuracy';
import { createAnswerParser, type ParsedAnswer } from '~/domain/monitoring/parse';
import { type AnswerSearch, type AskMode, isDomainOf } from '~/domain/monitoring/sources';
import { askedAs } from '~/domain/monitoring/asked';
import { countryOfMarket, languageOfMarket } from '~/domain/monitoring/markets';
import { MONITORING_CONCURRENCY, type RunPrompt } from '~/domain/monitoring/runs';
import { BASE_KINDS } from '~/domain/products/entities';
import type { Db } from '~/server/db/client';
import { catalogProducts, monitoringRuns, monitoringSamples } from '~/server/db/schema';
import type { JobContext } from '~/server/jobs/define';

export const MONITORING_PLAN_JOB = 'monitoring.plan';
/** Named here, the runner queues it; server/monitoring/alerts.ts works it. */
export const MONITORING_ALERTS_JOB = 'monitoring.alerts';
export const MONITORING_SAMPLE_JOB = 'monitoring.sample';
export const SAMPLE_RETRY = { limit: 3, delaySeconds: 2, maxDelaySeconds: 60 } as const;

/** What a run stores as its config: the saved config, with each prompt's key and text then. */
export interface RunSnapshot extends MonitoringConfig {
  prompts: RunPrompt[];
  /** The model each engine was asked with (absent in runs from before it was recorded). */
  models?: Partial<Record<AiEngine, string>>;
}

export const sampleKey = (runId: string, promptKey: string, engine: string, idx: number) =>
  `sample:${runId}:${promptKey}:${engine}:${idx}`;

async function readRun(db: Db, runId: string) {
  const [run] = await db.select().from(monitoringRuns).where(eq(monitoringRuns.id, runId));
  return run ?? null;
}

function snapshotOf(config: unknown): RunSnapshot {
  const parsed = monitoringConfigSchema.parse(config);
  const { prompts = [], models } = config as Pick<RunSnapshot, 'models'> & {
    prompts?: RunPrompt[];
  };
  return { ...parsed, prompts, ...(models ? { models } : {}) };
}

const INSERT_CHUNK = 1000;

export async function planMonitoringRun(runId: string, context: JobContext): Promise<void> {
  const { db } = context;
  const run = await readRun(db, runId);
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return;
  const snapshot = snapshotOf(run.config);
  const samples: (typeof monitoringSamples.$inferInsert)[] = [];
  for (const prompt of snapshot.prompts) {
    for (const engine of snapshot.engines) {
      for (let idx = 0; idx < snapshot.samples; idx++) {
        samples.push({ runId, promptKey: prompt.key, engine, idx, market: prompt.market ?? null });
      }
    }
  }
  if (run.status === 'queued') {
    await db.transaction(async (tx) => {
      for (let i = 0; i < samples.length; i += INSERT_CHUNK) {
        await tx
          .insert(monitoringSamples)
          .values(samples.slice(i, i + INSERT_CHUNK))
          .onConflictDoNothing();
      }
      await tx
        .update(monitoringRuns)
        .set({ status: 'running', startedAt: new Date(), samplesTotal: samples.length })
        .where(and(eq(monitoringRuns.id, runId), eq(monitoringRuns.status, 'queued')));
    });
  }
  // Queued again when this job is delivered twice: enqueueing is idempotent per sample.
  await context.enqueueMany(
    MONITORING_SAMPLE_JOB,
    samples.map((s) => ({
      payload: { runId, promptKey: s.promptKey, engine: s.engine, idx: s.idx },
      key: sampleKey(runId, s.promptKey, s.engine, s.idx!),
    })),
    { orgId: run.orgId, group: { id: runId, concurrency: MONITORING_CONCURRENCY } },
  );
}

interface RunReaders {
  parse: (answer: string) => ParsedAnswer;
  check: (answer: string, cited?: readonly CitedSpan[]) => Claim[];
}

/**
 * The parser and accuracy checker per run and market: the catalogue's names (in the market's locale
 * and by default), prices and online state are read once per run, market and process, not once per
 * sample.
 */
const readers = new Map<string, RunReaders>();
const READER_CACHE = 20;

/** The catalogue's names an answer in `market` may use: its own locale's, its language's, default. */
function namesIn(market: string | null) {
  const byDefault = sql<string | null>`${catalogProducts.name} ->> 'default'`;
  if (!market) return { localized: sql<string | null>`null`, byDefault };
  return {
    localized: sql<
      string | null
    >`coalesce(${catalogProducts.name} ->> ${market}, ${catalogProducts.name} ->> ${languageOfMarket(market)})`,
    byDefault,
  };
}

async function readersFor(
  db: Db,
  run: { id: string; envId: string },
  market: string | null,
  snapshot: RunSnapshot,
): Promise<RunReaders> {
  const cacheKey = `${run.id}:${market ?? ''}`;
  const cached = readers.get(cacheKey);
  if (cached) return cached;
  const names = namesIn(market);
  const rows = await db
    .select({
      id: catalogProducts.b2cProductId,
      localized: names.localized,
      name: names.byDefault,
      online: catalogProducts.online,
      price: sql<number | null>`(${catalogProducts.document} ->> 'price')::float8`,
      currency: sql<string | null>`${catalogProducts.document} ->> 'price_currency'`,
    })
    .from(catalogProducts)
    .where(
      and(eq(catalogProducts.envId, run.envId), inArray(catalogProducts.type, [...BASE_KINDS])),
    );
  // An answer in the market's language may still use the default name: both are the product's.
  const catalogue = rows.flatMap(({ localized, ...product }) =>
    localized && localized !== product.name
      ? [product, { ...product, name: localized }]
      : [product],
  );
  const parse = createAnswerParser({
    brand: {
      name: snapshot.brandName,
      variants: snapshot.brandVariants,
      domain: snapshot.brandDomain,
    },
    competitors: snapshot.competitors.map((c) => ({ name: c.name, domain: c.domain || null })),
    catalogue,
    language: market ? languageOfMarket(market) : 'en',
  });
  const built = { parse, check: createAccuracyChecker(catalogue) };
  readers.set(cacheKey, built);
  if (readers.size > READER_CACHE) readers.delete(readers.keys().next().value!);
  return built;
}

/**
 * An answer asked with web search is cited when the brand's domain is among the sources its engine
 * cited; URLs written in its text stay in `citedUrls` but count only for answers from memory, which
 * have no sources (ADR 0047). The catalogue products it names include those of the brand's pages its
 * engine cited (their URL and title read as the answer is), so an answer that recommends a product
 * through its page names it even when its text says the product another way.
 */
export function withSources(
  parsed: ParsedAnswer,
  search: AnswerSearch | null,
  brandDomain: string,
  parse: (text: string) => ParsedAnswer,
): ParsedAnswer {
  if (!search) return parsed;
  const brandPages = search.sources.filter((s) => s.cited && isDomainOf(s.domain, brandDomain));
  const products = [...parsed.productsNamed];
  for (const page of brandPages) {
    for (const id of parse(`${page.url} ${page.title ?? ''}`).productsNamed) {
      if (!products.includes(id)) products.push(id);
    }
  }
  return { ...parsed, brandCited: brandPages.length > 0, productsNamed: products };
}

/** The run's label once every sample ended. */
const FINAL_STATUS = sql`case when samples_done = 0 then 'failed'
  when samples_failed > 0 then 'partly-failed' else 'succeeded' end`;

/**
 * A sample's end: its row, the run's totals, and, when it was the run's last, the run's label and
 * aggregates; one statement, which writes nothing when the sample had ended already.
 */
async function storeSample(
  db: Db,
  key: { runId: string; promptKey: string; engine: string; idx: number },
  outcome:
    | {
        ok: true;
        answer: string;
        model: string;
        parsed: ParsedAnswer;
        claims: Claim[];
        mode: AskMode;
        search: AnswerSearch | null;
      }
    | { ok: false; error: string },
) {
  const { runId, promptKey, engine, idx } = key;
  const ok = outcome.ok;
  const p = ok ? outcome.parsed : null;
  const textArray = (values: readonly string[] | undefined) =>
    values ? sql`${`{${values.map((v) => JSON.stringify(v)).join(',')}}`}::text[]` : sql`null`;
  await db.execute(sql`
    with sample as (
      update ${monitoringSamples}
         set status = ${ok ? 'done' : 'failed'},
             answer = ${ok ? outcome.answer : null}, model = ${ok ? outcome.model : null},
             brand_mentioned = ${p ? p.brandMentioned : null}, brand_cited = ${p ? p.brandCited : null},
             position = ${p?.position ?? null},
             competitors = ${textArray(p?.competitorsNamed)}, products = ${textArray(p?.productsNamed)},
             urls = ${textArray(p?.citedUrls)}, sentiment = ${p?.sentiment ?? null},
             mode = ${ok ? outcome.mode : null},
             search = ${ok && outcome.search ? JSON.stringify(outcome.search) : null}::jsonb,
             claims = ${ok ? JSON.stringify(outcome.claims) : null}::jsonb,
             error = ${ok ? null : outcome.error}, finished_at = now()
       where run_id = ${runId} and prompt_key = ${promptKey} and engine = ${engine} and idx = ${idx}
         and status = 'queued'
      returning 1
    )
    update ${monitoringRuns}
       set samples_done = samples_done + ${ok ? 1 : 0},
           samples_failed = samples_failed + ${ok ? 0 : 1},
           updated_at = now()
     where id = ${runId} and exists (select 1 from sample)`);
  return finishIfDone(db, runId);
}

/**
 * Labels the run and writes its aggregates when every sample has ended; the status guard makes it
 * happen once, whichever sample's job gets here first.
 */
export async function finishIfDone(db: Db, runId: string): Promise<boolean> {
  // A cheap look first: all but a run's last sample stop here. The statement below reads the run's
  // samples to aggregate them, and however it is planned it must not run for every sample (on
  // PostgreSQL it came to ~450 ms a sample in the middle of a 2,760-answer run; docs/benchmarks/aeo.md).
  const [due] = await db
    .select({ id: monitoringRuns.id })
    .from(monitoringRuns)
    .where(
      and(
        eq(monitoringRuns.id, runId),
        eq(monitoringRuns.status, 'running'),
        sql`${monitoringRuns.samplesDone} + ${monitoringRuns.samplesFailed} >= ${monitoringRuns.samplesTotal}`,
      ),
    );
  if (!due) return false;
  // The guard is checked again under the row's lock: one caller labels the run and aggregates it.
  await db.execute(sql`
    with ended as (
      update ${monitoringRuns} set status = ${FINAL_STATUS}, finished_at = now(), updated_at = now()
       where id = ${runId} and status = 'running'
         and samples_done + samples_failed >= samples_total
      returning id, env_id, finished_at
    )
    insert into monitoring_aggregates (run_id, env_id, engine, prompt_key, market, n, mentions, citations,
                                       position_sum, brand_counts, product_counts, sentiment_counts,
                                       searched, cited_domains, cited_pages, claims_checked,
                                       claims_wrong, claim_counts, finished_at)
    select s.run_id, e.env_id, s.engine, s.prompt_key, s.market,
           count(*)::int,
           count(*) filter (where s.brand_mentioned)::int,
           count(*) filter (where s.brand_cited)::int,
           coalesce(sum(s.position), 0)::int,
           coalesce((select jsonb_object_agg(b, n) from (
              select b, count(*)::int as n from ${monitoringSamples} x, unnest(x.competitors) b
               where x.run_id = s.run_id and x.engine = s.engine and x.prompt_key = s.prompt_key
                 and x.status = 'done'
               group by b) bc), '{}'::jsonb),
           coalesce((select jsonb_object_agg(pid, n) from (
              select pid, count(*)::int as n from ${monitoringSamples} x, unnest(x.products) pid
               where x.run_id = s.run_id and x.engine = s.engine and x.prompt_key = s.prompt_key
                 and x.status = 'done'
               group by pid) pc), '{}'::jsonb),
           coalesce((select jsonb_object_agg(sentiment, n) from (
              select x.sentiment, count(*)::int as n from ${monitoringSamples} x
               where x.run_id = s.run_id and x.engine = s.engine and x.prompt_key = s.prompt_key
                 and x.status = 'done' and x.sentiment is not null
               group by x.sentiment) sc), '{}'::jsonb),
           count(*) filter (where s.search is not null)::int,
           coalesce((select jsonb_object_agg(d, n) from (
              select src->>'domain' as d, count(distinct x.idx)::int as n
                from ${monitoringSamples} x, jsonb_array_elements(x.search->'sources') src
               where x.run_id = s.run_id and x.engine = s.engine and x.prompt_key = s.prompt_key
                 and x.status = 'done' and x.search is not null and (src->>'cited')::boolean
               group by 1) dc), '{}'::jsonb),
           coalesce((select jsonb_object_agg(u, jsonb_build_object('n', n, 'title', t, 'domain', d))
              from (
              select src->>'url' as u, max(src->>'title') as t, max(src->>'domain') as d,
                     count(distinct x.idx)::int as n
                from ${monitoringSamples} x, jsonb_array_elements(x.search->'sources') src
               where x.run_id = s.run_id and x.engine = s.engine and x.prompt_key = s.prompt_key
                 and x.status = 'done' and x.search is not null and (src->>'cited')::boolean
               group by 1) pc), '{}'::jsonb),
           count(*) filter (where jsonb_array_length(coalesce(s.claims, '[]'::jsonb)) > 0)::int,
           count(*) filter (where jsonb_path_exists(s.claims, '$[*] ? (@.mismatch == true)'))::int,
           coalesce((select jsonb_object_agg(pid, jsonb_build_object('checked', n, 'mismatched', w))
              from (
              select c->>'productId' as pid, count(*)::int as n,
                     count(*) filter (where (c->>'mismatch')::boolean)::int as w
                from ${monitoringSamples} x, jsonb_array_elements(x.claims) c
               where x.run_id = s.run_id and x.engine = s.engine and x.prompt_key = s.prompt_key
                 and x.status = 'done' and x.claims is not null
               group by 1) cc), '{}'::jsonb),
           e.finished_at
      from ${monitoringSamples} s join ended e on e.id = s.run_id
     where s.status = 'done'
     group by s.run_id, e.env_id, s.engine, s.prompt_key, s.market, e.finished_at
    on conflict do nothing`);
  return true;
}

/**
 * Ends every sample of one engine not yet asked as failed with `message`, and keeps it as the run's
 * error; one statement, so the run's totals stay equal to its samples.
 */
async function stopEngine(db: Db, runId: string, engine: string, message: string) {
  await db.execute(sql`
    with stopped as (
      update ${monitoringSamples} set status = 'failed', error = ${message}, finished_at = now()
       where run_id = ${runId} and engine = ${engine} and status = 'queued'
      returning 1
    )
    update ${monitoringRuns}
       set samples_failed = samples_failed + (select count(*)::int from stopped),
           error = coalesce(error, ${message}), updated_at = now()
     where id = ${runId}`);
  return finishIfDone(db, runId);
}

export async function runSample(
  payload: { runId: string; promptKey: string; engine: string; idx: number },
  context: JobContext,
): Promise<void> {
  // The sample that ends the run queues the run's read for alerts (once: the job's key is the run's).
  if (await askSample(payload, context)) {
    await context.enqueue(
      MONITORING_ALERTS_JOB,
      { runId: payload.runId },
      { orgId: context.orgId, key: `alerts:${payload.runId}` },
    );
  }
}

/** Asks one sample and stores it; true when it was the run's last to end. */
async function askSample(
  payload: { runId: string; promptKey: string; engine: string; idx: number },
  context: JobContext,
): Promise<boolean> {
  const { db, services } = context;
  // The run and this sample in one read. Nothing to do when the run is not running, or the sample
  // ended already: delivered twice, or its engine was stopped (an invalid key) while it waited.
  const [row] = await db
    .select({ run: monitoringRuns, sampleStatus: monitoringSamples.status })
    .from(monitoringRuns)
    .leftJoin(
      monitoringSamples,
      and(
        eq(monitoringSamples.runId, monitoringRuns.id),
        eq(monitoringSamples.promptKey, payload.promptKey),
        eq(monitoringSamples.engine, payload.engine),
        eq(monitoringSamples.idx, payload.idx),
      ),
    )
    .where(eq(monitoringRuns.id, payload.runId));
  const run = row?.run;
  if (!run || run.status !== 'running' || row.sampleStatus !== 'queued') return false;
  const snapshot = snapshotOf(run.config);
  const prompt = snapshot.prompts.find((p) => p.key === payload.promptKey);
  if (!prompt) {
    return storeSample(db, payload, { ok: false, error: 'The prompt is not in the run.' });
  }
  try {
    const engine = payload.engine as AiEngine;
    const { mode, model } = askedAs(snapshot, engine);
    const call = {
      provider: engine,
      prompt: prompt.text,
      label: 'monitoring',
      abortSignal: context.signal,
      spend: { orgId: run.orgId, area: 'monitoring' as const },
    };
    const market = prompt.market ?? null;
    // The prompt is written in its market's language; the search is told the market's country where
    // its vendor takes one (server/ai/registry.ts).
    const { text, search } =
      mode === 'web-search'
        ? await services.ai.generateWithSearch({
            ...call,
            search: market ? { country: countryOfMarket(market) } : {},
          })
        : { ...(await services.ai.generateText(call)), search: null };
    const { parse, check } = await readersFor(db, run, market, snapshot);
    return await storeSample(db, payload, {
      ok: true,
      answer: text,
      model,
      parsed: withSources(parse(text), search, snapshot.brandDomain, parse),
      claims: check(text, citedSpans(search)),
      mode,
      search,
    });
  } catch (error) {
    if (error instanceof DomainError && error.reason === 'ai-budget-exhausted') {
      // The org's budget for the month is spent (the AI service asked no engine): this sample ends
      // failed with the message, which the run keeps as its error. Samples already asking keep
      // their answers (paid for); each later one is refused the same way, without a model call.
      await db
        .update(monitoringRuns)
        .set({ error: sql`coalesce(${monitoringRuns.error}, ${error.message})` })
        .where(eq(monitoringRuns.id, payload.runId));
      return storeSample(db, payload, { ok: false, error: error.message });
    }
    if (error instanceof AiError && error.reason === 'auth') {
      // The key is refused: every sample of this engine would be too. Its samples not yet asked end
      // now, with the message; the other engines go on.
      return stopEngine(db, payload.runId, payload.engine, error.message);
    }
    const retryable = error instanceof AiError && error.retryable;
    if (retryable && !context.lastAttempt) throw error;
    const message = error instanceof AiError ? error.message : 'The engine could not answer.';
    if (!(error instanceof AiError) && !context.lastAttempt) throw error;
    return storeSample(db, payload, { ok: false, error: message });
  }
}
