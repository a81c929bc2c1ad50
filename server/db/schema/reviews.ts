/** Proposals and their review events. */
import { sql } from 'drizzle-orm';
import { AGENT_TYPES } from '~/domain/agents/catalogue';
import { PRODUCT_FIELDS } from '~/domain/products/entities';
import { PROPOSAL_ACTIONS, PUBLISH_FAILURE_REASONS } from '~/domain/reviews/entities';
import { PROPOSAL_STATUSES } from '~/domain/reviews/statuses';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestampTz, updatedAt } from './columns';
import { users } from './auth';
import { envs } from './orgs';

/**
 * What an agent proposes for one product, locale and field: the value it replaces (as read from the
 * copy) and the new one. One proposal per product, locale and field is pending at a time.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: id(),
    envId: belongsTo('env_id', () => envs.id),
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
    decidedAt: timestampTz('decided_at'),
    rejectReason: text('reject_reason'),
    publishedAt: timestampTz('published_at'),
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
    proposalId: belongsTo('proposal_id', () => proposals.id),
    envId: belongsTo('env_id', () => envs.id),
    action: text('action', { enum: PROPOSAL_ACTIONS }).notNull(),
    fromStatus: text('from_status', { enum: PROPOSAL_STATUSES }),
    toStatus: text('to_status', { enum: PROPOSAL_STATUSES }).notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestampTz('at').notNull().defaultNow(),
    note: text('note'),
    value: text('value'),
  },
  (t) => [
    index('proposal_events_proposal_idx').on(t.proposalId, t.at),
    index('proposal_events_env_idx').on(t.envId, t.at),
  ],
);
