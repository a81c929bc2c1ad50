/** AI spend and budgets. */
import { SPEND_AREAS } from '~/domain/ai-budget/entities';
import { bigint, doublePrecision, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, timestampTz, updatedAt } from './columns';
import { users } from './auth';
import { orgs } from './orgs';

/**
 * What each org's model calls cost, per calendar month (UTC) and area: one upsert per call adds its
 * cost and tokens (server/ai-budget/service.ts). The month's spend is the sum of an org's rows.
 */
export const aiSpend = pgTable(
  'ai_spend',
  {
    orgId: belongsTo('org_id', () => orgs.id),
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
  raisedAt: timestampTz('raised_at').notNull().defaultNow(),
});
