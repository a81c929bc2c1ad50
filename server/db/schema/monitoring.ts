/** AI discoverability monitoring: configurations, runs, samples, aggregates. */
import { sql } from 'drizzle-orm';
import { MONITORING_RUN_STATUSES, RUN_TRIGGERS, SAMPLE_STATUSES } from '~/domain/monitoring/runs';
import type { Claim, ProductClaimCounts } from '~/domain/monitoring/accuracy';
import { ASK_MODES, type AnswerSearch, type CitedPageCount } from '~/domain/monitoring/sources';
import { ALERT_METRICS, ALERT_WEBHOOK_STATUSES, type AlertRate } from '~/domain/monitoring/alerts';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestampTz, updatedAt } from './columns';
import { users } from './auth';
import { orgs, envs } from './orgs';

/** Each env's monitoring config (domain/monitoring/config.ts validates it before it is stored). */
export const monitoringConfigs = pgTable('monitoring_configs', {
  envId: text('env_id')
    .primaryKey()
    .references(() => envs.id, { onDelete: 'cascade' }),
  config: jsonb('config').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One monitoring run: the brand, competitors, prompts (with their text then) and engines it asked,
 * and running totals its samples add to. One run per env is active at a time.
 */
export const monitoringRuns = pgTable(
  'monitoring_runs',
  {
    id: id(),
    orgId: belongsTo('org_id', () => orgs.id),
    envId: belongsTo('env_id', () => envs.id),
    status: text('status', { enum: MONITORING_RUN_STATUSES }).notNull().default('queued'),
    trigger: text('trigger', { enum: RUN_TRIGGERS }).notNull().default('manual'),
    /** The config as it was, with each prompt's key and text (RunPrompt[] under `prompts`). */
    config: jsonb('config').notNull(),
    samplesTotal: integer('samples_total').notNull().default(0),
    samplesDone: integer('samples_done').notNull().default(0),
    samplesFailed: integer('samples_failed').notNull().default(0),
    error: text('error'),
    startedBy: text('started_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestampTz('started_at'),
    finishedAt: timestampTz('finished_at'),
    /**
     * Set when the org's retention removed the run's answers (server/monitoring/retention.ts): the
     * cutoff it used, so the results can say which answers are gone. The aggregates stay.
     */
    answersRemovedBefore: timestampTz('answers_removed_before'),
    /** When the alert detector read the run (server/monitoring/alerts.ts); null before it has. */
    alertsCheckedAt: timestampTz('alerts_checked_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('monitoring_runs_env_created_idx').on(t.envId, t.createdAt),
    // The retention pass looks for each org's finished runs whose answers are still kept.
    index('monitoring_runs_org_kept_idx')
      .on(t.orgId, t.finishedAt)
      .where(sql`${t.answersRemovedBefore} is null`),
    uniqueIndex('monitoring_runs_active_uq')
      .on(t.envId)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * Every answer a run asked for: one row per prompt × engine × sample (its job's idempotency key), the
 * raw answer and what the parser read in it.
 */
export const monitoringSamples = pgTable(
  'monitoring_samples',
  {
    runId: belongsTo('run_id', () => monitoringRuns.id),
    promptKey: text('prompt_key').notNull(),
    engine: text('engine').notNull(),
    idx: integer('idx').notNull(),
    /** Its prompt's market (domain/monitoring/markets.ts); null for prompts without one. */
    market: text('market'),
    status: text('status', { enum: SAMPLE_STATUSES }).notNull().default('queued'),
    answer: text('answer'),
    model: text('model'),
    brandMentioned: boolean('brand_mentioned'),
    brandCited: boolean('brand_cited'),
    position: integer('position'),
    competitors: text('competitors').array(),
    products: text('products').array(),
    /** URLs written in the answer's text. */
    urls: text('urls').array(),
    /** 'web-search' or 'memory' (domain/monitoring/sources.ts); null before it was recorded. */
    mode: text('mode', { enum: ASK_MODES }),
    /** The engine's search: queries, sources found and cited (null without search). */
    search: jsonb('search').$type<AnswerSearch>(),
    sentiment: text('sentiment'),
    /**
     * What the answer claimed about catalogue products and whether each claim disagrees with the
     * copy (domain/monitoring/accuracy.ts); null for answers from before the check.
     */
    claims: jsonb('claims').$type<Claim[]>(),
    error: text('error'),
    finishedAt: timestampTz('finished_at'),
  },
  (t) => [
    primaryKey({ name: 'monitoring_samples_pk', columns: [t.runId, t.promptKey, t.engine, t.idx] }),
  ],
);

/**
 * A finished run's figures per engine and prompt, written once when its last sample ends: the results
 * read these, never the raw answers (a year of daily runs is about a million answers).
 */
export const monitoringAggregates = pgTable(
  'monitoring_aggregates',
  {
    runId: belongsTo('run_id', () => monitoringRuns.id),
    envId: belongsTo('env_id', () => envs.id),
    engine: text('engine').notNull(),
    promptKey: text('prompt_key').notNull(),
    /** The prompt's market; null for prompts without one. The results filter by it. */
    market: text('market'),
    n: integer('n').notNull(),
    mentions: integer('mentions').notNull(),
    citations: integer('citations').notNull(),
    positionSum: integer('position_sum').notNull(),
    /** Brand (competitors and the brand itself) → answers naming it. */
    brandCounts: jsonb('brand_counts').$type<Record<string, number>>().notNull(),
    /** Product id → answers naming it. */
    productCounts: jsonb('product_counts').$type<Record<string, number>>().notNull(),
    sentimentCounts: jsonb('sentiment_counts').$type<Record<string, number>>().notNull(),
    /** Answers asked with web search (the citations below are counted over these). */
    searched: integer('searched').notNull().default(0),
    /** Domain → answers whose engine cited a page on it. */
    citedDomains: jsonb('cited_domains').$type<Record<string, number>>().notNull().default({}),
    /** Page URL → answers whose engine cited it, with its title and domain. */
    citedPages: jsonb('cited_pages').$type<Record<string, CitedPageCount>>().notNull().default({}),
    /** Answers that made a claim checked against the catalogue, and those with a wrong one. */
    claimsChecked: integer('claims_checked').notNull().default(0),
    claimsWrong: integer('claims_wrong').notNull().default(0),
    /** Product id → its claims checked and those that disagreed with the copy. */
    claimCounts: jsonb('claim_counts')
      .$type<Record<string, ProductClaimCounts>>()
      .notNull()
      .default({}),
    finishedAt: timestampTz('finished_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'monitoring_aggregates_pk', columns: [t.runId, t.engine, t.promptKey] }),
    index('monitoring_aggregates_env_finished_idx').on(t.envId, t.finishedAt),
  ],
);

/**
 * An alert a run raised (domain/monitoring/alerts.ts): which rate moved, for which engine (`all`:
 * every engine) and market, by how much against the run-to-run noise, and the runs compared; once
 * per run, series and metric. Dismissing keeps it, marked. Its delivery to the env's webhook is
 * tracked here, retried as a job.
 */
export const monitoringAlerts = pgTable(
  'monitoring_alerts',
  {
    id: id(),
    orgId: belongsTo('org_id', () => orgs.id),
    envId: belongsTo('env_id', () => envs.id),
    runId: belongsTo('run_id', () => monitoringRuns.id),
    /** `<engine or all>:<market or nothing>`: the series, for the one-alert-a-run rule. */
    series: text('series').notNull(),
    engine: text('engine'),
    market: text('market'),
    metric: text('metric', { enum: ALERT_METRICS }).notNull(),
    direction: text('direction', { enum: ['drop', 'rise'] }).notNull(),
    baseline: jsonb('baseline').$type<AlertRate>().notNull(),
    current: jsonb('current').$type<AlertRate>().notNull(),
    difference: doublePrecision('difference').notNull(),
    noise: doublePrecision('noise').notNull(),
    pValue: doublePrecision('p_value').notNull(),
    runIds: text('run_ids').array().notNull(),
    baselineRunIds: text('baseline_run_ids').array().notNull(),
    createdAt: createdAt(),
    dismissedAt: timestampTz('dismissed_at'),
    dismissedBy: text('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
    webhookStatus: text('webhook_status', { enum: ALERT_WEBHOOK_STATUSES })
      .notNull()
      .default('none'),
    webhookError: text('webhook_error'),
    webhookAttempts: integer('webhook_attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('monitoring_alerts_run_series_uq').on(t.runId, t.series, t.metric),
    index('monitoring_alerts_env_created_idx').on(t.envId, t.createdAt),
  ],
);
