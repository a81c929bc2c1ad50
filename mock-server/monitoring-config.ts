/**
 * Acme's AI discoverability monitoring config for mocks: a saved config over the fixture prompt
 * library, the defaults the server offers before the first save (the AEO agent's brand, the library's
 * prompts), and answers for monitoring.getConfig and monitoring.saveConfig that check a config the way
 * the server does (server/monitoring/service.ts: every chosen prompt must still be in the library).
 * The input itself is checked by the mock router with the procedure's own schema, so a refused input
 * never reaches the mock and nothing is stored.
 */
import {
  type MonitoringConfig,
  MONITORING_MESSAGES,
  type SavedMonitoringConfig,
} from '~/domain/monitoring/config';
import { saveMonitoringConfigInput } from '~/domain/monitoring/inputs';
import type { Prompt } from '~/domain/prompts/entities';
import { savedConfigs } from './agents';
import { promptList, prompts } from './fixtures';
import { STORY_NOW } from './products';
import { domainError, type TrpcScenario } from './trpc/scenario';

/** What the server answers before the first save: the AEO agent's brand, the library's first prompts. */
export const monitoringDefaults = {
  brandName: savedConfigs.aeo.brandName,
  brandDomain: savedConfigs.aeo.brandDomain,
  promptIds: promptList.map((p) => p.id),
} satisfies Partial<MonitoringConfig>;

/** Acme's saved config: two library prompts and one written here, ChatGPT and Claude, weekly. */
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
 * at the stories' now; one naming a prompt the library no longer has is refused on `promptIds` with
 * the server's message, and nothing is stored.
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
        const known = new Set(library.map((p) => p.id));
        if (config.promptIds.some((id) => !known.has(id))) {
          return domainError('INVALID', MONITORING_MESSAGES.unknownPrompts, undefined, {
            promptIds: MONITORING_MESSAGES.unknownPrompts,
          });
        }
        current = { ...current, config, updatedAt: STORY_NOW };
        return current;
      },
    },
  };
}
