/** The orgs area's procedures as the authorization walk (server/trpc/authz.test.ts) calls them. */
import { expect } from 'vitest';
import { SEED_ENVS } from '~/server/seed-data';
import { type AuthzSamples, notFound } from '~/server/trpc/authz-sample';

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
  /**
   * Superusers, and someone from the free AEO report their first org. The walker came through it and
   * belongs to no org, so theirs is made (unverified); Maya, a member of orgs, is refused.
   */
  'orgs.create': {
    input: () => ({ name: 'Walk Org', slug: 'walk-org' }),
    nonMember: {
      result: (v) =>
        expect(v).toMatchObject({ slug: 'walk-org', name: 'Walk Org', verified: false }),
    },
    superuserOnly: true,
  },
  /** The walker, from the free AEO report and in no org yet, may make a first org. */
  'orgs.creation': {
    input: () => undefined,
    nonMember: { result: (v) => expect(v).toBe('first') },
  },
  'orgs.overview': {
    input: () => ({ show: 'unverified' }),
    nonMember: notFound,
    superuserOnly: true,
    hidden: true,
  },
  'orgs.verificationRequest': { input: (f) => ({ orgId: f.acme }) },
  'orgs.requestVerification': { input: (f) => ({ orgId: f.acme }) },
  'orgs.delete': { input: (f) => ({ orgId: f.acme, confirmation: 'acme' }) },
  'orgs.latestExport': { input: (f) => ({ orgId: f.acme }) },
  'orgs.requestExport': { input: (f) => ({ orgId: f.acme }) },
  'envs.list': { input: (f) => ({ orgId: f.acme }) },
  'envs.create': { input: (f) => ({ orgId: f.acme, name: 'Walk', slug: 'walk' }) },
  'envs.delete': {
    input: (f) => ({ orgId: f.acme, envId: SEED_ENVS.acmeProd.id, confirmation: 'prod' }),
  },
};
