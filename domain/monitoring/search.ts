/** The env's home, AI discoverability monitoring: results or config, optionally one engine. */
import * as z from 'zod/mini';
import { fallback, optionalTextParam } from '~/domain/shared/search';

export const homeSearch = z.object({
  llm: optionalTextParam,
  view: fallback(z.enum(['results', 'config']), 'results'),
});
