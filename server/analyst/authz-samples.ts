/** The analyst area's procedures as the authorization walk (server/trpc/authz.test.ts) calls them. */
import { SEED_ENVS } from '~/server/seed-data';
import { type AuthzSamples, WALK_RUN_ID } from '~/server/trpc/authz-sample';

const env = (f: { acme: string }) => ({ orgId: f.acme, envId: SEED_ENVS.acmeProd.id });

export const authzSamples: AuthzSamples = {
  'analyst.conversation': { input: env },
  'analyst.ask': { input: (f) => ({ ...env(f), question: 'Which engine mentions us least?' }) },
  'analyst.retry': { input: env },
  'analyst.clear': { input: env },
  'analyst.suggestions': { input: env },
  'analyst.stream': { input: (f) => ({ ...env(f), answerId: WALK_RUN_ID }) },
};
