/** AI discoverability monitoring: an env's config, runs and results; every procedure is org-scoped. */
import {
  monitoringAlertInput,
  monitoringEnvInput,
  monitoringPromptInput,
  monitoringRunInput,
  monitoringResultsInput,
  saveMonitoringConfigInput,
} from '~/domain/monitoring/inputs';
import { noteCampaignInput } from '~/domain/monitoring/campaign';
import {
  answerRetentionInput,
  mayChangeAnswerRetention,
  RETENTION_MESSAGES,
  setAnswerRetentionInput,
} from '~/domain/monitoring/retention';
import { DomainError } from '~/domain/shared/errors';
import {
  createTRPCRouter,
  envProcedure,
  envQuery,
  orgProcedure,
  orgQuery,
  protectedProcedure,
} from '~/server/trpc/trpc';

export const monitoringRouter = createTRPCRouter({
  /** The campaign the person signed in through (`/app/?campaign=aeo`); not org-scoped. */
  noteCampaign: protectedProcedure
    .input(noteCampaignInput)
    .mutation(({ ctx, input }) =>
      ctx.services.monitoring.noteCampaign(ctx.user.id, input.campaign),
    ),
  getConfig: envQuery('home')
    .input(monitoringEnvInput)
    .query(({ ctx, input }) => ctx.services.monitoring.getConfig(input.orgId, input.envId)),
  saveConfig: envProcedure('home')
    .input(saveMonitoringConfigInput)
    .mutation(({ ctx, input }) => {
      const { orgId, envId, ...config } = input;
      return ctx.services.monitoring.saveConfig(orgId, envId, ctx.user.id, config);
    }),
  start: envProcedure('home')
    .meta({ limit: 'model' })
    .input(monitoringEnvInput)
    .mutation(({ ctx, input }) =>
      ctx.services.monitoring.start(input.orgId, input.envId, ctx.user.id, 'manual'),
    ),
  runs: envQuery('home')
    .input(monitoringEnvInput)
    .query(({ ctx, input }) => ctx.services.monitoring.runs(input.orgId, input.envId)),
  results: envQuery('home')
    .input(monitoringResultsInput)
    .query(({ ctx, input }) =>
      ctx.services.monitoring.results(
        input.orgId,
        input.envId,
        input.engine ?? null,
        input.market ?? null,
      ),
    ),
  /** What the engines' searches cited in the latest finished run (the sources view). */
  sources: envQuery('home')
    .input(monitoringResultsInput)
    .query(({ ctx, input }) =>
      ctx.services.monitoring.sources(
        input.orgId,
        input.envId,
        input.engine ?? null,
        input.market ?? null,
      ),
    ),
  /** The latest finished run's answers checked against the catalogue copy (the accuracy view). */
  accuracy: envQuery('home')
    .input(monitoringResultsInput)
    .query(({ ctx, input }) =>
      ctx.services.monitoring.accuracy(
        input.orgId,
        input.envId,
        input.engine ?? null,
        input.market ?? null,
      ),
    ),
  prompt: envQuery('home')
    .input(monitoringPromptInput)
    .query(({ ctx, input }) =>
      ctx.services.monitoring.prompt(
        input.orgId,
        input.envId,
        input.promptKey,
        input.runId ?? null,
      ),
    ),
  /** The env's open alerts, newest first (domain/monitoring/alerts.ts). */
  alerts: envQuery('home')
    .input(monitoringEnvInput)
    .query(({ ctx, input }) => ctx.services.monitoring.alerts(input.orgId, input.envId)),
  /** Any member may dismiss an alert for everyone; it stays, marked with who dismissed it. */
  dismissAlert: envProcedure('home')
    .input(monitoringAlertInput)
    .mutation(({ ctx, input }) =>
      ctx.services.monitoring.dismissAlert(input.orgId, input.envId, ctx.user.id, input.alertId),
    ),
  /** How many days the org keeps raw answers; every member may read it. */
  answerRetention: orgQuery
    .input(answerRetentionInput)
    .query(({ ctx, input }) => ctx.services.monitoring.answerRetention(input.orgId)),
  /** Owners and superusers only (domain/monitoring/retention.ts). */
  setAnswerRetention: orgProcedure.input(setAnswerRetentionInput).mutation(({ ctx, input }) => {
    if (!mayChangeAnswerRetention({ isSuperUser: ctx.user.isSuperUser, role: ctx.role })) {
      throw new DomainError('FORBIDDEN', RETENTION_MESSAGES.ownersOnly, 'owners-only');
    }
    return ctx.services.monitoring.setAnswerRetention(input.orgId, input.days);
  }),
  /** The run now, with samples ended per engine, then each change until it ends. */
  watchRun: envProcedure('home')
    .input(monitoringRunInput)
    .subscription(({ ctx, input, signal }) =>
      ctx.services.monitoring.watch(input.orgId, input.envId, input.runId, signal),
    ),
});

export const monitoringRouters = { monitoring: monitoringRouter };
