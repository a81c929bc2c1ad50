/** The monitoring procedures as the authorization walk (server/trpc/authz.test.ts) calls them. */
import { SEED_ENVS } from '~/server/seed-data';
import type { AuthzSamples } from '~/server/trpc/authz-sample';

const env = (f: { acme: string }) => ({ orgId: f.acme, envId: SEED_ENVS.acmeProd.id });

export const authzSamples: AuthzSamples = {
  'monitoring.getConfig': { input: env },
  'monitoring.saveConfig': {
    input: (f) => ({
      ...env(f),
      brandName: 'Acme',
      brandDomain: 'acme.example',
      newPrompts: ['Where can I buy a good rain jacket?'],
      engines: ['openai'],
    }),
  },
  'monitoring.start': { input: env },
  'monitoring.runs': { input: env },
  'monitoring.results': { input: (f) => ({ ...env(f), engine: 'openai' }) },
};
