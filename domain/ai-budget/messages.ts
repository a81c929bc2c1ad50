/** User-facing copy of the AI budget; the server refuses with it, screens show it, tests quote it. */

export const AI_BUDGET_MESSAGES = {
  /** New model work refused, and a running job stopped, once the month's budget is spent. */
  exhausted:
    "This org's AI budget for the month is spent. New analyst questions, agent runs and monitoring runs are refused until the 1st of next month, or until a Beacon superuser raises the budget.",
  /** The raise control only raises. */
  notHigher: (currentUsd: number) =>
    `Enter more than the current budget of $${currentUsd.toFixed(2)}.`,
  raised: 'Budget raised.',
} as const;

export const AI_BUDGET_ERROR_REASONS = ['ai-budget-exhausted', 'ai-budget-not-higher'] as const;
export type AiBudgetErrorReason = (typeof AI_BUDGET_ERROR_REASONS)[number];

/**
 * Why a raise is refused, or null: a new budget must be above the current one. One rule for the
 * server, the form and the mocks.
 */
export function raiseRefusal(currentUsd: number, nextUsd: number): string | null {
  return nextUsd > currentUsd ? null : AI_BUDGET_MESSAGES.notHigher(currentUsd);
}
