/** Inputs of the monitoring procedures: an env's config, runs and results. */
import { z } from 'zod/mini';
import { AI_ENGINES } from '~/domain/ai/models';
import { idSchema } from '~/domain/shared/ids';
import { monitoringRules, monitoringShape } from './config';
import { marketSchema } from './markets';

const envScoped = { orgId: idSchema, envId: idSchema };

export const monitoringEnvInput = z.object(envScoped);
/** The config flat beside the env's ids, so each field's error is keyed by its own name. */
export const saveMonitoringConfigInput = z
  .object({ ...envScoped, ...monitoringShape })
  .check(monitoringRules);
export const monitoringResultsInput = z.object({
  ...envScoped,
  /** One engine's figures; every engine's when absent. */
  engine: z.optional(z.enum(AI_ENGINES)),
  /** One market's figures; every market's, pooled, when absent. */
  market: z.optional(marketSchema),
});

/** A run's key as the trend and the prompt table link it: a library id or `new:` and a digest. */
export const promptKeySchema = z.string().check(z.minLength(1), z.maxLength(80));

export const monitoringRunInput = z.object({ ...envScoped, runId: idSchema });
export const monitoringPromptInput = z.object({
  ...envScoped,
  promptKey: promptKeySchema,
  /** The latest finished run's samples when absent. */
  runId: z.optional(idSchema),
});

export const monitoringAlertInput = z.object({ ...envScoped, alertId: idSchema });
