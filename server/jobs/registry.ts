/** Every area's job kinds, listed once (as server/trpc/router.ts lists every area's routers). */
import { agentsJobs } from '~/server/agents/jobs';
import { monitoringJobs } from '~/server/monitoring/jobs';
import { orgsJobs } from '~/server/orgs/jobs';
import { productsJobs } from '~/server/products/jobs';
import { reviewsJobs } from '~/server/reviews/jobs';
import { systemJobs } from '~/server/system/jobs';
import type { AnyJobDefinition } from './define';

export const jobDefinitions: readonly AnyJobDefinition[] = [
  ...systemJobs,
  ...orgsJobs,
  ...productsJobs,
  ...agentsJobs,
  ...reviewsJobs,
  ...monitoringJobs,
];
