/**
 * A person's own account: what the account settings show, leaving an org, ending every session, and
 * deleting the account (docs/decisions/0043-deleting-an-account.md). The rules are domain/account's and
 * domain/members'; the rows are checked and changed in one transaction, locked as they are read.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Account, AccountOrg } from '~/domain/account/entities';
import { ACCOUNT_MESSAGES } from '~/domain/account/messages';
import {
  accountConfirmationMatches,
  accountDeletionBlockers,
  signInMethodLabel,
} from '~/domain/account/rules';
import { isLastOwner } from '~/domain/members/removal';
import { DomainError } from '~/domain/shared/errors';
import type { SessionUser } from '~/domain/shared/session';
import type { Db, DbOrTx } from '~/server/db/client';
import { accounts, invitations, memberships, orgs, sessions, users } from '~/server/db/schema';
import type { MembersService } from '~/server/members/members-service';
import type { CachedAccessService } from '~/server/orgs/access';

export interface AccountService {
  /** The person's name, email, sign-in methods and orgs (read only). */
  get(user: SessionUser): Promise<Account>;
  /** Leaves the org (members.remove of themselves): refused to its last owner and its last member. */
  leaveOrg(user: SessionUser, orgId: string): Promise<void>;
  /** Deletes every session of the person, this browser's included; answers how many ended. */
  signOutEverywhere(user: SessionUser): Promise<{ ended: number }>;
  /**
   * Deletes the account, confirmed with its email address, unless they are the last owner of an org.
   * Their sign-in methods, sessions, memberships, the invitations they sent and their analyst
   * conversations go; what they decided and started stays, with no one named (set null).
   */
  delete(user: SessionUser, confirmation: string): Promise<void>;
  /**
   * Calls `listener` with the session tokens this service ended (sign out everywhere, a deleted
   * account), once the rows are gone. The HTTP server forgets them and closes their sockets
   * (server/app.ts → Auth.endSessions). Returns the unsubscribe.
   */
  onSessionsEnded(listener: (tokens: readonly string[]) => void): () => void;
}

/** The person's orgs with their role and whether they are its last owner, locked when `lock`. */
async function orgsOf(db: DbOrTx, userId: string, lock: boolean): Promise<AccountOrg[]> {
  const mine = db
    .select({ orgId: memberships.orgId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  const rows = await (lock ? mine.for('update') : mine);
  if (rows.length === 0) return [];
  const orgIds = rows.map((r) => r.orgId);
  // Every membership of those orgs: who else owns them. Locked too when deleting, so an owner
  // leaving meanwhile cannot leave an org without one unseen.
  const others = db
    .select({ orgId: memberships.orgId, role: memberships.role })
    .from(memberships)
    .where(inArray(memberships.orgId, orgIds));
  const all = await (lock ? others.for('update') : others);
  const owners = new Map<string, number>();
  for (const m of all) if (m.role === 'owner') owners.set(m.orgId, (owners.get(m.orgId) ?? 0) + 1);
  const details = await db
    .select({ id: orgs.id, slug: orgs.slug, name: orgs.name, verified: orgs.verified })
    .from(orgs)
    .where(inArray(orgs.id, orgIds))
    .orderBy(asc(sql`lower(${orgs.name})`), asc(orgs.slug));
  const roleOf = new Map(rows.map((r) => [r.orgId, r.role]));
  return details.map((org) => {
    const role = roleOf.get(org.id)!;
    return { ...org, role, lastOwner: isLastOwner(role, owners.get(org.id) ?? 0) };
  });
}

export function createAccountService(
  db: Db,
  access: CachedAccessService,
  members: Pick<MembersService, 'remove'>,
): AccountService {
  const listeners = new Set<(tokens: readonly string[]) => void>();
  const ended = (tokens: readonly string[]) => {
    if (tokens.length === 0) return;
    for (const listener of listeners) listener(tokens);
  };

  return {
    async get(user) {
      const [person] = await db
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, user.id));
      if (!person) {
        throw new DomainError('NOT_FOUND', ACCOUNT_MESSAGES.accountNotFound, 'account-not-found');
      }
      const providers = await db
        .selectDistinct({ provider: accounts.provider })
        .from(accounts)
        .where(eq(accounts.userId, user.id))
        .orderBy(asc(accounts.provider));
      return {
        name: person.name,
        email: person.email,
        signInMethods: providers.map(({ provider }) => ({
          provider,
          label: signInMethodLabel(provider),
        })),
        orgs: await orgsOf(db, user.id, false),
      };
    },

    leaveOrg(user, orgId) {
      return members.remove(user, orgId, user.id);
    },

    async signOutEverywhere(user) {
      const gone = await db
        .delete(sessions)
        .where(eq(sessions.userId, user.id))
        .returning({ token: sessions.sessionToken });
      ended(gone.map((s) => s.token));
      return { ended: gone.length };
    },

    async delete(user, confirmation) {
      const tokens = await db.transaction(async (tx) => {
        const [person] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, user.id))
          .for('update');
        if (!person) {
          throw new DomainError('NOT_FOUND', ACCOUNT_MESSAGES.accountNotFound, 'account-not-found');
        }
        const blockers = accountDeletionBlockers(await orgsOf(tx, user.id, true));
        if (blockers.length > 0) {
          throw new DomainError(
            'CONFLICT',
            ACCOUNT_MESSAGES.lastOwnerOfOrgs(blockers),
            'account-last-owner',
          );
        }
        if (!accountConfirmationMatches(confirmation, person.email)) {
          throw new DomainError(
            'INVALID',
            ACCOUNT_MESSAGES.confirmationMismatch,
            'account-confirmation-mismatch',
            { confirmation: ACCOUNT_MESSAGES.confirmationMismatch },
          );
        }
        const gone = await tx
          .select({ token: sessions.sessionToken })
          .from(sessions)
          .where(eq(sessions.userId, user.id));
        // Invitations they sent go (an accepted one is history nobody reads; a pending one would
        // still add someone on the word of an account that is gone). Invitations *to* their address
        // are the inviting org's and stay.
        await tx.delete(invitations).where(eq(invitations.invitedBy, user.id));
        // Sign-in methods, sessions, memberships and analyst conversations cascade from the user;
        // proposals, their events, runs, pages, themes and configs keep their rows with no one named.
        await tx.delete(users).where(eq(users.id, user.id));
        return gone.map((s) => s.token);
      });
      access.invalidate({ userId: user.id });
      ended(tokens);
    },

    onSessionsEnded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
