import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MEMBER_MESSAGES } from '~/domain/members/messages';
import { invitations } from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import { createAccessService } from '~/server/orgs/access';
import { domainError, makeOrg, makeUser, testServices } from '~/server/test-support';
import { INVITATION_TTL_MS } from './invitations-service';

describeEachDriver('members', (get) => {
  const db = () => get().db;

  describe('users service', () => {
    it('list: the org’s members by name with role and superuser flag', async () => {
      const { services } = testServices(db());
      const bob = await makeUser(db(), { name: 'Bob' });
      const ann = await makeUser(db(), { name: 'Ann', isSuperUser: true });
      const org = await makeOrg(db(), { members: [{ user: bob, role: 'owner' }, { user: ann }] });
      await makeOrg(db(), { members: [{ user: await makeUser(db()) }] });
      expect(await services.members.list(org.id)).toEqual([
        { userId: ann.id, name: 'Ann', email: ann.email, role: 'member', isSuperUser: true },
        { userId: bob.id, name: 'Bob', email: bob.email, role: 'owner', isSuperUser: false },
      ]);
    });

    it('remove: removes a member and the cached role goes with it', async () => {
      const { services } = testServices(db());
      const owner = await makeUser(db());
      const member = await makeUser(db());
      const org = await makeOrg(db(), {
        members: [{ user: owner, role: 'owner' }, { user: member }],
      });
      expect(await services.access.roleInOrg(member.id, org.id)).toBe('member');
      await services.members.remove(owner, org.id, member.id);
      expect(await services.access.roleInOrg(member.id, org.id)).toBeNull();
      expect((await services.members.list(org.id)).map((m) => m.userId)).toEqual([owner.id]);
    });

    it('remove: the last member cannot be removed (CONFLICT); a non-member is NOT_FOUND', async () => {
      const { services } = testServices(db());
      const owner = await makeUser(db());
      const org = await makeOrg(db(), { members: [{ user: owner, role: 'owner' }] });
      const last = await domainError(services.members.remove(owner, org.id, owner.id));
      expect(last).toMatchObject({ kind: 'CONFLICT', reason: 'last-member' });
      expect(last.message).toBe(MEMBER_MESSAGES.lastMember);
      const stranger = await makeUser(db());
      const missing = await domainError(services.members.remove(owner, org.id, stranger.id));
      expect(missing).toMatchObject({ kind: 'NOT_FOUND', reason: 'member-not-found' });
      expect(await services.access.roleInOrg(owner.id, org.id)).toBe('owner');
    });

    it('remove: a plain member may leave but not remove others (FORBIDDEN); superusers may', async () => {
      const { services } = testServices(db());
      const owner = await makeUser(db());
      const member = await makeUser(db());
      const other = await makeUser(db());
      const superuser = await makeUser(db(), { isSuperUser: true });
      const org = await makeOrg(db(), {
        members: [{ user: owner, role: 'owner' }, { user: member }, { user: other }],
      });
      const refused = await domainError(services.members.remove(member, org.id, owner.id));
      expect(refused).toMatchObject({ kind: 'FORBIDDEN', reason: 'owners-only' });
      expect(refused.message).toBe("Only the org's owners can remove other members.");
      expect(await services.access.roleInOrg(owner.id, org.id)).toBe('owner');

      await services.members.remove(superuser, org.id, other.id);
      await services.members.remove(member, org.id, member.id);
      expect((await services.members.list(org.id)).map((m) => m.userId)).toEqual([owner.id]);
    });
  });

  describe('invitations service', () => {
    it('create: a 32-byte base64url token, 7-day expiry, lower-cased email; listed newest first', async () => {
      let clock = new Date('2026-01-01T00:00:00Z');
      const { services } = testServices(db(), { now: () => clock });
      const owner = await makeUser(db());
      const org = await makeOrg(db(), { members: [{ user: owner, role: 'owner' }] });
      const first = await services.invitations.create(owner, org.id, 'New.Person@Example.TEST');
      expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(first.token, 'base64url')).toHaveLength(32);
      expect(first.email).toBe('new.person@example.test');
      expect(first.expiresAt.getTime() - clock.getTime()).toBe(INVITATION_TTL_MS);
      expect(first.acceptedAt).toBeNull();
      clock = new Date('2026-01-02T00:00:00Z');
      const second = await services.invitations.create(owner, org.id, 'other@example.test');
      expect(second.token).not.toBe(first.token);
      const [stored] = await db().select().from(invitations).where(eq(invitations.id, first.id));
      expect(stored?.invitedBy).toBe(owner.id);
      expect((await services.invitations.list(org.id)).map((i) => i.id)).toEqual([
        second.id,
        first.id,
      ]);
    });

    it('stores only the token’s SHA-256: no row holds the token, the list carries none, and the hash is no token', async () => {
      const { services } = testServices(db());
      const owner = await makeUser(db());
      const invitee = await makeUser(db());
      const org = await makeOrg(db(), { members: [{ user: owner, role: 'owner' }] });
      const created = await services.invitations.create(owner, org.id, invitee.email);
      const result: unknown = await db().execute(
        sql`select row_to_json(i)::text as json from invitations i where i.id = ${created.id}`,
      );
      const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        json: string;
      }[];
      const stored = JSON.parse(row!.json) as Record<string, unknown>;
      const hash = createHash('sha256').update(created.token).digest('hex');
      expect(row!.json).not.toContain(created.token);
      expect(stored.token_hash).toBe(hash);
      expect(stored).not.toHaveProperty('token');
      const [listed] = await services.invitations.list(org.id);
      expect(listed).not.toHaveProperty('token');
      expect(JSON.stringify(listed)).not.toContain(created.token);
      // Whoever reads the table cannot accept with what it holds…
      const withHash = await domainError(services.invitations.accept(invitee, hash));
      expect(withHash.reason).toBe('invitation-unknown');
      // …while the link's token is found by its hash.
      expect(await services.invitations.accept(invitee, created.token)).toMatchObject({
        org: { id: org.id },
      });
    });

    it('create: CONFLICT when the email already belongs to a member', async () => {
      const { services } = testServices(db());
      const owner = await makeUser(db());
      const org = await makeOrg(db(), { members: [{ user: owner, role: 'owner' }] });
      const error = await domainError(services.invitations.create(owner, org.id, owner.email));
      expect(error).toMatchObject({ kind: 'CONFLICT', reason: 'already-member' });
    });

    it('revoke: deletes the org’s invitation; another org’s id is NOT_FOUND', async () => {
      const { services } = testServices(db());
      const owner = await makeUser(db());
      const org = await makeOrg(db(), { members: [{ user: owner, role: 'owner' }] });
      const other = await makeOrg(db());
      const invitation = await services.invitations.create(owner, org.id, 'x@example.test');
      expect(await domainError(services.invitations.revoke(other.id, invitation.id))).toMatchObject(
        {
          kind: 'NOT_FOUND',
          reason: 'invitation-not-found',
        },
      );
      await services.invitations.revoke(org.id, invitation.id);
      expect(await services.invitations.list(org.id)).toEqual([]);
      const unknown = await domainError(services.invitations.accept(owner, invitation.token));
      expect(unknown.reason).toBe('invitation-unknown');
    });

    it('revoke: an accepted invitation is not pending, so it is NOT_FOUND and stays listed', async () => {
      const { services } = testServices(db());
      const owner = await makeUser(db());
      const invitee = await makeUser(db());
      const org = await makeOrg(db(), { members: [{ user: owner, role: 'owner' }] });
      const invitation = await services.invitations.create(owner, org.id, invitee.email);
      await services.invitations.accept(invitee, invitation.token);
      const error = await domainError(services.invitations.revoke(org.id, invitation.id));
      expect(error).toMatchObject({ kind: 'NOT_FOUND', reason: 'invitation-not-found' });
      const [listed] = await services.invitations.list(org.id);
      expect(listed?.id).toBe(invitation.id);
      expect(listed?.acceptedAt).toBeInstanceOf(Date);
      expect(await services.access.roleInOrg(invitee.id, org.id)).toBe('member');
    });

    it('accept: adds the membership once; the token is then used', async () => {
      const { services } = testServices(db());
      const owner = await makeUser(db());
      const invitee = await makeUser(db());
      const org = await makeOrg(db(), { members: [{ user: owner, role: 'owner' }] });
      const invitation = await services.invitations.create(
        owner,
        org.id,
        invitee.email.toUpperCase(),
      );
      expect(await services.access.roleInOrg(invitee.id, org.id)).toBeNull();
      expect(await services.invitations.accept(invitee, invitation.token)).toEqual({ org });
      expect(await services.access.roleInOrg(invitee.id, org.id)).toBe('member');
      const [listed] = await services.invitations.list(org.id);
      expect(listed?.acceptedAt).toBeInstanceOf(Date);

      const used = await domainError(services.invitations.accept(invitee, invitation.token));
      expect(used).toMatchObject({ kind: 'CONFLICT', reason: 'invitation-used' });
      expect(used.message).toBe(MEMBER_MESSAGES.invitationUsed);
    });

    it('accept: unknown, expired and other-email tokens fail with distinct reasons and messages', async () => {
      let clock = new Date('2026-03-01T00:00:00Z');
      const { services } = testServices(db(), { now: () => clock });
      const owner = await makeUser(db());
      const invitee = await makeUser(db());
      const someoneElse = await makeUser(db());
      const org = await makeOrg(db(), { members: [{ user: owner, role: 'owner' }] });
      const invitation = await services.invitations.create(owner, org.id, invitee.email);

      const unknown = await domainError(services.invitations.accept(invitee, 'x'.repeat(43)));
      expect(unknown).toMatchObject({ kind: 'NOT_FOUND', reason: 'invitation-unknown' });
      expect(unknown.message).toBe(MEMBER_MESSAGES.invitationUnknown);

      const other = await domainError(services.invitations.accept(someoneElse, invitation.token));
      expect(other).toMatchObject({ kind: 'FORBIDDEN', reason: 'invitation-other-email' });
      expect(other.message).toBe(MEMBER_MESSAGES.invitationOtherEmail);
      expect(other.message).not.toContain(invitee.email);

      clock = new Date(clock.getTime() + INVITATION_TTL_MS);
      const expired = await domainError(services.invitations.accept(invitee, invitation.token));
      expect(expired).toMatchObject({ kind: 'INVALID', reason: 'invitation-expired' });
      expect(expired.message).toBe(MEMBER_MESSAGES.invitationExpired);
      expect(await services.access.roleInOrg(invitee.id, org.id)).toBeNull();
      expect(await services.access.roleInOrg(someoneElse.id, org.id)).toBeNull();
    });

    it('accept: two concurrent accepts add one membership and one of them is told it was used', async () => {
      const { services } = testServices(db());
      const owner = await makeUser(db());
      const invitee = await makeUser(db());
      const org = await makeOrg(db(), { members: [{ user: owner, role: 'owner' }] });
      const { token } = await services.invitations.create(owner, org.id, invitee.email);
      const results = await Promise.allSettled([
        services.invitations.accept(invitee, token),
        services.invitations.accept(invitee, token),
      ]);
      const fulfilled = results.filter((r) => r.status === 'fulfilled');
      expect(fulfilled.length).toBeGreaterThanOrEqual(1);
      for (const r of results) {
        if (r.status === 'rejected') expect(r.reason).toMatchObject({ reason: 'invitation-used' });
      }
      expect((await services.members.list(org.id)).map((m) => m.userId).sort()).toEqual(
        [owner.id, invitee.id].sort(),
      );
    });
  });

  describe('access service (cached roles)', () => {
    it('caches a role until invalidated, and honours the TTL', async () => {
      let now = 0;
      const access = createAccessService(db(), { ttlMs: 1000, now: () => now });
      const { services } = testServices(db());
      const owner = await makeUser(db());
      const member = await makeUser(db());
      const org = await makeOrg(db(), {
        members: [{ user: owner, role: 'owner' }, { user: member }],
      });
      expect(await access.roleInOrg(member.id, org.id)).toBe('member');
      // Removed through another service instance: this cache does not know yet.
      await services.members.remove(owner, org.id, member.id);
      expect(await access.roleInOrg(member.id, org.id)).toBe('member');
      now = 1000;
      expect(await access.roleInOrg(member.id, org.id)).toBeNull();
    });

    it('invalidate by user, by org and all', async () => {
      const access = createAccessService(db(), { ttlMs: 60_000 });
      const user = await makeUser(db());
      const org = await makeOrg(db());
      expect(await access.roleInOrg(user.id, org.id)).toBeNull();
      const { services } = testServices(db());
      const owner = await makeUser(db());
      const invited = await services.invitations.create(owner, org.id, user.email);
      await services.invitations.accept(user, invited.token);
      expect(await access.roleInOrg(user.id, org.id)).toBeNull();
      access.invalidate({ userId: user.id });
      expect(await access.roleInOrg(user.id, org.id)).toBe('member');
      access.invalidate();
      expect(await access.roleInOrg(user.id, org.id)).toBe('member');
    });
  });
});
