/**
 * The agent types: the one constant the review queue's search schema needs, apart from catalogue.ts
 * so the entry chunk does not carry the catalogue (docs/decisions/0002-lean-entry-chunk.md).
 */
export const AGENT_TYPES = ['translation', 'seo', 'aeo'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];
