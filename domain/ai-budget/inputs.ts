/** Inputs of the AI budget procedures, validated on the server and reused by the raise form and the mocks. */
import { z } from 'zod/mini';
import { idSchema } from '~/domain/shared/ids';
import { MAX_AI_BUDGET_USD } from './entities';

export const aiBudgetInput = z.object({ orgId: idSchema });
export const raiseAiBudgetInput = z.object({
  orgId: idSchema,
  budgetUsd: z
    .number('Enter an amount in US dollars')
    .check(
      z.positive('Enter an amount above $0'),
      z.maximum(MAX_AI_BUDGET_USD, `At most $${MAX_AI_BUDGET_USD.toLocaleString('en-US')}`),
    ),
});
