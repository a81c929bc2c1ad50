/**
 * Sockets end with the session (docs/security.md rule 4, docs/decisions/0033-sockets-end-with-the-session.md):
 * the "WebSocket after sign-out" walk against real listening servers (PGlite in memory, the app's own
 * tRPC client over /ws with a session cookie). A sign-out, a deleted session, a removed member and a
 * role change each close the socket, on this process and on another one on the same database, and no
 * data follows; a query or mutation sent over /ws is refused; a socket holds a bounded number of
 * subscriptions.
 */
import { and, eq } from 'drizzle-orm';
import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  TRPCClientError,
  type TRPCClient,
  wsLink,
} from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { JobRun } from '~/domain/jobs/runs';
import { wsReconnectDelayMs } from '~/domain/shared/constants';
import { pause } from '~/domain/shared/pause';
import { invitations, memberships, sessions } from '~/server/db/schema';
import { insertSession } from '~/server/local-stack';
import { SEED_ORGS, SEED_USERS } from '~/server/seed-data';
import { makeUser } from '~/server/test-support';
import type { AppRouter } from '~/server/trpc/router';
import {
  MAX_SUBSCRIPTIONS_PER_SOCKET,
  SOCKET_CLOSE,
  SOCKET_MESSAGES,
} from '~/server/trpc/socket-rules';
import { startTestServer, type TestServer } from './support/test-server';

/** How often the fake run below changes: a subscription that is still served shows it at once. */
const TICK_MS = 40;
/** The server's answer to a change: the socket closed (the rule's bound, as for the caches: ADR 0031). */
const SOON_MS = 1_000;
/**
 * The client's reconnect (at once: wsReconnectDelayMs(0) is 0), a new socket, its subscription sent
 * again and answered.
 */
const RECONNECT_MS = 3_000;
/** Setup, not under test: a subscription has started and delivered its first events. */
const STARTED_MS = 5_000;

/** Every run a test follows changes every TICK_MS, until its subscription stops. */
function tickingRuns(server: TestServer) {
  server.services.jobs.watch = async function* (orgId, ref, signal) {
    for (let done = 0; !signal?.aborted; done += 1) {
      const now = new Date();
      yield {
        id: 'run_1',
        orgId,
        kind: 'kind' in ref ? ref.kind : 'system.noop',
        key: 'key' in ref ? ref.key : 'k',
        status: 'running',
        attempts: 1,
        progressDone: done,
        progressTotal: null,
        progressMessage: null,
        error: null,
        createdAt: now,
        updatedAt: now,
        finishedAt: null,
      } satisfies JobRun;
      await pause(TICK_MS, signal);
    }
  };
}

interface SocketClient {
  trpc: TRPCClient<AppRouter>;
  /** Close events the client saw, in order. */
  closes: { code: number; reason: string }[];
  close(): Promise<void>;
}

const clients: SocketClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

/** The app's WebSocket client (its reconnect delays), every call over /ws, the upgrade carrying `cookie`. */
function socketClient(server: TestServer, cookie: string | undefined): SocketClient {
  const closes: SocketClient['closes'] = [];
  class CookieWebSocket extends WebSocket {
    constructor(url: string) {
      super(url, cookie ? { headers: { cookie } } : {});
    }
  }
  const ws = createWSClient({
    url: `${server.url.replace('http', 'ws')}/ws`,
    WebSocket: CookieWebSocket as unknown as typeof globalThis.WebSocket,
    lazy: { enabled: false, closeMs: 0 },
    retryDelayMs: wsReconnectDelayMs,
    // The close event (tRPC's type names only its code).
    onClose: (event) => {
      const { code = 0, reason = '' } = (event ?? {}) as { code?: number; reason?: string };
      closes.push({ code, reason });
    },
  });
  const trpc = createTRPCClient<AppRouter>({
    links: [wsLink({ client: ws, transformer: superjson })],
  });
  const client = { trpc, closes, close: () => ws.close() };
  clients.push(client);
  return client;
}

/** One subscription: the events it delivered (when), and the error it ended with. */
function follow(client: SocketClient, subscribe: (handlers: Handlers) => { unsubscribe(): void }) {
  const seen = {
    events: [] as number[],
    error: undefined as TRPCClientError<AppRouter> | undefined,
  };
  const subscription = subscribe({
    onData: () => seen.events.push(Date.now()),
    onError: (error) => (seen.error = error as TRPCClientError<AppRouter>),
  });
  return { seen, stop: () => subscription.unsubscribe() };
}
interface Handlers {
  onData(data: unknown): void;
  onError(error: unknown): void;
}

/** A run of `orgId`'s progress (jobs.progress: org-scoped), over the client's socket. */
const runProgress = (client: SocketClient, orgId: string, key = 'k') =>
  follow(client, (handlers) =>
    client.trpc.jobs.progress.subscribe({ orgId, run: { kind: 'system.noop', key } }, handlers),
  );
/** The status report (system.statusUpdates: any signed-in user, no org). */
const statusUpdates = (client: SocketClient) =>
  follow(client, (handlers) => client.trpc.system.statusUpdates.subscribe(undefined, handlers));

/** Polls `check` until it passes or `withinMs` is up (then its last failure is thrown). */
async function within(withinMs: number, check: () => void | Promise<void>): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > withinMs) throw error;
      await pause(20, undefined);
    }
  }
}

/** POST /api/auth/signout as the app sends it (the csrf token and its cookie, the session cookie). */
async function signOut(server: TestServer, sessionCookie: string) {
  const csrf = await fetch(`${server.url}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const res = await fetch(`${server.url}/api/auth/signout`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: `${sessionCookie}; ${csrfCookie}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${server.url}/app/` }),
  });
  expect(res.status).toBe(302);
}

/** The same user's calls over HTTP (queries and mutations go there). */
function httpClient(server: TestServer, cookie: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${server.url}/trpc`,
        transformer: superjson,
        headers: { cookie },
      }),
    ],
  });
}

const codeOf = (error: unknown) =>
  error instanceof TRPCClientError ? (error as TRPCClientError<AppRouter>).data?.code : error;

/**
 * The socket was closed with `why`, and the subscription received nothing after that: the count it had
 * then is the count it has a while later (the fake run changes every TICK_MS).
 */
async function expectClosedAndQuiet(
  client: SocketClient,
  seen: { events: number[] },
  why: { code: number; reason: string },
) {
  await within(SOON_MS, () => expect(client.closes).toContainEqual(why));
  const closedAt = Date.now();
  await pause(TICK_MS * 5, undefined);
  expect(seen.events.filter((at) => at > closedAt + TICK_MS)).toEqual([]);
}

/** A user who is a member of Acme, with a session; their cookie. */
async function acmeMember(server: TestServer) {
  const user = await makeUser(server.database.db);
  await server.database.db
    .insert(memberships)
    .values({ userId: user.id, orgId: SEED_ORGS.acme.id, role: 'member' });
  const token = await insertSession(server.database.db, user.id);
  return { user, token, cookie: `${server.auth.sessionCookieName}=${token}` };
}

describe('one process', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ wsSessionRecheckMs: 300 });
    tickingRuns(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('only subscriptions run on /ws', () => {
    it('refuses a query sent over /ws: the socket does not serve the orgs, signed in or not', async () => {
      const client = socketClient(t, await t.sessionCookieFor(SEED_USERS.maya.id));
      const refused = await client.trpc.orgs.allOrgsForUser
        .query()
        .catch((error: unknown) => error);
      expect(codeOf(refused)).toBe('METHOD_NOT_SUPPORTED');
      expect((refused as Error).message).toBe(SOCKET_MESSAGES.httpOnly);
      // The socket itself goes on serving subscriptions.
      const { seen } = runProgress(client, SEED_ORGS.acme.id);
      await within(STARTED_MS, () => expect(seen.events.length).toBeGreaterThan(0));
    });

    it('refuses a mutation sent over /ws, and it changes nothing', async () => {
      const client = socketClient(t, await t.sessionCookieFor(SEED_USERS.maya.id));
      const email = 'over-the-socket@example.test';
      const refused = await client.trpc.invitations.create
        .mutate({ orgId: SEED_ORGS.acme.id, email })
        .catch((error: unknown) => error);
      expect(codeOf(refused)).toBe('METHOD_NOT_SUPPORTED');
      const rows = await t.database.db
        .select()
        .from(invitations)
        .where(eq(invitations.email, email));
      expect(rows).toEqual([]);
    });
  });

  it('a sign-out closes the socket: no more data, HTTP answers 401, the resubscription UNAUTHORIZED', async () => {
    const cookie = await t.sessionCookieFor(SEED_USERS.maya.id);
    const client = socketClient(t, cookie);
    const { seen } = runProgress(client, SEED_ORGS.acme.id);
    await within(STARTED_MS, () => expect(seen.events.length).toBeGreaterThan(1));

    await signOut(t, cookie);
    const http = await httpClient(t, cookie)
      .orgs.allOrgsForUser.query()
      .catch((error: unknown) => error);
    expect(codeOf(http)).toBe('UNAUTHORIZED');
    await expectClosedAndQuiet(client, seen, SOCKET_CLOSE.sessionEnded);
    // The client reconnects at once and starts its subscription again: the session is gone.
    await within(RECONNECT_MS, () => expect(codeOf(seen.error)).toBe('UNAUTHORIZED'));
  });

  it('a deleted session (no sign-out) closes the socket at its next session check', async () => {
    const { token, cookie } = await acmeMember(t);
    const client = socketClient(t, cookie);
    const { seen } = runProgress(client, SEED_ORGS.acme.id);
    await within(STARTED_MS, () => expect(seen.events.length).toBeGreaterThan(0));

    // Behind the services' back; the session cache's entry stands in for its 10 s TTL running out.
    await t.database.db.delete(sessions).where(eq(sessions.sessionToken, token));
    t.auth.sessions.invalidate(token);
    await expectClosedAndQuiet(client, seen, SOCKET_CLOSE.sessionEnded);
  });

  it('sign out everywhere: every socket of every session of theirs closes, at once; HTTP answers 401; others stay open', async () => {
    const member = await acmeMember(t);
    // A second session of the same person (another browser), and someone else's.
    const other = `${t.auth.sessionCookieName}=${await insertSession(t.database.db, member.user.id)}`;
    const here = socketClient(t, member.cookie);
    const there = socketClient(t, other);
    const bystander = socketClient(t, await t.sessionCookieFor(SEED_USERS.maya.id));
    const followed = [here, there, bystander].map((client) =>
      runProgress(client, SEED_ORGS.acme.id),
    );
    // Both of their sessions are in the session cache, as for someone using them.
    for (const cookie of [member.cookie, other])
      await httpClient(t, cookie).orgs.allOrgsForUser.query();
    await within(STARTED_MS, () => {
      for (const { seen } of followed) expect(seen.events.length).toBeGreaterThan(0);
    });

    expect(await httpClient(t, member.cookie).account.signOutEverywhere.mutate()).toEqual({
      ended: 2,
    });
    // Not at the next minute's check, nor when the cache's entries run out: now.
    for (const cookie of [member.cookie, other]) {
      const refused = await httpClient(t, cookie)
        .orgs.allOrgsForUser.query()
        .catch((error: unknown) => error);
      expect(codeOf(refused)).toBe('UNAUTHORIZED');
    }
    await expectClosedAndQuiet(here, followed[0]!.seen, SOCKET_CLOSE.sessionEnded);
    await expectClosedAndQuiet(there, followed[1]!.seen, SOCKET_CLOSE.sessionEnded);
    expect(bystander.closes).toEqual([]);
    expect(followed[2]!.seen.error).toBeUndefined();
  });

  it('a removed member: the socket holding a subscription in that org closes; their other socket stays', async () => {
    const member = await acmeMember(t);
    const inOrg = socketClient(t, member.cookie);
    const { seen } = runProgress(inOrg, SEED_ORGS.acme.id);
    const elsewhere = socketClient(t, member.cookie);
    const status = statusUpdates(elsewhere);
    await within(STARTED_MS, () => {
      expect(seen.events.length).toBeGreaterThan(0);
      expect(status.seen.events.length).toBeGreaterThan(0);
    });

    const owner = httpClient(t, await t.sessionCookieFor(SEED_USERS.maya.id));
    await owner.members.remove.mutate({ orgId: SEED_ORGS.acme.id, userId: member.user.id });
    await expectClosedAndQuiet(inOrg, seen, SOCKET_CLOSE.accessChanged);
    await within(RECONNECT_MS, () => expect(codeOf(seen.error)).toBe('FORBIDDEN'));
    expect(elsewhere.closes).toEqual([]);
    expect(status.seen.error).toBeUndefined();
  });

  it('a role change closes the socket; the client reconnects and its subscription passes the check again', async () => {
    const member = await acmeMember(t);
    const client = socketClient(t, member.cookie);
    const { seen } = runProgress(client, SEED_ORGS.acme.id);
    await within(STARTED_MS, () => expect(seen.events.length).toBeGreaterThan(0));

    // No procedure changes a role yet; one will write the row and tell the access service, as here.
    await t.database.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(and(eq(memberships.userId, member.user.id), eq(memberships.orgId, SEED_ORGS.acme.id)));
    t.services.access.invalidate({ userId: member.user.id, orgId: SEED_ORGS.acme.id });
    await within(SOON_MS, () => expect(client.closes).toContainEqual(SOCKET_CLOSE.accessChanged));
    const before = seen.events.length;
    await within(RECONNECT_MS, () => expect(seen.events.length).toBeGreaterThan(before));
    expect(seen.error).toBeUndefined();
  });

  it(`holds at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions on one socket`, async () => {
    const client = socketClient(t, await t.sessionCookieFor(SEED_USERS.maya.id));
    const held = Array.from({ length: MAX_SUBSCRIPTIONS_PER_SOCKET }, (_, i) =>
      runProgress(client, SEED_ORGS.acme.id, `k${i}`),
    );
    await within(STARTED_MS, () => {
      for (const { seen } of held) expect(seen.events.length).toBeGreaterThan(0);
    });
    const over = runProgress(client, SEED_ORGS.acme.id, 'over');
    await within(SOON_MS, () => expect(codeOf(over.seen.error)).toBe('TOO_MANY_REQUESTS'));
    expect(over.seen.error?.message).toBe(SOCKET_MESSAGES.tooManySubscriptions);
    expect(over.seen.events).toEqual([]);

    // Stopping one makes room for the next.
    held[0]?.stop();
    const next = runProgress(client, SEED_ORGS.acme.id, 'next');
    await within(STARTED_MS, () => expect(next.seen.events.length).toBeGreaterThan(0));
    expect(next.seen.error).toBeUndefined();
    for (const { seen } of held.slice(1)) expect(seen.error).toBeUndefined();
  });
});

describe('two processes on one database', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ listen: true });
    b = await startTestServer({ listen: true, sameDatabaseAs: a });
    tickingRuns(a);
    tickingRuns(b);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a subscription checks the session when it starts: one started after the session was deleted closes the socket', async () => {
    const { token, cookie } = await acmeMember(a);
    const client = socketClient(a, cookie);
    const first = runProgress(client, SEED_ORGS.acme.id);
    await within(STARTED_MS, () => expect(first.seen.events.length).toBeGreaterThan(0));
    first.stop();

    await a.database.db.delete(sessions).where(eq(sessions.sessionToken, token));
    a.auth.sessions.invalidate(token);
    // This server looks sessions up again only every minute: the start is what finds it gone.
    const second = runProgress(client, SEED_ORGS.acme.id, 'second');
    await within(SOON_MS, () => expect(client.closes).toContainEqual(SOCKET_CLOSE.sessionEnded));
    await within(RECONNECT_MS, () => expect(codeOf(second.seen.error)).toBe('UNAUTHORIZED'));
    expect(second.seen.events).toEqual([]);
  });

  it('a sign-out on A closes the socket on B', async () => {
    const cookie = `${a.auth.sessionCookieName}=${await insertSession(a.database.db, SEED_USERS.maya.id)}`;
    const client = socketClient(b, cookie);
    const { seen } = runProgress(client, SEED_ORGS.acme.id);
    await within(STARTED_MS, () => expect(seen.events.length).toBeGreaterThan(0));

    await signOut(a, cookie);
    await expectClosedAndQuiet(client, seen, SOCKET_CLOSE.sessionEnded);
    await within(RECONNECT_MS, () => expect(codeOf(seen.error)).toBe('UNAUTHORIZED'));
  });

  it('a member removed on A: their socket on B closes', async () => {
    const member = await acmeMember(a);
    const client = socketClient(b, member.cookie);
    const { seen } = runProgress(client, SEED_ORGS.acme.id);
    await within(STARTED_MS, () => expect(seen.events.length).toBeGreaterThan(0));

    const owner = httpClient(a, await a.sessionCookieFor(SEED_USERS.maya.id));
    await owner.members.remove.mutate({ orgId: SEED_ORGS.acme.id, userId: member.user.id });
    await expectClosedAndQuiet(client, seen, SOCKET_CLOSE.accessChanged);
    await within(RECONNECT_MS, () => expect(codeOf(seen.error)).toBe('FORBIDDEN'));
  });
});
