/**
 * The database schema (PostgreSQL dialect; PGlite and node-postgres share it). The Auth.js tables keep
 * the property names @auth/drizzle-adapter 1.11 reads (`userId`, `providerAccountId`, `refresh_token`…);
 * SQL names are snake_case like the rest of the schema.
 */
import type { AdapterAccountType } from '@auth/core/adapters';
import { sql } from 'drizzle-orm';
import { AGENT_TYPES } from '~/domain/agents/catalogue';
import { SPEND_AREAS } from '~/domain/ai-budget/entities';
import { ANALYST_ROLES, ANALYST_STATUSES, type AnalystStep } from '~/domain/analyst/conversation';
import { AGENT_RUN_STATUSES, RUN_ITEM_STATUSES } from '~/domain/agents/runs';
import { JOB_RUN_STATUSES } from '~/domain/jobs/runs';
import { CAMPAIGNS } from '~/domain/monitoring/campaign';
import { ANSWER_RETENTION_DAYS } from '~/domain/monitoring/retention';
import { MONITORING_RUN_STATUSES, RUN_TRIGGERS, SAMPLE_STATUSES } from '~/domain/monitoring/runs';
import { ASK_MODES, type AnswerSearch, type CitedPageCount } from '~/domain/monitoring/sources';
import { PRODUCT_FIELDS, PRODUCT_KINDS } from '~/domain/products/entities';
import { PROPOSAL_ACTIONS, PUBLISH_FAILURE_REASONS } from '~/domain/reviews/entities';
import { PROPOSAL_STATUSES } from '~/domain/reviews/statuses';
import type { LandingPageSection } from '~/domain/landing-pages/entities';
import { LANDING_PAGE_STATUSES } from '~/domain/landing-pages/entities';
import type { DesignerTheme } from '~/domain/theme-designer/theme-designer';
import { ORG_EXPORT_STATUSES } from '~/domain/orgs/export';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () =>
  timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { mode: 'date', withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());

export const MEMBERSHIP_ROLES = ['owner', 'member'] as const;
export const TENANT_TYPES = ['sandbox', 'development', 'staging', 'production'] as const;

// ── Auth.js ─────────────────────────────────────────────────────────────────────────────────────

export const users = pgTable('users', {
  id: id(),
  name: text('name'),
  email: text('email').notNull().unique(),
  emailVerified: timestamp('email_verified', { mode: 'date', withTimezone: true }),
  image: text('image'),
  isSuperUser: boolean('is_super_user').notNull().default(false),
  /**
   * True when `isSuperUser` was set by `BEACON_SUPERUSERS` (server/auth/superusers.ts): such a grant
   * ends when the address leaves the list; superusers made otherwise (the development seed) keep theirs.
   */
  superUserFromConfig: boolean('super_user_from_config').notNull().default(false),
  /** The campaign the person first signed in through (`aeo`: the free AEO report), if any. */
  campaign: text('campaign', { enum: CAMPAIGNS }),
  createdAt: createdAt(),
});

export const accounts = pgTable(
  'accounts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<AdapterAccountType>().notNull(),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    refresh_token: text('refresh_token'),
    access_token: text('access_token'),
    expires_at: integer('expires_at'),
    token_type: text('token_type'),
    scope: text('scope'),
    id_token: text('id_token'),
    session_state: text('session_state'),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerAccountId] }),
    index('accounts_user_id_idx').on(t.userId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    sessionToken: text('session_token').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires: timestamp('expires', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const verificationTokens = pgTable(
  'verification_tokens',
  {
    identifier: text('identifier').notNull(),
    token: text('token').notNull(),
    expires: timestamp('expires', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);

// ── Orgs, people, environments ──────────────────────────────────────────────────────────────────

export const orgs = pgTable('orgs', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  verified: boolean('verified').notNull().default(false),
  /**
   * The customer's Account Manager organization this org onboards from (chosen in onboarding): its
   * id, its name where the person's roles could read it, and the realms whose tenants are offered.
   */
  amOrganizationId: text('am_organization_id'),
  amOrganizationName: text('am_organization_name'),
  amRealms: text('am_realms')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /**
   * A member's request that a superuser verify the org (the Onboarding needed block's "Ask for
   * verification"): when, and who (null once that person's account is gone). The first request stays.
   */
  verificationRequestedAt: timestamp('verification_requested_at', {
    mode: 'date',
    withTimezone: true,
  }),
  verificationRequestedBy: text('verification_requested_by').references(() => users.id, {
    onDelete: 'set null',
  }),
  /** Days monitoring's raw answers are kept after their run (domain/monitoring/retention.ts). */
  answerRetentionDays: integer('answer_retention_days')
    .notNull()
    .default(ANSWER_RETENTION_DAYS.default),
  createdAt: createdAt(),
});

export const memberships = pgTable(
  'memberships',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: text('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBERSHIP_ROLES }).notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.orgId] }),
    index('memberships_org_id_idx').on(t.orgId),
  ],
);

export const b2cInstances = pgTable(
  'b2c_instances',
  {
    id: id(),
    orgId: text('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    externalInstanceId: text('external_instance_id').notNull(),
    /** Null until someone gives it: Account Manager names no host for production, staging, development. */
    host: text('host'),
    tenantType: text('tenant_type', { enum: TENANT_TYPES }).notNull(),
    ocapiDataSettingsVerified: boolean('ocapi_data_settings_verified').notNull().default(false),
    ocapiShopSettingsVerified: boolean('ocapi_shop_settings_verified').notNull().default(false),
    webdavSettingsVerified: boolean('webdav_settings_verified').notNull().default(false),
    onboarded: boolean('onboarded').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('b2c_instances_org_external_uq').on(t.orgId, t.externalInstanceId)],
);

export const envs = pgTable(
  'envs',
  {
    id: id(),
    orgId: text('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    b2cInstanceId: text('b2c_instance_id').references(() => b2cInstances.id, {
      onDelete: 'set null',
    }),
    /**
     * The content library landing pages publish to: a shared library's id, or null for the site's
     * own (private) library, whose id is the site's. The Data API does not say which a site uses
     * (ADR 0042), so a site on a shared library names it here.
     */
    contentLibraryId: text('content_library_id'),
    createdAt: createdAt(),
  },
  (t) => [unique('envs_org_slug_uq').on(t.orgId, t.slug)],
);

/** One API client per org (Account Manager names it `Beacon`); the secret is AES-256-GCM ciphertext. */
export const b2cApiClients = pgTable('b2c_api_clients', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  clientId: text('client_id').notNull(),
  /** Null when Account Manager already had the client and would not show its secret again. */
  secretCiphertext: text('secret_ciphertext'),
  createdAt: createdAt(),
});

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    orgId: text('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /**
     * SHA-256 of the accept link's token, hex: the token itself is shown once, when the invitation is
     * made, and never stored (docs/security.md, rule 10).
     */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { mode: 'date', withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { mode: 'date', withTimezone: true }),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_org_id_idx').on(t.orgId)],
);

/**
 * The org's prompt library (settings → Prompts), used by agents and AEO monitoring. Names are unique
 * per org regardless of case, so "Trail shoes" and "trail shoes" cannot both be picked from a list;
 * the unique index also serves the org's list.
 */
export const prompts = pgTable(
  'prompts',
  {
    id: id(),
    orgId: text('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('prompts_org_name_uq').on(t.orgId, sql`lower(${t.name})`)],
);

// ── Background jobs ─────────────────────────────────────────────────────────────────────────────

/**
 * One row per logical effect of a background job (docs/decisions/0021-background-jobs.md): enqueueing
 * the same (org, kind, key) again finds this row instead of starting a second run, and a run already
 * completed is never run again when the queue delivers its job twice. The job's progress lives here too;
 * a trigger (migration 0002) announces each insert and update with NOTIFY on `beacon_job_run_changed`
 * (the run id as payload), so every server process can stream it. The queue's own tables
 * (pg-boss, schema `pgboss`) hold the job itself, under the same id.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: id(),
    orgId: text('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: JOB_RUN_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    progressMessage: text('progress_message'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [
    unique('job_runs_org_kind_key_uq').on(t.orgId, t.kind, t.key),
    index('job_runs_org_created_idx').on(t.orgId, t.createdAt),
  ],
);

/** OCAPI's product types, as the catalogue copy stores them. */
export const CATALOG_PRODUCT_TYPES = PRODUCT_KINDS;
export const CATALOG_SYNC_STATUSES = ['idle', 'running', 'failed'] as const;
export const CATALOG_SYNC_MODES = ['full', 'incremental'] as const;

/** Text per locale ("default", "fr-FR", …), as OCAPI localizes a product's fields. */
type Localized = Record<string, string>;
const localized = (name: string) => jsonb(name).$type<Localized>().notNull().default({});

/**
 * The env's copy of its instance's catalogue: one row per product, with the localized fields agents
 * work on and the raw OCAPI document. Written by the catalogue sync (server/products/sync.ts).
 */
export const catalogProducts = pgTable(
  'catalog_products',
  {
    envId: text('env_id')
      .notNull()
      .references(() => envs.id, { onDelete: 'cascade' }),
    /**
     * Collated "C" (migration 0004): ids sort byte by byte on every database, and the primary key's
     * index serves the list's prefix filter (LIKE 'x%').
     */
    b2cProductId: text('b2c_product_id').notNull(),
    type: text('type', { enum: CATALOG_PRODUCT_TYPES }).notNull(),
    online: boolean('online').notNull(),
    primaryCategoryId: text('primary_category_id'),
    masterId: text('master_id'),
    name: localized('name'),
    shortDescription: localized('short_description'),
    longDescription: localized('long_description'),
    pageTitle: localized('page_title'),
    pageDescription: localized('page_description'),
    pageKeywords: localized('page_keywords'),
    /** The catalogs the product is in: its owning catalog and those of its assigned categories. */
    catalogIds: text('catalog_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Its assigned, primary and classification categories with every ancestor, for category filters. */
    categoryIds: text('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lastModified: timestamp('last_modified', { mode: 'date', withTimezone: true }),
    resourceState: text('resource_state'),
    document: jsonb('document').notNull(),
    syncedAt: timestamp('synced_at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'catalog_products_pk', columns: [t.envId, t.b2cProductId] }),
    // The list's index: id order with every filter column in the tuple, so paging, deep offsets
    // and counts read the index alone (once vacuum has marked the pages all-visible, which the sync
    // does) and never the wide rows. (GIN indexes on the arrays lost to it at 100,000 products: the
    // planner took them for category filters, then read every matching wide row for the count.)
    index('catalog_products_list_idx').on(
      t.envId,
      t.b2cProductId,
      t.online,
      t.type,
      t.catalogIds,
      t.categoryIds,
    ),
    index('catalog_products_env_category_idx').on(t.envId, t.primaryCategoryId),
    index('catalog_products_env_master_idx').on(t.envId, t.masterId),
    index('catalog_products_env_modified_idx').on(t.envId, t.lastModified),
  ],
);

/** The catalogs of an env's instance, as the last sync read them. */
export const catalogCatalogs = pgTable(
  'catalog_catalogs',
  {
    envId: text('env_id')
      .notNull()
      .references(() => envs.id, { onDelete: 'cascade' }),
    catalogId: text('catalog_id').notNull(),
    name: localized('name'),
    isMaster: boolean('is_master').notNull(),
  },
  (t) => [primaryKey({ name: 'catalog_catalogs_pk', columns: [t.envId, t.catalogId] })],
);

/** Each catalog's category tree, as the last sync read it. */
export const catalogCategories = pgTable(
  'catalog_categories',
  {
    envId: text('env_id')
      .notNull()
      .references(() => envs.id, { onDelete: 'cascade' }),
    catalogId: text('catalog_id').notNull(),
    categoryId: text('category_id').notNull(),
    name: localized('name'),
    parentId: text('parent_id'),
    position: integer('position').notNull().default(0),
    online: boolean('online').notNull(),
  },
  (t) => [
    primaryKey({ name: 'catalog_categories_pk', columns: [t.envId, t.catalogId, t.categoryId] }),
  ],
);

/**
 * Where an env's catalogue sync stands: running (a full sync resumes from `checkpoint` after a
 * crash), failed with its error, or idle; `cursor` is the newest last_modified copied so far.
 */
export const catalogSyncs = pgTable('catalog_syncs', {
  envId: text('env_id')
    .primaryKey()
    .references(() => envs.id, { onDelete: 'cascade' }),
  status: text('status', { enum: CATALOG_SYNC_STATUSES }).notNull().default('idle'),
  mode: text('mode', { enum: CATALOG_SYNC_MODES }),
  checkpoint: integer('checkpoint'),
  cursor: timestamp('cursor', { mode: 'date', withTimezone: true }),
  syncedCount: integer('synced_count').notNull().default(0),
  startedAt: timestamp('started_at', { mode: 'date', withTimezone: true }),
  lastSyncedAt: timestamp('last_synced_at', { mode: 'date', withTimezone: true }),
  lastError: text('last_error'),
  /** Products the running full sync will read (OCAPI's total), when known. */
  total: integer('total'),
  /** Every locale a product has a value in, `default` first; refreshed at the end of each sync. */
  locales: text('locales')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The job run of the current or last sync; `requests` numbers them, so one request makes one run. */
  runId: text('run_id'),
  requests: integer('requests').notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * What an agent proposes for one product, locale and field: the value it replaces (as read from the
 * copy) and the new one. One proposal per product, locale and field is pending at a time.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: id(),
    envId: text('env_id')
      .notNull()
      .references(() => envs.id, { onDelete: 'cascade' }),
    b2cProductId: text('b2c_product_id').notNull(),
    locale: text('locale').notNull(),
    field: text('field', { enum: PRODUCT_FIELDS }).notNull(),
    agentType: text('agent_type', { enum: AGENT_TYPES }).notNull(),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('pending'),
    currentValue: text('current_value'),
    proposedValue: text('proposed_value').notNull(),
    reasoning: text('reasoning'),
    model: text('model'),
    runId: text('run_id'),
    /** Tokens of the model call that produced it (shared by the fields that call proposed). */
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    /** The agent's own value, kept when a reviewer edited `proposedValue` before approving. */
    agentValue: text('agent_value'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { mode: 'date', withTimezone: true }),
    rejectReason: text('reject_reason'),
    publishedAt: timestamp('published_at', { mode: 'date', withTimezone: true }),
    /** The instance's value when a publish found it changed (status conflict). */
    conflictValue: text('conflict_value'),
    publishError: text('publish_error'),
    publishErrorReason: text('publish_error_reason', { enum: PUBLISH_FAILURE_REASONS }),
    /** The publish job that claimed it: one job writes an approved proposal, however often it is retried. */
    publishRunId: text('publish_run_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('proposals_pending_uq')
      .on(t.envId, t.b2cProductId, t.locale, t.field)
      .where(sql`${t.status} = 'pending'`),
    index('proposals_env_status_product_idx').on(t.envId, t.status, t.b2cProductId),
    index('proposals_run_idx').on(t.runId),
  ],
);

/**
 * Every change of a proposal's status, and edits: who (null for Beacon itself), when, from what to what,
 * with the reason or value it concerned. The detail screen shows a proposal's trail; `reviews.events`
 * queries an env's.
 */
export const proposalEvents = pgTable(
  'proposal_events',
  {
    id: id(),
    proposalId: text('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    envId: text('env_id')
      .notNull()
      .references(() => envs.id, { onDelete: 'cascade' }),
    action: text('action', { enum: PROPOSAL_ACTIONS }).notNull(),
    fromStatus: text('from_status', { enum: PROPOSAL_STATUSES }),
    toStatus: text('to_status', { enum: PROPOSAL_STATUSES }).notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
    value: text('value'),
  },
  (t) => [
    index('proposal_events_proposal_idx').on(t.proposalId, t.at),
    index('proposal_events_env_idx').on(t.envId, t.at),
  ],
);

// ── Agents ──────────────────────────────────────────────────────────────────────────────────────

/** Each env's saved config per agent (domain/agents/config.ts validates it before it is stored). */
export const agentConfigs = pgTable(
  'agent_configs',
  {
    envId: text('env_id')
      .notNull()
      .references(() => envs.id, { onDelete: 'cascade' }),
    agentType: text('agent_type', { enum: AGENT_TYPES }).notNull(),
    config: jsonb('config').notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'agent_configs_pk', columns: [t.envId, t.agentType] })],
);

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
    orgId: text('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    envId: text('env_id')
      .notNull()
      .references(() => envs.id, { onDelete: 'cascade' }),
    agentType: text('agent_type', { enum: AGENT_TYPES }).notNull(),
    status: text('status', { enum: AGENT_RUN_STATUSES }).notNull().default('queued'),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    concurrency: integer('concurrency').notNull(),
    config: jsonb('config').notNull(),
    /** The prompt library text the run used as house guidance, as it was when the run started. */
    guidance: text('guidance'),
    startedBy: text('started_by').references(() => users.id, { onDelete: 'set null' }),
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
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    /** A run-wide failure that stopped it (invalid key, instance permission), in plain words. */
    error: text('error'),
    errorReason: text('error_reason'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { mode: 'date', withTimezone: true }),
    finishedAt: timestamp('finished_at', { mode: 'date', withTimezone: true }),
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
    runId: text('run_id')
      .notNull()
      .references(() => agentRuns.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    b2cProductId: text('b2c_product_id').notNull(),
    locale: text('locale').notNull(),
    fieldGroup: text('field_group').notNull(),
    status: text('status', { enum: RUN_ITEM_STATUSES }).notNull().default('queued'),
    reason: text('reason'),
    error: text('error'),
    refusals: jsonb('refusals'),
    proposals: integer('proposals').notNull().default(0),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    /** Milliseconds in the model call, and from its answer to the proposals being stored. */
    modelMs: integer('model_ms'),
    storeMs: integer('store_ms'),
    startedAt: timestamp('started_at', { mode: 'date', withTimezone: true }),
    finishedAt: timestamp('finished_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'agent_run_items_pk', columns: [t.runId, t.idx] }),
    index('agent_run_items_run_status_idx').on(t.runId, t.status),
  ],
);

// ── Monitoring ──────────────────────────────────────────────────────────────────────────────────

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
    orgId: text('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    envId: text('env_id')
      .notNull()
      .references(() => envs.id, { onDelete: 'cascade' }),
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
    startedAt: timestamp('started_at', { mode: 'date', withTimezone: true }),
    finishedAt: timestamp('finished_at', { mode: 'date', withTimezone: true }),
    /**
     * Set when the org's retention removed the run's answers (server/monitoring/retention.ts): the
     * cutoff it used, so the results can say which answers are gone. The aggregates stay.
     */
    answersRemovedBefore: timestamp('answers_removed_before', { mode: 'date', withTimezone: true }),
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
    runId: text('run_id')
      .notNull()
      .references(() => monitoringRuns.id, { onDelete: 'cascade' }),
    promptKey: text('prompt_key').notNull(),
    engine: text('engine').notNull(),
    idx: integer('idx').notNull(),
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
    error: text('error'),
    finishedAt: timestamp('finished_at', { mode: 'date', withTimezone: true }),
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
    runId: text('run_id')
      .notNull()
      .references(() => monitoringRuns.id, { onDelete: 'cascade' }),
    envId: text('env_id')
      .notNull()
      .references(() => envs.id, { onDelete: 'cascade' }),
    engine: text('engine').notNull(),
    promptKey: text('prompt_key').notNull(),
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
    finishedAt: timestamp('finished_at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'monitoring_aggregates_pk', columns: [t.runId, t.engine, t.promptKey] }),
    index('monitoring_aggregates_env_finished_idx').on(t.envId, t.finishedAt),
  ],
);

/**
 * The analyst's conversations: a person's questions and the answers to them in one env, oldest first.
 * An answer keeps the look-ups it made (steps) and how it ended.
 */
export const analystMessages = pgTable(
  'analyst_messages',
  {
    id: id(),
    orgId: text('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    envId: text('env_id')
      .notNull()
      .references(() => envs.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ANALYST_ROLES }).notNull(),
    content: text('content').notNull().default(''),
    steps: jsonb('steps').$type<AnalystStep[]>().notNull().default([]),
    status: text('status', { enum: ANALYST_STATUSES }).notNull().default('done'),
    error: text('error'),
    /**
     * While an answer is `streaming`: until when the process writing it holds it (renewed as it writes;
     * null before a stream took it). Past it, the writer is taken to have died.
     */
    leaseUntil: timestamp('lease_until', { mode: 'date', withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('analyst_messages_conversation_idx').on(t.envId, t.userId, t.createdAt),
    // One answer at a time per person and env, whichever process is asked (docs/security.md, rule 7).
    uniqueIndex('analyst_messages_one_streaming_uq')
      .on(t.envId, t.userId)
      .where(sql`${t.status} = 'streaming'`),
  ],
);

// ── Landing pages ───────────────────────────────────────────────────────────────────────────────

/** Themes saved from the designer, by name per org (the designer's colours and fonts, validated before they are stored). */
export const landingPageThemes = pgTable(
  'landing_page_themes',
  {
    id: id(),
    orgId: text('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    theme: jsonb('theme').$type<DesignerTheme>().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('landing_page_themes_org_name_uq').on(t.orgId, t.name)],
);

/** A landing page (domain/landing-pages validates its sections before they are stored). */
export const landingPages = pgTable(
  'landing_pages',
  {
    id: id(),
    orgId: text('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    envId: text('env_id')
      .notNull()
      .references(() => envs.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    themeId: text('theme_id').references(() => landingPageThemes.id, { onDelete: 'set null' }),
    sections: jsonb('sections').$type<LandingPageSection[]>().notNull(),
    status: text('status', { enum: LANDING_PAGE_STATUSES }).notNull().default('draft'),
    /** A published page edited since its last publish. */
    hasUnpublishedChanges: boolean('has_unpublished_changes').notNull().default(false),
    publishedAt: timestamp('published_at', { mode: 'date', withTimezone: true }),
    publishedAssetId: text('published_asset_id'),
    publishedLibraryId: text('published_library_id'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('landing_pages_env_slug_uq').on(t.envId, t.slug),
    index('landing_pages_env_updated_idx').on(t.envId, t.updatedAt),
  ],
);

/**
 * Rate-limit counters every process shares (server/rate-limits.ts): one row per key (a client's
 * address for sign-in, an AI vendor for model calls) holding the current fixed window's start (ms since
 * the epoch, PostgreSQL's clock) and its hit count. A hit in a later window restarts the count.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    /** When the window ends (ms since the epoch): rows past it are swept. */
    windowEnd: bigint('window_end', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limits_window_end_idx').on(t.windowEnd)],
);

// ── AI budget ───────────────────────────────────────────────────────────────────────────────────

/**
 * What each org's model calls cost, per calendar month (UTC) and area: one upsert per call adds its
 * cost and tokens (server/ai-budget/service.ts). The month's spend is the sum of an org's rows.
 */
export const aiSpend = pgTable(
  'ai_spend',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    /** `YYYY-MM`, UTC. */
    month: text('month').notNull(),
    area: text('area', { enum: SPEND_AREAS }).notNull(),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    calls: integer('calls').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'ai_spend_pk', columns: [t.orgId, t.month, t.area] })],
);

/** An org's monthly AI budget when a superuser raised it above the server's default. */
export const aiBudgets = pgTable('ai_budgets', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  budgetUsd: doublePrecision('budget_usd').notNull(),
  raisedBy: text('raised_by').references(() => users.id, { onDelete: 'set null' }),
  raisedAt: timestamp('raised_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
});

// ── Org exports ─────────────────────────────────────────────────────────────────────────────────

/** Raw bytes (PostgreSQL `bytea`): node-postgres reads a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres sends a Buffer as binary; any other view is wrapped without a copy.
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * An owner's export of the org's data (server/orgs/export.ts, ADR 0045): requested, made by the
 * `orgs.export` job, downloadable until `expires_at` (24 hours after it is ready), then removed. The
 * archive itself is in `org_export_parts`, in the database, so every node of the cluster can serve it.
 */
export const orgExports = pgTable(
  'org_exports',
  {
    id: id(),
    orgId: text('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    /** Null once that person's account is gone. */
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORG_EXPORT_STATUSES }).notNull().default('queued'),
    /** Rows per table in the archive (its manifest's counts). */
    tableCounts: jsonb('table_counts').$type<Record<string, number>>(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { mode: 'date', withTimezone: true }),
    expiresAt: timestamp('expires_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [
    index('org_exports_org_created_idx').on(t.orgId, t.createdAt),
    index('org_exports_expires_idx').on(t.expiresAt),
    // One export of an org is made at a time.
    uniqueIndex('org_exports_active_uq')
      .on(t.orgId)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** An archive's bytes in parts of a few MB, in order: neither writing nor serving one holds it whole. */
export const orgExportParts = pgTable(
  'org_export_parts',
  {
    exportId: text('export_id')
      .notNull()
      .references(() => orgExports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ name: 'org_export_parts_pk', columns: [t.exportId, t.seq] })],
);
