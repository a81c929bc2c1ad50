/** Inputs of the agents procedures: an env's agent configs and runs. */
import { z } from 'zod/mini';
import { idSchema } from '~/domain/shared/ids';
import { AGENT_TYPES } from './catalogue';
import { aeoShape, seoShape, translationRules, translationShape } from './config';
import { RUN_CONCURRENCY } from './runs';

const envScoped = { orgId: idSchema, envId: idSchema };
const agentType = z.enum(AGENT_TYPES);

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
});
export type StartRunInput = z.output<typeof startRunInput>;

export const runInput = z.object({ ...envScoped, runId: idSchema });
export const runsInput = z.object({ ...envScoped, agentType });
