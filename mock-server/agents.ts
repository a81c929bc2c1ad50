/**
 * Acme's agents for mocks: saved configs over the fixture catalogue (mock-server/products.ts), run
 * estimates worked out with the domain's own estimate, runs in every status with the domain's error
 * messages, and answers for the agents procedures that check a config the way the server does
 * (server/agents/service.ts: catalogs, categories, languages, products and the prompt must exist).
 */
import type { AgentType } from '~/domain/agents/catalogue';
import {
  type AeoConfig,
  type AgentConfig,
  configLookups,
  configReferenceErrors,
  type SeoConfig,
  SEO_FIELDS,
  type TranslationConfig,
} from '~/domain/agents/config';
import { estimateRun } from '~/domain/agents/estimate';
import { saveAgentConfigInput, startRunInput } from '~/domain/agents/inputs';
import { AGENT_MESSAGES } from '~/domain/agents/messages';
import {
  type AgentRun,
  type AgentRunStatus,
  type AgentsOverview,
  type RunEstimate,
  runErrorMessage,
  type SavedAgentConfig,
} from '~/domain/agents/runs';
import { AI_MODELS, type AiProvider, costOf } from '~/domain/ai/models';
import type { ProductField } from '~/domain/products/entities';
import { promptList, prompts, users } from './fixtures';
import { catalogueFacets, catalogueRows, STORY_NOW } from './products';
import { atEnv } from './scenarios';
import { domainError, pending, type TrpcScenario } from './trpc/scenario';

const at = (iso: string) => new Date(iso);
const maya = { name: users.maya.name, email: users.maya.email };
const ada = { name: users.ada.name, email: users.ada.email };

/** The message a refused config carries beside its field errors. */
export const CONFIG_REFUSED = 'This configuration was not saved: check the fields marked.';

// ——— Saved configs ———

export const savedConfigs = {
  translation: {
    type: 'translation',
    provider: 'anthropic',
    promptId: null,
    sourceLocale: 'default',
    languages: ['de-DE', 'fr-FR'],
    fields: ['name', 'short_description', 'long_description'],
    filterBy: 'catalog',
    catalogIds: ['acme-storefront'],
    categoryIds: ['mens', 'womens'],
    productIds: [],
    productTypes: ['variation-group'],
  },
  seo: {
    type: 'seo',
    provider: 'anthropic',
    promptId: null,
    catalogIds: ['acme-storefront'],
    fields: [...SEO_FIELDS],
    languages: ['en-US', 'de-DE', 'fr-FR'],
  },
  aeo: {
    type: 'aeo',
    provider: 'openai',
    promptId: prompts.rainJacket.id,
    brandName: 'Acme Outfitters',
    brandDomain: 'acme-outfitters.com',
    brandType: 'retailer',
    persona:
      'Weekend hikers and trail runners in their 30s and 40s who research gear before they buy.',
    personaConversationalStyle:
      'Practical and direct: they ask about fit, weight and how a piece copes with rain.',
    topProducts: [{ productName: 'Alpine Rain Jacket' }, { productName: 'Trailhead Fleece' }],
    topCategories: [{ name: 'Outerwear' }, { name: 'Bags' }],
    searchTerms: ['waterproof hiking jacket', 'packable down vest'],
    conversationStarters: ['What should I wear for a rainy day hike?'],
    catalogIds: ['acme-storefront'],
    languages: ['en-US'],
  },
} satisfies { translation: TranslationConfig; seo: SeoConfig; aeo: AeoConfig };

/** When each config was saved: the translation two minutes before the stories' now. */
export const savedAt: Record<AgentType, Date> = {
  translation: at('2026-03-02T11:28:00Z'),
  seo: at('2026-02-26T10:00:00Z'),
  aeo: at('2026-02-27T15:40:00Z'),
};

/** A saved config whose catalog has since left the instance: the server refuses it on the next save. */
export const staleTranslationConfig: TranslationConfig = {
  ...savedConfigs.translation,
  catalogIds: ['acme-outlet'],
  categoryIds: [],
  languages: ['de-DE'],
  fields: ['name'],
};

export function saved<C extends AgentConfig>(config: C | null, updatedAt: Date | null = null) {
  return {
    config,
    updatedAt: config ? (updatedAt ?? savedAt[config.type]) : null,
  } satisfies SavedAgentConfig<C>;
}

// ——— Estimates ———

/** Characters of each field summed over the products in scope (names ~20, blurbs ~60, …). */
function sourceCharacters(products: number): Partial<Record<ProductField, number>> {
  return {
    name: products * 20,
    short_description: products * 60,
    long_description: products * 160,
    page_title: products * 40,
    page_description: products * 70,
    page_keywords: 0,
  };
}

function estimateFor(config: AgentConfig, products: number): RunEstimate {
  return estimateRun({
    agentType: config.type,
    provider: config.provider,
    products,
    locales: config.languages,
    fields: config.type === 'aeo' ? ['short_description', 'long_description'] : config.fields,
    sourceCharacters: sourceCharacters(products),
    instructionCharacters: 2600,
  });
}

/**
 * What each saved config covers in the fixture catalogue: SEO the storefront's 14 base products;
 * translation its men's and women's masters with their variation groups; AEO the base products.
 */
export const estimates = {
  translation: estimateFor(savedConfigs.translation, 21),
  seo: estimateFor(savedConfigs.seo, 14),
  aeo: estimateFor(savedConfigs.aeo, 14),
} satisfies Record<AgentType, RunEstimate>;

// ——— Runs ———

interface RunCounts {
  itemsTotal: number;
  itemsDone: number;
  itemsFailed?: number;
  itemsCancelled?: number;
  proposals: number;
  refused?: number;
  inputTokens: number;
  outputTokens: number;
}

/** A run of `type` with its counts; the cost follows from the tokens and the model. */
export function agentRun(
  type: AgentType,
  id: string,
  status: AgentRunStatus,
  counts: RunCounts,
  options: {
    provider?: AiProvider;
    concurrency?: number;
    startedBy?: AgentRun['startedBy'];
    createdAt: Date;
    startedAt?: Date | null;
    finishedAt?: Date | null;
    error?: string | null;
    errors?: AgentRun['errors'];
  },
): AgentRun {
  const config = savedConfigs[type];
  const provider = options.provider ?? config.provider;
  const model = AI_MODELS[provider];
  const estimate = estimates[type];
  return {
    id,
    agentType: type,
    status,
    provider,
    model,
    concurrency: options.concurrency ?? 10,
    startedBy: options.startedBy === undefined ? maya : options.startedBy,
    scope: {
      products: estimate.products,
      only: null,
      locales: estimate.locales,
      fields: estimate.fields,
    },
    itemsFailed: 0,
    itemsCancelled: 0,
    refused: 0,
    ...counts,
    costUsd: costOf({ model, inputTokens: counts.inputTokens, outputTokens: counts.outputTokens }),
    createdAt: options.createdAt,
    startedAt: options.startedAt === undefined ? options.createdAt : options.startedAt,
    finishedAt: options.finishedAt ?? null,
    error: options.error ?? null,
    errors: options.errors ?? [],
  };
}

/** SEO: 14 products × 3 locales × 2 field groups = 84 items. */
const SEO_ITEMS = estimates.seo.modelCalls;

export const seoRuns = {
  queued: agentRun(
    'seo',
    'run_seo_6',
    'queued',
    { itemsTotal: 0, itemsDone: 0, proposals: 0, inputTokens: 0, outputTokens: 0 },
    { createdAt: STORY_NOW, startedAt: null },
  ),
  running: agentRun(
    'seo',
    'run_seo_5',
    'running',
    {
      itemsTotal: SEO_ITEMS,
      itemsDone: 51,
      itemsFailed: 2,
      proposals: 127,
      inputTokens: 71_910,
      outputTokens: 27_030,
    },
    { createdAt: at('2026-03-02T11:20:40Z'), startedAt: at('2026-03-02T11:20:48Z') },
  ),
  failed: agentRun(
    'seo',
    'run_seo_4',
    'failed',
    {
      itemsTotal: SEO_ITEMS,
      itemsDone: 24,
      itemsFailed: 10,
      itemsCancelled: 50,
      proposals: 60,
      inputTokens: 33_820,
      outputTokens: 12_710,
    },
    {
      startedBy: ada,
      createdAt: at('2026-03-01T16:05:02Z'),
      startedAt: at('2026-03-01T16:05:10Z'),
      finishedAt: at('2026-03-01T16:09:31Z'),
      error: runErrorMessage('invalid-key', 'anthropic'),
      errors: [
        { reason: 'invalid-key', message: runErrorMessage('invalid-key', 'anthropic'), items: 10 },
      ],
    },
  ),
  partlyFailed: agentRun(
    'seo',
    'run_seo_3',
    'partly-failed',
    {
      itemsTotal: SEO_ITEMS,
      itemsDone: 78,
      itemsFailed: 6,
      proposals: 193,
      refused: 3,
      inputTokens: 110_240,
      outputTokens: 41_580,
    },
    {
      concurrency: 20,
      createdAt: at('2026-02-27T09:12:00Z'),
      startedAt: at('2026-02-27T09:12:06Z'),
      finishedAt: at('2026-02-27T09:26:49Z'),
      errors: [
        { reason: 'rate-limited', message: runErrorMessage('rate-limited', 'anthropic'), items: 5 },
        { reason: 'product-gone', message: runErrorMessage('product-gone', 'anthropic'), items: 1 },
      ],
    },
  ),
  cancelled: agentRun(
    'seo',
    'run_seo_2',
    'cancelled',
    {
      itemsTotal: SEO_ITEMS,
      itemsDone: 30,
      itemsCancelled: 54,
      proposals: 74,
      inputTokens: 42_300,
      outputTokens: 15_960,
    },
    {
      startedBy: ada,
      createdAt: at('2026-02-20T14:00:00Z'),
      startedAt: at('2026-02-20T14:00:05Z'),
      finishedAt: at('2026-02-20T14:06:41Z'),
    },
  ),
  succeeded: agentRun(
    'seo',
    'run_seo_1',
    'succeeded',
    {
      itemsTotal: SEO_ITEMS,
      itemsDone: SEO_ITEMS,
      proposals: 210,
      inputTokens: 118_650,
      outputTokens: 44_520,
    },
    {
      createdAt: at('2026-02-12T08:30:00Z'),
      startedAt: at('2026-02-12T08:30:04Z'),
      finishedAt: at('2026-02-12T08:45:22Z'),
    },
  ),
} satisfies Record<string, AgentRun>;

/** The running SEO run as watchRun reports it, `ended` items on. */
export function seoRunningAt(itemsDone: number, status: AgentRunStatus = 'running'): AgentRun {
  const { running } = seoRuns;
  const tokensPerItem = running.inputTokens / running.itemsDone;
  const inputTokens = Math.round(tokensPerItem * itemsDone);
  const outputTokens = Math.round((running.outputTokens / running.itemsDone) * itemsDone);
  const cancelled =
    status === 'cancelled' ? running.itemsTotal - itemsDone - running.itemsFailed : 0;
  return {
    ...running,
    status,
    itemsDone,
    itemsCancelled: cancelled,
    proposals: Math.round(itemsDone * 2.5),
    inputTokens,
    outputTokens,
    costUsd: costOf({ model: running.model, inputTokens, outputTokens }),
    finishedAt: status === 'cancelled' ? STORY_NOW : null,
  };
}

/** Past SEO runs, newest first: the last succeeded; before it partly failed, failed, cancelled. */
export const seoHistory: AgentRun[] = [
  {
    ...seoRuns.succeeded,
    id: 'run_seo_7',
    createdAt: at('2026-03-02T08:00:00Z'),
    startedAt: at('2026-03-02T08:00:03Z'),
    finishedAt: at('2026-03-02T08:14:41Z'),
  },
  seoRuns.failed,
  seoRuns.partlyFailed,
  seoRuns.cancelled,
  seoRuns.succeeded,
];

export const translationRuns: AgentRun[] = [
  agentRun(
    'translation',
    'run_translation_2',
    'succeeded',
    {
      itemsTotal: estimates.translation.modelCalls,
      itemsDone: estimates.translation.modelCalls,
      proposals: 118,
      inputTokens: 52_480,
      outputTokens: 24_950,
    },
    {
      createdAt: at('2026-02-28T13:10:00Z'),
      startedAt: at('2026-02-28T13:10:04Z'),
      finishedAt: at('2026-02-28T13:18:37Z'),
    },
  ),
];

/** agents.overview: translation ran, SEO's last run failed, AEO not configured yet. */
export const agentsOverview = {
  translation: { configured: true, lastRun: translationRuns[0] ?? null },
  seo: { configured: true, lastRun: seoRuns.failed },
  aeo: { configured: false, lastRun: null },
} satisfies AgentsOverview;

// ——— The server's checks ———

/**
 * What only the server can check, field by field: the server's own rule (domain/agents/config.ts
 * `configReferenceErrors`) over the fixture catalogue and prompt library.
 */
export function refusedFields(config: AgentConfig): Record<string, string> {
  const wanted = configLookups(config);
  return configReferenceErrors(config, {
    locales: catalogueFacets.locales,
    catalogs: catalogueFacets.catalogs.map((c) => c.id),
    categories: catalogueFacets.categories
      .filter((c) => config.catalogIds.includes(c.catalogId))
      .map((c) => c.id),
    products: catalogueRows.map((p) => p.id),
    promptFound: wanted.promptId !== null && promptList.some((p) => p.id === wanted.promptId),
  });
}

// ——— Scenarios ———

export interface AgentsScenario {
  /** Each agent's saved config; a missing one is not configured. */
  configs?: Partial<Record<AgentType, SavedAgentConfig<AgentConfig>>>;
  /** Each agent's runs, newest first. */
  runs?: Partial<Record<AgentType, AgentRun[]>>;
}

const allSaved = {
  translation: saved(savedConfigs.translation),
  seo: saved(savedConfigs.seo),
  aeo: saved(savedConfigs.aeo),
} satisfies Record<AgentType, SavedAgentConfig<AgentConfig>>;

/**
 * Maya at acme/prod with the fixture catalogue and prompt library; the agents procedures answering
 * from `configs` and `runs` (by default every agent saved, SEO with its history). Saving checks the
 * config as the server does and answers the saved config at the stories' now. watchRun stays quiet:
 * stories that show a live run pass their own stream.
 */
export function atAgents({
  configs = allSaved,
  runs = { seo: seoHistory, translation: translationRuns },
}: AgentsScenario = {}): TrpcScenario {
  const runList = (type: AgentType) => runs[type] ?? [];
  const findRun = (runId: string) =>
    Object.values(runs)
      .flat()
      .find((r) => r.id === runId);
  return {
    ...atEnv(),
    'products.facets': catalogueFacets,
    'prompts.list': promptList,
    'agents.overview': {
      translation: {
        configured: Boolean(configs.translation?.config),
        lastRun: runList('translation')[0] ?? null,
      },
      seo: { configured: Boolean(configs.seo?.config), lastRun: runList('seo')[0] ?? null },
      aeo: { configured: Boolean(configs.aeo?.config), lastRun: runList('aeo')[0] ?? null },
    },
    'agents.getConfig': (input) => configs[input.agentType] ?? { config: null, updatedAt: null },
    // The mock router hands over the parsed input; parsing again gives it its defaults' type.
    'agents.saveConfig': (input) => {
      const { orgId: _orgId, envId: _envId, ...config } = saveAgentConfigInput.parse(input);
      const fieldErrors = refusedFields(config);
      if (Object.keys(fieldErrors).length > 0)
        return domainError('INVALID', CONFIG_REFUSED, 'agent-config-invalid', fieldErrors);
      return { config, updatedAt: STORY_NOW };
    },
    'agents.estimate': (input) =>
      configs[input.agentType]?.config
        ? estimates[input.agentType]
        : domainError('CONFLICT', AGENT_MESSAGES.notConfigured, 'agent-not-configured'),
    'agents.start': (input) => {
      const { agentType, concurrency, productIds, languages } = startRunInput.parse(input);
      return {
        ...seoRuns.queued,
        id: `run_${agentType}_new`,
        agentType,
        concurrency,
        scope: {
          ...seoRuns.queued.scope,
          only: productIds ?? null,
          ...(languages ? { locales: languages } : {}),
        },
      };
    },
    'agents.cancel': (input) => {
      const run = findRun(input.runId);
      return run
        ? { ...run, status: 'cancelling' }
        : domainError('NOT_FOUND', AGENT_MESSAGES.runNotFound, 'agent-run-not-found');
    },
    'agents.runs': (input) => runList(input.agentType),
    'agents.run': (input) =>
      findRun(input.runId) ??
      domainError('NOT_FOUND', AGENT_MESSAGES.runNotFound, 'agent-run-not-found'),
    'agents.watchRun': pending,
  };
}
