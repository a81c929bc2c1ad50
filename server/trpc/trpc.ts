/** The tRPC core: one initTRPC, the procedure ladder (public → protected → org → superuser), one error mapping. */
import { initTRPC, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { z } from 'zod';
import { AI_ERROR_CODES, AiError } from '~/domain/ai/errors';
import { orgIdInput } from '~/domain/orgs/inputs';
import { DOMAIN_ERROR_CODES, DomainError } from '~/domain/shared/errors';
import { APP_MESSAGES } from '~/domain/shared/messages';
import type { SessionUser } from '~/domain/shared/session';
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

const t = initTRPC.context<Context>().create({
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

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure.use(async ({ next }) => mapDomainErrors(await next()));

/** UNAUTHORIZED without a session. */
export const protectedProcedure = t.procedure.use(async ({ ctx, next }) => {
  const user = signedIn(ctx.user);
  return mapDomainErrors(await next({ ctx: { user } }));
});

export const superuserProcedure = t.procedure.use(async ({ ctx, next }) => {
  const user = signedIn(ctx.user);
  if (!user.isSuperUser) throw new TRPCError({ code: 'FORBIDDEN', message: 'Superuser required' });
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
  .use(async ({ ctx, getRawInput, next }) => {
    const user = signedIn(ctx.user);
    const parsed = orgIdInput.safeParse(await getRawInput());
    if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
    const role = await ctx.services.access.roleInOrg(user.id, parsed.data.orgId);
    if (!role && !user.isSuperUser) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'You are not a member of this org.' });
    }
    return mapDomainErrors(await next({ ctx: { user, role } }));
  })
  .input(orgIdInput);
