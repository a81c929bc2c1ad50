/**
 * BEACON_SUPERUSERS through the real sign-in (Auth.js, the development IdP): a listed address becomes a
 * superuser when it signs in, nobody else does, and a superuser the list made loses it when the list
 * no longer names them; the development seed's superuser keeps hers (server/auth/superusers.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySuperuserList, revokeUnlistedSuperusers } from '~/server/auth/superusers';
import { loadConfig } from '~/server/config';
import { users } from '~/server/db/schema';
import { SEED_USERS } from '~/server/seed-data';
import { CookieJar, signInViaDevIdp } from './support/sign-in';
import { startTestServer, type TestServer } from './support/test-server';

const FIRST = 'first.superuser@company.test';
const OTHER = 'someone.else@company.test';

let t: TestServer;

beforeAll(async () => {
  // Listed, as an operator may type it: a newcomer in mixed case, and the seed's superuser Ada.
  const { superusers } = loadConfig({
    BEACON_SUPERUSERS: ` First.Superuser@Company.test, ${SEED_USERS.ada.email},`,
  });
  expect(superusers).toEqual([FIRST, SEED_USERS.ada.email]);
  t = await startTestServer({ superusers });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function sessionUser(jar: CookieJar) {
  const res = await fetch(`${t.url}/api/auth/session`, { headers: { cookie: jar.header() } });
  return ((await res.json()) as { user?: { email: string; isSuperUser: boolean } }).user;
}

async function row(email: string) {
  const [found] = await t.database.db
    .select({
      id: users.id,
      isSuperUser: users.isSuperUser,
      fromConfig: users.superUserFromConfig,
    })
    .from(users)
    .where(eq(users.email, email));
  return found;
}

// Steps over time: the list makes FIRST a superuser at sign-in, then stops naming them. The steps run
// in this order even when the tests are shuffled.
describe('one superuser list over time', { shuffle: false }, () => {
  describe('BEACON_SUPERUSERS at sign-in', () => {
    it('makes a listed newcomer a superuser on their first sign-in', async () => {
      const { landedAt, appJar } = await signInViaDevIdp(
        t.url,
        'salesforce',
        FIRST,
        new CookieJar(),
        {
          newcomer: true,
        },
      );
      expect(landedAt).toBe(`${t.url}/app/`);
      expect(await sessionUser(appJar)).toMatchObject({ email: FIRST, isSuperUser: true });
      expect(await row(FIRST)).toMatchObject({ isSuperUser: true, fromConfig: true });
    });

    it('makes nobody else a superuser: an unlisted newcomer, an unlisted seeded member', async () => {
      const newcomer = await signInViaDevIdp(t.url, 'salesforce', OTHER, new CookieJar(), {
        newcomer: true,
      });
      expect(await sessionUser(newcomer.appJar)).toMatchObject({
        email: OTHER,
        isSuperUser: false,
      });
      const sam = await signInViaDevIdp(t.url, 'salesforce', SEED_USERS.sam.email);
      expect(await sessionUser(sam.appJar)).toMatchObject({ isSuperUser: false });
      expect(await row(OTHER)).toMatchObject({ isSuperUser: false, fromConfig: false });
    });

    it('leaves a superuser made otherwise (the seed) unmarked, so the list cannot take it away', async () => {
      const ada = await signInViaDevIdp(t.url, 'salesforce', SEED_USERS.ada.email);
      expect(await sessionUser(ada.appJar)).toMatchObject({ isSuperUser: true });
      expect(await row(SEED_USERS.ada.email)).toMatchObject({
        isSuperUser: true,
        fromConfig: false,
      });
    });
  });

  describe('a superuser the list made, once the list no longer names them', () => {
    it('loses it when a server starts with the new list (revokeUnlistedSuperusers), and only they do', async () => {
      expect((await row(FIRST))?.isSuperUser).toBe(true);
      // The list without FIRST (and even empty): the seed's Ada keeps hers.
      expect(await revokeUnlistedSuperusers(t.database.db, [])).toBe(1);
      expect(await row(FIRST)).toMatchObject({ isSuperUser: false, fromConfig: false });
      expect(await row(SEED_USERS.ada.email)).toMatchObject({ isSuperUser: true });
      expect(await revokeUnlistedSuperusers(t.database.db, [])).toBe(0);
    });

    it('loses it when they sign in and are not listed; listed again, an unverified address is not enough', async () => {
      const first = (await row(FIRST))!;
      const person = { userId: first.id, email: FIRST, emailVerified: true };
      await applySuperuserList(t.database.db, [FIRST], person);
      expect(await row(FIRST)).toMatchObject({ isSuperUser: true, fromConfig: true });
      await applySuperuserList(t.database.db, [SEED_USERS.ada.email], person);
      expect(await row(FIRST)).toMatchObject({ isSuperUser: false, fromConfig: false });
      await applySuperuserList(t.database.db, [FIRST], { ...person, emailVerified: false });
      expect(await row(FIRST)).toMatchObject({ isSuperUser: false });
    });
  });
});
