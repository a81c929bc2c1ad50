/** The env's home, AI discoverability monitoring: results or config, optionally one engine. */
import * as z from 'zod/mini';
import { AI_PROVIDERS } from '~/domain/ai/models';
import { fallback, optionalTextParam } from '~/domain/shared/search';

export const homeSearch = z.object({
  /** One engine's figures; every engine's when absent (an unknown engine falls back to all). */
  llm: z.catch(z.optional(z.enum(AI_PROVIDERS)), undefined),
  view: fallback(z.enum(['results', 'config']), 'results'),
  /** A prompt's key: its samples open over the results. */
  prompt: optionalTextParam,
});
