/** Background job runs as screens follow them: org-scoped, over /ws. */
import { jobProgressInput } from '~/domain/jobs/runs';
import { createTRPCRouter, orgScreenProcedure } from '~/server/trpc/trpc';

export const jobsRouter = createTRPCRouter({
  /** The run now, then each change of its state or progress, until it completes or fails. */
  progress: orgScreenProcedure('products')
    .input(jobProgressInput)
    .subscription(({ ctx, input, signal }) =>
      ctx.services.jobs.watch(input.orgId, input.run, signal),
    ),
});

export const jobsRouters = { jobs: jobsRouter };
