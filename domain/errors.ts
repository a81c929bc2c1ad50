/** The error catalogue (spec §8): every user-facing message, written once; tests quote these. */
import type { B2CCapability } from './constants';

export const CAPABILITY_LABEL: Record<B2CCapability, string> = {
  'ocapi-data': 'OCAPI Data',
  'ocapi-shop': 'OCAPI Shop',
  webdav: 'WebDAV',
};

export const MESSAGES = {
  instancesEmpty: 'Error Loading Instances. Please contact the team at support.',
  apiClientCreateFailed: 'Could not create API Client. Please contact the team at support.',
  verifyFallback: (c: B2CCapability) =>
    `Could not verify ${CAPABILITY_LABEL[c]} configuration. Check settings and try again.`,
  verifyException: (c: B2CCapability) =>
    `An unexpected error occurred while verifying ${CAPABILITY_LABEL[c]} settings.`,
  envNotFound: (envSlug: string) => `Cannot find Env "${envSlug}"`,
  notOrgMember: (orgSlug: string) => `You are not a member of the org "${orgSlug}"`,
  noEnvs: "This Organization doesn't have any associated Environments",
  finalOnboardingFailed: 'Could not verify final onboarding step for B2CInstance',
  sessionFetchFailed: 'Failed to fetch session',
  useSessionOutsideProvider: 'useSession must be used within a SessionProvider',
  useThemeOutsideProvider: 'useTheme must be used within a ThemeProvider',
  useCurrentUserOutsideAuthedPage: 'useCurrentUser must be used inside an AuthedPage.',
  useCurrentEnvOutsideEnvPage: 'useCurrentEnv must be used inside an EnvPage.',
  b2cInstanceMissing: (envSlug: string) =>
    `useB2CInstance needs an onboarded B2C Commerce instance, and env "${envSlug}" has none.`,
  somethingWentWrong: 'Something went wrong!',
  showError: 'Show Error',
  hideError: 'Hide Error',
  notFound: 'Not Found',
  onboardingNeeded: 'Onboarding needed',
  integrationMissing: 'Salesforce B2C Commerce Integration Missing',
  reservedSlug: (slug: string) => `"${slug}" is reserved by Beacon's own pages. Choose another.`,
  unverified: 'Unverified',
  superuserRequired: 'Superuser required',
  unableToTransform: 'Unable to transform response from server',
  wsClosed: 'WebSocket closed',
  wsInitError: 'Initialization error',
  wsReconnectRequested: 'Server requested reconnect',
  wsClosedBeforeConnect: 'Closed before connection was established',
} as const;

/** The name of the error an aborted request rejects with (fetch's DOMException, tRPC's polyfill). */
export const ABORT_ERROR_NAME = 'AbortError';

/** Domain error kinds; the server maps each to one tRPC code in one place. */
export const DOMAIN_ERROR_CODES = {
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  INVALID: 'BAD_REQUEST',
  CONFLICT: 'CONFLICT',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const;
export type DomainErrorKind = keyof typeof DOMAIN_ERROR_CODES;

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly reason?: string,
  ) {
    super(message);
  }
}
