/** The onboarding screen's search parameters: the step, and the instance (row id) it resumes. */
import { oneOf, optional, optionalTextParam, searchSchema } from '~/domain/shared/search';
import { ONBOARDING_STEPS } from './constants';

export const onboardingSearch = searchSchema({
  step: optional(oneOf(ONBOARDING_STEPS)),
  instance: optionalTextParam,
});
