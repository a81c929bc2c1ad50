/**
 * The model registry: one language model per provider, built from the server's configuration.
 * A provider with an API key talks to the vendor; one without talks to the AI provider simulator
 * (AI_SIMULATOR_URL, or the one `npm start` runs outside production); with neither, its calls fail
 * as "not configured". Keys come from the server's environment only.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createPerplexity } from '@ai-sdk/perplexity';
import type { LanguageModel, ToolSet } from 'ai';
import {
  AI_MODELS,
  AI_PROVIDER_NAMES,
  type AiEngine,
  type AiModelId,
  type AiProvider,
} from '~/domain/ai/models';
import { DomainError } from '~/domain/shared/errors';

export interface AiRegistryOptions {
  /** The provider used when a call names none. */
  provider: AiProvider;
  keys: Partial<Record<AiEngine, string>>;
  /** The simulator's origin, for providers without a key. */
  simulatorUrl?: string;
}

export interface ResolvedModel {
  provider: AiEngine;
  modelId: AiModelId;
  model: LanguageModel;
  /** True when the simulator answers instead of the vendor. */
  simulated: boolean;
  /**
   * The vendor's own web search: OpenAI's `web_search` (Responses API), Anthropic's web search
   * server tool and Gemini's Grounding with Google Search as AI SDK provider tools; Perplexity, which
   * searches for every answer, as its `web_search_options`. The vendor runs the search; the answer
   * comes back with its sources.
   */
  search(options: SearchOptions): CallSettings;
  /**
   * What every other call adds: Perplexity's `disable_search`, so a call without search (monitoring's
   * memory mode) answers from the model alone, as the other engines do without their tools.
   */
  plain: Pick<CallSettings, 'providerOptions'>;
}

/** Tools and provider options a call passes to the AI SDK. */
export interface CallSettings {
  tools?: ToolSet;
  providerOptions?: Record<string, Record<string, JSONValue>>;
  /** Keeps the raw response body, where a vendor reports what the SDK does not read. */
  include?: { responseBody?: boolean };
}

type JSONValue = null | string | number | boolean | JSONValue[] | { [key: string]: JSONValue };

export interface SearchOptions {
  /** ISO 3166 country of the market asked about, for the vendors that take a user location. */
  country?: string;
}

/** Searches one answer may run (Anthropic's `max_uses`): one or two suffice for a shopping question. */
export const MAX_SEARCHES_PER_ANSWER = 3;

export interface AiRegistry {
  readonly defaultProvider: AiProvider;
  /** The model for a provider (the configured one by default); throws UNAVAILABLE when not configured. */
  model(provider?: AiEngine): ResolvedModel;
  /** Where each provider's calls go, for the startup log (never the keys). */
  describe(): {
    provider: AiEngine;
    modelId: AiModelId;
    target: 'vendor' | 'simulator' | 'none';
  }[];
}

/** The key the simulator accepts; vendors' SDKs refuse to run without some key. */
const SIMULATOR_KEY = 'beacon-ai-simulator';

const location = (country: string | undefined) =>
  country ? { userLocation: { type: 'approximate' as const, country } } : {};

/** Perplexity's request fee grows with the search context; low suffices for a shopping question. */
export const PERPLEXITY_SEARCH_CONTEXT = 'low';

function build(
  provider: AiEngine,
  apiKey: string,
  simulatorUrl: string | undefined,
): Pick<ResolvedModel, 'model' | 'search' | 'plain'> {
  // Only a simulated provider gets a base URL; a real one uses the SDK's own default endpoint.
  switch (provider) {
    case 'anthropic': {
      const vendor = createAnthropic({
        apiKey,
        ...(simulatorUrl ? { baseURL: `${simulatorUrl}/anthropic/v1` } : {}),
      });
      return {
        model: vendor(AI_MODELS.anthropic),
        search: ({ country }) => ({
          tools: {
            web_search: vendor.tools.webSearch_20260318({
              maxUses: MAX_SEARCHES_PER_ANSWER,
              ...location(country),
            }),
          },
        }),
        plain: {},
      };
    }
    case 'openai': {
      const vendor = createOpenAI({
        apiKey,
        ...(simulatorUrl ? { baseURL: `${simulatorUrl}/openai/v1` } : {}),
      });
      return {
        model: vendor(AI_MODELS.openai),
        search: ({ country }) => ({
          tools: { web_search: vendor.tools.webSearch({ ...location(country) }) },
        }),
        plain: {},
      };
    }
    case 'google': {
      const vendor = createGoogleGenerativeAI({
        apiKey,
        ...(simulatorUrl ? { baseURL: `${simulatorUrl}/google/v1beta` } : {}),
      });
      // Gemini's search takes no location: the question's language and wording carry the market.
      return {
        model: vendor(AI_MODELS.google),
        search: () => ({ tools: { google_search: vendor.tools.googleSearch({}) } }),
        plain: {},
      };
    }
    case 'perplexity': {
      const vendor = createPerplexity({
        apiKey,
        ...(simulatorUrl ? { baseURL: `${simulatorUrl}/perplexity` } : {}),
      });
      // Sonar searches unless told not to; its search takes the market's country.
      return {
        model: vendor(AI_MODELS.perplexity),
        search: ({ country }) => ({
          // The SDK reads `citations` only; the titles are in the body's `search_results`.
          include: { responseBody: true },
          providerOptions: {
            perplexity: {
              web_search_options: {
                search_context_size: PERPLEXITY_SEARCH_CONTEXT,
                ...(country ? { user_location: { country } } : {}),
              },
            },
          },
        }),
        plain: { providerOptions: { perplexity: { disable_search: true } } },
      };
    }
  }
}

export function createAiRegistry(options: AiRegistryOptions): AiRegistry {
  const cache = new Map<AiEngine, ResolvedModel>();
  const target = (p: AiEngine) =>
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
        ...(key
          ? build(provider, key, undefined)
          : build(provider, SIMULATOR_KEY, options.simulatorUrl)),
        simulated: !key,
      };
      cache.set(provider, resolved);
      return resolved;
    },
    describe: () =>
      (Object.keys(AI_MODELS) as AiEngine[]).map((provider) => ({
        provider,
        modelId: AI_MODELS[provider],
        target: target(provider),
      })),
  };
}
