/** Inputs of the prompts procedures: a name to pick a prompt by and the text agents and AEO monitoring send. */
import { z } from 'zod/mini';
import { idSchema } from '~/domain/shared/ids';

export const PROMPT_NAME_MAX = 80;
export const PROMPT_TEXT_MAX = 4000;
const promptFields = {
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Give the prompt a name'),
      z.maxLength(PROMPT_NAME_MAX, `At most ${PROMPT_NAME_MAX} characters`),
    ),
  text: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Write the prompt text'),
      z.maxLength(PROMPT_TEXT_MAX, `At most ${PROMPT_TEXT_MAX} characters`),
    ),
};
export const createPromptInput = z.object({ orgId: idSchema, ...promptFields });
export const promptIdInput = z.object({ orgId: idSchema, promptId: idSchema });
export const updatePromptInput = z.object({ orgId: idSchema, promptId: idSchema, ...promptFields });
