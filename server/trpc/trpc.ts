/** The tRPC core: one initTRPC, the procedure ladder (public → protected → org → superuser, sp), one error mapping. */
import { initTRPC, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { z } from 'zod';
import { AI_ERROR_CODES, AiError } from '~/domain/ai/errors';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import type { Env } from '~/domain/orgs/entities';
import { gateFor, optOutOf, type Screen } from '~/domain/orgs/gating';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { envScopeInput, orgIdInput } from '~/domain/orgs/inputs';
import { DOMAIN_ERROR_CODES, DomainError } from '~/domain/shared/errors';
import { APP_MESSAGES } from '~/domain/shared/messages';
import type { LimitClass } from '~/domain/shared/rate-limits';
import type { SessionUser } from '~/domain/shared/session';
import type { ReadServices } from '~/server/services';
import { isDatabaseUnavailable } from '~/server/db/errors';
import type { Context } from './context';
import { transformer } from './transformer';

/** What a client sees instead of an unexpected error's own message, outside development. */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error.';

/** Seconds a client is told to wait (Retry-After) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * True for an error that happened because the database could not be reached (wherever it was thrown:
 * the session lookup in the context, a guard, a procedure): answered 503 with a retry hint.
 */
export function isUnavailableError(error: TRPCError): boolean {
  return isDatabaseUnavailable(error.cause ?? error);
}

/** What a procedure says about itself: which call limit it counts in (server/trpc/limits.ts). */
export interface ProcedureMeta {
  /** `model`: starts model work; `instance`: calls the customer's instance. Absent: `call`. */
  limit?: Exclude<LimitClass, 'call'>;
}

const withMeta = initTRPC.context<Context>().meta<ProcedureMeta>();

const t = withMeta.create({
  // superjson on the wire; plain-JSON answers skip its walk (transformer.ts).
  transformer,
  // The same router definitions answer mocked tRPC in Storybook's browser (mock-server/trpc).
  allowOutsideOfServer: true,
  // Subscriptions are served over /ws only; never as a server-sent-events stream over HTTP.
  sse: { enabled: false },
  errorFormatter({ shape, error, ctx }) {
    if (isUnavailableError(error)) {
      // Thrown anywhere (context, guard, procedure): one plain message, SERVICE_UNAVAILABLE (503).
      return {
        ...shape,
        code: TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE,
        message: APP_MESSAGES.databaseUnavailable,
        data: {
          code: 'SERVICE_UNAVAILABLE' as const,
          httpStatus: 503,
          path: shape.data.path,
          zodError: null,
          reason: 'database-unavailable' as const,
        },
      };
    }
    // The server's own notion of development (config.isDevelopment), carried by the context; without
    // a context (it failed to build) the safe answer is "not development".
    const isDev = ctx?.isDevelopment === true;
    // An unexpected error's message is internal (SQL, hosts, file paths): logged, never sent.
    const hide = error.code === 'INTERNAL_SERVER_ERROR' && !isDev;
    // Inputs are zod/mini schemas (shared with the app); their errors are core $ZodErrors.
    const zodError = hide
      ? null
      : error.cause instanceof z.core.$ZodError
        ? z.flattenError(error.cause)
        : error.cause instanceof DomainError && error.cause.fieldErrors
          ? {
              formErrors: [],
              fieldErrors: Object.fromEntries(
                Object.entries(error.cause.fieldErrors).map(([field, message]) => [
                  field,
                  [message],
                ]),
              ),
            }
          : null;
    return {
      ...shape,
      message: hide ? INTERNAL_ERROR_MESSAGE : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        zodError,
        reason:
          error.cause instanceof DomainError
            ? (error.cause.reason ?? null)
            : error.cause instanceof AiError
              ? error.cause.reason
              : null,
        // A failure's reference: the request id its log lines carry (server answers only).
        ...(shape.data.httpStatus >= 500 && ctx?.requestId ? { requestId: ctx.requestId } : {}),
        ...(isDev ? { stack: shape.data.stack } : {}),
      },
    };
  },
});

/**
 * Domain errors (and AI failures, docs/decisions/0020-ai-models-and-simulator.md) thrown anywhere
 * below become typed tRPC errors here, and only here. Each guard below does
 * this mapping in the same step as its own check: tRPC copies a call's options for every middleware step,
 * so one step per guard instead of a chain keeps a batched call cheap (docs/decisions/0014-read-cache.md).
 */
function mapDomainErrors<R extends { ok: true } | { ok: false; error: TRPCError }>(result: R): R {
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: DOMAIN_ERROR_CODES[cause.kind], message: cause.message, cause });
  }
  if (!result.ok && result.error.cause instanceof AiError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: AI_ERROR_CODES[cause.reason], message: cause.message, cause });
  }
  return result;
}

function signedIn(user: Context['user']): SessionUser {
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue.' });
  return user;
}

/** A domain error thrown by a guard itself (not by what runs after it), as the typed tRPC error. */
function asTRPCError(error: unknown): never {
  if (error instanceof DomainError) {
    throw new TRPCError({
      code: DOMAIN_ERROR_CODES[error.kind],
      message: error.message,
      cause: error,
    });
  }
  throw error;
}

/**
 * Counts the call against the person's (and the org's) limit in the guard's own step
 * (docs/security.md, rule 6): nothing to await for the cheap class, counted in memory.
 */
function countCall(
  ctx: Context,
  meta: ProcedureMeta | undefined,
  userId: string,
  orgId: string | null,
): Promise<void> | undefined {
  try {
    return ctx.services.limits.check(meta?.limit ?? 'call', userId, orgId)?.catch(asTRPCError);
  } catch (error) {
    return asTRPCError(error);
  }
}

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure.use(async ({ next }) => mapDomainErrors(await next()));

/** UNAUTHORIZED without a session. */
export const protectedProcedure = t.procedure.use(async ({ ctx, meta, next }) => {
  const user = signedIn(ctx.user);
  const counting = countCall(ctx, meta, user.id, null);
  if (counting) await counting;
  return mapDomainErrors(await next({ ctx: { user } }));
});

export const superuserProcedure = t.procedure.use(async ({ ctx, meta, next }) => {
  const user = signedIn(ctx.user);
  if (!user.isSuperUser) throw new TRPCError({ code: 'FORBIDDEN', message: 'Superuser required' });
  const counting = countCall(ctx, meta, user.id, null);
  if (counting) await counting;
  return mapDomainErrors(await next({ ctx: { user } }));
});

/**
 * The superusers' own pages (/app/sp/…): anyone else gets NOT_FOUND, as the page itself shows them,
 * so neither the page nor its data says that it exists. (Superuser actions on a screen members see,
 * such as Verify this Org in settings, are `superuserProcedure`: FORBIDDEN, "Superuser required".)
 */
export const spProcedure = t.procedure.use(async ({ ctx, next }) => {
  const user = signedIn(ctx.user);
  if (!user.isSuperUser) throw new TRPCError({ code: 'NOT_FOUND', message: APP_MESSAGES.notFound });
  return mapDomainErrors(await next({ ctx: { user } }));
});

/**
 * Org-scoped: the input names an org (orgId); members pass, superusers pass, anyone else gets FORBIDDEN.
 * Every procedure that touches an org's data is built on this, so a new one cannot forget the check.
 * The guard reads the org id from the raw input itself (with the schema `.input` declares), so the
 * membership check and the session check are one step, and a non-member learns nothing from the
 * validation of the rest of the input.
 */
export const orgProcedure = t.procedure
  .use(async ({ ctx, meta, getRawInput, next }) => {
    const user = signedIn(ctx.user);
    const parsed = orgIdInput.safeParse(await getRawInput());
    if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
    const role = await ctx.services.access.roleInOrg(user.id, parsed.data.orgId);
    if (!role && !user.isSuperUser) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'You are not a member of this org.' });
    }
    // Counted once the caller may act in the org: an outsider's calls use up nothing of the org's.
    const counting = countCall(ctx, meta, user.id, parsed.data.orgId);
    if (counting) await counting;
    return mapDomainErrors(await next({ ctx: { user, role } }));
  })
  .input(orgIdInput);

/**
 * Tenant scope and the screens' gates, held here once (docs/security.md, rules 2 and 3). The input's env
 * must belong to the input's org (whose access the guard before it checked), else NOT_FOUND, whoever
 * asks, superusers included; the org and env are put in the context, and services check no more. Then
 * the gate of the screens the procedure serves (domain/orgs/gating.ts, the table the browser's gate
 * reads): FORBIDDEN with the reason the env layout shows (onboarding-needed, integration-missing).
 */
function envGuard(screens: readonly Screen[]) {
  const optOut = optOutOf(screens);
  return t.middleware(async ({ ctx, getRawInput, next }) => {
    const user = signedIn(ctx.user);
    const parsed = envScopeInput.safeParse(await getRawInput());
    if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
    const { orgId, envId } = parsed.data;
    // Both from the read cache; an unknown org answers NOT_FOUND too.
    const [org, envs] = await Promise.all([
      ctx.services.orgs.get(orgId),
      ctx.services.envs.list(orgId),
    ]);
    const env = envs.find((e) => e.id === envId);
    if (!env) throw new DomainError('NOT_FOUND', INSTANCE_MESSAGES.envNotInOrg, 'env-not-in-org');
    const gate = gateFor({ org, env, user, optOut });
    if (gate === 'onboarding-needed')
      throw new DomainError('FORBIDDEN', ORG_MESSAGES.onboardingNeeded, gate);
    if (gate === 'integration-missing')
      throw new DomainError('FORBIDDEN', ORG_MESSAGES.integrationMissing, gate);
    return next({ ctx: { org, env: env as Env } });
  });
}

/**
 * The org gate of the screens an org-scoped procedure serves (domain/orgs/gating.ts): an unverified org
 * refuses non-superusers with FORBIDDEN `onboarding-needed`, as those screens do, unless one of them
 * opts out (home). `envGuard` holds the same for env-scoped calls; this is for the org-level calls of
 * env screens (settings, onboarding, agents, products), which anyone may now reach with an org of
 * their own (docs/decisions/0035-production-first-day.md).
 */
function orgGate(screens: readonly Screen[]) {
  const optOut = optOutOf(screens);
  return t.middleware(async ({ ctx, getRawInput, next }) => {
    const user = signedIn(ctx.user);
    if (optOut.orgVerification || user.isSuperUser) return next();
    // The org guard before this step validated the same id.
    const { orgId } = orgIdInput.parse(await getRawInput());
    const org = await ctx.services.orgs.get(orgId);
    if (!org.verified)
      throw new DomainError('FORBIDDEN', ORG_MESSAGES.onboardingNeeded, 'onboarding-needed');
    return next();
  });
}

/** Org-scoped, for the env screens that call it: `orgProcedure`, then their org gate. */
export const orgScreenProcedure = (...screens: [Screen, ...Screen[]]) =>
  orgProcedure.use(orgGate(screens));

/** Env-scoped, for the screens that call it: `orgProcedure`, then the env guard (`ctx.org`, `ctx.env`). */
export const envProcedure = (...screens: [Screen, ...Screen[]]) =>
  orgProcedure.use(envGuard(screens)).input(envScopeInput);
/** Env-scoped and superuser-only (landing pages). */
export const superuserEnvProcedure = (...screens: [Screen, ...Screen[]]) =>
  superuserProcedure.use(envGuard(screens)).input(envScopeInput);

/**
 * A read: the resolver sees only the services' read methods (`ReadServices`), so a query that writes
 * does not compile. Every query procedure is built on one of those below; the authorization walk
 * checks that, and that every query leaves the database as it was (docs/security.md, rule 1).
 */
export const readOnly = t.middleware(({ ctx, next }) => {
  const services: ReadServices = ctx.services;
  return next({ ctx: { services } });
});

export const protectedQuery = protectedProcedure.use(readOnly);
export const orgQuery = orgProcedure.use(readOnly);
export const orgScreenQuery = (...screens: [Screen, ...Screen[]]) =>
  orgScreenProcedure(...screens).use(readOnly);
export const superuserQuery = superuserProcedure.use(readOnly);
export const spQuery = spProcedure.use(readOnly);
export const envQuery = (...screens: [Screen, ...Screen[]]) =>
  envProcedure(...screens).use(readOnly);
export const superuserEnvQuery = (...screens: [Screen, ...Screen[]]) =>
  superuserEnvProcedure(...screens).use(readOnly);
