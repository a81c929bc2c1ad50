/** The env's home, AI discoverability monitoring: results or config, optionally one engine. */
import { AI_ENGINES } from '~/domain/ai/constants';
import { fallback, oneOf, optional, optionalTextParam, searchSchema } from '~/domain/shared/search';

export const homeSearch = searchSchema({
  /** One engine's figures; every engine's when absent (an unknown engine falls back to all). */
  llm: optional(oneOf(AI_ENGINES)),
  view: fallback(oneOf(['results', 'config']), 'results'),
  /** A prompt's key: its samples open over the results. */
  prompt: optionalTextParam,
});
