/**
 * A person's account through the router, on PGlite and PostgreSQL: what `account.get` answers, leaving
 * an org (refused to its last owner), ending every session, and deleting the account: their rows go,
 * what they decided and started stays with no one named, and nobody else's rows move (row counts of
 * every table, before and after).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '~/domain/account/messages';
import { MEMBER_MESSAGES } from '~/domain/members/messages';
import { DELETED_PERSON } from '~/domain/reviews/entities';
import type { SessionUser } from '~/domain/shared/session';
import {
  accounts,
  agentRuns,
  analystMessages,
  invitations,
  proposalEvents,
  proposals,
  sessions,
  users,
} from '~/server/db/schema';
import { rowsOf } from '~/server/db/client';
import { describeEachDriver } from '~/server/db/test-db';
import { hashInvitationToken } from '~/server/members/invitations-service';
import { createSecrets } from '~/server/secrets';
import { type BeaconServices, createServices } from '~/server/services';
import {
  addEnv,
  fakeGateway,
  makeOrg,
  makeUser,
  trpcRefusal as refusal,
  uniq,
} from '~/server/test-support';
import type { Context } from '~/server/trpc/context';
import { appRouter } from '~/server/trpc/router';
import { createCallerFactory } from '~/server/trpc/trpc';

describeEachDriver('a person’s account', (get) => {
  let services: BeaconServices;
  const endedTokens: string[][] = [];
  beforeAll(() => {
    services = createServices({
      db: get().db,
      b2c: fakeGateway().gateway,
      secrets: createSecrets(randomBytes(32)),
    });
    services.account.onSessionsEnded((tokens) => endedTokens.push([...tokens]));
  });
  afterAll(() => {
    endedTokens.length = 0;
  });

  const db = () => get().db;
  const caller = (user: SessionUser) =>
    createCallerFactory(appRouter)({ user, services, requestId: 'test' } satisfies Context);

  async function signInMethod(user: SessionUser, provider: string) {
    await db()
      .insert(accounts)
      .values({ userId: user.id, type: 'oidc', provider, providerAccountId: uniq(provider) });
  }

  async function session(user: SessionUser): Promise<string> {
    const token = uniq('session');
    await db()
      .insert(sessions)
      .values({ sessionToken: token, userId: user.id, expires: new Date(Date.now() + 3_600_000) });
    return token;
  }

  /** Row counts of every table of the public schema. */
  async function counts(): Promise<Record<string, number>> {
    const tables = rowsOf<{ t: string }>(
      await db().execute(sql`
        select table_name as t from information_schema.tables
         where table_type = 'BASE TABLE' and table_schema = 'public' order by 1`),
    );
    const result: Record<string, number> = {};
    for (const { t } of tables) {
      const [row] = rowsOf<{ n: number }>(
        await db().execute(sql.raw(`select count(*)::int as n from "${t.replaceAll('"', '""')}"`)),
      );
      result[t] = row!.n;
    }
    return result;
  }

  describe('account.get', () => {
    it('answers the name, email, sign-in methods by name, and the orgs with role and last owner', async () => {
      const me = await makeUser(db(), { name: 'Pat Person' });
      const other = await makeUser(db());
      await signInMethod(me, 'salesforce');
      await signInMethod(me, 'google');
      await signInMethod(other, 'google');
      const mine = await makeOrg(db(), {
        name: 'Alpha',
        members: [{ user: me, role: 'owner' }, { user: other }],
      });
      const shared = await makeOrg(db(), {
        name: 'Beta',
        members: [
          { user: me, role: 'owner' },
          { user: other, role: 'owner' },
        ],
      });
      const theirs = await makeOrg(db(), {
        name: 'Gamma',
        members: [{ user: other, role: 'owner' }, { user: me }],
      });
      await makeOrg(db(), { name: 'Delta', members: [{ user: other, role: 'owner' }] });

      const account = await caller(me).account.get();
      expect(account).toEqual({
        name: 'Pat Person',
        email: me.email,
        signInMethods: [
          { provider: 'google', label: 'Google' },
          { provider: 'salesforce', label: 'Salesforce' },
        ],
        orgs: [
          { ...mine, role: 'owner', lastOwner: true },
          { ...shared, role: 'owner', lastOwner: false },
          { ...theirs, role: 'member', lastOwner: false },
        ],
      });
    });
  });

  describe('account.leaveOrg', () => {
    it('refuses the last owner, with what to do instead; the membership stays', async () => {
      const owner = await makeUser(db());
      const member = await makeUser(db());
      const org = await makeOrg(db(), {
        members: [{ user: owner, role: 'owner' }, { user: member }],
      });
      expect(await refusal(caller(owner).account.leaveOrg({ orgId: org.id }))).toEqual({
        code: 'CONFLICT',
        message: MEMBER_MESSAGES.lastOwnerLeaves,
        reason: 'last-owner',
      });
      expect(await services.access.roleInOrg(owner.id, org.id)).toBe('owner');
      // Nor may anyone remove them (an org keeps an owner), a superuser included.
      const superuser = await makeUser(db(), { isSuperUser: true });
      expect(
        await refusal(caller(superuser).members.remove({ orgId: org.id, userId: owner.id })),
      ).toMatchObject({ code: 'CONFLICT', reason: 'last-owner' });
    });

    it('one of two owners may leave; leaving removes only that membership', async () => {
      const me = await makeUser(db());
      const other = await makeUser(db());
      const member = await makeUser(db());
      const org = await makeOrg(db(), {
        members: [{ user: me, role: 'owner' }, { user: other, role: 'owner' }, { user: member }],
      });
      const elsewhere = await makeOrg(db(), { members: [{ user: me }, { user: other }] });
      const before = await counts();
      await caller(me).account.leaveOrg({ orgId: org.id });
      expect(await counts()).toEqual({ ...before, memberships: before.memberships! - 1 });
      expect(await services.access.roleInOrg(me.id, org.id)).toBeNull();
      expect(await services.access.roleInOrg(other.id, org.id)).toBe('owner');
      expect(await services.access.roleInOrg(me.id, elsewhere.id)).toBe('member');
      // Now the last owner, the other one cannot leave.
      expect(await refusal(caller(other).account.leaveOrg({ orgId: org.id }))).toMatchObject({
        reason: 'last-owner',
      });
    });

    it('a non-member is refused by the org guard', async () => {
      const stranger = await makeUser(db());
      const owner = await makeUser(db());
      const org = await makeOrg(db(), { members: [{ user: owner, role: 'owner' }] });
      expect(await refusal(caller(stranger).account.leaveOrg({ orgId: org.id }))).toMatchObject({
        code: 'FORBIDDEN',
      });
    });
  });

  describe('account.signOutEverywhere', () => {
    it('deletes every session of the person and none of anyone else’s, and says which ended', async () => {
      const me = await makeUser(db());
      const other = await makeUser(db());
      const mine = [await session(me), await session(me), await session(me)];
      const theirs = await session(other);
      endedTokens.length = 0;
      const before = await counts();
      expect(await caller(me).account.signOutEverywhere()).toEqual({ ended: 3 });
      expect(await counts()).toEqual({ ...before, sessions: before.sessions! - 3 });
      expect(await db().select().from(sessions).where(eq(sessions.userId, me.id))).toEqual([]);
      expect(
        (await db().select().from(sessions).where(eq(sessions.userId, other.id))).map(
          (s) => s.sessionToken,
        ),
      ).toEqual([theirs]);
      expect(endedTokens.map((tokens) => [...tokens].sort())).toEqual([[...mine].sort()]);
      // Again: nothing left to end, nothing told.
      expect(await caller(me).account.signOutEverywhere()).toEqual({ ended: 0 });
      expect(endedTokens).toHaveLength(1);
    });
  });

  describe('account.delete', () => {
    /** Someone who made things in an org they share with another member, and that member's things. */
    async function world() {
      const me = await makeUser(db(), { name: 'Leaving Person' });
      const owner = await makeUser(db(), { name: 'Staying Owner' });
      const stranger = await makeUser(db(), { name: 'Other Org Owner' });
      await signInMethod(me, 'google');
      await signInMethod(owner, 'google');
      const org = await makeOrg(db(), {
        verified: true,
        members: [{ user: owner, role: 'owner' }, { user: me }],
      });
      const other = await makeOrg(db(), { members: [{ user: stranger, role: 'owner' }] });
      const env = await addEnv(db(), org.id, 'prod', { onboarded: true });
      const otherEnv = await addEnv(db(), other.id, 'prod', { onboarded: true });
      const tokens = [await session(me), await session(me)];
      await session(owner);
      await session(stranger);
      const invite = (orgId: string, by: SessionUser, email: string) =>
        db()
          .insert(invitations)
          .values({
            orgId,
            email,
            tokenHash: hashInvitationToken(uniq('token')),
            expiresAt: new Date(Date.now() + 3_600_000),
            invitedBy: by.id,
          });
      await invite(org.id, me, 'friend@example.test');
      await invite(org.id, owner, 'colleague@example.test');
      // An invitation *to* the leaving person's address is the inviting org's: it stays.
      await invite(other.id, stranger, me.email);
      for (const [user, envId, orgId] of [
        [me, env.id, org.id],
        [owner, env.id, org.id],
        [stranger, otherEnv.id, other.id],
      ] as const) {
        await db()
          .insert(analystMessages)
          .values({ orgId, envId, userId: user.id, role: 'user', content: 'A question' });
      }
      const [decided] = await db()
        .insert(proposals)
        .values({
          envId: env.id,
          b2cProductId: 'p1',
          locale: 'default',
          field: 'name',
          agentType: 'seo',
          proposedValue: 'New name',
          status: 'rejected',
          decidedBy: me.id,
          decidedAt: new Date(),
          rejectReason: 'Too long',
        })
        .returning({ id: proposals.id });
      await db()
        .insert(proposalEvents)
        .values([
          {
            proposalId: decided!.id,
            envId: env.id,
            action: 'proposed',
            toStatus: 'pending',
            at: new Date(Date.now() - 60_000),
          },
          {
            proposalId: decided!.id,
            envId: env.id,
            action: 'rejected',
            fromStatus: 'pending',
            toStatus: 'rejected',
            actorId: me.id,
            note: 'Too long',
          },
        ]);
      const [run] = await db()
        .insert(agentRuns)
        .values({
          orgId: org.id,
          envId: env.id,
          agentType: 'seo',
          status: 'succeeded',
          provider: 'anthropic',
          model: 'm',
          concurrency: 1,
          config: {},
          startedBy: me.id,
        })
        .returning({ id: agentRuns.id });
      return {
        me,
        owner,
        stranger,
        org,
        other,
        env,
        tokens,
        proposalId: decided!.id,
        runId: run!.id,
      };
    }

    it('refuses the last owner of an org, naming it, and changes nothing', async () => {
      const me = await makeUser(db());
      const member = await makeUser(db());
      await makeOrg(db(), {
        name: 'Kept Org',
        members: [{ user: me, role: 'owner' }, { user: member }],
      });
      // Their only member, too: deleting the org is its own act, never a side effect.
      await makeOrg(db(), { name: 'Solo Org', members: [{ user: me, role: 'owner' }] });
      await session(me);
      const before = await counts();
      expect(await refusal(caller(me).account.delete({ confirmation: me.email }))).toEqual({
        code: 'CONFLICT',
        message: ACCOUNT_MESSAGES.lastOwnerOfOrgs([{ name: 'Kept Org' }, { name: 'Solo Org' }]),
        reason: 'account-last-owner',
      });
      expect(ACCOUNT_MESSAGES.lastOwnerOfOrgs([{ name: 'Kept Org' }, { name: 'Solo Org' }])).toBe(
        'You are the last owner of Kept Org and Solo Org. Make another member an owner of each, or delete them, before you delete your account.',
      );
      expect(await counts()).toEqual(before);
    });

    it('refuses a confirmation that is not their email address; case and spaces aside it is', async () => {
      const me = await makeUser(db(), { email: `${uniq('case')}@example.test` });
      const before = await counts();
      expect(
        await refusal(caller(me).account.delete({ confirmation: 'not-me@example.test' })),
      ).toEqual({
        code: 'BAD_REQUEST',
        message: ACCOUNT_MESSAGES.confirmationMismatch,
        reason: 'account-confirmation-mismatch',
      });
      expect(await counts()).toEqual(before);
      await caller(me).account.delete({ confirmation: `  ${me.email.toUpperCase()} ` });
      expect(await db().select().from(users).where(eq(users.id, me.id))).toEqual([]);
    });

    it('removes their rows, keeps what they decided and started with no one named, and moves nothing of anyone else', async () => {
      const w = await world();
      const before = await counts();
      endedTokens.length = 0;
      await caller(w.me).account.delete({ confirmation: w.me.email });

      expect(await counts()).toEqual({
        ...before,
        users: before.users! - 1,
        accounts: before.accounts! - 1,
        sessions: before.sessions! - 2,
        memberships: before.memberships! - 1,
        invitations: before.invitations! - 1,
        analyst_messages: before.analyst_messages! - 1,
      });
      expect(endedTokens.map((tokens) => [...tokens].sort())).toEqual([[...w.tokens].sort()]);
      expect(await services.access.roleInOrg(w.me.id, w.org.id)).toBeNull();

      // Everyone else's rows: the owner's and the other org's person's.
      for (const person of [w.owner, w.stranger]) {
        expect(await db().select().from(users).where(eq(users.id, person.id))).toHaveLength(1);
        expect(
          await db().select().from(sessions).where(eq(sessions.userId, person.id)),
        ).toHaveLength(1);
        expect(
          await db().select().from(analystMessages).where(eq(analystMessages.userId, person.id)),
        ).toHaveLength(1);
      }
      expect(await services.access.roleInOrg(w.owner.id, w.org.id)).toBe('owner');
      expect(await services.access.roleInOrg(w.stranger.id, w.other.id)).toBe('owner');
      expect(
        (
          await db()
            .select({ email: invitations.email })
            .from(invitations)
            .where(and(eq(invitations.orgId, w.other.id), eq(invitations.email, w.me.email)))
        ).length,
      ).toBe(1);
      expect(await db().select().from(invitations).where(eq(invitations.orgId, w.org.id))).toEqual([
        expect.objectContaining({ email: 'colleague@example.test', invitedBy: w.owner.id }),
      ]);

      // The proposal they rejected, its trail and their run stay, with no one named.
      const [proposal] = await db().select().from(proposals).where(eq(proposals.id, w.proposalId));
      expect(proposal).toMatchObject({
        status: 'rejected',
        decidedBy: null,
        rejectReason: 'Too long',
      });
      expect(proposal!.decidedAt).toBeInstanceOf(Date);
      const detail = await services.reviews.get(w.org.id, w.env.id, w.proposalId);
      expect(detail.decidedBy).toEqual(DELETED_PERSON);
      expect(detail.events.map((e) => [e.action, e.actor])).toEqual([
        ['proposed', null],
        ['rejected', DELETED_PERSON],
      ]);
      const run = await services.agents.run(w.org.id, w.env.id, w.runId);
      expect(run.startedBy).toBeNull();
    });
  });
});
