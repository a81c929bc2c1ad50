/**
 * The AI providers Beacon calls: the one constant the env home's search schema needs, apart from
 * models.ts so the entry chunk does not carry the models and their prices
 * (docs/decisions/0002-lean-entry-chunk.md).
 */
export const AI_PROVIDERS = ['anthropic', 'openai', 'google'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/**
 * The answer engines monitoring asks: the three providers and Perplexity, whose Sonar models answer
 * every question from a web search. Perplexity answers shoppers but writes no copy, so agents and the
 * analyst choose among AI_PROVIDERS only.
 */
export const AI_ENGINES = [...AI_PROVIDERS, 'perplexity'] as const;
export type AiEngine = (typeof AI_ENGINES)[number];
