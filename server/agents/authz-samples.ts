/** The agents area's procedures as the authorization walk (server/trpc/authz.test.ts) calls them. */
import { SEED_ENVS } from '~/server/seed-data';
import { type AuthzSamples, WALK_RUN_ID } from '~/server/trpc/authz-sample';

const env = (f: { acme: string }) => ({ orgId: f.acme, envId: SEED_ENVS.acmeProd.id });

export const authzSamples: AuthzSamples = {
  'agents.overview': { input: env },
  'agents.getConfig': { input: (f) => ({ ...env(f), agentType: 'seo' }) },
  'agents.saveConfig': {
    input: (f) => ({
      ...env(f),
      type: 'seo',
      catalogIds: ['storefront-catalog'],
      fields: ['page_title'],
      languages: ['default'],
    }),
  },
  'agents.estimate': { input: (f) => ({ ...env(f), agentType: 'seo' }) },
  'agents.start': { input: (f) => ({ ...env(f), agentType: 'seo', concurrency: 2 }) },
  'agents.cancel': { input: (f) => ({ ...env(f), runId: WALK_RUN_ID }) },
  'agents.runs': { input: (f) => ({ ...env(f), agentType: 'seo' }) },
  'agents.run': { input: (f) => ({ ...env(f), runId: WALK_RUN_ID }) },
  'agents.watchRun': { input: (f) => ({ ...env(f), runId: WALK_RUN_ID }) },
};
