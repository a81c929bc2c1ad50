/**
 * A person's Account Manager access token: what their Salesforce sign-in left on their account row
 * (Auth.js keeps the provider's tokens there). Account Manager lets only a person, not Beacon's own
 * client, create API clients (docs/decisions/0036-account-manager-as-documented.md).
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '~/server/db/client';
import { accounts } from '~/server/db/schema';

/** The provider id of Salesforce sign-in, whose tokens are Account Manager's. */
export const ACCOUNT_MANAGER_PROVIDER = 'salesforce';

/** The token, or null when the person has none or it has expired (they sign in again). */
export async function accountManagerAccessToken(
  db: DbOrTx,
  userId: string,
  now: number = Date.now(),
): Promise<string | null> {
  const rows = await db
    .select({ token: accounts.access_token, expiresAt: accounts.expires_at })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.provider, ACCOUNT_MANAGER_PROVIDER)));
  const live = rows.find(
    (row) => row.token && (row.expiresAt === null || row.expiresAt * 1000 > now),
  );
  return live?.token ?? null;
}
