/**
 * Which provider an email is already linked to. Sign-in uses it to turn "this email signed in with
 * Salesforce before, now Google" into the provider-conflict screen (docs/product.md#shell-and-sign-in), and to let a seeded or invited
 * person with no linked account yet claim it on first sign-in.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { accounts, users } from '~/server/db/schema';

export type LinkDecision =
  /** The (provider, account) pair is known, or the email is new: Auth.js proceeds as usual. */
  | { kind: 'proceed' }
  /** A person exists with this email but no linked account yet (seeded/invited): link on first sign-in. */
  | { kind: 'claim' }
  /** The email belongs to someone linked to another provider (or another account at this one). */
  | { kind: 'conflict'; existingProvider: string };

export async function decideLink(
  db: Db,
  attempt: { provider: string; providerAccountId: string; email: string | null | undefined },
): Promise<LinkDecision> {
  const known = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(
      and(
        eq(accounts.provider, attempt.provider),
        eq(accounts.providerAccountId, attempt.providerAccountId),
      ),
    )
    .limit(1);
  if (known.length > 0 || !attempt.email) return { kind: 'proceed' };

  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, attempt.email.toLowerCase()))
    .limit(1);
  if (!user) return { kind: 'proceed' };

  const linked = await db
    .select({ provider: accounts.provider })
    .from(accounts)
    .where(eq(accounts.userId, user.id));
  if (linked.length === 0) return { kind: 'claim' };
  const other = linked.find((a) => a.provider !== attempt.provider) ?? linked[0];
  return { kind: 'conflict', existingProvider: other?.provider ?? 'unknown' };
}

/** The auth error route with its four search parameters. */
export function conflictUrl(params: {
  email: string;
  newProvider: string;
  existingProvider: string;
}): string {
  const search = new URLSearchParams({
    error: 'OAuthAccountNotLinked',
    email: params.email,
    newProvider: params.newProvider,
    existingProvider: params.existingProvider,
  });
  return `/app/auth/error?${search.toString()}`;
}
