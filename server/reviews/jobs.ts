/** The reviews area's job kind: publishing a product's approved proposals (server/reviews/publish.ts). */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '~/server/jobs/define';
import { PUBLISH_RETRY, publishProduct, REVIEWS_PUBLISH_JOB } from './publish';

export const reviewsPublishJob = defineJob({
  name: REVIEWS_PUBLISH_JOB,
  payload: z.object({ envId: z.string().min(1), b2cProductId: z.string().min(1) }),
  env: { work: 'publish', of: (payload) => sql`${payload} ->> 'envId'` },
  retry: PUBLISH_RETRY,
  expireInSeconds: 5 * 60,
  // Products written at once by one process: each is a read and a write to the instance.
  concurrency: 20,
  handler: ({ envId, b2cProductId }, context) => publishProduct(envId, b2cProductId, context),
});

export const reviewsJobs = [reviewsPublishJob];
