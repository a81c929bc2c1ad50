/** Server messages beyond the spec's catalogue (domain/errors.ts MESSAGES), written once; tests quote them. */
export const SERVICE_MESSAGES = {
  invalidCharacters: 'The input contains characters that cannot be stored (such as a NUL byte).',
  orgNotFound: 'This org does not exist.',
  slugTaken: (slug: string) => `The slug "${slug}" is already taken.`,
  envSlugTaken: (slug: string) => `This org already has an environment with the slug "${slug}".`,
  memberNotFound: 'This person is not a member of the org.',
  lastMember: 'An org needs at least one member; the last member cannot be removed.',
  alreadyMember: (email: string) => `${email} is already a member of this org.`,
  invitationNotFound: 'This invitation does not exist.',
  invitationUnknown: 'This invitation link is not valid. Ask for a new invitation.',
  invitationUsed: 'This invitation has already been used.',
  invitationExpired: 'This invitation has expired. Ask for a new invitation.',
  invitationOtherEmail:
    'This invitation was sent to a different email address. Sign in with the invited address.',
  instanceNotFound: 'This B2C instance does not belong to the org.',
  envNotInOrg: 'This environment does not belong to the org.',
  b2cUnavailable: 'Salesforce B2C Commerce could not be reached. Try again in a moment.',
  apiClientMissing: 'Create the API client before verifying settings.',
  apiClientSecretMissing:
    'The API client secret is not stored in Beacon. Recreate the API client in Account Manager and try again.',
  apiClientSecretUnreadable:
    'The stored API client secret cannot be read (the secret key changed). Recreate the API client in Account Manager and try again.',
  promptNameTaken: (name: string) => `This org already has a prompt named "${name}".`,
  promptNotFound: 'This prompt does not exist. It may have been deleted.',
  onboardingIncomplete: (missing: string[]) => `Onboarding is not complete: ${missing.join(', ')}.`,
} as const;
