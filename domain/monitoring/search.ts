/** The env's home, AI discoverability monitoring: results or config, optionally one engine. */
import { AI_ENGINES } from '~/domain/ai/constants';
import {
  fallback,
  oneOf,
  optional,
  optionalTextParam,
  searchSchema,
  text,
} from '~/domain/shared/search';
import { MARKET_PATTERN } from './market-id';

export const homeSearch = searchSchema({
  /** One engine's figures; every engine's when absent (an unknown engine falls back to all). */
  llm: optional(oneOf(AI_ENGINES)),
  /** One market's figures (a locale such as fr-FR); every market's, pooled, when absent. */
  market: optional(text(10, MARKET_PATTERN)),
  view: fallback(oneOf(['results', 'config']), 'results'),
  /** A prompt's key: its samples open over the results. */
  prompt: optionalTextParam,
});
