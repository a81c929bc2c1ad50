/**
 * The AI providers Beacon calls: the one constant the env home's search schema needs, apart from
 * models.ts so the entry chunk does not carry the models and their prices
 * (docs/decisions/0002-lean-entry-chunk.md).
 */
export const AI_PROVIDERS = ['anthropic', 'openai', 'google'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];
