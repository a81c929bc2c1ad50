/**
 * The simulated Account Manager's people and organizations: the demo customer (Acme Outfitters, realm
 * `zzte`), its users, and the client Beacon holds in it. The users are the seeded Beacon people
 * (domain/dev/seed-users.ts), so a sign-in names the same person on both sides.
 */
import { AM_ROLES, formatTenantFilter } from '~/domain/instances/account-manager';

/** An organization as `GET /dw/rest/v1/organizations` answers it (the fields sfcc-ci and the b2c CLI read). */
export interface AmOrganization {
  id: string;
  name: string;
  realms: string[];
  type: 'CUSTOMER' | 'PARTNER' | 'INTERNAL';
  contactUsers: string[];
  twoFARoles: string[];
  twoFAEnabled: boolean;
  allowedVerifierTypes: string[];
  vaasEnabled: boolean;
  sfIdentityFederation: 'DISABLED' | 'ENABLED';
}

export interface AmUser {
  id: string;
  mail: string;
  firstName: string;
  lastName: string;
  organizations: string[];
  primaryOrganization: string;
  /** Role enum names (what the access token's `roles` claim carries). */
  roles: string[];
  /** `ROLE:tenant,tenant;ROLE2:tenant`. */
  roleTenantFilter: string;
}

/** The principal behind Beacon's own client (`beacon-simulator`): what Account Manager knows of it. */
export interface AmAdminClient {
  organizations: string[];
  roles: string[];
  roleTenantFilter: string;
  /** Redirect URLs registered for the authorization code flow. */
  redirectUrls: string[];
  defaultScopes: string[];
}

/**
 * The client Beacon's "Sign in with Salesforce" uses in development: public (no secret, PKCE), with
 * Beacon's callback registered on loopback (any port, RFC 8252 §7.3, as the development IdP does).
 */
export interface AmSignInClient {
  id: string;
  name: string;
  redirectUrls: string[];
}

export interface AccountManagerData {
  organizations: AmOrganization[];
  users: AmUser[];
  adminClient: AmAdminClient;
  signInClient: AmSignInClient;
}

/** Beacon's development sign-in client in the simulated Account Manager; not a secret anywhere. */
export const SIM_SIGN_IN_CLIENT_ID = 'beacon-sign-in-simulator';

/** What the b2c CLI registers for its browser sign-in; the simulator's own helpers use it too. */
export const SIM_LOOPBACK_REDIRECT_URL = 'http://localhost:8080';

/** The scopes that put the user's roles and tenant filter into the token (b2c CLI guide). */
export const AM_USER_SCOPES = ['mail', 'roles', 'tenantFilter', 'openid'] as const;

const organization = (id: string, name: string, realms: string[]): AmOrganization => ({
  id,
  name,
  realms,
  type: 'CUSTOMER',
  contactUsers: [],
  twoFARoles: [],
  twoFAEnabled: false,
  allowedVerifierTypes: [],
  vaasEnabled: false,
  sfIdentityFederation: 'DISABLED',
});

/** The demo customer's organization id in Account Manager (not Beacon's org id). */
export const SIM_AM_ORG_ID = 'a1c3e5f7-2b4d-4c6e-8a0b-1c2d3e4f5a6b';
/** A second customer with no realm: its people can sign in but have nothing to link. */
export const SIM_AM_OTHER_ORG_ID = 'b2d4f6a8-3c5e-4d7f-9b1c-2d3e4f5a6b7c';

/**
 * Demo data for the realms the simulator plays. Maya administers the customer's API clients and
 * sandboxes, Ada administers its whole account, Sam only uses Business Manager, Ivy belongs to a
 * customer with no realm.
 */
export function demoAccountManager(realms: readonly string[]): AccountManagerData {
  const allSandboxes = realms.map((realm) => `${realm}_sbx`);
  const prd = realms.map((realm) => `${realm}_prd`);
  return {
    organizations: [
      organization(SIM_AM_ORG_ID, 'Acme Outfitters', [...realms]),
      organization(SIM_AM_OTHER_ORG_ID, 'Initech', []),
    ],
    users: [
      {
        id: '6f1d2c3b-4a59-4e8d-9c7b-1a2b3c4d5e01',
        mail: 'maya@beacon.test',
        firstName: 'Maya',
        lastName: 'Member',
        organizations: [SIM_AM_ORG_ID],
        primaryOrganization: SIM_AM_ORG_ID,
        roles: [AM_ROLES.apiAdmin, AM_ROLES.sandboxApiUser, AM_ROLES.businessManagerUser],
        roleTenantFilter: formatTenantFilter({
          [AM_ROLES.sandboxApiUser]: allSandboxes,
          [AM_ROLES.businessManagerUser]: prd,
        }),
      },
      {
        id: '6f1d2c3b-4a59-4e8d-9c7b-1a2b3c4d5e02',
        mail: 'ada@beacon.test',
        firstName: 'Ada',
        lastName: 'Admin',
        organizations: [SIM_AM_ORG_ID],
        primaryOrganization: SIM_AM_ORG_ID,
        roles: [AM_ROLES.accountAdmin],
        roleTenantFilter: '',
      },
      {
        id: '6f1d2c3b-4a59-4e8d-9c7b-1a2b3c4d5e03',
        mail: 'sam@beacon.test',
        firstName: 'Sam',
        lastName: 'Second',
        organizations: [SIM_AM_ORG_ID],
        primaryOrganization: SIM_AM_ORG_ID,
        roles: [AM_ROLES.businessManagerUser],
        roleTenantFilter: formatTenantFilter({ [AM_ROLES.businessManagerUser]: prd }),
      },
      {
        id: '6f1d2c3b-4a59-4e8d-9c7b-1a2b3c4d5e04',
        mail: 'ivy@beacon.test',
        firstName: 'Ivy',
        lastName: 'Initech',
        organizations: [SIM_AM_OTHER_ORG_ID],
        primaryOrganization: SIM_AM_OTHER_ORG_ID,
        roles: [],
        roleTenantFilter: '',
      },
    ],
    // Stands for a client the demo customer created for Beacon in its own organization, so its
    // client-credentials token sees the customer's tenants and sandboxes.
    adminClient: {
      organizations: [SIM_AM_ORG_ID],
      roles: [AM_ROLES.accountAdmin, AM_ROLES.sandboxApiUser],
      roleTenantFilter: formatTenantFilter({ [AM_ROLES.sandboxApiUser]: allSandboxes }),
      redirectUrls: [SIM_LOOPBACK_REDIRECT_URL],
      defaultScopes: [...AM_USER_SCOPES],
    },
    signInClient: {
      id: SIM_SIGN_IN_CLIENT_ID,
      name: 'Beacon',
      redirectUrls: [
        'http://127.0.0.1/api/auth/callback/salesforce',
        'http://localhost/api/auth/callback/salesforce',
      ],
    },
  };
}
