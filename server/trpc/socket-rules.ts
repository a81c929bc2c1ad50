/**
 * What a tRPC WebSocket serves (docs/security.md rule 4, docs/decisions/0033-sockets-end-with-the-session.md):
 * subscriptions only, at most MAX_SUBSCRIPTIONS_PER_SOCKET at once, and the codes a socket is closed
 * with when its session ends or its user's access changes. The server's /ws (server/http/ws.ts) and the
 * mocked socket of stories and tests (mock-server/trpc/mock-router.ts) both ask `socketRefusal`.
 */
import { TRPCError } from '@trpc/server';

/**
 * Subscriptions one socket may hold at once. A screen holds one or two (a run's progress, the analyst's
 * answer, the status page); every tab has a socket of its own.
 */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 16;

export const SOCKET_MESSAGES = {
  httpOnly: 'Queries and mutations are served over HTTP at /trpc.',
  tooManySubscriptions: `A connection holds at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions. Stop one first.`,
} as const;

/**
 * Close codes (4000–4999 are the application's). A client reconnects after either; its subscriptions
 * then start again and pass the session and org checks, or are refused.
 */
export const SOCKET_CLOSE = {
  /** The socket's session was signed out, deleted or expired. */
  sessionEnded: { code: 4401, reason: 'Session ended.' },
  /** The user's membership or role changed in an org the socket holds a subscription of. */
  accessChanged: { code: 4403, reason: 'Access changed.' },
} as const;

/**
 * Why a message sent on a socket is refused, or null when it may go on. `held` is how many
 * subscriptions the socket holds; `method` is the tRPC message's (`subscription.stop` always passes).
 */
export function socketRefusal(method: unknown, held: number): TRPCError | null {
  if (method === 'query' || method === 'mutation') {
    return new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: SOCKET_MESSAGES.httpOnly });
  }
  if (method === 'subscription' && held >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
    return new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: SOCKET_MESSAGES.tooManySubscriptions,
    });
  }
  return null;
}
