/** The onboarding screen's search parameters: the step, and the instance (row id) it resumes. */
import * as z from 'zod/mini';
import { optionalTextParam } from '~/domain/shared/search';
import { ONBOARDING_STEPS } from './steps';

export const onboardingSearch = z.object({
  step: z.catch(z.optional(z.enum(ONBOARDING_STEPS)), undefined),
  instance: optionalTextParam,
});
