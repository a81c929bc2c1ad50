/** The account area's procedures as the authorization walk (server/trpc/authz.test.ts) calls them. */
import { expect } from 'vitest';
import { type AuthzSamples, refused } from '~/server/trpc/authz-sample';

export const authzSamples: AuthzSamples = {
  /** Anyone signed in reads their own account: the walker's, with no org and no sign-in method. */
  'account.get': {
    input: () => undefined,
    nonMember: {
      result: (v) =>
        expect(v).toEqual({
          name: 'Walker',
          email: 'walker@example.test',
          signInMethods: [],
          orgs: [],
        }),
    },
  },
  'account.leaveOrg': { input: (f) => ({ orgId: f.acme }) },
  /** The walker has no session row (the walk calls procedures directly): none ends. */
  'account.signOutEverywhere': {
    input: () => undefined,
    nonMember: { result: (v) => expect(v).toEqual({ ended: 0 }) },
  },
  /**
   * Anyone signed in may delete their own account; the walk types someone else's address, so the
   * walker's account stays for the procedures after it (the walk runs in path order).
   */
  'account.delete': {
    input: () => ({ confirmation: 'someone-else@example.test' }),
    nonMember: refused('BAD_REQUEST'),
  },
};
