/**
 * tRPC subscriptions over WebSocket at /ws, on the same HTTP server as everything else, and the rules a
 * socket lives by (docs/security.md rule 4, docs/decisions/0033-sockets-end-with-the-session.md):
 * - it serves subscriptions only; a query or mutation sent here is refused (the app sends them over HTTP,
 *   where every request resolves its session);
 * - a subscription looks the session up when it starts; a socket whose session has ended is closed;
 * - a sign-out closes the sockets of that session (once its row is gone), and a membership or role
 *   change closes that user's sockets holding a subscription in that org, in every process (Auth and
 *   the access service hear other processes' changes over LISTEN/NOTIFY: server/invalidations.ts);
 * - every socket's session is looked up again every `sessionRecheckMs` (an expiry, a row deleted
 *   behind the services' back);
 * - a socket holds at most MAX_SUBSCRIPTIONS_PER_SOCKET subscriptions.
 * The session cookie is read from the upgrade request; an upgrade from another origin is refused.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { getTRPCErrorFromUnknown, getTRPCErrorShape, transformTRPCResponse } from '@trpc/server';
import { getWSConnectionHandler } from '@trpc/server/adapters/ws';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { orgIdInput } from '~/domain/orgs/inputs';
import type { Auth } from '~/server/auth/auth';
import type { Logger } from '~/server/log';
import type { BeaconServices } from '~/server/services';
import type { Context } from '~/server/trpc/context';
import { appRouter } from '~/server/trpc/router';
import { SOCKET_CLOSE, socketRefusal } from '~/server/trpc/socket-rules';

export const WS_PATH = '/ws';
const MAX_MESSAGE_BYTES = 64 * 1024;
/** How often every open socket's session is looked up again, by default. */
export const SESSION_RECHECK_MS = 60_000;
/** A socket asked to close that has not finished the closing handshake by then is cut. */
const CLOSE_GRACE_MS = 1_000;

export interface WebSocketDeps {
  services: BeaconServices;
  auth: Pick<Auth, 'resolveUser' | 'sessionTokenOf' | 'onSessionEnded'>;
  logger: Logger;
  /** Extra origins allowed to open a socket (e.g. the Vite dev server); same-host is always allowed. */
  allowedOrigins?: string[];
  /** config.isDevelopment: error messages and stacks of unexpected errors reach the client. */
  isDevelopment?: boolean;
  /** How often every socket's session is looked up again (default SESSION_RECHECK_MS). */
  sessionRecheckMs?: number;
}

type MessageListener = (data: RawData, isBinary: boolean) => void;
type CallId = string | number;
const CALL_TYPES = ['query', 'mutation', 'subscription'] as const;
type CallType = (typeof CALL_TYPES)[number];

/** One open socket: its upgrade request and session token, and the subscriptions it holds. */
interface Connection {
  ws: WebSocket;
  req: IncomingMessage;
  token: string | null;
  /**
   * tRPC's adapter creates one context per socket and hands that object to every call on it; the gate
   * sets its user to what the session lookup found as each subscription starts.
   */
  context: Context;
  /** The lookup made when the socket opened (tRPC's createContext waits for it). */
  opened: Promise<Context>;
  /** Subscription ids → the org each is in (null: not org-scoped), from start until the client stops it. */
  held: Map<CallId, string | null>;
  /** Messages pass the gate one at a time, in the order they came. */
  queue: Promise<void>;
  closing: boolean;
}

export function attachWebSockets(server: Server, deps: WebSocketDeps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const config = appRouter._def._config;
  const connections = new Map<WebSocket, Connection>();

  const serve = getWSConnectionHandler({
    wss,
    router: appRouter,
    createContext: ({ res }) => {
      const connection = connections.get(res);
      if (!connection) throw new Error('A socket without its connection.');
      return connection.opened;
    },
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR')
        deps.logger.error({ err: error, path }, 'ws error');
    },
  });

  function send(connection: Connection, message: object) {
    connection.ws.send(JSON.stringify(transformTRPCResponse(config, message as never)));
  }

  /** Answers one call with an error, in the shape tRPC gives (its formatter: a 503 for an outage). */
  function refuse(
    connection: Connection,
    call: { id: CallId; type: CallType; path: string | undefined },
    cause: unknown,
  ) {
    const error = getTRPCErrorFromUnknown(cause);
    const shape = getTRPCErrorShape({
      config,
      error,
      type: call.type,
      path: call.path,
      input: undefined,
      ctx: connection.context,
    });
    send(connection, { id: call.id, error: shape });
  }

  function close(connection: Connection, why: { code: number; reason: string }) {
    if (connection.closing) return;
    connection.closing = true;
    // Subscriptions end at the 'close' event; until then the socket sends nothing (it is closing).
    connection.ws.close(why.code, why.reason);
    setTimeout(() => connection.ws.terminate(), CLOSE_GRACE_MS).unref();
  }

  /** A subscription's org, from its raw input (the org guard checks it again when it starts). */
  function orgOf(message: { params?: { input?: unknown } }): string | null {
    try {
      const input: unknown = config.transformer.input.deserialize(message.params?.input);
      const parsed = orgIdInput.safeParse(input);
      return parsed.success ? parsed.data.orgId : null;
    } catch {
      return null;
    }
  }

  /** Whether the message goes on to tRPC; 'closed' when the socket was closed instead. */
  async function admit(connection: Connection, raw: unknown): Promise<boolean | 'closed'> {
    if (typeof raw !== 'object' || raw === null) return true;
    const message = raw as {
      id?: unknown;
      method?: unknown;
      params?: { path?: unknown; input?: unknown };
    };
    const { id, method } = message;
    // What tRPC cannot parse it answers itself.
    if (typeof id !== 'string' && typeof id !== 'number') return true;
    if (method === 'subscription.stop') {
      connection.held.delete(id);
      return true;
    }
    const type = CALL_TYPES.find((t) => t === method);
    if (!type) return true;
    const call = {
      id,
      type,
      path: typeof message.params?.path === 'string' ? message.params.path : undefined,
    };
    // A repeated id is tRPC's to refuse (as a duplicate), not a further subscription.
    const refusal = socketRefusal(type, connection.held.has(id) ? 0 : connection.held.size);
    if (refusal) {
      refuse(connection, call, refusal);
      return false;
    }
    // A subscription (the rules refuse queries and mutations): the session now, not the one the
    // socket opened with.
    let user: Context['user'];
    try {
      user = await deps.auth.resolveUser(connection.req);
    } catch (error) {
      // Answered as tRPC answers it (a 503 with the plain message when the database is out of reach).
      deps.logger.warn({ err: error, path: call.path }, 'ws session lookup failed');
      refuse(connection, call, error);
      return false;
    }
    if (!user && connection.context.user) {
      close(connection, SOCKET_CLOSE.sessionEnded);
      return 'closed';
    }
    connection.context.user = user;
    connection.held.set(id, orgOf(message));
    return true;
  }

  /** Lets a socket's message through to tRPC's handler, less the calls the rules refuse. */
  async function gate(
    connection: Connection,
    data: RawData,
    isBinary: boolean,
    toTrpc: MessageListener[],
  ) {
    await connection.opened.catch(() => undefined);
    if (connection.closing) return;
    const pass = (passed: RawData) => {
      for (const listener of toTrpc) listener.call(connection.ws, passed, isBinary);
    };
    let parsed: unknown;
    try {
      parsed = isBinary ? undefined : JSON.parse(data.toString());
    } catch {
      // PING, PONG, or what tRPC answers with a parse error.
      parsed = undefined;
    }
    if (parsed === undefined) return pass(data);
    const items: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
    const admitted: unknown[] = [];
    for (const item of items) {
      const verdict = await admit(connection, item);
      if (verdict === 'closed') return;
      if (verdict) admitted.push(item);
    }
    if (admitted.length === 0) return;
    pass(Buffer.from(JSON.stringify(Array.isArray(parsed) ? admitted : admitted[0])));
  }

  wss.on('connection', (ws, req) => {
    const context: Context = {
      user: null,
      services: deps.services,
      requestId: randomUUID(),
      isDevelopment: deps.isDevelopment === true,
    };
    const connection: Connection = {
      ws,
      req,
      token: deps.auth.sessionTokenOf(req),
      context,
      opened: deps.auth.resolveUser(req).then((user) => {
        context.user = user;
        return context;
      }),
      held: new Map(),
      queue: Promise.resolve(),
      closing: false,
    };
    // tRPC answers a failed lookup (the database is down) with an error and closes the socket.
    connection.opened.catch(() => undefined);
    connections.set(ws, connection);
    ws.once('close', () => connections.delete(ws));
    serve(ws, req);
    // tRPC's handler reads messages through its 'message' listener: from here on it hears them only
    // through the gate.
    const toTrpc = ws.listeners('message') as MessageListener[];
    ws.removeAllListeners('message');
    ws.on('message', (data, isBinary) => {
      connection.queue = connection.queue
        .then(() => gate(connection, data, isBinary, toTrpc))
        .catch((err: unknown) => deps.logger.error({ err }, 'ws message failed'));
    });
  });

  /** The socket's session looked up again: closed when it has ended, else its user refreshed. */
  async function recheck(connection: Connection) {
    if (connection.closing || !connection.context.user) return;
    try {
      const user = await deps.auth.resolveUser(connection.req);
      if (!user) close(connection, SOCKET_CLOSE.sessionEnded);
      else connection.context.user = user;
    } catch {
      // The database is out of reach: the next check, or the next subscription's start, decides.
    }
  }

  // Looked up again rather than closed at once: a sign-out tells before and after Auth.js deletes the
  // row (server/app.ts), and the socket closes once the session is gone.
  const stopSessions = deps.auth.onSessionEnded((token) => {
    for (const connection of connections.values()) {
      if (token === undefined || connection.token === token) void recheck(connection);
    }
  });
  const stopAccess = deps.services.access.onChange(({ userId, orgId }) => {
    for (const connection of connections.values()) {
      const user = connection.context.user;
      if (!user || (userId !== undefined && user.id !== userId)) continue;
      const orgs = [...connection.held.values()];
      if (orgId !== undefined ? orgs.includes(orgId) : orgs.some((org) => org !== null)) {
        close(connection, SOCKET_CLOSE.accessChanged);
      }
    }
  });
  const rechecks = setInterval(() => {
    for (const connection of connections.values()) void recheck(connection);
  }, deps.sessionRecheckMs ?? SESSION_RECHECK_MS);
  rechecks.unref();

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== WS_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    if (!originAllowed(req, deps.allowedOrigins ?? [])) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  }
  server.on('upgrade', onUpgrade);

  return {
    wss,
    /** Asks clients to reconnect (they will, to the next process) and closes every socket. */
    async close() {
      server.off('upgrade', onUpgrade);
      clearInterval(rechecks);
      stopSessions();
      stopAccess();
      const reconnect = JSON.stringify({ id: null, method: 'reconnect' });
      for (const client of wss.clients) {
        if (client.readyState === client.OPEN) client.send(reconnect);
      }
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function originAllowed(req: IncomingMessage, extra: string[]): boolean {
  const origin = req.headers.origin;
  // Non-browser clients send no Origin; browsers always do, so a cross-site page cannot hide it.
  if (!origin) return true;
  if (extra.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
