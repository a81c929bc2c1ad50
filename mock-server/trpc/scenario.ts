/**
 * Typed per-procedure scenarios for mocked tRPC. A scenario says what each procedure answers; the
 * types come from the real AppRouter, so a server change that breaks a mock fails type-checking.
 * Paths are dotted at any depth (`agents.runs.list`); subscriptions answer with streams of events.
 */
import type {
  AnyTRPCProcedure,
  AnyTRPCRouter,
  AnyTRPCSubscriptionProcedure,
  inferProcedureInput,
  inferProcedureOutput,
  inferSubscriptionOutput,
  TRPC_ERROR_CODE_KEY,
  TRPCRouterRecord,
} from '@trpc/server';
import type { DomainErrorKind, ErrorReason } from '~/domain/shared/errors';
import type { AppRouter } from '~/server/trpc/router';

/** Every [dotted path, procedure] pair of a router record, nested routers included (up to 8 deep). */
type Entries<TRecord, TPrefix extends string = '', TDepth extends unknown[] = []> = TDepth extends {
  length: 8;
}
  ? never
  : {
      [K in keyof TRecord & string]: TRecord[K] extends AnyTRPCProcedure
        ? [`${TPrefix}${K}`, TRecord[K]]
        : TRecord[K] extends TRPCRouterRecord
          ? Entries<TRecord[K], `${TPrefix}${K}.`, [...TDepth, unknown]>
          : never;
    }[keyof TRecord & string];

/** The router's procedures by dotted path, e.g. `{ 'orgs.getContext': …, 'agents.runs.list': … }`. */
export type ProceduresOf<TRouter extends AnyTRPCRouter> = {
  [E in Entries<TRouter['_def']['record']> as E[0]]: E[1];
};

type Procedures = ProceduresOf<AppRouter>;

/** Every procedure path, e.g. 'orgs.getContext'. */
export type ProcedurePath = keyof Procedures & string;
export type OutputOf<P extends ProcedurePath> = inferProcedureOutput<Procedures[P]>;
export type InputOf<P extends ProcedurePath> = inferProcedureInput<Procedures[P]>;
/** What a subscription yields, one event at a time. */
export type EventOf<P extends ProcedurePath> = Procedures[P] extends AnyTRPCSubscriptionProcedure
  ? inferSubscriptionOutput<Procedures[P]>
  : never;

const MOCK = Symbol('beacon.mock');

/** An error the procedure answers with: a domain error kind (mapped like the server does) or a raw tRPC code. */
export interface MockError {
  [MOCK]: 'error';
  kind: DomainErrorKind | null;
  code: TRPC_ERROR_CODE_KEY | null;
  message: string;
  reason: ErrorReason | null;
  /** Messages by input field, as a service refuses what only it can check (DomainError.fieldErrors). */
  fieldErrors: Readonly<Record<string, string>> | null;
}
/** A request that never resolves: for loading states. A subscription starts and stays quiet. */
export interface MockPending {
  [MOCK]: 'pending';
}
/** Answer after a delay (ms): for progress states. */
export interface MockDelayed<T> {
  [MOCK]: 'delayed';
  ms: number;
  reply: T;
}
/** One event of a mocked subscription, sent `afterMs` after the one before (or after the start). */
export interface MockEvent<T> {
  data: T;
  afterMs?: number;
}
/** A subscription's events in order; then an error, the end of the stream, or (by default) silence. */
export interface MockStream<T> {
  [MOCK]: 'stream';
  events: MockEvent<T>[];
  error: MockError | null;
  end: boolean;
}

type ReplyFn<I, O> = (input: I, call: { count: number }) => O;

/** A query's or mutation's answer. */
export type MockCallReply<O, I> =
  | O
  | MockError
  | MockPending
  | MockDelayed<O | MockError>
  | ReplyFn<I, O | MockError | Promise<O | MockError>>;

/** A subscription's answer: a stream of events, an error, silence, or events computed from the input. */
export type MockSubscriptionReply<E, I> =
  | MockStream<E>
  | MockError
  | MockPending
  | ReplyFn<I, MockStream<E> | MockError | AsyncIterable<E>>;

type ReplyFor<TProcedure> = TProcedure extends AnyTRPCSubscriptionProcedure
  ? MockSubscriptionReply<inferSubscriptionOutput<TProcedure>, inferProcedureInput<TProcedure>>
  : TProcedure extends AnyTRPCProcedure
    ? MockCallReply<inferProcedureOutput<TProcedure>, inferProcedureInput<TProcedure>>
    : never;

export type MockReply<P extends ProcedurePath> = ReplyFor<Procedures[P]>;

/** What each procedure answers in one story or test; the router defaults to the app's. */
export type TrpcScenario<TRouter extends AnyTRPCRouter = AppRouter> = {
  [P in keyof ProceduresOf<TRouter>]?: ReplyFor<ProceduresOf<TRouter>[P]>;
};

export function domainError(
  kind: DomainErrorKind,
  message: string,
  reason?: ErrorReason,
  fieldErrors?: Readonly<Record<string, string>>,
): MockError {
  return {
    [MOCK]: 'error',
    kind,
    code: null,
    message,
    reason: reason ?? null,
    fieldErrors: fieldErrors ?? null,
  };
}
export function trpcError(code: TRPC_ERROR_CODE_KEY, message: string): MockError {
  return { [MOCK]: 'error', kind: null, code, message, reason: null, fieldErrors: null };
}
export const pending: MockPending = { [MOCK]: 'pending' };
export function delayed<T>(ms: number, reply: T): MockDelayed<T> {
  return { [MOCK]: 'delayed', ms, reply };
}
/**
 * A subscription that sends these events; then fails with `error`, or ends when `end` is set, or else
 * stays open and quiet like a live feed.
 */
export function mockStream<T>(
  events: MockEvent<T>[],
  options: { error?: MockError; end?: boolean } = {},
): MockStream<T> {
  return { [MOCK]: 'stream', events, error: options.error ?? null, end: options.end ?? false };
}

export function mockKind(value: unknown): 'error' | 'pending' | 'delayed' | 'stream' | null {
  if (typeof value === 'object' && value !== null && MOCK in value) {
    return (value as { [MOCK]: 'error' | 'pending' | 'delayed' | 'stream' })[MOCK];
  }
  return null;
}

/** Later scenarios override earlier ones, procedure by procedure. */
export function mergeScenarios<TRouter extends AnyTRPCRouter = AppRouter>(
  ...scenarios: TrpcScenario<TRouter>[]
): TrpcScenario<TRouter> {
  return Object.assign({}, ...scenarios) as TrpcScenario<TRouter>;
}
