/** The jobs area's procedures as the authorization walk (server/trpc/authz.test.ts) calls them. */
import { type AuthzSamples } from '~/server/trpc/authz-sample';

export const authzSamples: AuthzSamples = {
  'jobs.progress': { input: (f) => ({ orgId: f.acme, run: { kind: 'system.noop', key: 'walk' } }) },
};
