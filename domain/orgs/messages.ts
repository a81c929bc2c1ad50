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
  orgNotFound: 'This org does not exist.',
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
] as const;
export type OrgErrorReason = (typeof ORG_ERROR_REASONS)[number];
