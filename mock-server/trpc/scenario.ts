/**
 * Typed per-procedure scenarios for mocked tRPC. A scenario says what each procedure answers; the
 * types come from the real AppRouter, so a server change that breaks a mock fails type-checking.
 */
import type { inferRouterInputs, inferRouterOutputs, TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { DomainErrorKind, ErrorReason } from '~/domain/shared/errors';
import type { AppRouter } from '~/server/trpc/router';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

/** Every procedure path, e.g. 'orgs.getContext'. */
export type ProcedurePath = {
  [R in keyof Outputs & string]: `${R}.${keyof Outputs[R] & string}`;
}[keyof Outputs & string];

type Split<P extends ProcedurePath> = P extends `${infer R}.${infer N}` ? [R, N] : never;
export type OutputOf<P extends ProcedurePath> = Outputs[Split<P>[0] & keyof Outputs][Split<P>[1] &
  keyof Outputs[Split<P>[0] & keyof Outputs]];
export type InputOf<P extends ProcedurePath> = Inputs[Split<P>[0] & keyof Inputs][Split<P>[1] &
  keyof Inputs[Split<P>[0] & keyof Inputs]];

const MOCK = Symbol('beacon.mock');

/** An error the procedure answers with: a domain error kind (mapped like the server does) or a raw tRPC code. */
export interface MockError {
  [MOCK]: 'error';
  kind: DomainErrorKind | null;
  code: TRPC_ERROR_CODE_KEY | null;
  message: string;
  reason: ErrorReason | null;
}
/** A request that never resolves: for loading states. */
export interface MockPending {
  [MOCK]: 'pending';
}
/** Answer after a delay (ms): for progress states. */
export interface MockDelayed<T> {
  [MOCK]: 'delayed';
  ms: number;
  reply: T;
}

export type MockReply<P extends ProcedurePath> =
  | OutputOf<P>
  | MockError
  | MockPending
  | MockDelayed<OutputOf<P> | MockError>
  | ((
      input: InputOf<P>,
      call: { count: number },
    ) => OutputOf<P> | MockError | Promise<OutputOf<P> | MockError>);

export type TrpcScenario = { [P in ProcedurePath]?: MockReply<P> };

export function domainError(
  kind: DomainErrorKind,
  message: string,
  reason?: ErrorReason,
): MockError {
  return { [MOCK]: 'error', kind, code: null, message, reason: reason ?? null };
}
export function trpcError(code: TRPC_ERROR_CODE_KEY, message: string): MockError {
  return { [MOCK]: 'error', kind: null, code, message, reason: null };
}
export const pending: MockPending = { [MOCK]: 'pending' };
export function delayed<T>(ms: number, reply: T): MockDelayed<T> {
  return { [MOCK]: 'delayed', ms, reply };
}

export function mockKind(value: unknown): 'error' | 'pending' | 'delayed' | null {
  if (typeof value === 'object' && value !== null && MOCK in value) {
    return (value as { [MOCK]: 'error' | 'pending' | 'delayed' })[MOCK];
  }
  return null;
}

/** Later scenarios override earlier ones, procedure by procedure. */
export function mergeScenarios(...scenarios: TrpcScenario[]): TrpcScenario {
  return Object.assign({}, ...scenarios) as TrpcScenario;
}
