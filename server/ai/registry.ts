/**
 * The model registry: one language model per provider, built from the server's configuration.
 * A provider with an API key talks to the vendor; one without talks to the AI provider simulator
 * (AI_SIMULATOR_URL, or the one `npm start` runs outside production); with neither, its calls fail
 * as "not configured". Keys come from the server's environment only.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import { AI_MODELS, AI_PROVIDER_NAMES, type AiModelId, type AiProvider } from '~/domain/ai/models';
import { DomainError } from '~/domain/shared/errors';

export interface AiRegistryOptions {
  /** The provider used when a call names none. */
  provider: AiProvider;
  keys: Partial<Record<AiProvider, string>>;
  /** The simulator's origin, for providers without a key. */
  simulatorUrl?: string;
}

export interface ResolvedModel {
  provider: AiProvider;
  modelId: AiModelId;
  model: LanguageModel;
  /** True when the simulator answers instead of the vendor. */
  simulated: boolean;
}

export interface AiRegistry {
  readonly defaultProvider: AiProvider;
  /** The model for a provider (the configured one by default); throws UNAVAILABLE when not configured. */
  model(provider?: AiProvider): ResolvedModel;
  /** Where each provider's calls go, for the startup log (never the keys). */
  describe(): {
    provider: AiProvider;
    modelId: AiModelId;
    target: 'vendor' | 'simulator' | 'none';
  }[];
}

/** The key the simulator accepts; vendors' SDKs refuse to run without some key. */
const SIMULATOR_KEY = 'beacon-ai-simulator';

function build(provider: AiProvider, apiKey: string, simulatorUrl: string | undefined) {
  // Only a simulated provider gets a base URL; a real one uses the SDK's own default endpoint.
  switch (provider) {
    case 'anthropic':
      return createAnthropic({
        apiKey,
        ...(simulatorUrl ? { baseURL: `${simulatorUrl}/anthropic/v1` } : {}),
      })(AI_MODELS.anthropic);
    case 'openai':
      return createOpenAI({
        apiKey,
        ...(simulatorUrl ? { baseURL: `${simulatorUrl}/openai/v1` } : {}),
      })(AI_MODELS.openai);
    case 'google':
      return createGoogleGenerativeAI({
        apiKey,
        ...(simulatorUrl ? { baseURL: `${simulatorUrl}/google/v1beta` } : {}),
      })(AI_MODELS.google);
  }
}

export function createAiRegistry(options: AiRegistryOptions): AiRegistry {
  const cache = new Map<AiProvider, ResolvedModel>();
  const target = (p: AiProvider) =>
    options.keys[p] ? 'vendor' : options.simulatorUrl ? 'simulator' : 'none';
  return {
    defaultProvider: options.provider,
    model(provider = options.provider) {
      const cached = cache.get(provider);
      if (cached) return cached;
      const key = options.keys[provider];
      if (!key && !options.simulatorUrl) {
        throw new DomainError(
          'UNAVAILABLE',
          `${AI_PROVIDER_NAMES[provider]} is not configured on this server.`,
        );
      }
      const resolved: ResolvedModel = {
        provider,
        modelId: AI_MODELS[provider],
        model: key
          ? build(provider, key, undefined)
          : build(provider, SIMULATOR_KEY, options.simulatorUrl),
        simulated: !key,
      };
      cache.set(provider, resolved);
      return resolved;
    },
    describe: () =>
      (Object.keys(AI_MODELS) as AiProvider[]).map((provider) => ({
        provider,
        modelId: AI_MODELS[provider],
        target: target(provider),
      })),
  };
}
