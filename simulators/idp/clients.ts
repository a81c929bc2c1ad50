/**
 * The development identity provider's clients, apart from the provider itself, so the server can name
 * them without loading oidc-provider (a production process never runs the development provider).
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
