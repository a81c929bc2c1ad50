/** The agents area: each env's agent configs, run estimates, runs and their live progress; every procedure is org-scoped. */
import {
  agentInput,
  envAgentsInput,
  runInput,
  runsInput,
  saveAgentConfigInput,
  startRunInput,
} from '~/domain/agents/inputs';
import { createTRPCRouter, envProcedure, envQuery } from '~/server/trpc/trpc';

export const agentsRouter = createTRPCRouter({
  overview: envQuery('agents')
    .input(envAgentsInput)
    .query(({ ctx, input }) => ctx.services.agents.overview(input.orgId, input.envId)),
  getConfig: envQuery('agents')
    .input(agentInput)
    .query(({ ctx, input }) =>
      ctx.services.agents.getConfig(input.orgId, input.envId, input.agentType),
    ),
  saveConfig: envProcedure('agents')
    .input(saveAgentConfigInput)
    .mutation(({ ctx, input }) => {
      const { orgId, envId, ...config } = input;
      return ctx.services.agents.saveConfig(orgId, envId, ctx.user.id, config);
    }),
  estimate: envQuery('agents')
    .input(agentInput)
    .query(({ ctx, input }) =>
      ctx.services.agents.estimate(input.orgId, input.envId, input.agentType),
    ),
  start: envProcedure('agents')
    .meta({ limit: 'model' })
    .input(startRunInput)
    .mutation(({ ctx, input }) =>
      ctx.services.agents.start(input.orgId, input.envId, ctx.user.id, input.agentType, {
        concurrency: input.concurrency,
        productIds: input.productIds,
        languages: input.languages,
      }),
    ),
  cancel: envProcedure('agents')
    .input(runInput)
    .mutation(({ ctx, input }) =>
      ctx.services.agents.cancel(input.orgId, input.envId, input.runId),
    ),
  runs: envQuery('agents')
    .input(runsInput)
    .query(({ ctx, input }) => ctx.services.agents.runs(input.orgId, input.envId, input.agentType)),
  run: envQuery('agents')
    .input(runInput)
    .query(({ ctx, input }) => ctx.services.agents.run(input.orgId, input.envId, input.runId)),
  /** The run now, then each change of its counts or status, until it ends. */
  watchRun: envProcedure('agents')
    .input(runInput)
    .subscription(({ ctx, input, signal }) =>
      ctx.services.agents.watch(input.orgId, input.envId, input.runId, signal),
    ),
});

export const agentsRouters = { agents: agentsRouter };
