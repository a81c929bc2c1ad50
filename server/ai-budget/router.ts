/** The AI budget of an org: this month's spend against it for every member; raising it for superusers only. */
import { aiBudgetInput, raiseAiBudgetInput } from '~/domain/ai-budget/inputs';
import { createTRPCRouter, orgQuery, superuserProcedure } from '~/server/trpc/trpc';

export const aiBudgetRouter = createTRPCRouter({
  get: orgQuery
    .input(aiBudgetInput)
    .query(({ ctx, input }) => ctx.services.aiBudget.get(input.orgId)),
  /** Held on the server: a member who is not a superuser gets FORBIDDEN, whatever the screen shows. */
  raise: superuserProcedure
    .input(raiseAiBudgetInput)
    .mutation(({ ctx, input }) =>
      ctx.services.aiBudget.raise(input.orgId, ctx.user.id, input.budgetUsd),
    ),
});

export const aiBudgetRouters = { aiBudget: aiBudgetRouter };
