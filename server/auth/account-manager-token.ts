/**
 * A person's Account Manager access token: what their Salesforce sign-in left on their account row.
 * Account Manager lets only a person, not Beacon's own client, create API clients
 * (docs/decisions/0036-account-manager-as-documented.md). The token is kept encrypted at rest
 * (server/secrets.ts), bound to its account row, and only until it expires; no other provider's
 * tokens are kept at all (server/auth/auth.ts drops them before the row is written).
 */
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '~/server/db/client';
import { accounts } from '~/server/db/schema';
import type { Secrets } from '~/server/secrets';

/** The provider id of Salesforce sign-in, whose tokens are Account Manager's. */
export const ACCOUNT_MANAGER_PROVIDER = 'salesforce';

/** Binds a stored token to its account row, so a ciphertext copied to another row does not decrypt. */
export const accountManagerTokenContext = (providerAccountId: string) =>
  `account-manager-token:${ACCOUNT_MANAGER_PROVIDER}:${providerAccountId}`;

/** Keeps the token of a sign-in that just happened on its account row, encrypted. */
export async function storeAccountManagerToken(
  db: Db,
  secrets: Secrets,
  account: { providerAccountId: string; accessToken: string; expiresAt: number | null },
): Promise<void> {
  await db
    .update(accounts)
    .set({
      access_token: secrets.encrypt(
        account.accessToken,
        accountManagerTokenContext(account.providerAccountId),
      ),
      expires_at: account.expiresAt,
      refresh_token: null,
      id_token: null,
    })
    .where(
      and(
        eq(accounts.provider, ACCOUNT_MANAGER_PROVIDER),
        eq(accounts.providerAccountId, account.providerAccountId),
      ),
    );
}

/**
 * The token, or null when the person has none, it has expired, or it cannot be read (a key the ring
 * no longer has, a plaintext token from before tokens were encrypted): they sign in again.
 */
export async function accountManagerAccessToken(
  db: DbOrTx,
  secrets: Secrets,
  userId: string,
  now: number = Date.now(),
): Promise<string | null> {
  const rows = await db
    .select({
      token: accounts.access_token,
      expiresAt: accounts.expires_at,
      providerAccountId: accounts.providerAccountId,
    })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.provider, ACCOUNT_MANAGER_PROVIDER)));
  for (const row of rows) {
    if (!row.token || (row.expiresAt !== null && row.expiresAt * 1000 <= now)) continue;
    try {
      return secrets.decrypt(row.token, accountManagerTokenContext(row.providerAccountId));
    } catch {
      // Unreadable: as if there were none.
    }
  }
  return null;
}

/**
 * The `roles` claim of an Account Manager token (the `roles` scope puts it there), or null when the
 * token carries none or is not a JWT. Read unverified: it only chooses which way onboarding's API
 * client step goes; Account Manager's own answer to each call is what counts.
 */
export function accountManagerTokenRoles(token: string): string[] | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      roles?: unknown;
    };
    return Array.isArray(claims.roles) && claims.roles.every((r) => typeof r === 'string')
      ? claims.roles
      : null;
  } catch {
    return null;
  }
}
