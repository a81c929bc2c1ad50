import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createTRPCClient, createWSClient, isTRPCClientError, wsLink } from '@trpc/client';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import superjson from 'superjson';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, type WebSocket as ServerSocket, WebSocketServer } from 'ws';
import { TRPC_PATH, WS_KEEP_ALIVE, WS_PATH, wsReconnectDelayMs } from '~/domain/shared/constants';
import { ABORT_ERROR_NAME } from '~/domain/shared/errors';
import { APP_MESSAGES } from '~/domain/shared/messages';
import { type AppRouter, createTrpcClient, wsClientOptions } from './trpc';

const NodeWebSocket = WebSocket as unknown as typeof globalThis.WebSocket;

const msw = setupServer(
  http.get('http://garbled.test/trpc/*', () => HttpResponse.json([{ nonsense: true }])),
);
beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => msw.close());

// ——— A tiny local server: /trpc over HTTP, /ws over WebSocket ———

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Local {
  origin: string;
  server: Server;
  requests: URL[];
}

/** Answers every /trpc request with one superjson `null` result per procedure in the batch. */
async function localServer(
  options: {
    delayMs?: number;
    onUpgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  } = {},
): Promise<Local> {
  const requests: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    requests.push(url);
    const paths = url.pathname.slice(TRPC_PATH.length + 1).split(',');
    const body = JSON.stringify(paths.map(() => ({ result: { data: superjson.serialize(null) } })));
    const timer = setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    }, options.delayMs ?? 0);
    res.on('close', () => clearTimeout(timer));
  });
  // Upgraded sockets are not the HTTP server's to close: track them so a test ends cleanly.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (_req, socket: Duplex) => upgraded.add(socket));
  if (options.onUpgrade) server.on('upgrade', options.onUpgrade);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(() => {
    for (const socket of upgraded) socket.destroy();
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, server, requests };
}

/** A WebSocket endpoint at /ws on the local server; `onConnection` scripts what it does. */
function wsEndpoint(local: Local, onConnection: (socket: ServerSocket) => void) {
  const wss = new WebSocketServer({ noServer: true });
  const messages: unknown[] = [];
  const connections: ServerSocket[] = [];
  local.server.on('upgrade', (req, socket, head) => {
    if (req.url !== WS_PATH) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      connections.push(ws);
      ws.on('message', (data) => {
        const text = String(data);
        messages.push(text === 'PING' ? text : JSON.parse(text));
        if (text === 'PING') ws.send('PONG');
      });
      onConnection(ws);
    });
  });
  cleanups.push(() => {
    for (const ws of connections) ws.terminate();
    return new Promise((resolve) => wss.close(resolve));
  });
  return { messages, connections };
}

/** The app's client with its own ws client, closed after the test (no reconnect loop left behind). */
function appClient(origin: string, more: { wsLazy?: boolean; wsKeepAlive?: boolean } = {}) {
  const options = { origin, WebSocket: NodeWebSocket, ...more };
  const wsClient = createWSClient(wsClientOptions(options));
  cleanups.push(() => wsClient.close());
  return { client: createTrpcClient(options, wsClient), wsClient };
}

/** Subscribes to system.statusUpdates and collects the connection errors the client reports. */
function watchConnection(client: ReturnType<typeof appClient>['client']) {
  const errors: string[] = [];
  const data: unknown[] = [];
  const subscription = client.system.statusUpdates.subscribe(undefined, {
    onData: (value) => data.push(value),
    onConnectionStateChange: (state) => {
      if (state.error) errors.push(state.error.message);
    },
  });
  cleanups.push(() => subscription.unsubscribe());
  return { errors, data };
}

const until = async (check: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

// ——— Tests ———

describe('tRPC client: HTTP batching', () => {
  it('sends queries of one tick as one request: batch=1, procedure names joined by commas', async () => {
    const local = await localServer();
    const { client } = appClient(local.origin, { wsLazy: true });
    await Promise.all([
      client.orgs.allOrgsForUser.query(),
      client.system.status.query(),
      client.orgs.getContext.query({ orgSlug: 'acme', envSlug: 'prod' }),
    ]);
    expect(local.requests).toHaveLength(1);
    const [request] = local.requests;
    expect(request?.pathname).toBe(
      `${TRPC_PATH}/orgs.allOrgsForUser,system.status,orgs.getContext`,
    );
    expect(request?.searchParams.get('batch')).toBe('1');
    expect(JSON.parse(request?.searchParams.get('input') ?? '')).toMatchObject({
      2: { json: { orgSlug: 'acme', envSlug: 'prod' } },
    });
  });

  it('never splits a batch, however long the URL or many the items', async () => {
    const local = await localServer();
    const { client } = appClient(local.origin, { wsLazy: true });
    const count = 80;
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        client.orgs.getContext.query({ orgSlug: `org-${i}-${'x'.repeat(50)}`, envSlug: 'prod' }),
      ),
    );
    expect(local.requests).toHaveLength(1);
    const [request] = local.requests;
    expect(request?.pathname.split(',')).toHaveLength(count);
    expect(request?.href.length).toBeGreaterThan(5000);
  });

  it("surfaces an unreadable response as 'Unable to transform response from server'", async () => {
    const { client } = appClient('http://garbled.test', { wsLazy: true });
    await expect(client.orgs.allOrgsForUser.query()).rejects.toThrow(
      APP_MESSAGES.unableToTransform,
    );
  });

  it(`rejects an aborted query with an error named '${ABORT_ERROR_NAME}'`, async () => {
    const local = await localServer({ delayMs: 5000 });
    const { client } = appClient(local.origin, { wsLazy: true });
    const controller = new AbortController();
    const query = client.orgs.allOrgsForUser.query(undefined, { signal: controller.signal });
    await until(() => local.requests.length === 1);
    controller.abort();
    const error: unknown = await query.catch((e: unknown) => e);
    expect(isTRPCClientError(error)).toBe(true);
    const cause = (error as { cause?: Error }).cause;
    expect(cause?.name).toBe(ABORT_ERROR_NAME);
  });
});

describe('tRPC client: subscriptions over the WebSocket', () => {
  it('sends subscriptions to /ws through splitLink, not over HTTP', async () => {
    const local = await localServer();
    const ws = wsEndpoint(local, (socket) => {
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as { id: number; method: string };
        if (message.method !== 'subscription') return;
        socket.send(JSON.stringify({ id: message.id, result: { type: 'started' } }));
        socket.send(
          JSON.stringify({
            id: message.id,
            result: { type: 'data', data: superjson.serialize([{ part: 'server' }]) },
          }),
        );
      });
    });
    const { client } = appClient(local.origin);
    const watched = watchConnection(client);
    await until(() => watched.data.length === 1);
    expect(watched.data).toEqual([[{ part: 'server' }]]);
    expect(ws.messages).toContainEqual(
      expect.objectContaining({
        method: 'subscription',
        params: expect.objectContaining({ path: 'system.statusUpdates' }),
      }),
    );
    expect(local.requests).toEqual([]);
  });

  it('connects at once (lazy mode off), before any subscription', async () => {
    const local = await localServer();
    const ws = wsEndpoint(local, () => {});
    appClient(local.origin);
    await until(() => ws.connections.length === 1);
    expect(ws.messages).toEqual([]);
  });

  it('reconnects at once, then after 1000 ms × 2^attempt, at most 30 s', () => {
    expect(wsClientOptions({ origin: 'http://x' }).retryDelayMs).toBe(wsReconnectDelayMs);
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(wsReconnectDelayMs)).toEqual([
      0, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('keeps keep-alive off by default (5000 ms ping, 1000 ms pong when on) and lazy off', () => {
    const defaults = wsClientOptions({ origin: 'https://app.beacon.example' });
    expect(defaults.url).toBe(`wss://app.beacon.example${WS_PATH}`);
    expect(defaults.keepAlive).toEqual({ enabled: false, intervalMs: 5000, pongTimeoutMs: 1000 });
    expect(defaults.lazy.enabled).toBe(false);
    expect(wsClientOptions({ origin: 'http://x', wsKeepAlive: true }).keepAlive).toEqual({
      enabled: true,
      intervalMs: 5000,
      pongTimeoutMs: 1000,
    });
  });

  it('pings every 5000 ms when keep-alive is on, and not at all when off', async () => {
    const on = await localServer();
    const pinged = wsEndpoint(on, () => {});
    const off = await localServer();
    const quiet = wsEndpoint(off, () => {});
    appClient(on.origin, { wsKeepAlive: true });
    appClient(off.origin);
    await until(() => pinged.connections.length === 1 && quiet.connections.length === 1);
    const opened = Date.now();
    await until(() => pinged.messages.includes('PING'), WS_KEEP_ALIVE.intervalMs + 2000);
    expect(Date.now() - opened).toBeGreaterThanOrEqual(WS_KEEP_ALIVE.intervalMs - 100);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(quiet.messages).toEqual([]);
  }, 20_000);
});

describe('tRPC client: WebSocket error texts', () => {
  it(`a socket refused before it opens: '${APP_MESSAGES.wsInitError}'`, async () => {
    const local = await localServer({
      onUpgrade: (_req, socket) => {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n');
      },
    });
    const { client } = appClient(local.origin);
    const watched = watchConnection(client);
    await until(() => watched.errors.includes(APP_MESSAGES.wsInitError));
    // The failed socket's own close comes first; both texts are the catalogue's.
    expect(new Set(watched.errors)).toEqual(
      new Set([APP_MESSAGES.wsClosed, APP_MESSAGES.wsInitError]),
    );
  });

  it(`a socket the server closes after connecting: '${APP_MESSAGES.wsClosed}'`, async () => {
    const local = await localServer();
    let first = true;
    wsEndpoint(local, (socket) => {
      if (!first) return;
      first = false;
      setTimeout(() => socket.close(1011), 50);
    });
    const { client } = appClient(local.origin);
    const watched = watchConnection(client);
    await until(() => watched.errors.length > 0);
    expect(watched.errors[0]).toBe(APP_MESSAGES.wsClosed);
  });

  it(`the server asks the client to reconnect: '${APP_MESSAGES.wsReconnectRequested}'`, async () => {
    const local = await localServer();
    const ws = wsEndpoint(local, (socket) => {
      if (ws.connections.length === 1) {
        setTimeout(() => socket.send(JSON.stringify({ id: null, method: 'reconnect' })), 50);
      }
    });
    const { client } = appClient(local.origin);
    const watched = watchConnection(client);
    await until(() => watched.errors.length > 0);
    expect(watched.errors[0]).toBe(APP_MESSAGES.wsReconnectRequested);
    // And it does reconnect.
    await until(() => ws.connections.length >= 2);
  });

  it(`a request still connecting when the client closes: '${APP_MESSAGES.wsClosedBeforeConnect}'`, async () => {
    // The server never answers the upgrade: the socket stays connecting.
    const local = await localServer({ onUpgrade: () => {} });
    // The app sends only subscriptions over the socket (they complete on close); a query over the
    // app's WebSocket client shows what a request in flight sees.
    const wsClient = createWSClient(
      wsClientOptions({ origin: local.origin, WebSocket: NodeWebSocket, wsLazy: true }),
    );
    const client = createTRPCClient<AppRouter>({
      links: [wsLink({ client: wsClient, transformer: superjson })],
    });
    const query = client.system.status.query().catch((e: unknown) => e);
    await until(() => wsClient.connectionState.get().state === 'connecting');
    await new Promise((resolve) => setTimeout(resolve, 50));
    void wsClient.close();
    const error = await query;
    expect(isTRPCClientError(error) && error.message).toBe(APP_MESSAGES.wsClosedBeforeConnect);
  });
});
