/**
 * tRPC subscriptions over WebSocket at /ws, on the same HTTP server as everything else. The session
 * cookie is read from the upgrade request; an upgrade from another origin is refused.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { WebSocketServer } from 'ws';
import type { SessionUser } from '~/domain/shared/session';
import type { Logger } from '~/server/log';
import type { Services } from '~/server/services';
import type { Context } from '~/server/trpc/context';
import { appRouter } from '~/server/trpc/router';

export const WS_PATH = '/ws';
const MAX_MESSAGE_BYTES = 64 * 1024;

export interface WebSocketDeps {
  services: Services;
  resolveUser(req: IncomingMessage): Promise<SessionUser | null>;
  logger: Logger;
  /** Extra origins allowed to open a socket (e.g. the Vite dev server); same-host is always allowed. */
  allowedOrigins?: string[];
  /** config.isDevelopment: error messages and stacks of unexpected errors reach the client. */
  isDevelopment?: boolean;
}

export function attachWebSockets(server: Server, deps: WebSocketDeps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const handler = applyWSSHandler({
    wss,
    router: appRouter,
    async createContext({ req }): Promise<Context> {
      return {
        user: await deps.resolveUser(req),
        services: deps.services,
        requestId: randomUUID(),
        isDevelopment: deps.isDevelopment === true,
      };
    },
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR')
        deps.logger.error({ err: error, path }, 'ws error');
    },
  });

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
      handler.broadcastReconnectNotification();
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
