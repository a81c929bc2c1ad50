import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  isTRPCClientError,
  type TRPCClient,
  TRPCClientError,
  wsLink,
} from '@trpc/client';
import { type AppRouter, createTrpcClient, wsClientOptions } from '~/app/lib/trpc';
import type { HealthCheck } from '~/domain/system/entities';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { envs, orgs, promptList, prompts } from '~/mock-server/fixtures';
import { mockApi } from '~/mock-server/handlers';
import { SOCKET_MESSAGES } from '~/server/trpc/socket-rules';
import { transformer } from '~/server/trpc/transformer';
import { createTRPCRouter, publicProcedure } from '~/server/trpc/trpc';
import { createMockRouter, handleTrpcRequest } from './mock-router';
import { domainError, mockStream, trpcError } from './scenario';

const checkedAt = new Date('2026-11-22T09:30:00Z');
const healthy: HealthCheck[] = [
  { name: 'server', ok: true, latencyMs: 0, lastError: null, checkedAt },
  { name: 'database', ok: true, latencyMs: 3, lastError: null, checkedAt },
];
const failing: HealthCheck[] = [
  healthy[0]!,
  { name: 'database', ok: false, latencyMs: null, lastError: 'connection refused', checkedAt },
];

const api = mockApi({
  trpc: {
    'orgs.getContext': (input) =>
      input.envSlug === 'prod'
        ? { org: orgs.acme, env: envs.prod }
        : domainError('NOT_FOUND', ORG_MESSAGES.envNotFound(input.envSlug), 'env-not-found'),
    'envs.list': [envs.prod, envs.staging],
    'prompts.list': promptList,
    'b2cAPIClients.verify': trpcError('INTERNAL_SERVER_ERROR', 'boom'),
    'agents.saveConfig': domainError(
      'INVALID',
      'Check the highlighted fields.',
      'agent-config-invalid',
      { catalogIds: 'This catalog is not on the instance: acme-outlet' },
    ),
    'system.statusUpdates': mockStream([{ data: healthy }, { data: failing, afterMs: 5 }], {
      error: domainError('UNAVAILABLE', 'Status checks are paused'),
    }),
  },
});
const server = setupServer(api.handlers.trpc, api.handlers.ws, ...api.handlers.auth);
/**
 * The app's own client and links. Created once MSW listens: the WebSocket link takes the global
 * WebSocket when it is built, and MSW intercepts sockets by replacing that global.
 */
let client: TRPCClient<AppRouter>;

/** Every HTTP request the client sends, as MSW sees it on the wire. */
const requests: URL[] = [];
server.events.on('request:start', ({ request }) => {
  requests.push(new URL(request.url));
});

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  client = createTrpcClient({ origin: 'http://beacon.test', wsLazy: true });
});
beforeEach(() => {
  requests.length = 0;
});
afterEach(() => {
  api.reset();
  // Handlers a test added with server.use (a socket of its own) end with it.
  server.resetHandlers();
});
afterAll(() => server.close());

describe('mocked tRPC through the real client and links', () => {
  it('answers a batched request with superjson data, procedure by procedure', async () => {
    const [context, list] = await Promise.all([
      client.orgs.getContext.query({ orgSlug: 'acme', envSlug: 'prod' }),
      client.envs.list.query({ orgId: orgs.acme.id }),
    ]);
    expect(context.org.name).toBe('Acme Outfitters');
    expect(list.map((e) => e.slug)).toEqual(['prod', 'staging']);
    expect(api.calls('envs.list')).toEqual([{ orgId: 'org_acme' }]);
  });

  it('sends two parallel queries as one batched request, as the real link does', async () => {
    await Promise.all([
      client.orgs.getContext.query({ orgSlug: 'acme', envSlug: 'prod' }),
      client.envs.list.query({ orgId: orgs.acme.id }),
    ]);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.pathname).toBe('/trpc/orgs.getContext,envs.list');
    expect(request?.searchParams.get('batch')).toBe('1');
    // The inputs travel superjson-encoded, keyed by their position in the batch.
    expect(JSON.parse(request?.searchParams.get('input') ?? 'null')).toEqual({
      0: { json: { orgSlug: 'acme', envSlug: 'prod' } },
      1: { json: { orgId: 'org_acme' } },
    });
  });

  it('round-trips a Date in a fixture as a Date (superjson), not as a string', async () => {
    const list = await client.prompts.list.query({ orgId: orgs.acme.id });
    expect(requests).toHaveLength(1);
    const first = list.find((p) => p.id === prompts.trailShoes.id);
    expect(first?.createdAt).toBeInstanceOf(Date);
    expect(first?.createdAt.toISOString()).toBe('2026-01-12T09:30:00.000Z');
    expect(list.every((p) => p.updatedAt instanceof Date)).toBe(true);
  });

  it('answers domain errors with the server error envelope: code, message and reason', async () => {
    const error = await client.orgs.getContext
      .query({ orgSlug: 'acme', envSlug: 'nope' })
      .catch((e: unknown) => e);
    expect(isTRPCClientError(error)).toBe(true);
    if (!isTRPCClientError(error)) return;
    expect(error.message).toBe('Cannot find Env "nope"');
    expect(error.data?.code).toBe('NOT_FOUND');
    expect(error.data?.httpStatus).toBe(404);
    expect((error.data as { reason?: string }).reason).toBe('env-not-found');
  });

  it('sends the field errors of a domain error the way input validation errors are sent', async () => {
    const error = await client.agents.saveConfig
      .mutate({
        orgId: 'org_acme',
        envId: 'env_prod',
        type: 'seo',
        catalogIds: ['acme-outlet'],
        fields: ['page_title'],
        languages: ['de-DE'],
      })
      .catch((e: unknown) => e);
    expect(isTRPCClientError(error) && error.data?.code).toBe('BAD_REQUEST');
    if (!isTRPCClientError(error)) return;
    expect((error.data as { reason?: string }).reason).toBe('agent-config-invalid');
    expect(
      (error.data as { zodError?: { fieldErrors: Record<string, string[]> } }).zodError,
    ).toEqual({
      formErrors: [],
      fieldErrors: { catalogIds: ['This catalog is not on the instance: acme-outlet'] },
    });
  });

  it('validates inputs with the real schemas: bad input is BAD_REQUEST with field errors', async () => {
    const error = await client.b2cAPIClients.verify
      .mutate({ orgId: 'org_acme', b2cInstanceId: 'inst_1', capability: 'ftp' as never })
      .catch((e: unknown) => e);
    expect(isTRPCClientError(error) && error.data?.code).toBe('BAD_REQUEST');
    const zodError = isTRPCClientError(error)
      ? (error.data as { zodError?: { fieldErrors: Record<string, string[]> } }).zodError
      : null;
    expect(Object.keys(zodError?.fieldErrors ?? {})).toEqual(['capability']);
  });

  it('says which procedure has no mock instead of inventing data', async () => {
    const error = await client.orgs.allOrgsForUser.query().catch((e: unknown) => e);
    expect(isTRPCClientError(error) && error.message).toBe(
      'No mock for orgs.allOrgsForUser in this scenario',
    );
  });

  it('answers raw tRPC errors for exceptions', async () => {
    const error = await client.b2cAPIClients.verify
      .mutate({ orgId: 'org_acme', b2cInstanceId: 'inst_1', capability: 'webdav' })
      .catch((e: unknown) => e);
    expect(isTRPCClientError(error) && error.data?.code).toBe('INTERNAL_SERVER_ERROR');
  });
});

/** Subscribes through the client and collects what arrives until the stream stops or fails. */
function collect<T>(
  subscribe: (handlers: {
    onData: (data: T) => void;
    onError: (error: unknown) => void;
    onStopped: () => void;
  }) => { unsubscribe: () => void },
): Promise<{ events: T[]; error: unknown }> {
  return new Promise((resolve) => {
    const events: T[] = [];
    subscribe({
      onData: (data) => events.push(data),
      onError: (error) => resolve({ events, error }),
      onStopped: () => resolve({ events, error: null }),
    });
  });
}

describe('mocked subscriptions over a mocked WebSocket', () => {
  it("streams the scenario's events through the real wsLink, superjson included", async () => {
    const { events } = await collect<HealthCheck[]>((handlers) =>
      client.system.statusUpdates.subscribe(undefined, handlers),
    );
    expect(events.map((report) => report.filter((check) => !check.ok).length)).toEqual([0, 1]);
    expect(events[1]?.[1]?.lastError).toBe('connection refused');
    expect(events[0]?.[0]?.checkedAt).toBeInstanceOf(Date);
    expect(api.calls('system.statusUpdates')).toEqual([undefined]);
  });

  it('delivers a domain error in a stream as a TRPCClientError with its mapped code', async () => {
    const { events, error } = await collect<HealthCheck[]>((handlers) =>
      client.system.statusUpdates.subscribe(undefined, handlers),
    );
    expect(events).toHaveLength(2);
    expect(error).toBeInstanceOf(TRPCClientError);
    if (!isTRPCClientError(error)) return;
    expect(error.message).toBe('Status checks are paused');
    expect(error.data?.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('refuses a query sent over the socket, as the server does (queries go over HTTP)', async () => {
    const overSocket = createTRPCClient<AppRouter>({
      links: [
        wsLink({
          client: createWSClient(wsClientOptions({ origin: 'http://beacon.test', wsLazy: true })),
          transformer,
        }),
      ],
    });
    const refused = await overSocket.envs.list
      .query({ orgId: orgs.acme.id })
      .catch((error: unknown) => error);
    expect(isTRPCClientError(refused) && refused.data?.code).toBe('METHOD_NOT_SUPPORTED');
    expect((refused as Error).message).toBe(SOCKET_MESSAGES.httpOnly);
    expect(api.calls('envs.list')).toEqual([]);
  });

  it('ends the mocked stream when the client unsubscribes (subscription.stop)', async () => {
    let stop: () => void = () => {};
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const live = mockApi({
      trpc: {
        'system.statusUpdates': async function* () {
          try {
            for (;;) {
              yield healthy;
              await new Promise((resolve) => setTimeout(resolve, 5));
            }
          } finally {
            stop();
          }
        },
      },
    });
    // A client of its own opens a new socket, which the handler added here answers.
    server.use(live.handlers.ws);
    const own = createTrpcClient({ origin: 'http://beacon.test', wsLazy: true });
    const subscription = own.system.statusUpdates.subscribe(undefined, {
      onData: () => subscription.unsubscribe(),
    });
    await stopped;
    expect(live.calls('system.statusUpdates')).toEqual([undefined]);
  });
});

/** A router with a nested router and a subscription, as areas with sub-resources will have. */
interface Run {
  id: string;
  step: number;
}
const nestedRouter = createTRPCRouter({
  agents: {
    runs: {
      list: publicProcedure.input(z.object({ agentId: z.string() })).query((): Run[] => []),
      progress: publicProcedure
        .input(z.object({ runId: z.string() }))
        .subscription(async function* (): AsyncGenerator<Run> {}),
    },
  },
});

describe('nested procedure paths', () => {
  const handle = createMockRouter(
    {
      'agents.runs.list': (input) => [{ id: `run-of-${input.agentId}`, step: 3 }],
      'agents.runs.progress': mockStream([{ data: { id: 'r1', step: 1 } }]),
    },
    nestedRouter,
  );
  const nested = createTRPCClient<typeof nestedRouter>({
    links: [httpBatchLink({ url: 'http://nested.test/trpc', transformer })],
  });

  it('answers a three-level path through the same batched HTTP handling', async () => {
    server.use(
      http.all('http://nested.test/trpc/*', ({ request }) => handleTrpcRequest(handle, request)),
    );
    const runs = await nested.agents.runs.list.query({ agentId: 'a1' });
    expect(runs).toEqual([{ id: 'run-of-a1', step: 3 }]);
    expect(handle.calls.get('agents.runs.list')).toEqual([{ agentId: 'a1' }]);
  });

  it('keeps the real input validation on nested procedures', async () => {
    server.use(
      http.all('http://nested.test/trpc/*', ({ request }) => handleTrpcRequest(handle, request)),
    );
    const error = await nested.agents.runs.list
      .query({ agentId: 7 } as never)
      .catch((e: unknown) => e);
    expect(isTRPCClientError(error) && error.data?.code).toBe('BAD_REQUEST');
  });
});
