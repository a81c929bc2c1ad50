/**
 * Two processes' worth of services on one PostgreSQL database (each with its own pool, LISTEN connection
 * and caches): a change made through one is refused or shown by the other within a second, though every
 * cache here keeps entries for a minute.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { createAuth } from './auth/auth';
import { createDatabase, type Database } from './db/client';
import { createNotifyBus, LISTEN_APPLICATION_NAME } from './db/notify';
import { envs, sessions, users } from './db/schema';
import { openTestDatabase } from './db/test-db';
import { createInvalidations } from './invalidations';
import { createLogger } from './log';
import { createSecrets } from './secrets';
import { createServices } from './services';
import { addEnv, domainError, fakeGateway, makeOrg, makeUser } from './test-support';

const LONG_TTL = { ttlMs: 60_000 };
const logger = createLogger({ level: 'silent' });

/** What one server process holds: its own pool, LISTEN connection, caches, services and sessions. */
async function openProcess(url: string) {
  const database = await createDatabase({ url, poolMax: 2 });
  const bus = createNotifyBus(database, { reconnectMs: 100 });
  const invalidations = createInvalidations(bus);
  await bus.ready();
  const services = createServices({
    db: database.db,
    b2c: fakeGateway().gateway,
    secrets: createSecrets(Buffer.alloc(32, 1)),
    access: LONG_TTL,
    cache: LONG_TTL,
    invalidations,
  });
  const auth = createAuth({
    config: {
      publicUrl: undefined,
      salesforce: null,
      google: null,
      isProduction: false,
      authSecret: 'x'.repeat(64),
    },
    db: database.db,
    logger,
    devIdpIssuer: 'http://127.0.0.1:3001',
    sessionCacheTtlMs: 60_000,
    invalidations,
  });
  return {
    database,
    bus,
    services,
    auth,
    async close() {
      await bus.close();
      await database.close();
    },
  };
}
type Process = Awaited<ReturnType<typeof openProcess>>;

/** Polls `check` until it passes or `withinMs` is up (then its last failure is thrown). */
async function within(withinMs: number, check: () => Promise<void>): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return Date.now() - started;
    } catch (error) {
      if (Date.now() - started > withinMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'cache invalidation across processes [postgres]',
  () => {
    let shared: Database;
    let a: Process;
    let b: Process;

    beforeAll(async () => {
      shared = await openTestDatabase('postgres');
      const url = shared.handle.driver === 'node-postgres' ? shared.handle.client.options : null;
      if (!url?.connectionString) throw new Error('no URL');
      a = await openProcess(url.connectionString);
      b = await openProcess(url.connectionString);
    }, 60_000);
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await shared?.close();
    });

    it('a sign-out on A: B refuses the session within 1 s', async () => {
      const userId = randomUUID();
      await shared.db.insert(users).values({ id: userId, email: `${userId}@beacon.test` });
      const sessionToken = randomUUID();
      await shared.db
        .insert(sessions)
        .values({ sessionToken, userId, expires: new Date(Date.now() + 86_400_000) });
      const req = {
        headers: { host: '127.0.0.1:3000', cookie: `authjs.session-token=${sessionToken}` },
        socket: {},
      } as unknown as IncomingMessage;
      expect((await a.auth.resolveUser(req))?.id).toBe(userId);
      expect((await b.auth.resolveUser(req))?.id).toBe(userId);
      // What POST /api/auth/signout does on A: forget, Auth.js deletes the row, forget again.
      a.auth.forget(req);
      await a.database.db.delete(sessions).where(eq(sessions.sessionToken, sessionToken));
      a.auth.forget(req);
      await within(1_000, async () => expect(await b.auth.resolveUser(req)).toBeNull());
    });

    it('a member removed on A: B refuses them the org within 1 s', async () => {
      const owner = await makeUser(shared.db);
      const member = await makeUser(shared.db);
      const org = await makeOrg(shared.db, {
        members: [
          { user: owner, role: 'owner' },
          { user: member, role: 'member' },
        ],
      });
      await addEnv(shared.db, org.id, 'prod');
      await b.services.orgs.getContext(member, org.slug, 'prod');
      expect(await b.services.access.roleInOrg(member.id, org.id)).toBe('member');

      await a.services.members.remove(owner, org.id, member.id);
      await within(1_000, async () =>
        expect(await b.services.access.roleInOrg(member.id, org.id)).toBeNull(),
      );
      const refused = await domainError(b.services.orgs.getContext(member, org.slug, 'prod'));
      expect(refused.message).toBe(ORG_MESSAGES.notOrgMember(org.slug));
    });

    it('an env created on A is listed by B, and one deleted on A is not found by B, within 1 s', async () => {
      const owner = await makeUser(shared.db);
      const org = await makeOrg(shared.db, { members: [{ user: owner, role: 'owner' }] });
      const prod = await addEnv(shared.db, org.id, 'prod');
      expect((await b.services.envs.list(org.id)).map((e) => e.slug)).toEqual(['prod']);

      await a.services.envs.create(org.id, { name: 'Staging', slug: 'staging' });
      await within(1_000, async () =>
        expect((await b.services.envs.list(org.id)).map((e) => e.slug)).toEqual([
          'prod',
          'staging',
        ]),
      );

      // No procedure deletes an env yet; a writer behind the services' back says so with envsChanged.
      await a.database.db.delete(envs).where(eq(envs.id, prod.id));
      a.services.cache.envsChanged(org.id);
      await within(1_000, async () => {
        const missing = await domainError(b.services.orgs.getContext(owner, org.slug, 'prod'));
        expect(missing.message).toBe(ORG_MESSAGES.envNotFound('prod'));
      });
    });

    it('after its listening connection drops, a process forgets every cached entry and hears again', async () => {
      const owner = await makeUser(shared.db);
      const org = await makeOrg(shared.db, { members: [{ user: owner, role: 'owner' }] });
      await addEnv(shared.db, org.id, 'prod');
      await b.services.orgs.getContext(owner, org.slug, 'prod');
      // Changed behind every process's back while B cannot hear: only the reconnect can make B see it.
      await shared.db.delete(envs).where(eq(envs.orgId, org.id));
      expect((await b.services.envs.list(org.id)).map((e) => e.slug)).toEqual(['prod']);

      await terminateListeners(shared);
      await within(3_000, async () => expect(await b.services.envs.list(org.id)).toEqual([]));

      // Listening again: A's next change reaches B.
      await a.services.envs.create(org.id, { name: 'QA', slug: 'qa' });
      await within(1_000, async () =>
        expect((await b.services.envs.list(org.id)).map((e) => e.slug)).toEqual(['qa']),
      );
    });
  },
);

/** Ends every process's LISTEN connection on the test database, as a PostgreSQL restart would. */
async function terminateListeners(database: Database) {
  if (database.handle.driver !== 'node-postgres') throw new Error('PostgreSQL only');
  const client = new pg.Client({
    connectionString: database.handle.client.options.connectionString,
  });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = $1 and datname = current_database()`,
      [LISTEN_APPLICATION_NAME],
    );
    expect(rowCount).toBe(2);
  } finally {
    await client.end();
  }
}
