/** The onboarding step state machine (docs/product.md#onboarding): what "done" means per step, reachability, moving between steps. */
import type { B2CCapability, VerifiedFlag } from '~/domain/instances/capabilities';
import type { B2CInstance } from '~/domain/instances/entities';
import { ONBOARDING_STEPS, type OnboardingStep } from './constants';

export { ONBOARDING_STEPS, type OnboardingStep };

/** What onboarding knows about the chosen instance; every flag false when none is chosen. */
export interface OnboardingState {
  instanceChosen: boolean;
  apiClientExists: boolean;
  ocapiDataVerified: boolean;
  ocapiShopVerified: boolean;
  webdavVerified: boolean;
}

export const EMPTY_ONBOARDING_STATE: OnboardingState = {
  instanceChosen: false,
  apiClientExists: false,
  ocapiDataVerified: false,
  ocapiShopVerified: false,
  webdavVerified: false,
};

/** The configure steps and the capability each one verifies. */
export const CONFIGURE_STEP_CAPABILITY = {
  configureOcapiDataSettings: 'ocapi-data',
  configureOcapiShopSettings: 'ocapi-shop',
  configureWebdavSettings: 'webdav',
} as const satisfies Partial<Record<OnboardingStep, B2CCapability>>;
export type ConfigureStep = keyof typeof CONFIGURE_STEP_CAPABILITY;

export function isConfigureStep(step: OnboardingStep): step is ConfigureStep {
  return step in CONFIGURE_STEP_CAPABILITY;
}

type InstanceFlags = Pick<B2CInstance, 'apiClient' | VerifiedFlag> &
  Partial<Pick<B2CInstance, 'host'>>;

/**
 * The state for a chosen instance, or the empty state when none is chosen. An instance with no host
 * yet cannot be chosen: nothing past the first step can reach it.
 */
export function onboardingStateOf(instance: InstanceFlags | null | undefined): OnboardingState {
  if (!instance || instance.host === null) return EMPTY_ONBOARDING_STATE;
  return {
    instanceChosen: true,
    apiClientExists: instance.apiClient !== null,
    ocapiDataVerified: instance.ocapiDataSettingsVerified,
    ocapiShopVerified: instance.ocapiShopSettingsVerified,
    webdavVerified: instance.webdavSettingsVerified,
  };
}

/** Whether a step's work is done. The final step is never "done": it is where the flow ends. */
export function isStepDone(step: OnboardingStep, state: OnboardingState): boolean {
  switch (step) {
    case 'selectInstance':
      return state.instanceChosen;
    case 'createApiClient':
      return state.apiClientExists;
    case 'configureOcapiDataSettings':
      return state.ocapiDataVerified;
    case 'configureOcapiShopSettings':
      return state.ocapiShopVerified;
    case 'configureWebdavSettings':
      return state.webdavVerified;
    case 'complete':
      return false;
  }
}

/** The first step whose work is not done: where the flow resumes. */
export function firstIncompleteStep(state: OnboardingState): OnboardingStep {
  return ONBOARDING_STEPS.find((step) => !isStepDone(step, state)) ?? 'complete';
}

/** A step is reachable only when every step before it is done. */
export function isReachable(step: OnboardingStep, state: OnboardingState): boolean {
  return ONBOARDING_STEPS.indexOf(step) <= ONBOARDING_STEPS.indexOf(firstIncompleteStep(state));
}

/** Steps done and reachable, in order: the ones the stepper lets a person revisit. */
export function completedSteps(state: OnboardingState): OnboardingStep[] {
  return ONBOARDING_STEPS.slice(0, ONBOARDING_STEPS.indexOf(firstIncompleteStep(state)));
}

export function previousStep(step: OnboardingStep): OnboardingStep | null {
  return ONBOARDING_STEPS[ONBOARDING_STEPS.indexOf(step) - 1] ?? null;
}

export function nextStep(step: OnboardingStep): OnboardingStep | null {
  return ONBOARDING_STEPS[ONBOARDING_STEPS.indexOf(step) + 1] ?? null;
}

/**
 * The step to show for a requested one: itself when reachable, otherwise (or when none is named)
 * the first incomplete step, with `redirect` telling the screen to replace the URL.
 */
export function resolveStep(
  requested: OnboardingStep | undefined,
  state: OnboardingState,
): { step: OnboardingStep; redirect: boolean } {
  if (requested && isReachable(requested, state)) return { step: requested, redirect: false };
  return { step: firstIncompleteStep(state), redirect: true };
}
