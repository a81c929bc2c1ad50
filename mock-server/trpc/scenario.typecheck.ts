/**
 * Type-level tests for TrpcScenario, checked by `npm run typecheck` (tsconfig includes mock-server/).
 * Nothing here runs. Each `@ts-expect-error` marks a mock the compiler must reject: if the scenario
 * typing ever loosens (say to `any`), the directive itself becomes an error and typecheck fails. So a
 * server change that makes a mock wrong in the same way fails type-checking (ADR 0001).
 */
import { envs, orgs } from '~/mock-server/fixtures';
import { delayed, domainError, type OutputOf, type TrpcScenario } from './scenario';

/** Compiles: outputs in the router's shape, errors, delays and input-typed functions. */
export const wellTyped: TrpcScenario = {
  'orgs.getContext': { org: orgs.acme, env: envs.prod },
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

// @ts-expect-error OutputOf accepts only real procedure paths.
export type NoSuchPath = OutputOf<'orgs.nope'>;
