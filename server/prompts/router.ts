/** The org's prompt library; every procedure is org-scoped, and a prompt of another org is NOT_FOUND. */
import { createPromptInput, promptIdInput, updatePromptInput } from '~/domain/prompts/inputs';
import { createTRPCRouter, orgProcedure, orgQuery } from '~/server/trpc/trpc';

export const promptsRouter = createTRPCRouter({
  list: orgQuery.query(({ ctx, input }) => ctx.services.prompts.list(input.orgId)),
  create: orgProcedure
    .input(createPromptInput)
    .mutation(({ ctx, input }) =>
      ctx.services.prompts.create(input.orgId, { name: input.name, text: input.text }),
    ),
  update: orgProcedure.input(updatePromptInput).mutation(({ ctx, input }) =>
    ctx.services.prompts.update(input.orgId, input.promptId, {
      name: input.name,
      text: input.text,
    }),
  ),
  delete: orgProcedure
    .input(promptIdInput)
    .mutation(({ ctx, input }) => ctx.services.prompts.remove(input.orgId, input.promptId)),
});

export const promptsRouters = { prompts: promptsRouter };
