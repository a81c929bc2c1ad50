/**
 * AI discoverability monitoring (docs/product.md#monitoring): each env's config, runs started by a
 * person, a schedule or onboarding, and results read from each run's aggregates with their intervals,
 * the trend, and the uplift test around changes Beacon published.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { AI_ENGINES, AI_MODELS, type AiEngine } from '~/domain/ai/models';
import { agentConfigSchema } from '~/domain/agents/config';
import {
  type AccuracyResults,
  accuracyResults,
  claimSchema,
  NO_ACCURACY,
} from '~/domain/monitoring/accuracy';
import {
  ALERT_MESSAGES,
  ALERTS_LIMIT,
  type MonitoringAlert,
  type MonitoringAlerts,
} from '~/domain/monitoring/alerts';
import {
  answerSearchSchema,
  type MonitoringSources,
  sourcesFigures,
} from '~/domain/monitoring/sources';
import type { Campaign } from '~/domain/monitoring/campaign';
import {
  MONITORING_LIMITS,
  MONITORING_MESSAGES,
  type MonitoringConfig,
  monitoringConfigSchema,
  promptBlocks,
  type SavedMonitoringConfig,
} from '~/domain/monitoring/config';
import { MARKET_MESSAGES, marketPromptKey, marketsOfLocales } from '~/domain/monitoring/markets';
import type { Sentiment } from '~/domain/monitoring/parse';
import { askedAs } from '~/domain/monitoring/asked';
import {
  ACTIVE_MONITORING_RUN_STATUSES,
  type EngineFigures,
  type EngineProgress,
  MONITORING_RUN_MESSAGES,
  type MarketFigures,
  type MonitoringResults,
  NO_RESULTS,
  type MonitoringRun,
  type PromptFigures,
  type PromptSamples,
  type PublishMark,
  type RunPrompt,
  type RunTrigger,
  type TrendPoint,
} from '~/domain/monitoring/runs';
import { shareOfVoice, wilsonInterval } from '~/domain/monitoring/stats';
import { upliftAnalysis } from '~/domain/monitoring/uplift';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { DomainError } from '~/domain/shared/errors';
import type { AiSpendLedger } from '~/server/ai-budget/service';
import type { Db } from '~/server/db/client';
import { isUniqueViolation } from '~/server/db/errors';
import {
  catalogSyncs,
  agentConfigs,
  catalogProducts,
  monitoringAggregates,
  monitoringAlerts,
  monitoringConfigs,
  monitoringRuns,
  monitoringSamples,
  orgs,
  prompts,
  proposals,
} from '~/server/db/schema';
import type { B2CInstanceClients } from '~/server/integrations/b2c/gateway';
import type { RunEvents } from '~/server/jobs/events';
import type { JobQueue } from '~/server/jobs/queue';
import { watchUntilEnded } from '~/server/jobs/watch';
import { envLocales } from '~/server/agents/scope';
import { MONITORING_PLAN_JOB, type RunSnapshot } from './runner';
import { noteCampaign, startCampaignRun } from './campaign';
import { answersRemovedOf } from './retention';
import { MONITORING_SCHEDULED_JOB, monitoringCron } from './schedule';

/** How long after a run ends Home waits for its read for alerts. */
const ALERTS_PENDING_MS = 5 * 60_000;

/** Runs the trend shows, newest last. */
export const TREND_RUNS = 60;
const FINISHED = ['succeeded', 'partly-failed'] as const;

/** Engines in the order every monitoring screen lists them. */
const byEngineOrder = (engines: AiEngine[]) => AI_ENGINES.filter((e) => engines.includes(e));

export interface MonitoringService {
  getConfig(orgId: string, envId: string): Promise<SavedMonitoringConfig>;
  saveConfig(
    orgId: string,
    envId: string,
    userId: string,
    config: MonitoringConfig,
  ): Promise<SavedMonitoringConfig>;
  start(
    orgId: string,
    envId: string,
    userId: string | null,
    trigger: RunTrigger,
  ): Promise<MonitoringRun>;
  runs(orgId: string, envId: string): Promise<MonitoringRun[]>;
  /** Narrowed to one engine and one market when given (null: every one). */
  results(
    orgId: string,
    envId: string,
    engine: AiEngine | null,
    market?: string | null,
  ): Promise<MonitoringResults>;
  /** What the engines' searches cited in the latest finished run, every engine and each one. */
  sources(
    orgId: string,
    envId: string,
    engine: AiEngine | null,
    market?: string | null,
  ): Promise<MonitoringSources>;
  /** The latest finished run's answers checked against the catalogue copy (the accuracy view). */
  accuracy(
    orgId: string,
    envId: string,
    engine: AiEngine | null,
    market?: string | null,
  ): Promise<AccuracyResults>;
  /** One prompt's samples in a run: the latest finished one when `runId` is null. */
  prompt(
    orgId: string,
    envId: string,
    promptKey: string,
    runId: string | null,
  ): Promise<PromptSamples>;
  /** The env's open alerts, newest first, and whether the latest run is still being read for them. */
  alerts(orgId: string, envId: string): Promise<MonitoringAlerts>;
  /** Dismisses an open alert (kept, marked by whom); NOT_FOUND outside the env. */
  dismissAlert(orgId: string, envId: string, userId: string, alertId: string): Promise<void>;
  /** How many days the org keeps raw answers (docs/operations.md, ADR 0044). */
  answerRetention(orgId: string): Promise<{ days: number }>;
  /** Changes it; the next retention pass reads it. */
  setAnswerRetention(orgId: string, days: number): Promise<{ days: number }>;
  /** Remembers the campaign a person signed in through (the first one). */
  noteCampaign(userId: string, campaign: Campaign): Promise<void>;
  /**
   * After onboarding: configures monitoring from the instance and starts a first run, when the person
   * came through the free AEO report and the env has none (server/monitoring/campaign.ts).
   */
  startCampaignRun(
    scope: { orgId: string; envId: string; userId: string },
    instanceClients: () => Promise<B2CInstanceClients>,
  ): Promise<MonitoringRun | null>;
  /** The run now (with its progress per engine), then each change, until it ends. */
  watch(
    orgId: string,
    envId: string,
    runId: string,
    signal?: AbortSignal,
  ): AsyncGenerator<MonitoringRun>;
}

export interface MonitoringServiceDeps {
  db: Db;
  jobs?: Pick<JobQueue, 'enqueue' | 'schedule' | 'unschedule'>;
  /** Run changes (NOTIFY on the run id); without it, a watch reads the run once a second. */
  runEvents?: RunEvents;
  /** Refuses a run once the org's AI budget for the month is spent; absent, nothing is refused. */
  aiBudget?: Pick<AiSpendLedger, 'assertAvailable'>;
  /** The engines this server can ask: a new configuration's default. Every engine when absent. */
  engines?: () => readonly AiEngine[];
  /** The clock (tests move it). */
  now?: () => Date;
}

const ACTIVE = ACTIVE_MONITORING_RUN_STATUSES;
const isActive = (status: string) => (ACTIVE as readonly string[]).includes(status);
/** How often a watched run's totals are read while nothing announced a change. */
const WATCH_INTERVAL_MS = 1_000;

type RunRow = typeof monitoringRuns.$inferSelect;

function toRun(row: RunRow): MonitoringRun {
  const snapshot = row.config as Partial<RunSnapshot>;
  return {
    id: row.id,
    status: row.status,
    trigger: row.trigger,
    engines: (snapshot.engines ?? []) as AiEngine[],
    prompts: snapshot.prompts?.length ?? 0,
    samplesPerPrompt: snapshot.samples ?? 0,
    samplesTotal: row.samplesTotal,
    samplesDone: row.samplesDone,
    samplesFailed: row.samplesFailed,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    error: row.error,
    progress: [],
  };
}

/** A written prompt's key: stable for the same text, so its figures line up across runs. */
export const newPromptKey = (text: string) =>
  `new:${createHash('sha256').update(text.trim()).digest('hex').slice(0, 16)}`;

/**
 * The aggregate columns the results read: the counts, not the sources (`searched`, `citedDomains`,
 * `citedPages`), which only the sources view reads and which make a year of rows several times larger.
 */
const RESULT_COLUMNS = {
  runId: monitoringAggregates.runId,
  engine: monitoringAggregates.engine,
  promptKey: monitoringAggregates.promptKey,
  market: monitoringAggregates.market,
  n: monitoringAggregates.n,
  mentions: monitoringAggregates.mentions,
  citations: monitoringAggregates.citations,
  positionSum: monitoringAggregates.positionSum,
  brandCounts: monitoringAggregates.brandCounts,
  productCounts: monitoringAggregates.productCounts,
  sentimentCounts: monitoringAggregates.sentimentCounts,
};
type AggregateRow = Pick<typeof monitoringAggregates.$inferSelect, keyof typeof RESULT_COLUMNS>;

/** A run's prompts in one market; every prompt when none is chosen. */
const promptsIn = (prompts: readonly RunPrompt[], market: string | null) =>
  market === null ? [...prompts] : prompts.filter((p) => (p.market ?? null) === market);

/** The figures of each market a run asked, in the order its prompts came (null: prompts without one). */
function marketFigures(
  rows: readonly AggregateRow[],
  prompts: readonly RunPrompt[],
  brand: string,
): MarketFigures[] {
  const order = [...new Set(prompts.map((p) => p.market ?? null))];
  return order.map((market) => {
    const f = figuresOf(
      rows.filter((r) => r.market === market),
      null,
      brand,
    );
    return {
      market,
      prompts: prompts.filter((p) => (p.market ?? null) === market).length,
      mentionRate: f.mentionRate,
      citationRate: f.citationRate,
    };
  });
}

const addCounts = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
  return into;
};

/** Figures over a set of aggregate rows (one engine's, or every engine's). */
function figuresOf(
  rows: readonly AggregateRow[],
  engine: AiEngine | null,
  brand: string,
): EngineFigures {
  const n = rows.reduce((s, r) => s + r.n, 0);
  const mentions = rows.reduce((s, r) => s + r.mentions, 0);
  const citations = rows.reduce((s, r) => s + r.citations, 0);
  const positionSum = rows.reduce((s, r) => s + r.positionSum, 0);
  const brands = rows.reduce(
    (acc, r) => addCounts(acc, r.brandCounts),
    {} as Record<string, number>,
  );
  const sentiments = rows.reduce(
    (acc, r) => addCounts(acc, r.sentimentCounts),
    {} as Record<string, number>,
  );
  return {
    engine,
    asked: null,
    mentionRate: wilsonInterval(mentions, n),
    citationRate: wilsonInterval(citations, n),
    averagePosition: mentions > 0 ? positionSum / mentions : null,
    shareOfVoice: shareOfVoice({ ...brands, [brand]: mentions }),
    sentiment: {
      positive: sentiments.positive ?? 0,
      neutral: sentiments.neutral ?? 0,
      negative: sentiments.negative ?? 0,
      mixed: sentiments.mixed ?? 0,
    } satisfies Record<Sentiment, number>,
  };
}

export function createMonitoringService({
  db,
  jobs,
  runEvents,
  aiBudget,
  engines = () => AI_ENGINES,
  now = () => new Date(),
}: MonitoringServiceDeps): MonitoringService {
  /** Samples ended of total per engine, for a run still going. */
  async function progressOf(run: RunRow): Promise<EngineProgress[]> {
    if (!isActive(run.status)) return [];
    const rows = await db
      .select({
        engine: monitoringSamples.engine,
        total: sql<number>`count(*)::int`,
        done: sql<number>`count(*) filter (where ${monitoringSamples.status} = 'done')::int`,
        failed: sql<number>`count(*) filter (where ${monitoringSamples.status} = 'failed')::int`,
      })
      .from(monitoringSamples)
      .where(eq(monitoringSamples.runId, run.id))
      .groupBy(monitoringSamples.engine)
      .orderBy(asc(monitoringSamples.engine));
    if (rows.length > 0) return rows.map((r) => ({ ...r, engine: r.engine as AiEngine }));
    // Queued, not planned yet: every engine's share of the total, none ended.
    const engines = [...toRun(run).engines].sort();
    return engines.map((engine) => ({
      engine,
      total: engines.length > 0 ? run.samplesTotal / engines.length : 0,
      done: 0,
      failed: 0,
    }));
  }

  async function runWithProgress(orgId: string, envId: string, runId: string) {
    const [row] = await db
      .select()
      .from(monitoringRuns)
      .where(
        and(
          eq(monitoringRuns.orgId, orgId),
          eq(monitoringRuns.envId, envId),
          eq(monitoringRuns.id, runId),
        ),
      );
    if (!row) return undefined;
    return { ...toRun(row), progress: await progressOf(row) };
  }

  /** Catalogue products' default names, by id. */
  async function productNames(envId: string, ids: readonly string[]) {
    if (ids.length === 0) return new Map<string, string | null>();
    const rows = await db
      .select({
        id: catalogProducts.b2cProductId,
        name: sql<string | null>`${catalogProducts.name} ->> 'default'`,
      })
      .from(catalogProducts)
      .where(
        and(eq(catalogProducts.envId, envId), inArray(catalogProducts.b2cProductId, [...ids])),
      );
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** The env's saved config alone: what runs and results read (one query, not the form's defaults). */
  async function savedConfig(envId: string) {
    const [row] = await db
      .select()
      .from(monitoringConfigs)
      .where(eq(monitoringConfigs.envId, envId));
    const parsed = row ? monitoringConfigSchema.safeParse(row.config) : null;
    return { row, config: parsed?.success ? parsed.data : null };
  }

  /** The config as the form reads it: the saved one, the defaults a new one starts from, the markets. */
  async function saved(orgId: string, envId: string): Promise<SavedMonitoringConfig> {
    const { row, config } = await savedConfig(envId);
    const defaults: Partial<MonitoringConfig> = {};
    const [aeo] = await db
      .select({ config: agentConfigs.config })
      .from(agentConfigs)
      .where(and(eq(agentConfigs.envId, envId), eq(agentConfigs.agentType, 'aeo')));
    const agent = aeo ? agentConfigSchema.safeParse(aeo.config) : null;
    if (agent?.success && agent.data.type === 'aeo') {
      defaults.brandName = agent.data.brandName;
      defaults.brandDomain = agent.data.brandDomain;
    }
    const library = await db
      .select({ id: prompts.id })
      .from(prompts)
      .where(eq(prompts.orgId, orgId))
      .orderBy(asc(prompts.name))
      .limit(10);
    defaults.promptIds = library.map((p) => p.id);
    defaults.engines = [...engines()];
    const markets = marketsOfLocales(await envLocales(db, envId));
    // A new config asks its prompts in the storefront's first market: en-US when the copy has it.
    const market = markets.includes('en-US') ? 'en-US' : markets[0];
    if (market) defaults.market = market;
    return {
      config,
      defaults,
      markets,
      updatedAt: row?.updatedAt ?? null,
    };
  }

  const service: MonitoringService = {
    async getConfig(orgId, envId) {
      return saved(orgId, envId);
    },

    async saveConfig(orgId, envId, userId, config) {
      const blocks = promptBlocks(config);
      const promptIds = [...new Set(blocks.flatMap((b) => b.promptIds))];
      if (promptIds.length > 0) {
        const found = await db
          .select({ id: prompts.id })
          .from(prompts)
          .where(and(eq(prompts.orgId, orgId), inArray(prompts.id, promptIds)));
        const known = new Set(found.map((p) => p.id));
        const stale = blocks.find((b) => b.promptIds.some((id) => !known.has(id)));
        if (stale) {
          throw new DomainError('INVALID', MONITORING_MESSAGES.unknownPrompts, undefined, {
            [[...stale.path, 'promptIds'].join('.')]: MONITORING_MESSAGES.unknownPrompts,
          });
        }
      }
      const markets = new Set(marketsOfLocales(await envLocales(db, envId)));
      const unknown = blocks.find((b) => b.market !== null && !markets.has(b.market));
      if (unknown) {
        throw new DomainError('INVALID', MARKET_MESSAGES.unknown, undefined, {
          [[...unknown.path, 'market'].join('.')]: MARKET_MESSAGES.unknown,
        });
      }
      const cron = monitoringCron(config.schedule, envId);
      if (cron && !jobs) {
        throw new DomainError('UNAVAILABLE', MONITORING_RUN_MESSAGES.jobsUnavailable);
      }
      await db
        .insert(monitoringConfigs)
        .values({ envId, config, updatedBy: userId })
        .onConflictDoUpdate({
          target: monitoringConfigs.envId,
          set: { config, updatedBy: userId, updatedAt: new Date() },
        });
      // The schedule follows the saved config; saving again with the same one changes nothing.
      if (cron) {
        await jobs!.schedule(MONITORING_SCHEDULED_JOB, { envId }, { orgId, key: envId, cron });
      } else {
        await jobs?.unschedule(MONITORING_SCHEDULED_JOB, envId);
      }
      return saved(orgId, envId);
    },

    async start(orgId, envId, userId, trigger) {
      if (!jobs) throw new DomainError('UNAVAILABLE', MONITORING_RUN_MESSAGES.jobsUnavailable);
      // Whoever starts it (a person, the schedule, onboarding): a spent budget starts no run.
      await aiBudget?.assertAvailable(orgId);
      const { config } = await savedConfig(envId);
      if (!config) {
        throw new DomainError('INVALID', MONITORING_RUN_MESSAGES.notConfigured);
      }
      const blocks = promptBlocks(config);
      const promptIds = [...new Set(blocks.flatMap((b) => b.promptIds))];
      const library = new Map(
        (promptIds.length > 0
          ? await db
              .select({ id: prompts.id, name: prompts.name, text: prompts.text })
              .from(prompts)
              .where(and(eq(prompts.orgId, orgId), inArray(prompts.id, promptIds)))
          : []
        ).map((p) => [p.id, p]),
      );
      // Each market's prompts in turn; a prompt gone from the library since the save is left out.
      const runPrompts: RunPrompt[] = blocks.flatMap(({ market, promptIds, newPrompts }) => [
        ...promptIds.flatMap((id) => {
          const p = library.get(id);
          return p
            ? [{ key: marketPromptKey(market, p.id), text: p.text, name: p.name, market }]
            : [];
        }),
        ...newPrompts.map((text) => ({
          key: marketPromptKey(market, newPromptKey(text)),
          text,
          name: null,
          market,
        })),
      ]);
      const snapshot: RunSnapshot = {
        ...config,
        prompts: runPrompts,
        models: Object.fromEntries(config.engines.map((e) => [e, AI_MODELS[e]])),
      };
      let row: RunRow | undefined;
      try {
        // The run and its plan job commit together (docs/security.md, rule 7): a process that dies
        // between them would leave a queued run that nothing works, refusing the next as active.
        row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(monitoringRuns)
            .values({
              orgId,
              envId,
              trigger,
              config: snapshot,
              startedBy: userId,
              samplesTotal: runPrompts.length * config.engines.length * config.samples,
            })
            .returning();
          await jobs.enqueue(
            MONITORING_PLAN_JOB,
            { runId: inserted!.id },
            { orgId, key: `plan:${inserted!.id}`, tx },
          );
          return inserted!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new DomainError('CONFLICT', MONITORING_RUN_MESSAGES.runActive);
        }
        throw error;
      }
      return toRun(row);
    },

    async runs(orgId, envId) {
      const rows = await db
        .select()
        .from(monitoringRuns)
        .where(eq(monitoringRuns.envId, envId))
        .orderBy(desc(monitoringRuns.createdAt))
        .limit(TREND_RUNS);
      return rows.map(toRun);
    },

    async results(orgId, envId, engine, market = null) {
      const { config } = await savedConfig(envId);
      const finished = await db
        .select()
        .from(monitoringRuns)
        .where(and(eq(monitoringRuns.envId, envId), inArray(monitoringRuns.status, [...FINISHED])))
        .orderBy(desc(monitoringRuns.finishedAt))
        .limit(TREND_RUNS);
      const [latestRun] = await db
        .select()
        .from(monitoringRuns)
        .where(eq(monitoringRuns.envId, envId))
        .orderBy(desc(monitoringRuns.createdAt))
        .limit(1);
      const empty: MonitoringResults = {
        ...NO_RESULTS,
        run: latestRun ? { ...toRun(latestRun), progress: await progressOf(latestRun) } : null,
        config,
      };
      const latest = finished[0];
      if (!latest) return empty;
      const snapshot = latest.config as RunSnapshot;
      const brand = snapshot.brandName;

      const aggregates = await db
        .select(RESULT_COLUMNS)
        .from(monitoringAggregates)
        .where(
          and(
            inArray(
              monitoringAggregates.runId,
              finished.map((r) => r.id),
            ),
            ...(engine ? [eq(monitoringAggregates.engine, engine)] : []),
          ),
        );
      // Every market of the latest run, for the view that pools them; the rest in the chosen market.
      const markets = marketFigures(
        aggregates.filter((r) => r.runId === latest.id),
        snapshot.prompts,
        brand,
      );
      const byRun = new Map<string, AggregateRow[]>();
      for (const row of aggregates) {
        if (market !== null && row.market !== market) continue;
        const list = byRun.get(row.runId) ?? [];
        list.push(row);
        byRun.set(row.runId, list);
      }
      const current = byRun.get(latest.id) ?? [];
      const scoped = { market, markets };
      const engines = [...new Set(current.map((r) => r.engine))].sort() as AiEngine[];
      const promptFigures: PromptFigures[] = promptsIn(snapshot.prompts, market).map((p) => {
        const rows = current.filter((r) => r.promptKey === p.key);
        const f = figuresOf(rows, engine, brand);
        return {
          key: p.key,
          text: p.text,
          market: p.market ?? null,
          mentionRate: f.mentionRate,
          citationRate: f.citationRate,
        };
      });

      // In one market, the runs that asked it: a run before the market was added is no point of its trend.
      const chronological = [...finished]
        .reverse()
        .filter((run) => market === null || byRun.has(run.id));
      if (chronological.length === 0) return { ...empty, ...scoped };
      const trend: TrendPoint[] = chronological.map((run) => {
        const f = figuresOf(byRun.get(run.id) ?? [], engine, brand);
        return {
          runId: run.id,
          at: run.finishedAt ?? run.createdAt,
          mentionRate: f.mentionRate,
          citationRate: f.citationRate,
        };
      });

      // Changes Beacon published since the first run the trend shows, by the gap between runs they fell in.
      const published = await db
        .select({ b2cProductId: proposals.b2cProductId, at: proposals.publishedAt })
        .from(proposals)
        .where(
          and(
            eq(proposals.envId, envId),
            eq(proposals.status, 'published'),
            gte(proposals.publishedAt, chronological[0]!.createdAt),
          ),
        )
        .orderBy(asc(proposals.publishedAt))
        .limit(10_000);
      const publishes: (PublishMark & { after: number })[] = [];
      for (const p of published) {
        if (!p.at) continue;
        // The index of the first run that started after the publish.
        const after = chronological.findIndex((r) => r.createdAt > p.at!);
        if (after <= 0) continue;
        let mark = publishes.find((m) => m.after === after);
        if (!mark) {
          mark = { at: p.at, products: [], proposals: 0, after };
          publishes.push(mark);
        }
        mark.at = p.at;
        mark.proposals += 1;
        if (!mark.products.includes(p.b2cProductId)) mark.products.push(p.b2cProductId);
      }

      // The uplift: windows of runs either side of the latest publish (domain/monitoring/uplift.ts).
      const analysis = upliftAnalysis({
        runs: chronological.map((run) => {
          const kept = run.config as RunSnapshot;
          return {
            id: run.id,
            prompts: promptsIn(kept.prompts, market),
            brand: [kept.brandName, ...(kept.brandVariants ?? [])],
            competitors: (kept.competitors ?? []).map((c) => c.name),
            cells: (byRun.get(run.id) ?? []).map((r) => ({
              promptKey: r.promptKey,
              engine: r.engine as AiEngine,
              n: r.n,
              mentions: r.mentions,
              products: Object.keys(r.productCounts),
            })),
          };
        }),
        publishes: publishes.map((mark) => ({ after: mark.after, products: mark.products })),
        windowRuns: config?.upliftRuns ?? MONITORING_LIMITS.upliftRuns.default,
      });

      const productCounts = current.reduce(
        (acc, r) => addCounts(acc, r.productCounts),
        {} as Record<string, number>,
      );
      const perEngine = new Map<string, Partial<Record<AiEngine, number>>>();
      for (const r of current) {
        for (const [id, n] of Object.entries(r.productCounts)) {
          const counts = perEngine.get(id) ?? {};
          const e = r.engine as AiEngine;
          counts[e] = (counts[e] ?? 0) + n;
          perEngine.set(id, counts);
        }
      }
      const top = Object.entries(productCounts)
        .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
        .slice(0, 20);
      const nameOf = await productNames(
        envId,
        top.map(([id]) => id),
      );
      const [org] = finished.some((r) => r.answersRemovedBefore)
        ? await db.select({ days: orgs.answerRetentionDays }).from(orgs).where(eq(orgs.id, orgId))
        : [];

      return {
        ...empty,
        ...scoped,
        overall: figuresOf(current, null, brand),
        engines: engines.map((e) => ({
          ...figuresOf(
            current.filter((r) => r.engine === e),
            e,
            brand,
          ),
          asked: askedAs(snapshot, e),
        })),
        prompts: promptFigures,
        trend,
        publishes: publishes.map(({ after: _after, ...mark }) => mark),
        uplift: analysis?.figures ?? [],
        upliftSummary: analysis?.summary ?? null,
        products: top.map(([id, answers]) => ({
          b2cProductId: id,
          name: nameOf.get(id) ?? null,
          answers,
          engines: perEngine.get(id) ?? {},
        })),
        answersRemoved: org ? answersRemovedOf(finished, org.days) : null,
      };
    },

    async sources(_orgId, envId, engine, market = null) {
      const [latest] = await db
        .select()
        .from(monitoringRuns)
        .where(and(eq(monitoringRuns.envId, envId), inArray(monitoringRuns.status, [...FINISHED])))
        .orderBy(desc(monitoringRuns.finishedAt))
        .limit(1);
      if (!latest) return { run: null, overall: null, engines: [] };
      const snapshot = latest.config as RunSnapshot;
      const rows = await db
        .select({
          engine: monitoringAggregates.engine,
          searched: monitoringAggregates.searched,
          citedDomains: monitoringAggregates.citedDomains,
          citedPages: monitoringAggregates.citedPages,
        })
        .from(monitoringAggregates)
        .where(
          and(
            eq(monitoringAggregates.runId, latest.id),
            ...(engine ? [eq(monitoringAggregates.engine, engine)] : []),
            ...(market ? [eq(monitoringAggregates.market, market)] : []),
          ),
        );
      const brand = { domain: snapshot.brandDomain, competitors: snapshot.competitors };
      const engines = byEngineOrder([...new Set(rows.map((r) => r.engine as AiEngine))]);
      return {
        run: { id: latest.id, finishedAt: latest.finishedAt ?? latest.createdAt },
        overall: engine ? null : sourcesFigures(rows, brand),
        engines: engines.map((e) => ({
          engine: e,
          mode: askedAs(snapshot, e).mode,
          ...sourcesFigures(
            rows.filter((r) => r.engine === e),
            brand,
          ),
        })),
      };
    },

    async accuracy(_orgId, envId, engine, market = null) {
      const [[latest], [sync]] = await Promise.all([
        db
          .select({
            id: monitoringRuns.id,
            config: monitoringRuns.config,
            finishedAt: monitoringRuns.finishedAt,
            createdAt: monitoringRuns.createdAt,
          })
          .from(monitoringRuns)
          .where(
            and(eq(monitoringRuns.envId, envId), inArray(monitoringRuns.status, [...FINISHED])),
          )
          .orderBy(desc(monitoringRuns.finishedAt))
          .limit(1),
        db
          .select({ priceSiteId: catalogSyncs.priceSiteId })
          .from(catalogSyncs)
          .where(eq(catalogSyncs.envId, envId)),
      ]);
      const priceSiteId = sync?.priceSiteId ?? null;
      if (!latest) return { ...NO_ACCURACY, priceSiteId };
      const onEngine = engine ? [eq(monitoringAggregates.engine, engine)] : [];
      const rows = await db
        .select({
          engine: monitoringAggregates.engine,
          market: monitoringAggregates.market,
          claimsChecked: monitoringAggregates.claimsChecked,
          claimsWrong: monitoringAggregates.claimsWrong,
          claimCounts: monitoringAggregates.claimCounts,
        })
        .from(monitoringAggregates)
        .where(
          and(
            eq(monitoringAggregates.runId, latest.id),
            ...onEngine,
            ...(market ? [eq(monitoringAggregates.market, market)] : []),
          ),
        );
      // The wrong claims are read from the answers that hold one (a run's few, by the path index-free
      // filter on its own samples), engine and prompt order.
      const wrong = await db
        .select({
          engine: monitoringSamples.engine,
          market: monitoringSamples.market,
          promptKey: monitoringSamples.promptKey,
          idx: monitoringSamples.idx,
          answer: monitoringSamples.answer,
          claims: monitoringSamples.claims,
        })
        .from(monitoringSamples)
        .where(
          and(
            eq(monitoringSamples.runId, latest.id),
            ...(engine ? [eq(monitoringSamples.engine, engine)] : []),
            ...(market ? [eq(monitoringSamples.market, market)] : []),
            sql`jsonb_path_exists(${monitoringSamples.claims}, '$[*] ? (@.mismatch == true)')`,
          ),
        )
        .orderBy(
          asc(monitoringSamples.engine),
          asc(monitoringSamples.promptKey),
          asc(monitoringSamples.idx),
        );
      const snapshot = latest.config as RunSnapshot;
      const promptText = new Map(snapshot.prompts.map((p) => [p.key, p.text]));
      // Stored by the runner; read through the schema all the same (a row is never trusted blind).
      const samples = wrong.map((sample) => ({
        ...sample,
        engine: sample.engine as AiEngine,
        claims: (sample.claims ?? []).flatMap((raw) => claimSchema.safeParse(raw).data ?? []),
      }));
      const ids = new Set([
        ...rows.flatMap((r) => Object.keys(r.claimCounts)),
        ...samples.flatMap((s) => s.claims.map((c) => c.productId)),
      ]);
      const nameOf = await productNames(envId, [...ids]);
      return accuracyResults({
        run: { id: latest.id, finishedAt: latest.finishedAt ?? latest.createdAt },
        engine,
        market,
        rows: rows.map((r) => ({ ...r, engine: r.engine as AiEngine })),
        wrong: samples,
        promptText: (key) => promptText.get(key) ?? key,
        productName: (id) => nameOf.get(id) ?? null,
        priceSiteId,
      });
    },

    async prompt(orgId, envId, promptKey, runId) {
      const [row] = await db
        .select()
        .from(monitoringRuns)
        .where(
          runId
            ? and(eq(monitoringRuns.envId, envId), eq(monitoringRuns.id, runId))
            : and(eq(monitoringRuns.envId, envId), inArray(monitoringRuns.status, [...FINISHED])),
        )
        .orderBy(desc(monitoringRuns.finishedAt))
        .limit(1);
      if (!row) {
        throw new DomainError(
          'NOT_FOUND',
          runId ? MONITORING_RUN_MESSAGES.runNotFound : MONITORING_RUN_MESSAGES.noRun,
        );
      }
      const snapshot = row.config as RunSnapshot;
      const prompt = snapshot.prompts.find((p) => p.key === promptKey);
      if (!prompt) throw new DomainError('NOT_FOUND', MONITORING_RUN_MESSAGES.promptNotFound);
      const rows = await db
        .select()
        .from(monitoringSamples)
        .where(and(eq(monitoringSamples.runId, row.id), eq(monitoringSamples.promptKey, promptKey)))
        .orderBy(asc(monitoringSamples.engine), asc(monitoringSamples.idx));
      const productIds = [...new Set(rows.flatMap((r) => r.products ?? []))];
      const nameOf = await productNames(envId, productIds);
      return {
        run: { ...toRun(row), progress: await progressOf(row) },
        prompt,
        samples: rows.map((r) => ({
          engine: r.engine as AiEngine,
          idx: r.idx,
          status: r.status,
          model: r.model,
          brandMentioned: r.brandMentioned,
          brandCited: r.brandCited,
          position: r.position,
          competitors: r.competitors ?? [],
          products: (r.products ?? []).map((id) => ({
            b2cProductId: id,
            name: nameOf.get(id) ?? null,
          })),
          urls: r.urls ?? [],
          mode: r.mode,
          // Stored by the runner; read through the schema all the same (a row is never trusted blind).
          search: r.search ? (answerSearchSchema.safeParse(r.search).data ?? null) : null,
          sentiment: (r.sentiment as Sentiment | null) ?? null,
          answer: r.answer,
          error: r.error,
        })),
      };
    },

    async *watch(orgId, envId, runId, signal) {
      const first = await runWithProgress(orgId, envId, runId);
      if (!first) throw new DomainError('NOT_FOUND', MONITORING_RUN_MESSAGES.runNotFound);
      yield* watchUntilEnded({
        id: runId,
        first,
        read: () => runWithProgress(orgId, envId, runId),
        active: (run) => isActive(run.status),
        changed: (a, b) =>
          a.status !== b.status ||
          a.samplesDone + a.samplesFailed !== b.samplesDone + b.samplesFailed ||
          a.samplesTotal !== b.samplesTotal ||
          a.error !== b.error,
        events: runEvents,
        intervalMs: WATCH_INTERVAL_MS,
        signal,
      });
    },

    async alerts(_orgId, envId) {
      const [rows, [latest]] = await Promise.all([
        db
          .select()
          .from(monitoringAlerts)
          .where(and(eq(monitoringAlerts.envId, envId), isNull(monitoringAlerts.dismissedAt)))
          .orderBy(desc(monitoringAlerts.createdAt), asc(monitoringAlerts.pValue))
          .limit(ALERTS_LIMIT),
        db
          .select({
            checkedAt: monitoringRuns.alertsCheckedAt,
            finishedAt: monitoringRuns.finishedAt,
          })
          .from(monitoringRuns)
          .where(
            and(eq(monitoringRuns.envId, envId), inArray(monitoringRuns.status, [...FINISHED])),
          )
          .orderBy(desc(monitoringRuns.finishedAt))
          .limit(1),
      ]);
      const runIds = [...new Set(rows.flatMap((r) => r.runIds))];
      const finished = new Map(
        (runIds.length > 0
          ? await db
              .select({ id: monitoringRuns.id, at: monitoringRuns.finishedAt })
              .from(monitoringRuns)
              .where(inArray(monitoringRuns.id, runIds))
          : []
        ).map((r) => [r.id, r.at]),
      );
      return {
        // Waited for a few minutes at most: a read that keeps failing must not keep Home asking.
        pending:
          latest !== undefined &&
          latest.checkedAt === null &&
          latest.finishedAt !== null &&
          now().getTime() - latest.finishedAt.getTime() < ALERTS_PENDING_MS,
        alerts: rows.map((r): MonitoringAlert => ({
          id: r.id,
          runId: r.runId,
          engine: r.engine as AiEngine | null,
          market: r.market,
          metric: r.metric,
          direction: r.direction,
          baseline: r.baseline,
          current: r.current,
          difference: r.difference,
          noise: r.noise,
          pValue: r.pValue,
          runIds: r.runIds,
          baselineRunIds: r.baselineRunIds,
          runsFinishedAt: r.runIds.flatMap((id) => finished.get(id) ?? []),
          createdAt: r.createdAt,
          dismissedAt: r.dismissedAt,
          webhook: { status: r.webhookStatus, error: r.webhookError, attempts: r.webhookAttempts },
        })),
      };
    },

    async dismissAlert(_orgId, envId, userId, alertId) {
      const [row] = await db
        .update(monitoringAlerts)
        .set({
          dismissedAt: sql`coalesce(${monitoringAlerts.dismissedAt}, now())`,
          dismissedBy: userId,
        })
        .where(and(eq(monitoringAlerts.id, alertId), eq(monitoringAlerts.envId, envId)))
        .returning({ id: monitoringAlerts.id });
      if (!row) throw new DomainError('NOT_FOUND', ALERT_MESSAGES.notFound);
    },

    async answerRetention(orgId) {
      const [row] = await db
        .select({ days: orgs.answerRetentionDays })
        .from(orgs)
        .where(eq(orgs.id, orgId));
      if (!row) throw new DomainError('NOT_FOUND', ORG_MESSAGES.orgNotFound, 'org-not-found');
      return row;
    },

    async setAnswerRetention(orgId, days) {
      const [row] = await db
        .update(orgs)
        .set({ answerRetentionDays: days })
        .where(eq(orgs.id, orgId))
        .returning({ days: orgs.answerRetentionDays });
      if (!row) throw new DomainError('NOT_FOUND', ORG_MESSAGES.orgNotFound, 'org-not-found');
      return row;
    },

    noteCampaign: (userId, campaign) => noteCampaign(db, userId, campaign),
    startCampaignRun: (scope, instanceClients) =>
      startCampaignRun(db, service, scope, instanceClients, engines()),
  };
  return service;
}
