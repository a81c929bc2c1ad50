/**
 * Acme's AI budget for mocks: this month's spend under and past its budget, and answers for the raise
 * that hold the domain's own rule (domain/ai-budget/messages.ts `raiseRefusal`), as the server does.
 */
import {
  type AiBudget,
  DEFAULT_AI_BUDGET_USD,
  isExhausted,
  monthEnd,
  roundUsd,
  SPEND_AREAS,
} from '~/domain/ai-budget/entities';
import { raiseRefusal } from '~/domain/ai-budget/messages';
import { domainError, type TrpcScenario } from './trpc/scenario';

/** The month of the stories' clock (mock-server/products.ts STORY_NOW, 2026-03-02). */
const MONTH = '2026-03';

/** A budget with the month's spend by area; the total and whether it is spent follow from them. */
export function aiBudgetOf(
  byArea: AiBudget['byArea'],
  budgetUsd = DEFAULT_AI_BUDGET_USD,
  isDefault = budgetUsd === DEFAULT_AI_BUDGET_USD,
): AiBudget {
  const spentUsd = roundUsd(SPEND_AREAS.reduce((sum, area) => sum + byArea[area], 0));
  return {
    month: MONTH,
    resetsAt: monthEnd(MONTH),
    budgetUsd,
    isDefault,
    spentUsd,
    byArea,
    exhausted: isExhausted(spentUsd, budgetUsd),
  };
}

export const aiBudgets = {
  /** Early in the month: $63.03 of the default $100. */
  underBudget: aiBudgetOf({ agents: 41.27, monitoring: 18.64, analyst: 3.12 }),
  /** Spent: $100.83 of $100; new model work is refused. */
  exhausted: aiBudgetOf({ agents: 71.58, monitoring: 24.9, analyst: 4.35 }),
} satisfies Record<string, AiBudget>;

/**
 * `aiBudget.get` answering `initial` (again on each new mock router), and `aiBudget.raise` refusing an
 * amount that is not higher with the server's field error, else answering the raised budget.
 */
export function aiBudgetScenario(initial: AiBudget): TrpcScenario {
  let current = initial;
  return {
    'aiBudget.get': (_input, { count }) => {
      if (count === 1) current = initial;
      return current;
    },
    'aiBudget.raise': ({ budgetUsd }) => {
      const refusal = raiseRefusal(current.budgetUsd, budgetUsd);
      if (refusal) {
        return domainError('INVALID', refusal, 'ai-budget-not-higher', { budgetUsd: refusal });
      }
      current = aiBudgetOf(current.byArea, budgetUsd, false);
      return current;
    },
  };
}
