import { pause } from '~/domain/shared/pause';
import { createTRPCRouter, protectedProcedure, protectedQuery } from '~/server/trpc/trpc';

/** How often `system.statusUpdates` sends a fresh report. */
export const STATUS_UPDATE_INTERVAL_MS = 5_000;

export const systemRouter = createTRPCRouter({
  status: protectedQuery.query(({ ctx }) => ctx.services.system.status()),
  /** The same report over /ws: one at once, then every STATUS_UPDATE_INTERVAL_MS until unsubscribed. */
  statusUpdates: protectedProcedure.subscription(async function* ({ ctx, signal }) {
    while (!signal?.aborted) {
      yield await ctx.services.system.status();
      await pause(STATUS_UPDATE_INTERVAL_MS, signal);
    }
  }),
});

export const systemRouters = { system: systemRouter };
