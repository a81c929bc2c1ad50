import { createTRPCRouter, protectedProcedure } from '../trpc';

export const systemRouter = createTRPCRouter({
  status: protectedProcedure.query(({ ctx }) => ctx.services.system.status()),
});
