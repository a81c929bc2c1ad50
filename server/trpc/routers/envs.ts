import { createEnvInput } from '../../../domain/inputs';
import { createTRPCRouter, orgProcedure } from '../trpc';

export const envsRouter = createTRPCRouter({
  list: orgProcedure.query(({ ctx, input }) => ctx.services.envs.list(input.orgId)),
  create: orgProcedure
    .input(createEnvInput)
    .mutation(({ ctx, input }) => ctx.services.envs.create(input.orgId, input)),
});
