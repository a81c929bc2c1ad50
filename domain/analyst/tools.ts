/**
 * The analyst's tool catalogue: names and inputs. Every tool is read-only; the org and env are never
 * an input (the server fixes them to the caller's).
 */
import { z } from 'zod';
import { AGENT_TYPES } from '~/domain/agents/catalogue';
import { AI_ENGINES } from '~/domain/ai/models';
import { REVIEW_STATUSES } from '~/domain/reviews/search';

export const ANALYST_TOOL_NAMES = [
  'monitoringResults',
  'untranslatedProducts',
  'proposals',
  'agentRuns',
  'monitoringSources',
  'monitoringAlerts',
] as const;
export type AnalystToolName = (typeof ANALYST_TOOL_NAMES)[number];

const locale = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)
  .describe('A locale such as fr-FR or de-DE');

export const ANALYST_TOOL_INPUTS = {
  monitoringResults: z.object({
    engine: z.enum(AI_ENGINES).optional().describe('One AI engine; every engine when absent'),
  }),
  untranslatedProducts: z.object({
    locale,
    field: z.enum(['name']).optional().describe('The field that is missing (name)'),
  }),
  proposals: z.object({
    status: z
      .enum(REVIEW_STATUSES)
      .optional()
      .describe('pending, approved (published or not) or rejected'),
    agentType: z.enum(AGENT_TYPES).optional(),
    since: z.iso
      .date()
      .optional()
      .describe('Only proposals made on or after this day (YYYY-MM-DD)'),
  }),
  agentRuns: z.object({
    agentType: z.enum(AGENT_TYPES).optional(),
  }),
  monitoringSources: z.object({
    engine: z.enum(AI_ENGINES).optional().describe('One AI engine; every engine when absent'),
  }),
  monitoringAlerts: z.object({}),
} as const satisfies Record<AnalystToolName, z.ZodType>;

export const ANALYST_TOOL_DESCRIPTIONS: Record<AnalystToolName, string> = {
  monitoringResults:
    'AI visibility monitoring: how often each engine mentions and cites the brand (rates with 95% intervals and n), per engine and per prompt, from the latest run.',
  untranslatedProducts:
    'Products whose name is missing (untranslated) in a locale, from the catalogue copy.',
  proposals:
    'Proposals the agents made (translation, SEO, AEO) and their review states: what an agent changed or proposed to change.',
  agentRuns: 'Runs of the agents (translation, SEO, AEO): when, their status and their counts.',
  monitoringSources:
    'Web pages and sites the assistants’ own web searches cited as sources: domains cited most, the brand’s share of citations, its storefront pages cited, competitor or review pages winning citations.',
  monitoringAlerts:
    'Open alerts: a drop or rise beyond the noise between runs (mention, citation or inaccurate-answer rate) per engine and market, by how much, and when.',
};
