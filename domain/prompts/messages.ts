/** User-facing copy of the prompt library; tests quote it. */
export const PROMPT_MESSAGES = {
  promptNameTaken: (name: string) => `This org already has a prompt named "${name}".`,
  promptNotFound: 'This prompt does not exist. It may have been deleted.',
} as const;

export const PROMPT_ERROR_REASONS = ['name-taken', 'prompt-not-found'] as const;
export type PromptErrorReason = (typeof PROMPT_ERROR_REASONS)[number];
