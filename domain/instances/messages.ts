/** User-facing copy of linking and verifying a B2C instance; tests quote it. */
import { type B2CCapability, CAPABILITY } from './capabilities';
import { API_CLIENT_NAME } from './constants';

export const INSTANCE_MESSAGES = {
  instancesEmpty: 'Error Loading Instances. Please contact the team at support.',
  apiClientCreateFailed: 'Could not create API Client. Please contact the team at support.',
  verifyFallback: (c: B2CCapability) =>
    `Could not verify ${CAPABILITY[c].label} configuration. Check settings and try again.`,
  verifyException: (c: B2CCapability) =>
    `An unexpected error occurred while verifying ${CAPABILITY[c].label} settings.`,
  instanceNotFound: 'This B2C instance does not belong to the org.',
  envNotInOrg: 'This environment does not belong to the org.',
  b2cUnavailable: 'Salesforce B2C Commerce could not be reached. Try again in a moment.',
  apiClientMissing: 'Create the API client before verifying settings.',
  apiClientSecretMissing:
    'The API client secret is not stored in Beacon. Recreate the API client in Account Manager and try again.',
  apiClientSecretUnreadable:
    'The stored API client secret cannot be read (the secret key changed). Recreate the API client in Account Manager and try again.',
  onboardingIncomplete: (missing: string[]) => `Onboarding is not complete: ${missing.join(', ')}.`,
  accountManagerSignInNeeded:
    'Creating the API client needs your Salesforce Account Manager sign-in. Sign out, sign in with Salesforce and try again.',
  apiClientNoRole:
    'Your Account Manager user cannot create API clients: it needs the Account Administrator or API Administrator role.',
  apiClientPasteIntro:
    'Ask someone with one of those roles to create the API client in Account Manager (API Client, Add API Client), or have the role added to you. Create it like this, then paste its ID and secret below:',
  apiClientPasteIntroSignIn:
    'Or have someone with the Account Administrator or API Administrator role create the API client in Account Manager (API Client, Add API Client). Create it like this, then paste its ID and secret below:',
  apiClientPasteIntroChosen:
    'Create the API client in Account Manager (API Client, Add API Client) like this, then paste its ID and secret below:',
  /** What to create in Account Manager: the fields of its Add API Client form, in its order. */
  apiClientPasteSettings: [
    { field: 'Display Name', value: API_CLIENT_NAME, literal: true },
    {
      field: 'Password',
      value: '12 to 128 characters: the secret you paste below',
      literal: false,
    },
    { field: 'Organizations', value: 'Your organization', literal: false },
    {
      field: 'Roles',
      value:
        'None. Not Salesforce Commerce API: a client Beacon uses for OCAPI must not have that role.',
      literal: false,
    },
    { field: 'Role tenant filter', value: 'None (it applies to roles only)', literal: false },
    { field: 'Token Endpoint Auth Method', value: 'client_secret_basic', literal: true },
    { field: 'Active', value: 'Yes', literal: false },
  ],
  apiClientPasteFormLabel: 'Paste the API client',
  apiClientIdLabel: 'API client ID',
  apiClientIdDescription: 'As Account Manager lists it, e.g. 3f1c2a9e-5b7d-4e2f-9a61-0c8d7e6b5a41.',
  apiClientSecretLabel: 'API client secret',
  apiClientSecretDescription:
    'The password set on the client. Beacon keeps it encrypted and never shows it again.',
  apiClientPasteSubmit: 'Save API client',
  apiClientPasteFailed: 'Could not save the API client. Try again.',
  apiClientPasteInstead: 'Paste an existing API client instead',
  apiClientCreateInstead: 'Let Beacon create it instead',
  apiClientSetupChecking: 'Checking your Account Manager roles',
  apiClientActivating:
    'Salesforce does not accept the new API client yet: a new client can take a few minutes to work. Beacon tries again on its own.',
  apiClientActivationMinutesLeft: (minutes: number) => `About ${minutes} min left.`,
  apiClientActivationSecondsLeft: (seconds: number) => `${seconds} s left.`,
  apiClientActivationLastTry: 'Trying one last time.',
  organizationIntro:
    'Choose the Account Manager organization of your B2C Commerce account. Beacon lists the instances of its realms and creates its API client there.',
  noOrganization:
    "Your Account Manager user belongs to no organization. Ask your Account Manager administrator to add you to your company's organization.",
  realmsHint:
    'The first part of an instance name, such as zzte in zzte_prd. Separate several with commas.',
  hostIntro: (suffixes: readonly string[]) =>
    `Account Manager does not name the host of production, staging and development instances. Enter it as you reach Business Manager: it ends in ${suffixes.join(' or ')}.`,
  organizationNotLinked:
    'Choose the Account Manager organization of your B2C Commerce account before listing its instances.',
  organizationNotYours:
    'Your Account Manager user does not belong to that organization. Choose one of yours, or sign in with Salesforce as a user of it.',
  organizationSignInNeeded:
    'Choosing the Account Manager organization needs your Salesforce Account Manager sign-in. Sign out, sign in with Salesforce and try again.',
  realmsNeeded:
    "Your Account Manager roles cannot read this organization's realms. Enter its realm IDs (the first part of an instance name, such as zzte in zzte_prd).",
  instancesSignInNeeded:
    'Listing your instances needs your Salesforce Account Manager sign-in. Sign out, sign in with Salesforce and try again.',
  hostNotAllowed: (suffixes: readonly string[]) =>
    `Beacon only connects to Salesforce B2C Commerce hosts: the host name must end in ${suffixes.join(' or ')}.`,
  hostNeeded: "Enter this instance's host name before choosing it.",
  hostFixedOnceOnboarded: 'This instance is linked to an environment: its host name cannot change.',
} as const;

/** Reasons of instance errors: Beacon's own, and the B2C client's error names it passes on. */
export const INSTANCE_ERROR_REASONS = [
  'instance-not-found',
  'env-not-in-org',
  'b2c-unavailable',
  'verify-failed',
  'api-client-create-failed',
  'account-manager-sign-in-needed',
  'api-client-no-role',
  'organization-not-linked',
  'organization-not-yours',
  'realms-needed',
  'host-not-allowed',
  'host-needed',
  'host-fixed',
  'B2CAuthError',
  'B2CPermissionError',
  'B2CNotFoundError',
  'B2CRequestError',
  'B2CUnavailableError',
  'B2CHostNotAllowedError',
] as const;
export type InstanceErrorReason = (typeof INSTANCE_ERROR_REASONS)[number];
