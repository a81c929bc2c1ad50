/** The members area's procedures as the authorization walk (server/trpc/authz.test.ts) calls them. */
import { SEED_USERS } from '~/server/seed-data';
import { type AuthzSamples, forbidden } from '~/server/trpc/authz-sample';

export const authzSamples: AuthzSamples = {
  'members.list': { input: (f) => ({ orgId: f.acme }) },
  'members.remove': { input: (f) => ({ orgId: f.acme, userId: SEED_USERS.maya.id }) },
  'invitations.create': { input: (f) => ({ orgId: f.acme, email: 'someone@example.test' }) },
  'invitations.list': { input: (f) => ({ orgId: f.acme }) },
  'invitations.revoke': { input: (f) => ({ orgId: f.acme, invitationId: 'inv-1' }) },
  /** Any signed-in user may present a token; one sent to another address is refused. */
  'invitations.accept': { input: (f) => ({ token: f.otherEmailToken }), nonMember: forbidden },
};
