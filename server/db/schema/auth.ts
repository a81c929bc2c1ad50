/** Auth.js's tables (users, accounts, sessions, verification tokens). */
import type { AdapterAccountType } from '@auth/core/adapters';
import { CAMPAIGNS } from '~/domain/monitoring/campaign';
import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestampTz } from './columns';

export const users = pgTable('users', {
  id: id(),
  name: text('name'),
  email: text('email').notNull().unique(),
  emailVerified: timestampTz('email_verified'),
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
    userId: belongsTo('user_id', () => users.id),
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
    userId: belongsTo('user_id', () => users.id),
    expires: timestampTz('expires').notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const verificationTokens = pgTable(
  'verification_tokens',
  {
    identifier: text('identifier').notNull(),
    token: text('token').notNull(),
    expires: timestampTz('expires').notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);
