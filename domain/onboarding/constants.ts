/**
 * The onboarding steps, in order: the one constant the route's search schema needs, apart from
 * steps.ts so the entry chunk does not carry the state machine (docs/decisions/0002-lean-entry-chunk.md).
 */
export const ONBOARDING_STEPS = [
  'selectInstance',
  'createApiClient',
  'configureOcapiDataSettings',
  'configureOcapiShopSettings',
  'configureWebdavSettings',
  'complete',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
