/** The analyst's conversations. */
import { sql } from 'drizzle-orm';
import { ANALYST_ROLES, ANALYST_STATUSES, type AnalystStep } from '~/domain/analyst/conversation';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestampTz } from './columns';
import { users } from './auth';
import { orgs, envs } from './orgs';

/**
 * The analyst's conversations: a person's questions and the answers to them in one env, oldest first.
 * An answer keeps the look-ups it made (steps) and how it ended.
 */
export const analystMessages = pgTable(
  'analyst_messages',
  {
    id: id(),
    orgId: belongsTo('org_id', () => orgs.id),
    envId: belongsTo('env_id', () => envs.id),
    userId: belongsTo('user_id', () => users.id),
    role: text('role', { enum: ANALYST_ROLES }).notNull(),
    content: text('content').notNull().default(''),
    steps: jsonb('steps').$type<AnalystStep[]>().notNull().default([]),
    status: text('status', { enum: ANALYST_STATUSES }).notNull().default('done'),
    error: text('error'),
    /**
     * While an answer is `streaming`: until when the process writing it holds it (renewed as it writes;
     * null before a stream took it). Past it, the writer is taken to have died.
     */
    leaseUntil: timestampTz('lease_until'),
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
