/**
 * Acme's AI discoverability monitoring config for mocks: a saved config over the fixture prompt
 * library, the defaults the server offers before the first save (the AEO agent's brand, the library's
 * prompts), and answers for monitoring.getConfig and monitoring.saveConfig that check a config the way
 * the server does (server/monitoring/service.ts: every chosen prompt must still be in the library, and
 * every market among the env's).
 * The input itself is checked by the mock router with the procedure's own schema, so a refused input
 * never reaches the mock and nothing is stored.
 */
import {
  type MonitoringConfig,
  MONITORING_MESSAGES,
  promptBlocks,
  type SavedMonitoringConfig,
} from '~/domain/monitoring/config';
import { MARKET_MESSAGES } from '~/domain/monitoring/markets';
import { saveMonitoringConfigInput } from '~/domain/monitoring/inputs';
import type { Prompt } from '~/domain/prompts/entities';
import { savedConfigs } from './agents';
import { promptList, prompts } from './fixtures';
import { STORY_NOW } from './products';
import { domainError, type TrpcScenario } from './trpc/scenario';

/**
 * What the server answers before the first save: the AEO agent's brand, the library's first prompts,
 * asked in en-US (the env has it).
 */
export const monitoringDefaults = {
  brandName: savedConfigs.aeo.brandName,
  brandDomain: savedConfigs.aeo.brandDomain,
  promptIds: promptList.map((p) => p.id),
  market: 'en-US',
} satisfies Partial<MonitoringConfig>;

/**
 * Acme's saved config: two library prompts and one written here, ChatGPT and Claude, weekly; from
 * before markets, so its prompts have none.
 */
export const monitoringConfig = {
  brandName: 'Acme Outfitters',
  brandDomain: 'acme-outfitters.com',
  brandVariants: ['Acme', 'Acme Outdoor'],
  competitors: [{ name: 'Summit Supply Co.', domain: 'summitsupply.com' }, { name: 'Trailborn' }],
  promptIds: [prompts.trailShoes.id, prompts.rainJacket.id],
  newPrompts: ['Where can I buy a packable down vest that ships to Canada?'],
  engines: ['openai', 'anthropic'],
  memoryEngines: [],
  otherMarkets: [],
  samples: 12,
  schedule: 'weekly',
  upliftRuns: 3,
} satisfies MonitoringConfig;

/** When the saved config was saved: three days before the stories' now. */
export const monitoringConfigSavedAt = new Date('2026-02-27T15:40:00Z');

/** Acme/prod's markets: the catalogue copy's regional locales. */
export const monitoringMarkets = ['de-DE', 'en-US', 'fr-FR'];

export const savedMonitoringConfig = {
  config: monitoringConfig,
  defaults: monitoringDefaults,
  markets: monitoringMarkets,
  updatedAt: monitoringConfigSavedAt,
} satisfies SavedMonitoringConfig;

/** The saved config asked in markets: its prompts in en-US, and a French prompt in fr-FR. */
export const monitoringConfigInMarkets = {
  ...monitoringConfig,
  market: 'en-US',
  otherMarkets: [
    {
      market: 'fr-FR',
      promptIds: [],
      newPrompts: ['Quelle veste imperméable choisir pour la randonnée en montagne ?'],
    },
  ],
} satisfies MonitoringConfig;

export const savedMonitoringConfigInMarkets = {
  ...savedMonitoringConfig,
  config: monitoringConfigInMarkets,
} satisfies SavedMonitoringConfig;

/** Before the first save: no config, only the defaults. */
export const unsavedMonitoringConfig = {
  config: null,
  defaults: monitoringDefaults,
  markets: monitoringMarkets,
  updatedAt: null,
} satisfies SavedMonitoringConfig;

export interface MonitoringConfigMockOptions {
  /** What getConfig answers first; the saved config by default. */
  saved?: SavedMonitoringConfig;
  /** The org's prompt library: what prompts.list answers and what a save's prompts are checked against. */
  library?: readonly Prompt[];
}

export interface MonitoringConfigMock {
  /** monitoring.getConfig, monitoring.saveConfig and prompts.list (the settings' library fixtures). */
  scenario: TrpcScenario;
  /** What getConfig answers now: the last config saved through the mock. */
  stored(): SavedMonitoringConfig;
  /** Back to `saved`, for each run of a story. */
  reset(): void;
}

/**
 * The env's config, kept between calls: a save the server would accept is stored and answered back
 * at the stories' now. One naming a prompt the library no longer has is refused on that block's
 * `promptIds` (`promptIds`, `otherMarkets.1.promptIds`), one naming a market the env does not have on
 * that block's `market`, with the server's messages, and nothing is stored.
 */
export function monitoringConfigMock({
  saved = savedMonitoringConfig,
  library = promptList,
}: MonitoringConfigMockOptions = {}): MonitoringConfigMock {
  let current: SavedMonitoringConfig = saved;
  return {
    stored: () => current,
    reset: () => {
      current = saved;
    },
    scenario: {
      'prompts.list': [...library],
      'monitoring.getConfig': () => current,
      // The mock router hands over the parsed input; parsing again gives it its defaults' type.
      'monitoring.saveConfig': (input) => {
        const { orgId: _orgId, envId: _envId, ...config } = saveMonitoringConfigInput.parse(input);
        const blocks = promptBlocks(config);
        const known = new Set(library.map((p) => p.id));
        const stale = blocks.find((b) => b.promptIds.some((id) => !known.has(id)));
        if (stale) {
          return domainError('INVALID', MONITORING_MESSAGES.unknownPrompts, undefined, {
            [[...stale.path, 'promptIds'].join('.')]: MONITORING_MESSAGES.unknownPrompts,
          });
        }
        const unknown = blocks.find(
          (b) => b.market !== null && !current.markets.includes(b.market),
        );
        if (unknown) {
          return domainError('INVALID', MARKET_MESSAGES.unknown, undefined, {
            [[...unknown.path, 'market'].join('.')]: MARKET_MESSAGES.unknown,
          });
        }
        current = { ...current, config, updatedAt: STORY_NOW };
        return current;
      },
    },
  };
}
