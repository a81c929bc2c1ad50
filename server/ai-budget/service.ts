/**
 * The AI budget: what each org's model calls cost this calendar month (UTC), by area, against its
 * monthly budget (the server's default, or what a superuser raised it to). The AI service asks
 * `assertAvailable` before every model call made for an org and `add`s each call's cost after it
 * (server/ai/service.ts); the areas ask before they start model work, so a spent budget refuses new
 * work at once and stops running jobs at their next call (docs/decisions/0034-spend-budget-and-rate-limits.md).
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  type AiBudget,
  DEFAULT_AI_BUDGET_USD,
  isExhausted,
  monthEnd,
  monthOf,
  roundUsd,
  SPEND_AREAS,
  type SpendArea,
} from '~/domain/ai-budget/entities';
import { AI_BUDGET_MESSAGES, raiseRefusal } from '~/domain/ai-budget/messages';
import { DomainError } from '~/domain/shared/errors';
import type { Db } from '~/server/db/client';
import { aiBudgets, aiSpend } from '~/server/db/schema';
import { requireOrg } from '~/server/orgs/rows';

/** One call's cost, as the AI service prices it (domain/ai/models.ts costOf). */
export interface SpendUsage {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/** What the AI service needs: a check before a call and the charge after it. */
export interface AiSpendLedger {
  /** Throws OVER_BUDGET (reason `ai-budget-exhausted`) once the org's month is spent. */
  assertAvailable(orgId: string): Promise<void>;
  /** Adds one call's cost and tokens to the org's month, under its area. */
  add(orgId: string, area: SpendArea, usage: SpendUsage): Promise<void>;
}

export interface AiBudgetService extends AiSpendLedger {
  /** This month's spend by area against the org's budget. */
  get(orgId: string): Promise<AiBudget>;
  /** Superusers only (the router holds that): a new monthly budget, above the current one. */
  raise(orgId: string, userId: string, budgetUsd: number): Promise<AiBudget>;
}

export interface AiBudgetDeps {
  db: Db;
  /** A month's budget for an org no superuser raised. */
  defaultBudgetUsd?: number;
  now?: () => Date;
}

export function exhaustedError(): DomainError {
  return new DomainError('OVER_BUDGET', AI_BUDGET_MESSAGES.exhausted, 'ai-budget-exhausted');
}

export function createAiBudgetService({
  db,
  defaultBudgetUsd = DEFAULT_AI_BUDGET_USD,
  now = () => new Date(),
}: AiBudgetDeps): AiBudgetService {
  /** The month's spend and the org's budget in one statement. */
  async function standing(orgId: string, month: string) {
    const [row] = await db
      .select({
        spent: sql<number>`coalesce(sum(${aiSpend.costUsd}), 0)`,
        raised: sql<number | null>`(select ${aiBudgets.budgetUsd} from ${aiBudgets}
          where ${aiBudgets.orgId} = ${orgId})`,
      })
      .from(aiSpend)
      .where(and(eq(aiSpend.orgId, orgId), eq(aiSpend.month, month)));
    const raised = row?.raised === null || row?.raised === undefined ? null : Number(row.raised);
    return { spentUsd: roundUsd(Number(row?.spent ?? 0)), budgetUsd: raised ?? defaultBudgetUsd };
  }

  async function get(orgId: string): Promise<AiBudget> {
    await requireOrg(db, orgId);
    const month = monthOf(now());
    const [rows, raised] = await Promise.all([
      db
        .select({ area: aiSpend.area, costUsd: aiSpend.costUsd })
        .from(aiSpend)
        .where(and(eq(aiSpend.orgId, orgId), eq(aiSpend.month, month))),
      db
        .select({ budgetUsd: aiBudgets.budgetUsd })
        .from(aiBudgets)
        .where(eq(aiBudgets.orgId, orgId)),
    ]);
    const byArea = Object.fromEntries(SPEND_AREAS.map((area) => [area, 0])) as Record<
      SpendArea,
      number
    >;
    for (const row of rows) byArea[row.area] = roundUsd(Number(row.costUsd));
    const spentUsd = roundUsd(SPEND_AREAS.reduce((sum, area) => sum + byArea[area], 0));
    const budgetUsd = raised[0] ? Number(raised[0].budgetUsd) : defaultBudgetUsd;
    return {
      month,
      resetsAt: monthEnd(month),
      budgetUsd,
      isDefault: !raised[0],
      spentUsd,
      byArea,
      exhausted: isExhausted(spentUsd, budgetUsd),
    };
  }

  return {
    get,

    async assertAvailable(orgId) {
      const { spentUsd, budgetUsd } = await standing(orgId, monthOf(now()));
      if (isExhausted(spentUsd, budgetUsd)) throw exhaustedError();
    },

    async add(orgId, area, usage) {
      if (usage.costUsd <= 0 && usage.inputTokens <= 0 && usage.outputTokens <= 0) return;
      await db
        .insert(aiSpend)
        .values({
          orgId,
          month: monthOf(now()),
          area,
          costUsd: usage.costUsd,
          inputTokens: usage.inputTokens,
          outputTokens: usage.outputTokens,
          calls: 1,
        })
        .onConflictDoUpdate({
          target: [aiSpend.orgId, aiSpend.month, aiSpend.area],
          set: {
            costUsd: sql`${aiSpend.costUsd} + excluded.cost_usd`,
            inputTokens: sql`${aiSpend.inputTokens} + excluded.input_tokens`,
            outputTokens: sql`${aiSpend.outputTokens} + excluded.output_tokens`,
            calls: sql`${aiSpend.calls} + 1`,
            updatedAt: sql`now()`,
          },
        });
    },

    async raise(orgId, userId, budgetUsd) {
      await requireOrg(db, orgId);
      const { budgetUsd: current } = await standing(orgId, monthOf(now()));
      const refusal = raiseRefusal(current, budgetUsd);
      if (refusal) {
        throw new DomainError('INVALID', refusal, 'ai-budget-not-higher', { budgetUsd: refusal });
      }
      await db
        .insert(aiBudgets)
        .values({ orgId, budgetUsd, raisedBy: userId, raisedAt: now() })
        .onConflictDoUpdate({
          target: aiBudgets.orgId,
          set: { budgetUsd, raisedBy: userId, raisedAt: now() },
          // Two raises at once: the higher one stays.
          setWhere: sql`${aiBudgets.budgetUsd} < excluded.budget_usd`,
        });
      return get(orgId);
    },
  };
}
