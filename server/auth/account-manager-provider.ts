/**
 * Sign in with Salesforce: B2C Commerce people are Account Manager identities, so this is Account
 * Manager's OAuth 2 authorization code flow with PKCE and state (`/dwsso/oauth2/authorize`,
 * `/dwsso/oauth2/access_token`), the scopes that put the person's roles and tenant filter into the
 * token, and the person read from `GET /dw/rest/v1/users/current` with that token (Account Manager
 * publishes no OIDC discovery document Beacon relies on). Sources:
 * docs/decisions/0036-account-manager-as-documented.md.
 */
import type { OAuthConfig } from '@auth/core/providers';
import type { AccountManagerSignInConfig } from '~/server/config';
import { ACCOUNT_MANAGER_PROVIDER } from './account-manager-token';

/** The scopes Beacon asks for: `roles` and `tenantFilter` put those into the access token. */
export const ACCOUNT_MANAGER_SCOPES = 'openid mail roles tenantFilter';

/** The part of `/users/current` sign-in reads. */
interface AccountManagerUser {
  id: string;
  mail: string;
  firstName?: string | null;
  lastName?: string | null;
  displayName?: string | null;
}

/** What the signIn callback and events read (`email`, `email_verified`), from Account Manager's user. */
export interface AccountManagerProfile extends Record<string, unknown> {
  sub: string;
  email: string;
  /**
   * Account Manager activates a user through a link mailed to their address, so a signed-in user's
   * address has been proven (ADR 0036, "Sign in with Salesforce").
   */
  email_verified: true;
  name: string | null;
}

function toProfile(user: AccountManagerUser): AccountManagerProfile {
  const name =
    user.displayName?.trim() ||
    [user.firstName, user.lastName].filter(Boolean).join(' ').trim() ||
    null;
  return { sub: user.id, email: user.mail.trim().toLowerCase(), email_verified: true, name };
}

export function accountManagerProvider(
  config: AccountManagerSignInConfig,
): OAuthConfig<AccountManagerProfile> {
  const base = config.url.replace(/\/+$/, '');
  const currentUser = `${base}/dw/rest/v1/users/current`;
  return {
    id: ACCOUNT_MANAGER_PROVIDER,
    name: 'Salesforce',
    type: 'oauth',
    issuer: base,
    clientId: config.clientId,
    ...(config.clientSecret ? { clientSecret: config.clientSecret } : {}),
    // A public client (no secret) names itself in the token request; PKCE is its proof.
    client: { token_endpoint_auth_method: config.clientSecret ? 'client_secret_basic' : 'none' },
    checks: ['pkce', 'state'],
    authorization: {
      url: `${base}/dwsso/oauth2/authorize`,
      params: { scope: ACCOUNT_MANAGER_SCOPES },
    },
    token: `${base}/dwsso/oauth2/access_token`,
    userinfo: {
      url: currentUser,
      async request({ tokens }: { tokens: { access_token?: string } }) {
        const response = await fetch(currentUser, {
          headers: {
            authorization: `Bearer ${tokens.access_token ?? ''}`,
            accept: 'application/json',
          },
          signal: AbortSignal.timeout(15_000),
        });
        // Never the body or the token: only what failed.
        if (!response.ok)
          throw new Error(`Account Manager /users/current answered ${response.status}`);
        const user = (await response.json()) as Partial<AccountManagerUser>;
        if (
          typeof user.id !== 'string' ||
          typeof user.mail !== 'string' ||
          !user.mail.includes('@')
        )
          throw new Error('Account Manager /users/current named no user with an e-mail address');
        return toProfile(user as AccountManagerUser);
      },
    },
    profile(profile) {
      return { id: profile.sub, name: profile.name, email: profile.email, image: null };
    },
    // Guarded by the signIn callback: only account-less (seeded, invited) people are linked by email.
    allowDangerousEmailAccountLinking: true,
  };
}
