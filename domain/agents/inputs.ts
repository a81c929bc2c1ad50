/** Inputs of the agents procedures: an env's agent configs and runs. */
import { z } from 'zod/mini';
import { LOCALE_ID_MAX_LENGTH, LOCALE_ID_PATTERN } from '~/domain/products/constants';
import { idSchema } from '~/domain/shared/ids';
import { AGENT_TYPES } from './catalogue';
import { aeoShape, CONFIG_LIMITS, seoShape, translationRules, translationShape } from './config';
import { RUN_CONCURRENCY } from './runs';

const envScoped = { orgId: idSchema, envId: idSchema };
const agentType = z.enum(AGENT_TYPES);
/** Products a run started for named products may take (an inaccurate answer names a few). */
export const RUN_PRODUCTS_MAX = 20;

export const agentInput = z.object({ ...envScoped, agentType });
export const envAgentsInput = z.object(envScoped);

/**
 * A config to save, flat beside the env's ids so each field's error is keyed by the field's own name
 * (the form shows it there).
 */
export const saveAgentConfigInput = z.discriminatedUnion('type', [
  z.object({ ...envScoped, ...translationShape }).check(translationRules),
  z.object({ ...envScoped, ...seoShape }),
  z.object({ ...envScoped, ...aeoShape }),
]);
export type SaveAgentConfigInput = z.output<typeof saveAgentConfigInput>;

export const startRunInput = z.object({
  ...envScoped,
  agentType,
  concurrency: z._default(
    z.int().check(z.minimum(RUN_CONCURRENCY.min), z.maximum(RUN_CONCURRENCY.max)),
    RUN_CONCURRENCY.default,
  ),
  /**
   * Only these products, whatever catalogs the config names: an AEO run started from an answer that
   * got a product wrong (monitoring's accuracy check).
   */
  productIds: z.optional(
    z
      .array(z.string().check(z.minLength(1), z.maxLength(CONFIG_LIMITS.shortText)))
      .check(z.minLength(1), z.maxLength(RUN_PRODUCTS_MAX)),
  ),
  /**
   * With `productIds`, an AEO run in these locales instead of the config's: the market whose answer
   * got the product wrong. Each must be a locale of the catalogue copy.
   */
  languages: z.optional(
    z
      .array(z.string().check(z.regex(LOCALE_ID_PATTERN), z.maxLength(LOCALE_ID_MAX_LENGTH)))
      .check(z.minLength(1), z.maxLength(CONFIG_LIMITS.languages)),
  ),
});
export type StartRunInput = z.output<typeof startRunInput>;

export const runInput = z.object({ ...envScoped, runId: idSchema });
export const runsInput = z.object({ ...envScoped, agentType });
