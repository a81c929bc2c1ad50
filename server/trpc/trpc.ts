/** The tRPC core: one initTRPC, the procedure ladder (public → protected → org → superuser), one error mapping. */
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { z } from 'zod';
import { DOMAIN_ERROR_CODES, DomainError } from '../../domain/errors';
import type { Context } from './context';

/** What a client sees instead of an unexpected error's own message, outside development. */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error.';

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // The same router definitions answer mocked tRPC in Storybook's browser (mock-server/trpc).
  allowOutsideOfServer: true,
  // Subscriptions are served over /ws only; never as a server-sent-events stream over HTTP.
  sse: { enabled: false },
  errorFormatter({ shape, error, ctx }) {
    // The server's own notion of development (config.isDevelopment), carried by the context; without
    // a context (it failed to build) the safe answer is "not development".
    const isDev = ctx?.isDevelopment === true;
    // An unexpected error's message is internal (SQL, hosts, file paths): logged, never sent.
    const hide = error.code === 'INTERNAL_SERVER_ERROR' && !isDev;
    // Inputs are zod/mini schemas (shared with the app); their errors are core $ZodErrors.
    const zodError =
      !hide && error.cause instanceof z.core.$ZodError ? z.flattenError(error.cause) : null;
    return {
      ...shape,
      message: hide ? INTERNAL_ERROR_MESSAGE : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        zodError,
        reason: error.cause instanceof DomainError ? (error.cause.reason ?? null) : null,
        ...(isDev ? { stack: shape.data.stack } : {}),
      },
    };
  },
});

/** Domain errors thrown anywhere below become typed tRPC errors here, and only here. */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: DOMAIN_ERROR_CODES[cause.kind], message: cause.message, cause });
  }
  return result;
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure.use(mapDomainErrors);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue.' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const superuserProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isSuperUser) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Superuser required' });
  }
  return next();
});

/**
 * Org-scoped: the input names an org (orgId); members pass, superusers pass, anyone else gets FORBIDDEN.
 * Every procedure that touches an org's data is built on this, so a new one cannot forget the check.
 */
export const orgProcedure = protectedProcedure
  .input(z.object({ orgId: z.string().min(1).max(64) }))
  .use(async ({ ctx, input, next }) => {
    const role = await ctx.services.access.roleInOrg(ctx.user.id, input.orgId);
    if (!role && !ctx.user.isSuperUser) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'You are not a member of this org.' });
    }
    return next({ ctx: { ...ctx, role } });
  });
