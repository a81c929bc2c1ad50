/**
 * MSW handlers shared by Storybook and tests, keyed by name so a story overrides one key:
 * `trpc` answers /trpc/* from a typed scenario and `ws` its subscriptions on the mocked /ws socket;
 * `auth` plays Auth.js's session and csrf endpoints.
 */
import { delay, http, type HttpHandler, HttpResponse, type WebSocketHandler, ws } from 'msw';
import { AUTH_BASE_PATH, TRPC_PATH, WS_PATH } from '~/domain/shared/constants';
import type { Session } from '~/domain/shared/session';
import { createMockRouter, handleTrpcRequest, handleTrpcSocket } from './trpc/mock-router';
import type { TrpcScenario } from './trpc/scenario';

/** What GET /api/auth/session answers: a session, signed out, a failure, or never (loading). */
export type SessionMock = Session | 'signed-out' | 'error' | 'pending';

export interface MockApi {
  handlers: { trpc: HttpHandler; ws: WebSocketHandler; auth: HttpHandler[] };
  /** Inputs received per procedure path, in order. */
  calls(path: string): unknown[];
  reset(): void;
}

export function authHandlers(session: SessionMock): HttpHandler[] {
  return [
    http.get(`*${AUTH_BASE_PATH}/session`, async () => {
      if (session === 'pending') {
        await delay('infinite');
      }
      if (session === 'error')
        return HttpResponse.json({ message: 'Server error' }, { status: 500 });
      return HttpResponse.json(session === 'signed-out' ? null : session);
    }),
    http.get(`*${AUTH_BASE_PATH}/csrf`, () => HttpResponse.json({ csrfToken: 'mock-csrf-token' })),
  ];
}

export function mockApi(options: { trpc?: TrpcScenario; session?: SessionMock }): MockApi {
  let handle = createMockRouter(options.trpc ?? {});
  return {
    handlers: {
      trpc: http.all(`*${TRPC_PATH}/*`, ({ request }) => handleTrpcRequest(handle, request)),
      ws: ws
        .link(`*${WS_PATH}`)
        .addEventListener('connection', ({ client }) => handleTrpcSocket(handle, client)),
      auth: authHandlers(options.session ?? 'signed-out'),
    },
    calls: (path) => handle.calls.get(path) ?? [],
    reset: () => {
      handle = createMockRouter(options.trpc ?? {});
    },
  };
}
