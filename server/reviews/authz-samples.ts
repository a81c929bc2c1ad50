/** The review procedures as the authorization walk (server/trpc/authz.test.ts) calls them. */
import { SEED_ENVS } from '~/server/seed-data';
import { type AuthzSamples, WALK_PROPOSAL_ID } from '~/server/trpc/authz-sample';

const env = (f: { acme: string }) => ({ orgId: f.acme, envId: SEED_ENVS.acmeProd.id });
const one = (f: { acme: string }) => ({ ...env(f), proposalId: WALK_PROPOSAL_ID });

export const authzSamples: AuthzSamples = {
  'reviews.list': { input: env },
  'reviews.get': { input: one },
  'reviews.approve': { input: (f) => ({ ...env(f), selection: { ids: [WALK_PROPOSAL_ID] } }) },
  'reviews.approveEdited': { input: (f) => ({ ...one(f), value: 'An edited title' }) },
  'reviews.reject': {
    input: (f) => ({ ...env(f), selection: { filter: { reviewStatus: 'pending' } }, reason: 'No' }),
  },
  'reviews.retry': { input: one },
  'reviews.repropose': { input: one },
  'reviews.events': { input: env },
};
