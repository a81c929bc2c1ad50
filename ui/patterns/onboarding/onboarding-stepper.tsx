/** The onboarding steps as a stepper: labels per step, done steps clickable. */
import { CAPABILITY } from '~/domain/instances/capabilities';
import { ONBOARDING_STEPS, type OnboardingStep } from '~/domain/onboarding/steps';
import { Stepper, type StepperStep } from '~/ui/components/stepper';

export const ONBOARDING_STEP_LABELS: Record<OnboardingStep, string> = {
  selectInstance: 'Choose instance',
  createApiClient: 'Create API client',
  configureOcapiDataSettings: CAPABILITY['ocapi-data'].settings,
  configureOcapiShopSettings: CAPABILITY['ocapi-shop'].settings,
  configureWebdavSettings: CAPABILITY.webdav.settings,
  complete: 'Complete',
};

const STEPS: StepperStep[] = ONBOARDING_STEPS.map((id) => ({
  id,
  label: ONBOARDING_STEP_LABELS[id],
}));

export function OnboardingStepper({
  current,
  completed,
  onStepClick,
}: {
  current: OnboardingStep;
  completed: readonly OnboardingStep[];
  onStepClick: (step: OnboardingStep) => void;
}) {
  return (
    <nav aria-label="Onboarding steps">
      <Stepper
        steps={STEPS}
        currentId={current}
        doneIds={completed}
        onStepClick={(id) => onStepClick(id as OnboardingStep)}
      />
    </nav>
  );
}
