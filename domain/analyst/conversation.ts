/**
 * The analyst: a conversation per person and env, kept across visits. A question in words, an answer
 * written by a model that looked the figures up through Beacon's read-only tools (the steps), streamed
 * as it is written and stoppable.
 */

export const ANALYST_QUESTION_MAX = 2000;

export const ANALYST_ROLES = ['user', 'assistant'] as const;
export type AnalystRole = (typeof ANALYST_ROLES)[number];

export const ANALYST_STATUSES = ['streaming', 'done', 'stopped', 'failed'] as const;
export type AnalystStatus = (typeof ANALYST_STATUSES)[number];

/** A screen of the app the figures come from. */
export interface AnalystLink {
  label: string;
  /** An app route ("/app/{org}/{env}?llm=openai"). */
  href: string;
}

/** One look-up the model made through a tool, as the answer shows it. */
export interface AnalystStep {
  tool: string;
  input: unknown;
  /** What was found, in a few words ("3 engines, 2 prompts"). */
  summary: string;
  links: AnalystLink[];
}

export interface AnalystQuestion {
  id: string;
  role: 'user';
  text: string;
  createdAt: Date;
}

export interface AnalystAnswer {
  id: string;
  role: 'assistant';
  text: string;
  steps: AnalystStep[];
  status: AnalystStatus;
  /** The plain reason a failed answer gives; null otherwise. */
  error: string | null;
  createdAt: Date;
}

export type AnalystMessage = AnalystQuestion | AnalystAnswer;

/** What the answer stream carries, in order: steps and text as they come, then one end. */
export type AnalystDelta =
  | ({ type: 'step' } & AnalystStep)
  | { type: 'text'; delta: string }
  | { type: 'done' }
  | { type: 'stopped' }
  | { type: 'error'; message: string };

export const ANALYST_MESSAGES = {
  questionRequired: 'Ask a question.',
  questionTooLong: `Keep the question under ${ANALYST_QUESTION_MAX} characters.`,
  answerNotFound: 'That answer is not in your conversation.',
  nothingToRetry: 'There is no question to ask again.',
  answerInProgress: 'An answer is still being written. Stop it or wait for it to finish.',
  stopped: 'Stopped.',
  retryHint: 'Your question is kept: retry it.',
  unexpected: 'The analyst could not answer. Your question is kept: retry it.',
} as const;
