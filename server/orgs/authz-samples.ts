/** The orgs area's procedures as the authorization walk (server/trpc/authz.test.ts) calls them. */
import { expect } from 'vitest';
import { type AuthzSamples, forbidden } from '~/server/trpc/authz-sample';

export const authzSamples: AuthzSamples = {
  /** The org slug is a preference: a non-member asking for acme lands where they belong (nowhere). */
  'orgs.bestRedirectForUser': {
    input: () => ({ orgSlug: 'acme' }),
    nonMember: {
      result: (v) => expect(v).toEqual({ status: 'no-org-memberships', org: null, env: null }),
    },
  },
  'orgs.getContext': { input: () => ({ orgSlug: 'acme', envSlug: 'prod' }) },
  'orgs.allOrgsForUser': {
    input: () => undefined,
    nonMember: { result: (v) => expect(v).toEqual([]) },
  },
  'orgs.verify': { input: (f) => ({ orgId: f.acme }), superuserOnly: true },
  'orgs.create': {
    input: () => ({ name: 'Walk Org', slug: 'walk-org' }),
    nonMember: forbidden,
    superuserOnly: true,
  },
  'envs.list': { input: (f) => ({ orgId: f.acme }) },
  'envs.create': { input: (f) => ({ orgId: f.acme, name: 'Walk', slug: 'walk' }) },
};
