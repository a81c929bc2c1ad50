/** Inputs of the analyst procedures. */
import { z } from 'zod/mini';
import { idSchema } from '~/domain/shared/ids';
import { ANALYST_MESSAGES, ANALYST_QUESTION_MAX } from './conversation';

const envScoped = { orgId: idSchema, envId: idSchema };

export const analystAskInput = z.object({
  ...envScoped,
  question: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, ANALYST_MESSAGES.questionRequired),
      z.maxLength(ANALYST_QUESTION_MAX, ANALYST_MESSAGES.questionTooLong),
    ),
});
export type AnalystAskInput = z.output<typeof analystAskInput>;

export const analystConversationInput = z.object(envScoped);
export const analystRetryInput = z.object(envScoped);
export const analystClearInput = z.object(envScoped);
export const analystSuggestionsInput = z.object(envScoped);
/** The answer to follow as it is written. */
export const analystStreamInput = z.object({ ...envScoped, answerId: idSchema });
