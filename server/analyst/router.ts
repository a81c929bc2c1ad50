/** The analyst area: the caller's conversation in an env, asked, streamed, stopped, retried; every procedure is org-scoped. */
import {
  analystAskInput,
  analystClearInput,
  analystConversationInput,
  analystRetryInput,
  analystStreamInput,
  analystSuggestionsInput,
} from '~/domain/analyst/inputs';
import { createTRPCRouter, envProcedure, envQuery } from '~/server/trpc/trpc';

export const analystRouter = createTRPCRouter({
  conversation: envQuery('analyst')
    .input(analystConversationInput)
    .query(({ ctx, input }) =>
      ctx.services.analyst.conversation(input.orgId, input.envId, ctx.user.id),
    ),
  ask: envProcedure('analyst')
    .meta({ limit: 'model' })
    .input(analystAskInput)
    .mutation(({ ctx, input }) =>
      ctx.services.analyst.ask(input.orgId, input.envId, ctx.user.id, input.question),
    ),
  retry: envProcedure('analyst')
    .meta({ limit: 'model' })
    .input(analystRetryInput)
    .mutation(({ ctx, input }) =>
      ctx.services.analyst.retry(input.orgId, input.envId, ctx.user.id),
    ),
  clear: envProcedure('analyst')
    .input(analystClearInput)
    .mutation(({ ctx, input }) =>
      ctx.services.analyst.clear(input.orgId, input.envId, ctx.user.id),
    ),
  suggestions: envQuery('analyst')
    .input(analystSuggestionsInput)
    .query(({ ctx, input }) => ctx.services.analyst.suggestions(input.orgId, input.envId)),
  /** The answer's steps and text as they are written, then how it ended; closing it stops the answer. */
  stream: envProcedure('analyst')
    .input(analystStreamInput)
    .subscription(({ ctx, input, signal }) =>
      ctx.services.analyst.stream(input.orgId, input.envId, ctx.user.id, input.answerId, signal),
    ),
});

export const analystRouters = { analyst: analystRouter };
