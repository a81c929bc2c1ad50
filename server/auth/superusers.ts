/**
 * `BEACON_SUPERUSERS`: how a deployment gets its superusers (docs/decisions/0035-production-first-day.md).
 *
 * - Signing in with an address on the list, verified by the provider, makes that person a superuser.
 * - A superuser the list made (and only such a one) loses it when the list no longer names them: when a
 *   server process starts (the list changes only with a restart) and when they sign in.
 * - Superusers made any other way (the development seed's Ada, an operator's SQL) are left alone.
 */
import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { users } from '~/server/db/schema';

const lower = sql`lower(${users.email})`;
const listed = (list: readonly string[]) =>
  list.length > 0 ? inArray(lower, [...list]) : sql`false`;

/** Ends the superuser status the list gave to everyone it no longer names; returns how many lost it. */
export async function revokeUnlistedSuperusers(db: Db, list: readonly string[]): Promise<number> {
  const revoked = await db
    .update(users)
    .set({ isSuperUser: false, superUserFromConfig: false })
    .where(and(eq(users.superUserFromConfig, true), not(listed(list))))
    .returning({ id: users.id });
  return revoked.length;
}

/**
 * At sign-in: a listed person whose provider verified the address becomes a superuser (marked as made
 * by the list); someone the list made and no longer names loses it. Anyone else is left as they are.
 */
export async function applySuperuserList(
  db: Db,
  list: readonly string[],
  person: { userId: string; email: string | null | undefined; emailVerified: boolean },
): Promise<void> {
  const email = person.email?.trim().toLowerCase() ?? '';
  if (email !== '' && list.includes(email)) {
    // Only an address the provider verified; someone already a superuser by other means stays
    // unmarked, so leaving the list later keeps theirs.
    if (!person.emailVerified) return;
    await db
      .update(users)
      .set({ isSuperUser: true, superUserFromConfig: true })
      .where(and(eq(users.id, person.userId), eq(users.isSuperUser, false)));
    return;
  }
  await db
    .update(users)
    .set({ isSuperUser: false, superUserFromConfig: false })
    .where(and(eq(users.id, person.userId), eq(users.superUserFromConfig, true)));
}
