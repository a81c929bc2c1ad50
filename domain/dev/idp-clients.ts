/**
 * The development identity provider's clients: both sides of the handshake read them, the server as
 * the OIDC client (server/auth/auth.ts) and the provider that registers them (simulators/idp/dev-idp.ts).
 * Data apart from either, so the server names them without importing the simulator or loading
 * oidc-provider (a production process never runs the development provider).
 */
export type DevIdpClientName = 'salesforce' | 'google';

/** Fixed, development-only client credentials: both sides of the handshake run on this machine. */
export const DEV_IDP_CLIENTS: Record<
  DevIdpClientName,
  { clientId: string; clientSecret: string; label: string }
> = {
  salesforce: {
    clientId: 'beacon-dev-salesforce',
    clientSecret: 'beacon-dev-salesforce-secret-not-for-production',
    label: 'Salesforce',
  },
  google: {
    clientId: 'beacon-dev-google',
    clientSecret: 'beacon-dev-google-secret-not-for-production',
    label: 'Google',
  },
};
