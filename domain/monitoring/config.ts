/**
 * AI discoverability monitoring's config, per env (docs/product.md#monitoring): the brand and its
 * competitors, the prompts asked (from the org's library, or new), the engines asked, how many
 * samples per prompt and engine, and the schedule. Flat, so each field's error is keyed by its name.
 */
import { z } from 'zod/mini';
import {
  brandDomainSchema,
  domainSchema,
  CONFIG_LIMITS,
  CONFIG_MESSAGES,
  entry,
  listOf,
  text,
} from '~/domain/agents/config';
import { AI_ENGINES } from '~/domain/ai/models';
import { idSchema } from '~/domain/shared/ids';
import { alertWebhookSchema } from './alerts';
import { type Market, MARKET_MESSAGES, MARKETS_MAX, marketSchema } from './markets';

export const MONITORING_SCHEDULES = ['off', 'daily', 'weekly'] as const;
export type MonitoringSchedule = (typeof MONITORING_SCHEDULES)[number];

export const MONITORING_LIMITS = {
  samples: { min: 1, max: 50, default: 10 },
  /** Runs in each window before and after a publish that the uplift compares (ADR 0040). */
  upliftRuns: { min: 2, max: 10, default: 3 },
  competitors: 20,
  prompts: 50,
  promptText: 1_000,
} as const;

export const MONITORING_MESSAGES = {
  noEngine: 'Choose at least one engine',
  noPrompt: 'Choose or write at least one prompt',
  samples: `Between ${MONITORING_LIMITS.samples.min} and ${MONITORING_LIMITS.samples.max} samples`,
  upliftRuns: `Between ${MONITORING_LIMITS.upliftRuns.min} and ${MONITORING_LIMITS.upliftRuns.max} runs`,
  competitorName: 'Give the competitor’s name',
  competitorDomain: 'Give the competitor’s domain, like example.com, or leave it empty',
  sameAsBrand: 'A competitor cannot be the brand itself',
  duplicateCompetitor: 'This competitor is listed twice',
  unknownPrompts: 'These prompts are no longer in the library',
  tooManyPrompts: `At most ${MONITORING_LIMITS.prompts} prompts in every market together`,
} as const;

const competitor = z.object({
  name: text(CONFIG_LIMITS.shortText, MONITORING_MESSAGES.competitorName),
  /** Optional: a competitor's citations are counted only when its domain is known. */
  domain: z.optional(z.union([z.literal(''), domainSchema(MONITORING_MESSAGES.competitorDomain)])),
});

/** The prompts of one further market: picked from the library or written here, in its language. */
const marketPromptsSchema = z.object({
  market: marketSchema,
  promptIds: z._default(listOf(idSchema, MONITORING_LIMITS.prompts), []),
  newPrompts: z._default(
    listOf(entry(MONITORING_LIMITS.promptText), MONITORING_LIMITS.prompts),
    [],
  ),
});

export const monitoringShape = {
  brandName: text(CONFIG_LIMITS.shortText, CONFIG_MESSAGES.brandName),
  brandDomain: brandDomainSchema,
  /** Other accepted spellings of the brand name. */
  brandVariants: z._default(listOf(entry(CONFIG_LIMITS.shortText), CONFIG_LIMITS.listItems), []),
  competitors: z._default(listOf(competitor, MONITORING_LIMITS.competitors), []),
  /** Prompts of the org's library (settings → Prompts). */
  promptIds: z._default(listOf(idSchema, MONITORING_LIMITS.prompts), []),
  /** Prompts written here, asked as they are. */
  newPrompts: z._default(
    listOf(entry(MONITORING_LIMITS.promptText), MONITORING_LIMITS.prompts),
    [],
  ),
  /**
   * The market the prompts above are asked in; absent in configs from before markets, whose prompts
   * are asked without one (no country for the search, the catalogue's default names).
   */
  market: z.optional(marketSchema),
  /** Prompts of further markets, each asked in its market's language. */
  otherMarkets: z._default(listOf(marketPromptsSchema, MARKETS_MAX - 1), []),
  engines: listOf(z.enum(AI_ENGINES), AI_ENGINES.length, {
    message: MONITORING_MESSAGES.noEngine,
  }),
  /**
   * Engines asked without their web search ("API without web search"): what the model says from
   * memory. Every other engine is asked with its vendor's web search, as shoppers' assistants answer.
   */
  memoryEngines: z._default(listOf(z.enum(AI_ENGINES), AI_ENGINES.length), []),
  samples: z._default(
    z
      .int()
      .check(
        z.minimum(MONITORING_LIMITS.samples.min, MONITORING_MESSAGES.samples),
        z.maximum(MONITORING_LIMITS.samples.max, MONITORING_MESSAGES.samples),
      ),
    MONITORING_LIMITS.samples.default,
  ),
  schedule: z._default(z.enum(MONITORING_SCHEDULES), 'off'),
  /**
   * Where alerts are posted as they are raised (Slack-compatible JSON); absent or '' for nowhere:
   * https, or http to this machine in development (domain/monitoring/alerts.ts).
   */
  alertWebhookUrl: z.optional(alertWebhookSchema),
  /** Runs each side of a publish before the uplift gives a verdict. */
  upliftRuns: z._default(
    z
      .int()
      .check(
        z.minimum(MONITORING_LIMITS.upliftRuns.min, MONITORING_MESSAGES.upliftRuns),
        z.maximum(MONITORING_LIMITS.upliftRuns.max, MONITORING_MESSAGES.upliftRuns),
      ),
    MONITORING_LIMITS.upliftRuns.default,
  ),
};

/** The prompts of one market as a config holds them (the first block's market may be absent). */
export interface MarketPrompts {
  market: Market | null;
  promptIds: string[];
  newPrompts: string[];
}

/** Every market's prompts, the config's first block first, with each block's path in the config. */
export function promptBlocks(config: {
  market?: Market | undefined;
  promptIds: string[];
  newPrompts: string[];
  otherMarkets?: { market: Market; promptIds: string[]; newPrompts: string[] }[];
}): (MarketPrompts & { path: (string | number)[] })[] {
  return [
    {
      market: config.market ?? null,
      promptIds: config.promptIds,
      newPrompts: config.newPrompts,
      path: [],
    },
    ...(config.otherMarkets ?? []).map((m, i) => ({ ...m, path: ['otherMarkets', i] })),
  ];
}

/**
 * Rules across fields: something to ask in every market, markets named once (the first block's too
 * when there are others), no more prompts than a run takes, and competitors that are neither the
 * brand nor repeated.
 */
export const monitoringRules = z.superRefine(
  (
    config: {
      brandName: string;
      competitors: { name: string }[];
      market?: Market | undefined;
      promptIds: string[];
      newPrompts: string[];
      otherMarkets?: { market: Market; promptIds: string[]; newPrompts: string[] }[];
    },
    ctx,
  ) => {
    const blocks = promptBlocks(config);
    const markets = new Set<string>();
    let total = 0;
    for (const block of blocks) {
      const count = block.promptIds.length + block.newPrompts.length;
      total += count;
      if (count === 0) {
        ctx.addIssue({
          code: 'custom',
          path: [...block.path, 'promptIds'],
          message: MONITORING_MESSAGES.noPrompt,
        });
      }
      if (block.market === null) {
        if (blocks.length > 1) {
          ctx.addIssue({ code: 'custom', path: ['market'], message: MARKET_MESSAGES.noMarket });
        }
      } else if (markets.has(block.market)) {
        ctx.addIssue({
          code: 'custom',
          path: [...block.path, 'market'],
          message: MARKET_MESSAGES.duplicate,
        });
      }
      if (block.market) markets.add(block.market);
    }
    if (total > MONITORING_LIMITS.prompts) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPrompts'],
        message: MONITORING_MESSAGES.tooManyPrompts,
      });
    }
    const seen = new Set<string>();
    config.competitors.forEach((c, i) => {
      const key = c.name.trim().toLocaleLowerCase('en-US');
      if (key === config.brandName.trim().toLocaleLowerCase('en-US')) {
        ctx.addIssue({
          code: 'custom',
          path: ['competitors', i, 'name'],
          message: MONITORING_MESSAGES.sameAsBrand,
        });
      } else if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['competitors', i, 'name'],
          message: MONITORING_MESSAGES.duplicateCompetitor,
        });
      }
      seen.add(key);
    });
  },
);

export const monitoringConfigSchema = z.object(monitoringShape).check(monitoringRules);
export type MonitoringConfig = z.output<typeof monitoringConfigSchema>;

/** An env's config as `monitoring.getConfig` answers it. */
export interface SavedMonitoringConfig {
  config: MonitoringConfig | null;
  /** What the form starts from when nothing is saved: the AEO agent's brand, the org's prompts. */
  defaults: Partial<MonitoringConfig>;
  /** The markets prompts can be asked in: the catalogue copy's locales that name a country. */
  markets: Market[];
  updatedAt: Date | null;
}
