/** The AI providers Beacon calls, the one model used from each, and what each costs per token. */
import { AI_PROVIDERS, type AiProvider } from './constants';

export { AI_PROVIDERS, type AiProvider };

/**
 * The Claude model, named once. Chosen from the models the Anthropic SDK does not list as
 * deprecated (claude-sonnet-4-5 reaches end of life on 2026-11-30); see
 * docs/decisions/0020-ai-models-and-simulator.md.
 */
export const CLAUDE_MODEL = 'claude-sonnet-5-5';
export const OPENAI_MODEL = 'gpt-5';
export const GEMINI_MODEL = 'gemini-2.5-flash';

export const AI_MODELS = {
  anthropic: CLAUDE_MODEL,
  openai: OPENAI_MODEL,
  google: GEMINI_MODEL,
} as const satisfies Record<AiProvider, string>;
export type AiModelId = (typeof AI_MODELS)[AiProvider];

/** What people call each provider's assistant; used in messages. */
export const AI_PROVIDER_NAMES: Record<AiProvider, string> = {
  anthropic: 'Claude',
  openai: 'ChatGPT',
  google: 'Gemini',
};

/** US dollars per million tokens, from the vendors' list prices. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

export const MODEL_PRICES: Record<AiModelId, ModelPrice> = {
  [CLAUDE_MODEL]: { inputPerMillion: 3, outputPerMillion: 15 },
  [OPENAI_MODEL]: { inputPerMillion: 1.25, outputPerMillion: 10 },
  [GEMINI_MODEL]: { inputPerMillion: 0.3, outputPerMillion: 2.5 },
};

export interface AiUsage {
  model: AiModelId;
  inputTokens: number;
  /** Includes reasoning tokens: the vendors bill them as output. */
  outputTokens: number;
}

/** Cost in US dollars, rounded to a millionth of a dollar so sums stay exact enough to show. */
export function costOf(usage: AiUsage): number {
  const price = MODEL_PRICES[usage.model];
  const dollars =
    (usage.inputTokens * price.inputPerMillion + usage.outputTokens * price.outputPerMillion) /
    1_000_000;
  return Math.round(dollars * 1_000_000) / 1_000_000;
}

/** Sums a run's calls. */
export function totalCost(usages: readonly AiUsage[]): number {
  return Math.round(usages.reduce((sum, u) => sum + costOf(u), 0) * 1_000_000) / 1_000_000;
}
