/**
 * An org's AI spend per calendar month (UTC) against its budget: what agents, monitoring and the
 * analyst cost, priced from their tokens (domain/ai/models.ts MODEL_PRICES). See
 * docs/decisions/0034-spend-budget-and-rate-limits.md.
 */

/** The areas whose model calls an org pays for. */
export const SPEND_AREAS = ['agents', 'monitoring', 'analyst'] as const;
export type SpendArea = (typeof SPEND_AREAS)[number];

export const SPEND_AREA_LABEL: Record<SpendArea, string> = {
  agents: 'Agents',
  monitoring: 'Monitoring',
  analyst: 'Analyst',
};

/**
 * Each org's monthly budget, in US dollars, until a superuser raises it: the server's default
 * (AI_MONTHLY_BUDGET_USD changes it).
 */
export const DEFAULT_AI_BUDGET_USD = 100;

/** The highest monthly budget a superuser may set, in US dollars. */
export const MAX_AI_BUDGET_USD = 1_000_000;

/** What the settings screen shows: this month's spend by area against the org's budget. */
export interface AiBudget {
  /** The calendar month, `YYYY-MM` (UTC). */
  month: string;
  /** When the month's spend starts again from zero (the 1st of next month, 00:00 UTC). */
  resetsAt: Date;
  budgetUsd: number;
  /** True while the org has the server's default budget (no superuser raised it). */
  isDefault: boolean;
  spentUsd: number;
  byArea: Record<SpendArea, number>;
  /** Spent at or past the budget: new model work is refused until the month ends or it is raised. */
  exhausted: boolean;
}

/** `YYYY-MM` of a moment, in UTC. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The first moment of the month after `month` (`YYYY-MM`), UTC. */
export function monthEnd(month: string): Date {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 1));
}

/** Dollar sums are kept to a millionth of a dollar, as costOf rounds each call. */
export const roundUsd = (usd: number) => Math.round(usd * 1_000_000) / 1_000_000;

export function isExhausted(spentUsd: number, budgetUsd: number): boolean {
  return spentUsd >= budgetUsd;
}
