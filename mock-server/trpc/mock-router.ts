/**
 * A router with the real AppRouter's shape, procedure types and input validation, whose answers come
 * from a scenario. Served through tRPC's own fetch adapter, so batching, superjson and error envelopes
 * behave exactly as in production.
 */
import { type AnyTRPCProcedure, TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { TRPC_PATH } from '~/domain/shared/constants';
import { DomainError } from '~/domain/shared/errors';
import type { Context } from '~/server/trpc/context';
import { appRouter } from '~/server/trpc/router';
import { createTRPCRouter, publicProcedure } from '~/server/trpc/trpc';
import { type MockDelayed, type MockError, mockKind, type TrpcScenario } from './scenario';

type AnyProcedureBuilder = typeof publicProcedure;
type Resolver = (opts: { input: unknown }) => Promise<unknown>;

function raise(error: MockError): never {
  if (error.kind) throw new DomainError(error.kind, error.message, error.reason ?? undefined);
  throw new TRPCError({ code: error.code ?? 'INTERNAL_SERVER_ERROR', message: error.message });
}

const never = () => new Promise<never>(() => {});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function settle(path: string, value: unknown): Promise<unknown> {
  switch (mockKind(value)) {
    case 'error':
      return raise(value as MockError);
    case 'pending':
      return never();
    case 'delayed': {
      const { ms, reply } = value as MockDelayed<unknown>;
      await sleep(ms);
      return settle(path, reply);
    }
    default:
      return value;
  }
}

export interface MockRouterHandle {
  router: ReturnType<typeof createTRPCRouter>;
  /** Calls received per procedure path, with their inputs: stories assert on them. */
  calls: Map<string, unknown[]>;
}

export function createMockRouter(scenario: TrpcScenario): MockRouterHandle {
  const calls = new Map<string, unknown[]>();
  const record: Record<string, unknown> = {};
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
  for (const [path, procedure] of Object.entries(procedures)) {
    const def = procedure._def as unknown as {
      type: 'query' | 'mutation' | 'subscription';
      inputs: unknown[];
    };
    let builder = publicProcedure as AnyProcedureBuilder;
    for (const parser of def.inputs)
      builder = builder.input(parser as never) as unknown as AnyProcedureBuilder;
    const resolve: Resolver = async ({ input }) => {
      const seen = calls.get(path) ?? [];
      seen.push(input);
      calls.set(path, seen);
      const reply = (scenario as Record<string, unknown>)[path];
      if (reply === undefined) {
        throw new TRPCError({
          code: 'NOT_IMPLEMENTED',
          message: `No mock for ${path} in this scenario`,
        });
      }
      const value =
        typeof reply === 'function' ? await reply(input, { count: seen.length }) : reply;
      return settle(path, value);
    };
    if (def.type === 'subscription') continue;
    const built = def.type === 'query' ? builder.query(resolve) : builder.mutation(resolve);
    const [group, name] = path.split('.') as [string, string];
    const groupRecord = (record[group] ??= {}) as Record<string, unknown>;
    groupRecord[name] = built;
  }
  return { router: createTRPCRouter(record as never), calls };
}

/** Answers a fetch Request to /trpc/* from the scenario. */
export function handleTrpcRequest(handle: MockRouterHandle, request: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: TRPC_PATH,
    req: request,
    router: handle.router,
    createContext: (): Context =>
      ({ user: null, services: null as never, requestId: 'mock' }) satisfies Context,
    onError: () => {
      // Errors are the scenario's intent; the client shows them. Nothing to log.
    },
  });
}
