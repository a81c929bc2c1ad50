/**
 * Questions the analyst screen offers when the conversation is empty, drawn from the env's data: the
 * engine that mentions the brand least, a locale with untranslated products, the last agent run. Each
 * is worded so the analyst looks up the figures it names.
 */
import type { AgentType } from '~/domain/agents/catalogue';

export const ANALYST_SUGGESTIONS_MAX = 4;

export const ANALYST_SUGGESTION = {
  lowestEngine: (engineName: string, rate: string) =>
    `Why does ${engineName} mention us in only ${rate} of answers, and for which prompts?`,
  untranslated: (count: number, locale: string) =>
    `Which ${count === 1 ? 'product has' : `${count} products have`} no name in ${locale}?`,
  lastRun: (agentType: AgentType) => `How did the last ${agentType} agent run go?`,
  pendingProposals: (count: number) =>
    `Which ${count === 1 ? 'proposal is' : `${count} proposals are`} still pending review?`,
} as const;

/** Offered when the env has no data to draw from yet. */
export const ANALYST_STARTER_QUESTIONS = [
  'Which engine mentions us least?',
  'Which proposals are still pending review?',
  'How did the last translation agent run go?',
] as const;
