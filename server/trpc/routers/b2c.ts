import {
  instanceGetInput,
  verifyCapabilityInput,
  verifyOnboardedInput,
} from '../../../domain/inputs';
import { createTRPCRouter, orgProcedure } from '../trpc';

export const b2cInstancesRouter = createTRPCRouter({
  sync: orgProcedure.query(({ ctx, input }) => ctx.services.b2cInstances.sync(input.orgId)),
  list: orgProcedure.query(({ ctx, input }) => ctx.services.b2cInstances.list(input.orgId)),
  get: orgProcedure
    .input(instanceGetInput)
    .query(({ ctx, input }) => ctx.services.b2cInstances.get(input.orgId, input.instanceId)),
  verifyOnboarded: orgProcedure
    .input(verifyOnboardedInput)
    .mutation(({ ctx, input }) =>
      ctx.services.b2cInstances.verifyOnboarded(input.orgId, input.envId, input.id),
    ),
});

export const b2cAPIClientsRouter = createTRPCRouter({
  getOrCreate: orgProcedure.mutation(({ ctx, input }) =>
    ctx.services.b2cAPIClients.getOrCreate(input.orgId),
  ),
  verify: orgProcedure
    .input(verifyCapabilityInput)
    .mutation(({ ctx, input }) =>
      ctx.services.b2cAPIClients.verify(input.orgId, input.b2cInstanceId, input.capability),
    ),
});
