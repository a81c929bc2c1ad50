/** The orgs area's job kinds: an owner's export of the org's data (server/orgs/export.ts). */
import { z } from 'zod';
import { defineJob } from '~/server/jobs/define';
import { buildExport, ORG_EXPORT_JOB } from './export';

export const orgExportJob = defineJob({
  name: ORG_EXPORT_JOB,
  payload: z.object({ exportId: z.string().min(1) }),
  // Reads every env of the org; deleting an env does not wait for it (the archive is a copy).
  env: null,
  retry: { limit: 2, delaySeconds: 30, maxDelaySeconds: 300 },
  expireInSeconds: 60 * 60,
  // An export reads a whole org: one at a time per process leaves room for everything else.
  concurrency: 1,
  handler: ({ exportId }, { db, signal, lastAttempt }) =>
    buildExport(db, exportId, { signal, lastAttempt }),
});

export const orgsJobs = [orgExportJob];
