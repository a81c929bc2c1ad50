/** Column helpers every table file uses, and the roles and tenant types the org tables constrain. */
import { text, timestamp } from 'drizzle-orm/pg-core';

export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
export const createdAt = () =>
  timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { mode: 'date', withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());

export const MEMBERSHIP_ROLES = ['owner', 'member'] as const;
export const TENANT_TYPES = ['sandbox', 'development', 'staging', 'production'] as const;
