import { createTRPCRouter, protectedProcedure } from '~/server/trpc/trpc';

/** How often `system.statusUpdates` sends a fresh report. */
export const STATUS_UPDATE_INTERVAL_MS = 5_000;

/** Resolves after `ms`, or at once when the signal aborts (no timer left behind). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

export const systemRouter = createTRPCRouter({
  status: protectedProcedure.query(({ ctx }) => ctx.services.system.status()),
  /** The same report over /ws: one at once, then every STATUS_UPDATE_INTERVAL_MS until unsubscribed. */
  statusUpdates: protectedProcedure.subscription(async function* ({ ctx, signal }) {
    while (!signal?.aborted) {
      yield await ctx.services.system.status();
      await pause(STATUS_UPDATE_INTERVAL_MS, signal);
    }
  }),
});

export const systemRouters = { system: systemRouter };
