/**
 * Type-level tests for TrpcScenario, checked by `npm run typecheck` (tsconfig includes mock-server/).
 * Nothing here runs. Each `@ts-expect-error` marks a mock the compiler must reject: if the scenario
 * typing ever loosens (say to `any`), the directive itself becomes an error and typecheck fails. So a
 * server change that makes a mock wrong in the same way fails type-checking (ADR 0001).
 */
import { envs, orgs } from '~/mock-server/fixtures';
import {
  delayed,
  domainError,
  mockStream,
  type OutputOf,
  pending,
  type TrpcScenario,
} from './scenario';

const checkedAt = new Date('2026-11-22T09:30:00Z');

/** Compiles: outputs in the router's shape, errors, delays, input-typed functions and streams. */
export const wellTyped: TrpcScenario = {
  'orgs.getContext': { org: orgs.acme, env: envs.prod },
  'system.statusUpdates': mockStream(
    [{ data: [{ name: 'server', ok: true, latencyMs: 0, lastError: null, checkedAt }] }],
    { end: true },
  ),
  'envs.list': delayed(200, [envs.prod, envs.staging]),
  'orgs.allOrgsForUser': (_input, call) =>
    call.count > 1 ? [] : domainError('FORBIDDEN', 'Not a member'),
};

export const wrongOutputShape: TrpcScenario = {
  // @ts-expect-error envs.list answers Env[], not one Env.
  'envs.list': envs.prod,
};

export const wrongFieldType: TrpcScenario = {
  // @ts-expect-error orgs.getContext's env.slug is a string, not a number.
  'orgs.getContext': { org: orgs.acme, env: { ...envs.prod, slug: 42 } },
};

export const missingField: TrpcScenario = {
  // @ts-expect-error orgs.getContext answers both the org and the env.
  'orgs.getContext': { org: orgs.acme },
};

export const wrongDelayedReply: TrpcScenario = {
  // @ts-expect-error a delayed reply is checked against the procedure's output too.
  'envs.list': delayed(100, 'prod'),
};

export const unknownProcedure: TrpcScenario = {
  // @ts-expect-error there is no procedure envs.archive on AppRouter.
  'envs.archive': [envs.prod],
};

export const unknownInputField: TrpcScenario = {
  // @ts-expect-error a function reply gets the procedure's real input type: envs.list has no `slug`.
  'envs.list': (input) => (input.slug === 'prod' ? [envs.prod] : []),
};

export const quietSubscription: TrpcScenario = { 'system.statusUpdates': pending };

export const wrongEventShape: TrpcScenario = {
  // @ts-expect-error system.statusUpdates sends whole reports (HealthCheck[]), not one check.
  'system.statusUpdates': mockStream([
    { data: { name: 'server', ok: true, latencyMs: 0, lastError: null, checkedAt } },
  ]),
};

export const wrongYield: TrpcScenario = {
  // @ts-expect-error a generator reply is checked against the subscription's events too.
  'system.statusUpdates': async function* () {
    yield 'healthy';
  },
};

export const streamForAQuery: TrpcScenario = {
  // @ts-expect-error envs.list is a query: it answers once, it does not stream.
  'envs.list': mockStream([{ data: [envs.prod] }]),
};

// @ts-expect-error OutputOf accepts only real procedure paths.
export type NoSuchPath = OutputOf<'orgs.nope'>;
