/** Agent configurations, runs and run items. */
import { sql } from 'drizzle-orm';
import { AGENT_TYPES } from '~/domain/agents/catalogue';
import { AGENT_RUN_STATUSES, RUN_ITEM_STATUSES } from '~/domain/agents/runs';
import {
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

/** Each env's saved config per agent (domain/agents/config.ts validates it before it is stored). */
export const agentConfigs = pgTable(
  'agent_configs',
  {
    envId: belongsTo('env_id', () => envs.id),
    agentType: text('agent_type', { enum: AGENT_TYPES }).notNull(),
    config: jsonb('config').notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'agent_configs_pk', columns: [t.envId, t.agentType] })],
);

/** The model calls' tokens and cost so far, a run's and each of its items'. */
const modelUsage = () => ({
  inputTokens: integer('input_tokens').notNull().default(0),
  outputTokens: integer('output_tokens').notNull().default(0),
  costUsd: doublePrecision('cost_usd').notNull().default(0),
});

/**
 * One agent run: the config it ran with, its scope, and running totals its items add to as they end
 * (one row update per item, so the last item to end knows it is the last). A trigger (migration 0005)
 * announces changes of its status, error or size on the job runs' NOTIFY channel, with the run id (not
 * each item's totals: a NOTIFY per item would serialize the items' commits); watchers also re-read a
 * running run every second.
 * One run per env and agent is active at a time (partial unique index).
 */
export const agentRuns = pgTable(
  'agent_runs',
  {
    id: id(),
    orgId: belongsTo('org_id', () => orgs.id),
    envId: belongsTo('env_id', () => envs.id),
    agentType: text('agent_type', { enum: AGENT_TYPES }).notNull(),
    status: text('status', { enum: AGENT_RUN_STATUSES }).notNull().default('queued'),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    concurrency: integer('concurrency').notNull(),
    config: jsonb('config').notNull(),
    /** The prompt library text the run used as house guidance, as it was when the run started. */
    guidance: text('guidance'),
    startedBy: text('started_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Set when the run works on these products only, whatever catalogs the config names (an AEO run
     * started from an answer that got a product wrong); null: the config's scope.
     */
    onlyProducts: text('only_products').array(),
    scopeProducts: integer('scope_products').notNull().default(0),
    scopeLocales: text('scope_locales')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    scopeFields: text('scope_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    itemsTotal: integer('items_total').notNull().default(0),
    itemsDone: integer('items_done').notNull().default(0),
    itemsFailed: integer('items_failed').notNull().default(0),
    itemsCancelled: integer('items_cancelled').notNull().default(0),
    proposals: integer('proposals').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    ...modelUsage(),
    /** A run-wide failure that stopped it (invalid key, instance permission), in plain words. */
    error: text('error'),
    errorReason: text('error_reason'),
    createdAt: createdAt(),
    startedAt: timestampTz('started_at'),
    finishedAt: timestampTz('finished_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('agent_runs_env_agent_created_idx').on(t.envId, t.agentType, t.createdAt),
    uniqueIndex('agent_runs_active_uq')
      .on(t.envId, t.agentType)
      .where(sql`${t.status} in ('queued', 'running', 'cancelling')`),
  ],
);

/**
 * A run's items: one model call each, for one product, locale and field group, `idx` numbering them.
 * Each is a job of the run's queue group, so a run has at most `concurrency` items in flight across
 * every worker process (docs/decisions/0024-agent-runs.md).
 */
export const agentRunItems = pgTable(
  'agent_run_items',
  {
    runId: belongsTo('run_id', () => agentRuns.id),
    idx: integer('idx').notNull(),
    b2cProductId: text('b2c_product_id').notNull(),
    locale: text('locale').notNull(),
    fieldGroup: text('field_group').notNull(),
    status: text('status', { enum: RUN_ITEM_STATUSES }).notNull().default('queued'),
    reason: text('reason'),
    error: text('error'),
    refusals: jsonb('refusals'),
    proposals: integer('proposals').notNull().default(0),
    ...modelUsage(),
    /** Milliseconds in the model call, and from its answer to the proposals being stored. */
    modelMs: integer('model_ms'),
    storeMs: integer('store_ms'),
    startedAt: timestampTz('started_at'),
    finishedAt: timestampTz('finished_at'),
  },
  (t) => [
    primaryKey({ name: 'agent_run_items_pk', columns: [t.runId, t.idx] }),
    index('agent_run_items_run_status_idx').on(t.runId, t.status),
  ],
);
