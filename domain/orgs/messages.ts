/** User-facing copy of orgs, envs and gating; the server throws it, screens show it, tests quote it. */
export const ORG_MESSAGES = {
  envNotFound: (envSlug: string) => `Cannot find Env "${envSlug}"`,
  notOrgMember: (orgSlug: string) => `You are not a member of the org "${orgSlug}"`,
  noEnvs: "This Organization doesn't have any associated Environments",
  onboardingNeeded: 'Onboarding needed',
  integrationMissing: 'Salesforce B2C Commerce Integration Missing',
  reservedSlug: (slug: string) => `"${slug}" is reserved by Beacon's own pages. Choose another.`,
  unverified: 'Unverified',
  superuserRequired: 'Superuser required',
  /** The create-org screen for someone new from the free AEO report: their org starts unverified. */
  firstOrgDescription:
    'An org holds your team’s environments and members, and you become its owner. Monitoring how AI assistants answer about your brand works as soon as you have created it and its first environment; the rest of Beacon opens once we have verified the org with you.',
  /** orgs.create refused: not a superuser, nor a newcomer from the free AEO report without an org. */
  createOrgRefused:
    'Creating another org needs a superuser. Ask one, or ask your team to invite you.',
  orgNotFound: 'This org does not exist.',
  /** The Onboarding needed block: any member may ask a superuser to verify the org. */
  askVerification: 'Ask for verification',
  verificationRequested: (day: string) =>
    `Verification requested on ${day}. A Beacon superuser will verify the org with you; booking the onboarding demo is the quickest way.`,
  askVerificationFailed: 'Could not ask for verification. Try again.',
  slugTaken: (slug: string) => `The slug "${slug}" is already taken.`,
  envSlugTaken: (slug: string) => `This org already has an environment with the slug "${slug}".`,
} as const;

export const ORG_ERROR_REASONS = [
  'org-not-found',
  'not-member',
  'env-not-found',
  'slug-taken',
  'env-slug-taken',
  // A screen's gate (domain/orgs/gating.ts), held by the server too: the env layout shows its block.
  'onboarding-needed',
  'integration-missing',
  // orgs.create by someone who may not create one (domain/orgs/creation.ts).
  'org-creation-refused',
] as const;
export type OrgErrorReason = (typeof ORG_ERROR_REASONS)[number];
