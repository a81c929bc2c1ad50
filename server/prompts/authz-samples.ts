/** The prompts area's procedures as the authorization walk (server/trpc/authz.test.ts) calls them. */
import { type AuthzSamples } from '~/server/trpc/authz-sample';

export const authzSamples: AuthzSamples = {
  'prompts.list': { input: (f) => ({ orgId: f.acme }) },
  'prompts.create': { input: (f) => ({ orgId: f.acme, name: 'Walk prompt', text: 'Walk text' }) },
  'prompts.update': {
    input: (f) => ({ orgId: f.acme, promptId: 'prompt-1', name: 'Walk prompt', text: 'Walk text' }),
  },
  'prompts.delete': { input: (f) => ({ orgId: f.acme, promptId: 'prompt-1' }) },
};
