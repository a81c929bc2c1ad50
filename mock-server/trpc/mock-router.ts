/**
 * A router with the real AppRouter's shape, procedure types and input validation, whose answers come
 * from a scenario. Queries and mutations are served through tRPC's own fetch adapter; subscriptions
 * through a mocked WebSocket that speaks tRPC's WebSocket protocol with tRPC's own message parsing,
 * error shapes and response transform (docs/decisions/0001-mocked-trpc-through-the-real-router-shape.md).
 */
import { pause } from '~/domain/shared/pause';
import {
  type AnyTRPCProcedure,
  type AnyTRPCRouter,
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  TRPCError,
  transformTRPCResponse,
} from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { parseTRPCMessage } from '@trpc/server/rpc';
import type { WebSocketHandlerConnection } from 'msw';
import { TRPC_PATH } from '~/domain/shared/constants';
import { DOMAIN_ERROR_CODES, DomainError } from '~/domain/shared/errors';
import type { Context } from '~/server/trpc/context';
import { type AppRouter, appRouter } from '~/server/trpc/router';
import { socketRefusal } from '~/server/trpc/socket-rules';
import { createTRPCRouter, publicProcedure } from '~/server/trpc/trpc';
import {
  type MockDelayed,
  type MockError,
  mockKind,
  type MockStream,
  type TrpcScenario,
} from './scenario';

type AnyProcedureBuilder = typeof publicProcedure;
type Resolver = (opts: { input: unknown }) => Promise<unknown>;
type Streamer = (opts: {
  input: unknown;
  signal: AbortSignal | undefined;
}) => AsyncIterable<unknown>;

/** Thrown as a tRPC error with the domain error as its cause, so the formatter adds its `reason`. */
function raise(error: MockError): never {
  if (error.kind) {
    const cause = new DomainError(
      error.kind,
      error.message,
      error.reason ?? undefined,
      error.fieldErrors ?? undefined,
    );
    throw new TRPCError({ code: DOMAIN_ERROR_CODES[error.kind], message: error.message, cause });
  }
  throw new TRPCError({ code: error.code ?? 'INTERNAL_SERVER_ERROR', message: error.message });
}

const never = () => new Promise<never>(() => {});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function settle(value: unknown): Promise<unknown> {
  switch (mockKind(value)) {
    case 'error':
      return raise(value as MockError);
    case 'pending':
      return never();
    case 'delayed': {
      const { ms, reply } = value as MockDelayed<unknown>;
      await sleep(ms);
      return settle(reply);
    }
    default:
      return value;
  }
}

/** A subscription's events from its scenario entry, until the stream ends or the client stops it. */
async function* stream(value: unknown, signal: AbortSignal | undefined): AsyncGenerator<unknown> {
  switch (mockKind(value)) {
    case 'error':
      return raise(value as MockError);
    case 'pending':
      return await pause(Infinity, signal);
    case 'stream': {
      const { events, error, end } = value as MockStream<unknown>;
      for (const event of events) {
        if (event.afterMs) await pause(event.afterMs, signal);
        if (signal?.aborted) return;
        yield event.data;
      }
      if (error) raise(error);
      if (!end) await pause(Infinity, signal);
      return;
    }
    default:
      if (typeof value === 'object' && value !== null && Symbol.asyncIterator in value) {
        return yield* value as AsyncIterable<unknown>;
      }
      throw new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        message:
          'A subscription mock must be mockStream(…), an error, pending or an async iterable',
      });
  }
}

/** Sets `value` at a dotted path, creating the nested records on the way. */
function setAtPath(record: Record<string, unknown>, path: string, value: unknown) {
  const names = path.split('.');
  const leaf = names.pop() as string;
  let node = record;
  for (const name of names) node = (node[name] ??= {}) as Record<string, unknown>;
  node[leaf] = value;
}

export interface MockRouterHandle {
  router: AnyTRPCRouter;
  /** Calls received per procedure path, with their inputs: stories assert on them. */
  calls: Map<string, unknown[]>;
}

/** Builds the mock from a router's procedures (the app's unless a test passes its own). */
export function createMockRouter<TRouter extends AnyTRPCRouter = AppRouter>(
  scenario: TrpcScenario<TRouter>,
  router: TRouter = appRouter as unknown as TRouter,
): MockRouterHandle {
  const calls = new Map<string, unknown[]>();
  const record: Record<string, unknown> = {};
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure>;
  for (const [path, procedure] of Object.entries(procedures)) {
    const def = procedure._def as unknown as {
      type: 'query' | 'mutation' | 'subscription';
      inputs: unknown[];
    };
    let builder = publicProcedure as AnyProcedureBuilder;
    for (const parser of def.inputs)
      builder = builder.input(parser as never) as unknown as AnyProcedureBuilder;
    /** Records the call and answers the scenario's entry, called with the input when it is a function. */
    const reply = async (input: unknown): Promise<unknown> => {
      const seen = calls.get(path) ?? [];
      seen.push(input);
      calls.set(path, seen);
      const entry = (scenario as Record<string, unknown>)[path];
      if (entry === undefined) {
        throw new TRPCError({
          code: 'NOT_IMPLEMENTED',
          message: `No mock for ${path} in this scenario`,
        });
      }
      return typeof entry === 'function' ? await entry(input, { count: seen.length }) : entry;
    };
    const resolve: Resolver = async ({ input }) => settle(await reply(input));
    const subscribe: Streamer = async function* ({ input, signal }) {
      yield* stream(await reply(input), signal);
    };
    const built =
      def.type === 'subscription'
        ? builder.subscription(subscribe)
        : def.type === 'query'
          ? builder.query(resolve)
          : builder.mutation(resolve);
    setAtPath(record, path, built);
  }
  return { router: createTRPCRouter(record as never), calls };
}

const mockContext = (): Context =>
  ({ user: null, services: null as never, requestId: 'mock' }) satisfies Context;

/** Answers a fetch Request to /trpc/* from the scenario. */
export function handleTrpcRequest(handle: MockRouterHandle, request: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: TRPC_PATH,
    req: request,
    router: handle.router,
    createContext: mockContext,
    onError: () => {
      // Errors are the scenario's intent; the client shows them. Nothing to log.
    },
  });
}

type MockSocketClient = WebSocketHandlerConnection['client'];

/**
 * Serves one mocked WebSocket connection the way the server's /ws does: subscriptions start, send
 * superjson-encoded data, stop, or fail with tRPC's error shape; `subscription.stop` and closing the
 * socket end them; queries, mutations and subscriptions past the bound are refused by the server's own
 * rule (socket-rules.ts). tRPC's own connection handler (adapters/ws) needs Node's http module and Buffer,
 * so this loop reuses its public pieces instead and runs in the browser too.
 */
export function handleTrpcSocket(handle: MockRouterHandle, client: MockSocketClient): void {
  const { router } = handle;
  const config = router._def._config;
  const running = new Map<string | number, AbortController>();
  // A client with connectionParams says so in the URL and sends them first; the mock ignores them.
  let awaitingParams = client.url.searchParams.get('connectionParams') === '1';
  const ctx = mockContext();

  function respond(message: object) {
    client.send(JSON.stringify(transformTRPCResponse(config, message as never)));
  }
  function respondError(
    id: string | number | null,
    cause: unknown,
    call: {
      type: 'query' | 'mutation' | 'subscription' | 'unknown';
      path?: string;
      input?: unknown;
    },
  ) {
    const error = getTRPCErrorFromUnknown(cause);
    respond({
      id,
      error: getTRPCErrorShape({
        config,
        error,
        type: call.type,
        path: call.path,
        input: call.input,
        ctx,
      }),
    });
  }

  async function serve(message: ReturnType<typeof parseTRPCMessage>) {
    const { id } = message;
    if (id === null) return;
    if (message.method === 'subscription.stop') {
      running.get(id)?.abort();
      running.delete(id);
      return;
    }
    const { path, input } = message.params;
    const type = message.method;
    const refusal = socketRefusal(type, running.size);
    if (refusal) {
      respondError(id, refusal, { type, path, input });
      return;
    }
    const abort = new AbortController();
    try {
      const result = await callTRPCProcedure({
        router,
        path,
        getRawInput: async () => input,
        ctx,
        type,
        signal: abort.signal,
        batchIndex: 0,
      });
      if (type !== 'subscription') {
        respond({ id, result: { type: 'data', data: result } });
        return;
      }
      running.set(id, abort);
      respond({ id, result: { type: 'started' } });
      const iterator = (result as AsyncIterable<unknown>)[Symbol.asyncIterator]();
      const stopped = new Promise<'stopped'>((resolve) =>
        abort.signal.addEventListener('abort', () => resolve('stopped'), { once: true }),
      );
      for (;;) {
        // A stop ends the stream even while its source waits for the next event.
        const next = await Promise.race([iterator.next(), stopped]);
        if (next === 'stopped') {
          void iterator.return?.();
          return;
        }
        if (next.done) break;
        respond({ id, result: { type: 'data', data: next.value } });
      }
      respond({ id, result: { type: 'stopped' } });
    } catch (cause) {
      if (!abort.signal.aborted) respondError(id, cause, { type, path, input });
    } finally {
      abort.abort();
      if (running.get(id) === abort) running.delete(id);
    }
  }

  client.addEventListener('message', (event) => {
    if (typeof event.data !== 'string') return;
    if (awaitingParams) {
      awaitingParams = false;
      return;
    }
    let messages: ReturnType<typeof parseTRPCMessage>[];
    try {
      const json = JSON.parse(event.data) as unknown;
      messages = (Array.isArray(json) ? json : [json]).map((raw) =>
        parseTRPCMessage(raw, config.transformer),
      );
    } catch (cause) {
      respondError(null, new TRPCError({ code: 'PARSE_ERROR', cause }), { type: 'unknown' });
      return;
    }
    for (const message of messages) void serve(message);
  });
  client.addEventListener('close', () => {
    for (const abort of running.values()) abort.abort();
    running.clear();
  });
}
