/** Column helpers every table file uses, and the roles and tenant types the org tables constrain. */
import { type AnyPgColumn, text, timestamp } from 'drizzle-orm/pg-core';

export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
/** A moment, read as a Date, stored with its time zone. */
export const timestampTz = (name: string) => timestamp(name, { mode: 'date', withTimezone: true });
export const createdAt = () => timestampTz('created_at').notNull().defaultNow();
export const updatedAt = () =>
  timestampTz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());
/** The row's owner (an org, an env, a run…): required, and the row is deleted with it. */
export const belongsTo = (name: string, owner: () => AnyPgColumn) =>
  text(name).notNull().references(owner, { onDelete: 'cascade' });

export const MEMBERSHIP_ROLES = ['owner', 'member'] as const;
export const TENANT_TYPES = ['sandbox', 'development', 'staging', 'production'] as const;
