/**
 * MSW handlers shared by Storybook and tests, keyed by name so a story overrides one key:
 * `trpc` answers /trpc/* from a typed scenario and `ws` its subscriptions on the mocked /ws socket;
 * `auth` plays Auth.js's session, csrf and sign-out endpoints, and the server's answer while its
 * database is out of reach.
 */
import { delay, http, type HttpHandler, HttpResponse, type WebSocketHandler, ws } from 'msw';
import { AUTH_BASE_PATH, TRPC_PATH, WS_PATH } from '~/domain/shared/constants';
import { APP_MESSAGES } from '~/domain/shared/messages';
import type { Session } from '~/domain/shared/session';
import { DATABASE_RETRY_AFTER_S } from '~/server/trpc/trpc';
import { createMockRouter, handleTrpcRequest, handleTrpcSocket } from './trpc/mock-router';
import type { TrpcScenario } from './trpc/scenario';

/**
 * What GET /api/auth/session answers: a session, signed out, a failure, never (loading), or the
 * server's 503 while it cannot reach its database (server/auth/routes.ts).
 */
export type SessionMock = Session | 'signed-out' | 'error' | 'pending' | 'database-unavailable';

export interface MockApi {
  handlers: { trpc: HttpHandler; ws: WebSocketHandler; auth: HttpHandler[] };
  /** Inputs received per procedure path, in order. */
  calls(path: string): unknown[];
  /**
   * The distinct questions asked of a read, in order: a repeat of the one just asked counts once. A
   * query whose data has gone stale is asked again when its screen mounts, which a loaded machine makes
   * likelier (suspense data stays fresh for a second), so a story about what the screen asks uses this.
   */
  asked(path: string): unknown[];
  /** How many times GET /api/auth/session was asked. */
  sessionFetches(): number;
  /** What GET /api/auth/session answers from now on (the database is back, …) until `reset`. */
  setSession(session: SessionMock): void;
  reset(): void;
}

/** Auth.js's session, csrf and sign-out endpoints; `session` is read at each request. */
export function authHandlers(
  session: () => SessionMock,
  onSessionFetch: () => void = () => {},
): HttpHandler[] {
  return [
    http.get(`*${AUTH_BASE_PATH}/session`, async () => {
      onSessionFetch();
      const answer = session();
      if (answer === 'pending') {
        await delay('infinite');
      }
      if (answer === 'error')
        return HttpResponse.json({ message: 'Server error' }, { status: 500 });
      if (answer === 'database-unavailable') {
        return HttpResponse.json(
          { error: { message: APP_MESSAGES.databaseUnavailable } },
          { status: 503, headers: { 'retry-after': String(DATABASE_RETRY_AFTER_S) } },
        );
      }
      return HttpResponse.json(answer === 'signed-out' ? null : answer);
    }),
    http.get(`*${AUTH_BASE_PATH}/csrf`, () => HttpResponse.json({ csrfToken: 'mock-csrf-token' })),
    // Signing out: Auth.js answers where to go; the app then loads it (browser.assign, which stories spy on).
    http.post(`*${AUTH_BASE_PATH}/signout`, () => HttpResponse.json({ url: '/app/' })),
  ];
}

export function mockApi(options: { trpc?: TrpcScenario; session?: SessionMock }): MockApi {
  let handle = createMockRouter(options.trpc ?? {});
  const initialSession = options.session ?? 'signed-out';
  let session = initialSession;
  let sessionFetches = 0;
  return {
    handlers: {
      trpc: http.all(`*${TRPC_PATH}/*`, ({ request }) => handleTrpcRequest(handle, request)),
      ws: ws
        .link(`*${WS_PATH}`)
        .addEventListener('connection', ({ client }) => handleTrpcSocket(handle, client)),
      auth: authHandlers(
        () => session,
        () => (sessionFetches += 1),
      ),
    },
    calls: (path) => handle.calls.get(path) ?? [],
    asked: (path) =>
      (handle.calls.get(path) ?? []).filter(
        (input, i, all) => i === 0 || JSON.stringify(input) !== JSON.stringify(all[i - 1]),
      ),
    sessionFetches: () => sessionFetches,
    setSession: (next) => {
      session = next;
    },
    reset: () => {
      handle = createMockRouter(options.trpc ?? {});
      session = initialSession;
      sessionFetches = 0;
    },
  };
}
