import { describe, expect, it } from 'vitest';
import {
  completedSteps,
  CONFIGURE_STEP_CAPABILITY,
  EMPTY_ONBOARDING_STATE,
  firstIncompleteStep,
  isConfigureStep,
  isReachable,
  isStepDone,
  nextStep,
  ONBOARDING_STEPS,
  type OnboardingState,
  onboardingStateOf,
  type OnboardingStep,
  previousStep,
  resolveStep,
} from './steps';

const instance = {
  apiClient: null,
  ocapiDataSettingsVerified: false,
  ocapiShopSettingsVerified: false,
  webdavSettingsVerified: false,
};

/** The state after the first `n` steps are done, in order. */
function doneThrough(n: number): OnboardingState {
  const keys: (keyof OnboardingState)[] = [
    'instanceChosen',
    'apiClientExists',
    'ocapiDataVerified',
    'ocapiShopVerified',
    'webdavVerified',
  ];
  return Object.fromEntries(keys.map((key, i) => [key, i < n])) as unknown as OnboardingState;
}

describe('onboardingStateOf', () => {
  it('is empty without a chosen instance', () => {
    expect(onboardingStateOf(null)).toEqual(EMPTY_ONBOARDING_STATE);
    expect(onboardingStateOf(undefined)).toEqual(EMPTY_ONBOARDING_STATE);
  });

  it('is empty for an instance with no host yet: it cannot be chosen', () => {
    expect(onboardingStateOf({ ...instance, host: null })).toEqual(EMPTY_ONBOARDING_STATE);
    expect(onboardingStateOf({ ...instance, host: 'a.demandware.net' })).toEqual(doneThrough(1));
  });

  it('reads the API client and the three verified flags from the instance', () => {
    expect(onboardingStateOf(instance)).toEqual({ ...doneThrough(1) });
    expect(
      onboardingStateOf({
        apiClient: { clientId: 'c' },
        ocapiDataSettingsVerified: true,
        ocapiShopSettingsVerified: false,
        webdavSettingsVerified: true,
      }),
    ).toEqual({
      instanceChosen: true,
      apiClientExists: true,
      ocapiDataVerified: true,
      ocapiShopVerified: false,
      webdavVerified: true,
    });
  });
});

describe('isStepDone', () => {
  it.each([
    ['selectInstance', 'instanceChosen'],
    ['createApiClient', 'apiClientExists'],
    ['configureOcapiDataSettings', 'ocapiDataVerified'],
    ['configureOcapiShopSettings', 'ocapiShopVerified'],
    ['configureWebdavSettings', 'webdavVerified'],
  ] as const)('%s is done exactly when %s', (step, flag) => {
    expect(isStepDone(step, EMPTY_ONBOARDING_STATE)).toBe(false);
    expect(isStepDone(step, { ...EMPTY_ONBOARDING_STATE, [flag]: true })).toBe(true);
    expect(isStepDone(step, { ...doneThrough(5), [flag]: false })).toBe(false);
  });

  it('complete is never done: it is where the flow ends', () => {
    expect(isStepDone('complete', doneThrough(5))).toBe(false);
  });
});

describe('firstIncompleteStep', () => {
  it.each(ONBOARDING_STEPS.map((step, i) => [i, step] as const))(
    'after %i steps done in order it is %s',
    (n, step) => {
      expect(firstIncompleteStep(doneThrough(n))).toBe(step);
    },
  );

  it('stops at the first gap even when later flags are set', () => {
    expect(firstIncompleteStep({ ...doneThrough(5), apiClientExists: false })).toBe(
      'createApiClient',
    );
    expect(firstIncompleteStep({ ...doneThrough(5), ocapiShopVerified: false })).toBe(
      'configureOcapiShopSettings',
    );
  });
});

describe('isReachable', () => {
  it('reaches exactly the steps up to the first incomplete one', () => {
    for (let n = 0; n <= 5; n++) {
      const state = doneThrough(n);
      const reachable = ONBOARDING_STEPS.filter((step) => isReachable(step, state));
      expect(reachable).toEqual(ONBOARDING_STEPS.slice(0, n + 1));
    }
  });

  it('a later verified flag does not make its step reachable across a gap', () => {
    const state = { ...doneThrough(2), webdavVerified: true };
    expect(isReachable('configureOcapiDataSettings', state)).toBe(true);
    expect(isReachable('configureWebdavSettings', state)).toBe(false);
    expect(isReachable('complete', state)).toBe(false);
  });

  it('selectInstance is always reachable', () => {
    expect(isReachable('selectInstance', EMPTY_ONBOARDING_STATE)).toBe(true);
  });
});

describe('completedSteps', () => {
  it('lists the done steps before the first incomplete one', () => {
    expect(completedSteps(EMPTY_ONBOARDING_STATE)).toEqual([]);
    expect(completedSteps(doneThrough(2))).toEqual(['selectInstance', 'createApiClient']);
    expect(completedSteps(doneThrough(5))).toEqual(ONBOARDING_STEPS.slice(0, 5));
    expect(completedSteps({ ...doneThrough(5), ocapiDataVerified: false })).toEqual([
      'selectInstance',
      'createApiClient',
    ]);
  });
});

describe('previousStep and nextStep', () => {
  it('walk the steps in order, with null past either end', () => {
    const walked: OnboardingStep[] = [];
    for (let s: OnboardingStep | null = 'selectInstance'; s; s = nextStep(s)) walked.push(s);
    expect(walked).toEqual([...ONBOARDING_STEPS]);
    const back: OnboardingStep[] = [];
    for (let s: OnboardingStep | null = 'complete'; s; s = previousStep(s)) back.push(s);
    expect(back).toEqual([...ONBOARDING_STEPS].reverse());
    expect(previousStep('selectInstance')).toBeNull();
    expect(nextStep('complete')).toBeNull();
  });
});

describe('resolveStep', () => {
  it('keeps a reachable step', () => {
    expect(resolveStep('createApiClient', doneThrough(1))).toEqual({
      step: 'createApiClient',
      redirect: false,
    });
    expect(resolveStep('selectInstance', doneThrough(5))).toEqual({
      step: 'selectInstance',
      redirect: false,
    });
  });

  it('redirects an unreachable or missing step to the first incomplete one', () => {
    expect(resolveStep('complete', doneThrough(3))).toEqual({
      step: 'configureOcapiShopSettings',
      redirect: true,
    });
    expect(resolveStep('createApiClient', EMPTY_ONBOARDING_STATE)).toEqual({
      step: 'selectInstance',
      redirect: true,
    });
    expect(resolveStep(undefined, doneThrough(2))).toEqual({
      step: 'configureOcapiDataSettings',
      redirect: true,
    });
  });
});

describe('configure steps', () => {
  it('map to the capability they verify', () => {
    expect(ONBOARDING_STEPS.filter(isConfigureStep)).toEqual([
      'configureOcapiDataSettings',
      'configureOcapiShopSettings',
      'configureWebdavSettings',
    ]);
    expect(CONFIGURE_STEP_CAPABILITY).toEqual({
      configureOcapiDataSettings: 'ocapi-data',
      configureOcapiShopSettings: 'ocapi-shop',
      configureWebdavSettings: 'webdav',
    });
  });
});
