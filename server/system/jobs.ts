/** The system area's job kinds. */
import { z } from 'zod';
import { defineJob } from '~/server/jobs/define';

/**
 * Does nothing but report its steps: proves the pipeline (queue, worker, run row, progress stream)
 * end to end, and is what `npm run bench:jobs` measures.
 */
export const noopJob = defineJob({
  name: 'system.noop',
  payload: z.object({ steps: z.number().int().min(0).max(100).default(0) }),
  env: null,
  retry: { limit: 2, delaySeconds: 1 },
  concurrency: 50,
  async handler({ steps }, { progress }) {
    for (let done = 1; done <= steps; done++) await progress({ done, total: steps });
  },
});

export const systemJobs = [noopJob];
