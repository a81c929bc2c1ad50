import { pause } from '~/domain/shared/pause';
import { healthFor } from '~/domain/system/entities';
import { createTRPCRouter, protectedProcedure, protectedQuery } from '~/server/trpc/trpc';

/** How often `system.statusUpdates` sends a fresh report. */
export const STATUS_UPDATE_INTERVAL_MS = 5_000;

export const systemRouter = createTRPCRouter({
  /** Cached for everyone (STATUS_CACHE_MS); a part's raw error is for superusers only. */
  status: protectedQuery.query(async ({ ctx }) =>
    healthFor(await ctx.services.system.status(), ctx.user.isSuperUser),
  ),
  /** The same report over /ws: one at once, then every STATUS_UPDATE_INTERVAL_MS until unsubscribed. */
  statusUpdates: protectedProcedure.subscription(async function* ({ ctx, signal }) {
    while (!signal?.aborted) {
      yield healthFor(await ctx.services.system.status(), ctx.user.isSuperUser);
      await pause(STATUS_UPDATE_INTERVAL_MS, signal);
    }
  }),
});

export const systemRouters = { system: systemRouter };
