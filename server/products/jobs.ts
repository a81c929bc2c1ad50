/** The products area's job kinds: the catalogue sync, run on request, after onboarding and on a schedule. */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { PRODUCT_MESSAGES } from '~/domain/products/messages';
import { defineJob } from '~/server/jobs/define';
import { PRODUCTS_SYNC_JOB } from './service';
import { syncCatalogue } from './sync';

export const productsSyncJob = defineJob({
  name: PRODUCTS_SYNC_JOB,
  payload: z.object({ envId: z.string().min(1), full: z.boolean().default(false) }),
  env: { work: 'catalogue-sync', of: (payload) => sql`${payload} ->> 'envId'` },
  // OCAPI's quota and 5xx are waited out inside the sync; what still fails is retried later, from
  // the checkpoint.
  retry: { limit: 3, delaySeconds: 30, maxDelaySeconds: 600 },
  // 100,000 products take minutes; a worker that dies leaves the job to another after this.
  expireInSeconds: 60 * 60,
  concurrency: 2,
  async handler({ envId, full }, { orgId, db, services, progress, signal }) {
    const clients = await services.b2cInstances.clientsForEnv(orgId, envId);
    await syncCatalogue({
      db,
      data: clients.data,
      envId,
      full,
      signal,
      onProgress: ({ done, total }) =>
        progress({ done, total, message: PRODUCT_MESSAGES.syncProgress(done, total) }),
    });
  },
});

export const productsJobs = [productsSyncJob];
