import { setupServer } from 'msw/node';
import { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isTRPCClientError } from '@trpc/client';
import { createTrpcClient } from '~/app/lib/trpc';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { envs, orgs, promptList, prompts } from '~/mock-server/fixtures';
import { mockApi } from '~/mock-server/handlers';
import { domainError, trpcError } from './scenario';

const api = mockApi({
  trpc: {
    'orgs.getContext': (input) =>
      input.envSlug === 'prod'
        ? { org: orgs.acme, env: envs.prod }
        : domainError('NOT_FOUND', ORG_MESSAGES.envNotFound(input.envSlug), 'env-not-found'),
    'envs.list': [envs.prod, envs.staging],
    'prompts.list': promptList,
    'b2cAPIClients.verify': trpcError('INTERNAL_SERVER_ERROR', 'boom'),
  },
});
const server = setupServer(api.handlers.trpc, ...api.handlers.auth);
const client = createTrpcClient({
  origin: 'http://beacon.test',
  wsLazy: true,
  WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
});

/** Every HTTP request the client sends, as MSW sees it on the wire. */
const requests: URL[] = [];
server.events.on('request:start', ({ request }) => {
  requests.push(new URL(request.url));
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  requests.length = 0;
});
afterEach(() => api.reset());
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
