/** The org's prompt library; every procedure is org-scoped, and a prompt of another org is NOT_FOUND. */
import { createPromptInput, promptIdInput, updatePromptInput } from '~/domain/prompts/inputs';
import { createTRPCRouter, orgScreenProcedure, orgScreenQuery } from '~/server/trpc/trpc';

export const promptsRouter = createTRPCRouter({
  // Home's monitoring configuration reads the library too, and home opts out of the org gate.
  list: orgScreenQuery('home', 'settings', 'agents').query(({ ctx, input }) =>
    ctx.services.prompts.list(input.orgId),
  ),
  create: orgScreenProcedure('settings')
    .input(createPromptInput)
    .mutation(({ ctx, input }) =>
      ctx.services.prompts.create(input.orgId, { name: input.name, text: input.text }),
    ),
  update: orgScreenProcedure('settings')
    .input(updatePromptInput)
    .mutation(({ ctx, input }) =>
      ctx.services.prompts.update(input.orgId, input.promptId, {
        name: input.name,
        text: input.text,
      }),
    ),
  delete: orgScreenProcedure('settings')
    .input(promptIdInput)
    .mutation(({ ctx, input }) => ctx.services.prompts.remove(input.orgId, input.promptId)),
});

export const promptsRouters = { prompts: promptsRouter };
