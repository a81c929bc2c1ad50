import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { APP_MESSAGES } from '~/domain/shared/messages';
import type { OrgOverview } from '~/domain/orgs/entities';
import { memberships, orgs } from '~/server/db/schema';
import { describeEachDriver } from '~/server/db/test-db';
import { addEnv, domainError, makeOrg, makeUser, testServices, uniq } from '~/server/test-support';

describeEachDriver('orgs and envs', (get) => {
  const db = () => get().db;

  describe('orgs service', () => {
    it('bestRedirectForUser: no memberships → no-org-memberships, for a superuser too', async () => {
      const { services } = testServices(db());
      for (const user of [await makeUser(db()), await makeUser(db(), { isSuperUser: true })]) {
        expect(await services.orgs.bestRedirectForUser(user, undefined)).toEqual({
          status: 'no-org-memberships',
          org: null,
          env: null,
        });
      }
    });

    it('bestRedirectForUser: first org by name, no-envs when it has none', async () => {
      const { services } = testServices(db());
      const user = await makeUser(db());
      const zed = await makeOrg(db(), { name: 'Zed Org', members: [{ user }] });
      const alpha = await makeOrg(db(), { name: 'Alpha Org', members: [{ user }] });
      await addEnv(db(), zed.id, 'prod');
      const result = await services.orgs.bestRedirectForUser(user, undefined);
      expect(result).toEqual({ status: 'no-envs', org: alpha, env: null });
    });

    it('bestRedirectForUser: the requested org when a member, else the first by name', async () => {
      const { services } = testServices(db());
      const user = await makeUser(db());
      const alpha = await makeOrg(db(), { name: 'Alpha', members: [{ user }] });
      const beta = await makeOrg(db(), { name: 'Beta', members: [{ user }] });
      const other = await makeOrg(db(), { name: 'Aardvark (not mine)' });
      await addEnv(db(), alpha.id, 'a');
      const betaEnv = await addEnv(db(), beta.id, 'b');
      await addEnv(db(), other.id, 'x');

      const asked = await services.orgs.bestRedirectForUser(user, beta.slug);
      expect(asked).toMatchObject({ status: 'ok', org: beta, env: { id: betaEnv.id, slug: 'b' } });
      const notMine = await services.orgs.bestRedirectForUser(user, other.slug);
      expect(notMine).toMatchObject({ status: 'ok', org: alpha });
      const unknown = await services.orgs.bestRedirectForUser(user, 'no-such-org');
      expect(unknown).toMatchObject({ status: 'ok', org: alpha });
    });

    it('bestRedirectForUser: prefers an env with an onboarded instance, then by slug', async () => {
      const { services } = testServices(db());
      const user = await makeUser(db());
      const org = await makeOrg(db(), { members: [{ user }] });
      await addEnv(db(), org.id, 'aaa');
      await addEnv(db(), org.id, 'bbb', { onboarded: false });
      const zzz = await addEnv(db(), org.id, 'zzz', { onboarded: true });
      const result = await services.orgs.bestRedirectForUser(user, undefined);
      expect(result.status).toBe('ok');
      expect(result.env).toEqual({
        id: zzz.id,
        slug: 'zzz',
        name: 'ZZZ',
        b2cInstance: { id: zzz.b2cInstanceId, instanceId: 'zzz_001', onboarded: true },
      });

      const plain = await makeOrg(db(), { members: [{ user }] });
      await addEnv(db(), plain.id, 'mmm');
      await addEnv(db(), plain.id, 'ccc');
      const byslug = await services.orgs.bestRedirectForUser(user, plain.slug);
      expect(byslug.env?.slug).toBe('ccc');
    });

    it('getContext: org and env for a member, with the env instance summary', async () => {
      const { services } = testServices(db());
      const user = await makeUser(db());
      const org = await makeOrg(db(), { members: [{ user }] });
      const env = await addEnv(db(), org.id, 'prod', { onboarded: true });
      await addEnv(db(), org.id, 'staging');
      expect(await services.orgs.getContext(user, org.slug, 'prod')).toEqual({
        org,
        env: {
          id: env.id,
          slug: 'prod',
          name: 'PROD',
          b2cInstance: { id: env.b2cInstanceId, instanceId: 'prod_001', onboarded: true },
        },
      });
      const staging = await services.orgs.getContext(user, org.slug, 'staging');
      expect(staging.env.b2cInstance).toBeNull();
    });

    it('getContext: FORBIDDEN for a non-member and for a missing org, with the documented message', async () => {
      const { services } = testServices(db());
      const user = await makeUser(db());
      const org = await makeOrg(db());
      await addEnv(db(), org.id, 'prod');
      for (const slug of [org.slug, 'missing-org']) {
        const error = await domainError(services.orgs.getContext(user, slug, 'prod'));
        expect(error).toMatchObject({ kind: 'FORBIDDEN', reason: 'not-member' });
        expect(error.message).toBe(ORG_MESSAGES.notOrgMember(slug));
        expect(error.message).toBe(`You are not a member of the org "${slug}"`);
      }
    });

    it('getContext: a superuser reads any existing org, but not a missing one', async () => {
      const { services } = testServices(db());
      const admin = await makeUser(db(), { isSuperUser: true });
      const org = await makeOrg(db());
      await addEnv(db(), org.id, 'prod');
      expect((await services.orgs.getContext(admin, org.slug, 'prod')).org.id).toBe(org.id);
      const error = await domainError(services.orgs.getContext(admin, 'missing-org', 'prod'));
      expect(error.kind).toBe('FORBIDDEN');
    });

    it('getContext: NOT_FOUND for a missing env, with the documented message', async () => {
      const { services } = testServices(db());
      const user = await makeUser(db());
      const org = await makeOrg(db(), { members: [{ user }] });
      const error = await domainError(services.orgs.getContext(user, org.slug, 'nope'));
      expect(error).toMatchObject({ kind: 'NOT_FOUND', reason: 'env-not-found' });
      expect(error.message).toBe('Cannot find Env "nope"');
    });

    it('allForUser: only the user’s orgs, by name, with the role', async () => {
      const { services } = testServices(db());
      const user = await makeUser(db());
      const b = await makeOrg(db(), { name: 'B org', members: [{ user, role: 'owner' }] });
      const a = await makeOrg(db(), { name: 'A org', verified: true, members: [{ user }] });
      await makeOrg(db(), { name: 'Other' });
      expect(await services.orgs.allForUser(user)).toEqual([
        { ...a, role: 'member' },
        { ...b, role: 'owner' },
      ]);
      expect(await services.orgs.allForUser(await makeUser(db()))).toEqual([]);
    });

    it('verify: marks the org verified; NOT_FOUND for an unknown id', async () => {
      const { services } = testServices(db());
      const org = await makeOrg(db());
      expect(await services.orgs.verify(org.id)).toEqual({ ...org, verified: true });
      expect(await services.orgs.verify(org.id)).toEqual({ ...org, verified: true });
      const error = await domainError(services.orgs.verify('missing'));
      expect(error).toMatchObject({ kind: 'NOT_FOUND', reason: 'org-not-found' });
    });

    it('create: the creator becomes owner; a taken slug is a CONFLICT and leaves nothing behind', async () => {
      const { services } = testServices(db());
      const admin = await makeUser(db(), { isSuperUser: true });
      const slug = uniq('new');
      expect(await services.access.roleInOrg(admin.id, 'unknown')).toBeNull();
      const org = await services.orgs.create(admin, { name: 'New Org', slug });
      expect(org).toMatchObject({ slug, name: 'New Org', verified: false });
      expect(await services.access.roleInOrg(admin.id, org.id)).toBe('owner');

      const error = await domainError(services.orgs.create(admin, { name: 'Again', slug }));
      expect(error).toMatchObject({ kind: 'CONFLICT', reason: 'slug-taken' });
      expect(error.message).toBe(ORG_MESSAGES.slugTaken(slug));
      const rows = await db().select().from(memberships).where(eq(memberships.userId, admin.id));
      expect(rows).toHaveLength(1);
    });

    it('create: a newcomer from the AEO campaign creates their first org (unverified), not a second; others are refused', async () => {
      const { services } = testServices(db());
      const newcomer = await makeUser(db());
      const plain = await makeUser(db());
      expect(await services.orgs.creationFor(newcomer)).toBe('none');
      await services.monitoring.noteCampaign(newcomer.id, 'aeo');
      expect(await services.orgs.creationFor(newcomer)).toBe('first');

      const refused = await domainError(
        services.orgs.create(plain, { name: 'Plain Org', slug: uniq('plain') }),
      );
      expect(refused).toMatchObject({ kind: 'FORBIDDEN', reason: 'org-creation-refused' });
      expect(refused.message).toBe(ORG_MESSAGES.createOrgRefused);

      const first = await services.orgs.create(newcomer, {
        name: 'First Org',
        slug: uniq('first'),
      });
      expect(first).toMatchObject({ name: 'First Org', verified: false });
      expect(await services.access.roleInOrg(newcomer.id, first.id)).toBe('owner');
      expect(await services.orgs.creationFor(newcomer)).toBe('none');
      const second = await domainError(
        services.orgs.create(newcomer, { name: 'Second Org', slug: uniq('second') }),
      );
      expect(second).toMatchObject({ kind: 'FORBIDDEN', reason: 'org-creation-refused' });
      const rows = await db().select().from(memberships).where(eq(memberships.userId, newcomer.id));
      expect(rows).toHaveLength(1);
    });

    it('overview: every org newest first, with its members (owners first), envs and instances; or only the unverified', async () => {
      const { services } = testServices(db());
      const owner = await makeUser(db(), { email: `zz-${uniq('owner')}@example.test` });
      const people = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => makeUser(db(), { email: `a${n}-${uniq('m')}@example.test` })),
      );
      const older = await makeOrg(db(), { verified: true, members: [{ user: people[0]! }] });
      const newer = await makeOrg(db(), {
        members: [{ user: owner, role: 'owner' }, ...people.map((user) => ({ user }))],
      });
      // The older one a day older: the newest comes first.
      await db()
        .update(orgs)
        .set({ createdAt: sql`now() - interval '1 day'` })
        .where(eq(orgs.id, older.id));
      const prod = await addEnv(db(), newer.id, 'prod', { onboarded: true });
      await addEnv(db(), newer.id, 'staging');

      const mine = (list: OrgOverview[]) =>
        list.filter((o) => o.id === older.id || o.id === newer.id);
      const all = mine(await services.orgs.overview('all'));
      expect(all.map((o) => o.id)).toEqual([newer.id, older.id]);
      const [first] = all;
      expect(first).toMatchObject({ ...newer, memberCount: 6 });
      expect(first!.createdAt).toBeInstanceOf(Date);
      expect(first!.members).toHaveLength(5);
      expect(first!.members[0]).toEqual({ name: owner.name, email: owner.email, role: 'owner' });
      expect(first!.members.slice(1).map((m) => m.role)).toEqual(Array(4).fill('member'));
      expect(first!.envs).toEqual([
        {
          id: prod.id,
          slug: 'prod',
          name: 'PROD',
          b2cInstance: { instanceId: 'prod_001', host: 'prod.example.test', onboarded: true },
        },
        { id: expect.any(String), slug: 'staging', name: 'STAGING', b2cInstance: null },
      ]);

      const unverified = await services.orgs.overview('unverified');
      expect(unverified.every((o) => !o.verified)).toBe(true);
      expect(mine(unverified).map((o) => o.id)).toEqual([newer.id]);
    });

    it('requestVerification: a member asks once, the first request stays, superusers see it first among the unverified', async () => {
      const { services } = testServices(db());
      const maya = await makeUser(db());
      const sam = await makeUser(db());
      const asking = await makeOrg(db(), { members: [{ user: maya }, { user: sam }] });
      const waiting = await makeOrg(db(), { members: [{ user: sam }] });
      const verified = await makeOrg(db(), { verified: true, members: [{ user: maya }] });
      const mine = (list: OrgOverview[]) =>
        list.filter((o) => [asking.id, waiting.id, verified.id].includes(o.id));

      expect(await services.orgs.verificationRequest(asking.id)).toBeNull();
      // The newest org first until someone asks.
      expect(mine(await services.orgs.overview('unverified')).map((o) => o.id)).toEqual([
        waiting.id,
        asking.id,
      ]);

      const first = await services.orgs.requestVerification(maya, asking.id);
      expect(first).toEqual({ requestedAt: expect.any(Date), requestedBy: maya.email });
      // Sam asks again: Maya's request stays as it was.
      expect(await services.orgs.requestVerification(sam, asking.id)).toEqual(first);
      expect(await services.orgs.verificationRequest(asking.id)).toEqual(first);

      const unverified = mine(await services.orgs.overview('unverified'));
      expect(unverified.map((o) => o.id)).toEqual([asking.id, waiting.id]);
      expect(unverified[0]!.verificationRequest).toEqual(first);
      expect(unverified[1]!.verificationRequest).toBeNull();

      // A verified org records nothing; once verified, the list no longer shows the request.
      expect(await services.orgs.requestVerification(maya, verified.id)).toBeNull();
      await services.orgs.verify(asking.id);
      const all = mine(await services.orgs.overview('all'));
      expect(all.find((o) => o.id === asking.id)!.verificationRequest).toBeNull();

      const missing = await domainError(services.orgs.verificationRequest('org_missing'));
      expect(missing).toMatchObject({ kind: 'NOT_FOUND', reason: 'org-not-found' });
    });
  });

  describe('envs service', () => {
    it('list: the org’s envs by slug with instance summaries', async () => {
      const { services } = testServices(db());
      const org = await makeOrg(db());
      const prod = await addEnv(db(), org.id, 'prod', { onboarded: false });
      await addEnv(db(), org.id, 'dev');
      const list = await services.envs.list(org.id);
      expect(list.map((e) => e.slug)).toEqual(['dev', 'prod']);
      expect(list[1]!.b2cInstance).toEqual({
        id: prod.b2cInstanceId,
        instanceId: 'prod_001',
        onboarded: false,
      });
      expect(await services.envs.list((await makeOrg(db())).id)).toEqual([]);
    });

    it('create: unique slug per org (CONFLICT), the same slug in another org is fine', async () => {
      const { services } = testServices(db());
      const org = await makeOrg(db());
      const other = await makeOrg(db());
      const env = await services.envs.create(org.id, { name: 'Prod', slug: 'prod' });
      expect(env).toMatchObject({ slug: 'prod', name: 'Prod', b2cInstance: null });
      const error = await domainError(
        services.envs.create(org.id, { name: 'Again', slug: 'prod' }),
      );
      expect(error).toMatchObject({ kind: 'CONFLICT', reason: 'env-slug-taken' });
      await expect(
        services.envs.create(other.id, { name: 'Prod', slug: 'prod' }),
      ).resolves.toMatchObject({
        slug: 'prod',
      });
    });

    it('NOT_FOUND for an org that does not exist (superusers pass the guard for any id)', async () => {
      const { services } = testServices(db());
      // Each call made when it is awaited: a second promise rejected while the first is awaited would
      // be an unhandled rejection.
      for (const call of [
        () => services.envs.list('missing'),
        () => services.envs.create('missing', { name: 'X', slug: 'xx' }),
      ]) {
        expect(await domainError(call())).toMatchObject({
          kind: 'NOT_FOUND',
          reason: 'org-not-found',
        });
      }
    });
  });

  describe('system service', () => {
    it('status: the server and a timed database round trip', async () => {
      const checkedAt = new Date('2026-05-01T00:00:00Z');
      const { services } = testServices(db(), { now: () => checkedAt });
      const checks = await services.system.status();
      expect(checks.map((c) => c.name)).toEqual(['server', 'database']);
      const database = checks[1]!;
      expect(database).toMatchObject({ ok: true, lastError: null, checkedAt });
      expect(database.latencyMs).toBeGreaterThanOrEqual(0);
    });
  });

  describe('bad text', () => {
    it('a NUL byte (which zod lets through) is INVALID, never a database fault', async () => {
      const { services } = testServices(db());
      const user = await makeUser(db());
      const org = await makeOrg(db(), { members: [{ user }] });
      const calls = [
        () => services.orgs.getContext(user, 'a\u0000b', 'prod'),
        () => services.orgs.getContext(user, org.slug, 'p\u0000d'),
        () => services.access.roleInOrg(user.id, 'org\u0000'),
        () => services.envs.create(org.id, { name: 'N\u0000', slug: 'nul' }),
        () => services.b2cInstances.get(org.id, 'i\u0000d'),
      ];
      for (const call of calls) {
        expect(await domainError(call())).toMatchObject({
          kind: 'INVALID',
          reason: 'invalid-characters',
          message: APP_MESSAGES.invalidCharacters,
        });
      }
      // An invitation token reaches the database only as its hash: it is simply not found.
      expect(
        await domainError(services.invitations.accept(user, 'tok\u0000en-token')),
      ).toMatchObject({ kind: 'NOT_FOUND', reason: 'invitation-unknown' });
    });
  });
});
