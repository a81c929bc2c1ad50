/** The AI budget's procedures as the authorization walk (server/trpc/authz.test.ts) calls them. */
import { type AuthzSamples } from '~/server/trpc/authz-sample';

export const authzSamples: AuthzSamples = {
  'aiBudget.get': { input: (f) => ({ orgId: f.acme }) },
  'aiBudget.raise': { input: (f) => ({ orgId: f.acme, budgetUsd: 250 }), superuserOnly: true },
};
