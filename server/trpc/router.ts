/** The root router: each area's routers mounted under their names; the client imports only its type. */
import { accountRouters } from '~/server/account/router';
import { agentsRouters } from '~/server/agents/router';
import { aiBudgetRouters } from '~/server/ai-budget/router';
import { analystRouters } from '~/server/analyst/router';
import { instancesRouters } from '~/server/instances/router';
import { jobsRouters } from '~/server/jobs/router';
import { membersRouters } from '~/server/members/router';
import { monitoringRouters } from '~/server/monitoring/router';
import { orgsRouters } from '~/server/orgs/router';
import { productsRouters } from '~/server/products/router';
import { promptsRouters } from '~/server/prompts/router';
import { landingPagesRouters } from '~/server/landing-pages/router';
import { reviewsRouters } from '~/server/reviews/router';
import { systemRouters } from '~/server/system/router';
import { createTRPCRouter } from './trpc';

export const appRouter = createTRPCRouter({
  ...orgsRouters,
  ...membersRouters,
  ...accountRouters,
  ...promptsRouters,
  ...productsRouters,
  ...agentsRouters,
  ...analystRouters,
  ...aiBudgetRouters,
  ...reviewsRouters,
  ...landingPagesRouters,
  ...monitoringRouters,
  ...instancesRouters,
  ...systemRouters,
  ...jobsRouters,
});

export type AppRouter = typeof appRouter;
