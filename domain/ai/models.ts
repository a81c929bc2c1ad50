/** The AI providers Beacon calls, the one model used from each, and what each costs per token. */
import { AI_ENGINES, AI_PROVIDERS, type AiEngine, type AiProvider } from './constants';

export { AI_ENGINES, AI_PROVIDERS, type AiEngine, type AiProvider };

/**
 * The Claude model, named once. Chosen from the models the Anthropic SDK does not list as
 * deprecated (claude-sonnet-4-5 reaches end of life on 2026-11-30); see
 * docs/decisions/0020-ai-models-and-simulator.md.
 */
export const CLAUDE_MODEL = 'claude-sonnet-5-5';
export const OPENAI_MODEL = 'gpt-5';
export const GEMINI_MODEL = 'gemini-2.5-flash';
/** Perplexity's Sonar: its lightweight search model, the one its API answers most questions with. */
export const PERPLEXITY_MODEL = 'sonar';

export const AI_MODELS = {
  anthropic: CLAUDE_MODEL,
  openai: OPENAI_MODEL,
  google: GEMINI_MODEL,
  perplexity: PERPLEXITY_MODEL,
} as const satisfies Record<AiEngine, string>;
export type AiModelId = (typeof AI_MODELS)[AiEngine];

/** What people call each engine's assistant; used in messages. */
export const AI_PROVIDER_NAMES: Record<AiEngine, string> = {
  anthropic: 'Claude',
  openai: 'ChatGPT',
  google: 'Gemini',
  perplexity: 'Perplexity',
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
  [PERPLEXITY_MODEL]: { inputPerMillion: 1, outputPerMillion: 1 },
};

/**
 * What each vendor's web search adds to a call, from their list prices (docs/decisions/
 * 0047-web-search-monitoring.md): OpenAI's web search tool $10 per 1,000 calls, Anthropic's web
 * search $10 per 1,000 searches, Gemini 2.5's Grounding with Google Search $35 per 1,000 grounded
 * prompts (whatever number of queries it ran; the free daily allowance is not counted, so estimates
 * err high), Perplexity Sonar's request fee $5 per 1,000 requests at the low search context Beacon
 * asks for. The pages the search reads are input tokens, billed at the model's rate.
 */
export const SEARCH_PRICES: Record<
  AiModelId,
  { usdPerThousand: number; per: 'search' | 'grounded-prompt' | 'request' }
> = {
  [CLAUDE_MODEL]: { usdPerThousand: 10, per: 'search' },
  [OPENAI_MODEL]: { usdPerThousand: 10, per: 'search' },
  [GEMINI_MODEL]: { usdPerThousand: 35, per: 'grounded-prompt' },
  [PERPLEXITY_MODEL]: { usdPerThousand: 5, per: 'request' },
};

export interface AiUsage {
  model: AiModelId;
  inputTokens: number;
  /** Includes reasoning tokens: the vendors bill them as output. */
  outputTokens: number;
  /** Web searches the call ran (0 or absent without search). */
  searches?: number;
}

/** The search fee of a call that ran `searches` searches. */
export function searchCostOf(model: AiModelId, searches: number): number {
  if (searches <= 0) return 0;
  const price = SEARCH_PRICES[model];
  return ((price.per === 'search' ? searches : 1) * price.usdPerThousand) / 1000;
}

/** Cost in US dollars, rounded to a millionth of a dollar so sums stay exact enough to show. */
export function costOf(usage: AiUsage): number {
  const price = MODEL_PRICES[usage.model];
  const dollars =
    (usage.inputTokens * price.inputPerMillion + usage.outputTokens * price.outputPerMillion) /
      1_000_000 +
    searchCostOf(usage.model, usage.searches ?? 0);
  return Math.round(dollars * 1_000_000) / 1_000_000;
}

/** Sums a run's calls. */
export function totalCost(usages: readonly AiUsage[]): number {
  return Math.round(usages.reduce((sum, u) => sum + costOf(u), 0) * 1_000_000) / 1_000_000;
}
