/**
 * Alerts on the server (docs/product.md#alerts, ADR 0049): once a run has ended, a `monitoring.alerts`
 * job reads it with the runs before it, measures the run-to-run noise in the env's history as the
 * uplift does, and stores what the detector raises (domain/monitoring/alerts.ts), marking the run as
 * read. Each alert is then posted to the env's webhook, when one is set, by a
 * `monitoring.alertWebhook` job of its own: retried as a job, its outcome kept on the alert, never
 * holding up a run.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AiEngine } from '~/domain/ai/models';
import {
  ALERT_WINDOW,
  alertText,
  type AlertFinding,
  type AlertRun,
  detectAlerts,
} from '~/domain/monitoring/alerts';
import { monitoringConfigSchema } from '~/domain/monitoring/config';
import type { RunPrompt } from '~/domain/monitoring/runs';
import { estimateDrift, type UpliftRun } from '~/domain/monitoring/uplift';
import type { Db } from '~/server/db/client';
import {
  envs,
  orgs,
  monitoringAggregates,
  monitoringAlerts,
  monitoringConfigs,
  monitoringRuns,
  proposals,
} from '~/server/db/schema';
import type { JobContext } from '~/server/jobs/define';
import { TransientError } from '~/server/jobs/errors';
import { WebhookError, type WebhookSender } from './webhook';

export { MONITORING_ALERTS_JOB } from './runner';
export const MONITORING_ALERT_WEBHOOK_JOB = 'monitoring.alertWebhook';
export const ALERT_WEBHOOK_RETRY = {
  limit: 4,
  delaySeconds: 30,
  maxDelaySeconds: 30 * 60,
} as const;

/** Runs the noise is measured over: the uplift's trend length would do, this is enough. */
const NOISE_RUNS = 30;
const ENDED = ['succeeded', 'partly-failed'] as const;

const seriesOf = (engine: AiEngine | null, market: string | null) =>
  `${engine ?? 'all'}:${market ?? ''}`;

/**
 * Reads a run that ended for alerts, once: nothing happens for a run still going, cancelled, or read
 * already. Returns the ids of the alerts it stored.
 */
export async function checkRunAlerts(
  db: Db,
  runId: string,
  webhookSet: (envId: string) => Promise<boolean>,
): Promise<string[]> {
  const [run] = await db.select().from(monitoringRuns).where(eq(monitoringRuns.id, runId));
  if (!run || run.alertsCheckedAt || !run.finishedAt) return [];
  if (!(ENDED as readonly string[]).includes(run.status)) {
    await db
      .update(monitoringRuns)
      .set({ alertsCheckedAt: new Date() })
      .where(and(eq(monitoringRuns.id, runId), isNull(monitoringRuns.alertsCheckedAt)));
    return [];
  }
  // The run and the ones that ended before it, oldest first.
  const history = (
    await db
      .select({
        id: monitoringRuns.id,
        config: monitoringRuns.config,
        createdAt: monitoringRuns.createdAt,
        finishedAt: monitoringRuns.finishedAt,
      })
      .from(monitoringRuns)
      .where(
        and(
          eq(monitoringRuns.envId, run.envId),
          inArray(monitoringRuns.status, [...ENDED]),
          lte(monitoringRuns.finishedAt, run.finishedAt),
        ),
      )
      .orderBy(desc(monitoringRuns.finishedAt))
      .limit(NOISE_RUNS)
  ).reverse();
  const cells = await db
    .select({
      runId: monitoringAggregates.runId,
      promptKey: monitoringAggregates.promptKey,
      engine: monitoringAggregates.engine,
      market: monitoringAggregates.market,
      n: monitoringAggregates.n,
      mentions: monitoringAggregates.mentions,
      citations: monitoringAggregates.citations,
      claimsChecked: monitoringAggregates.claimsChecked,
      claimsWrong: monitoringAggregates.claimsWrong,
      productCounts: monitoringAggregates.productCounts,
    })
    .from(monitoringAggregates)
    .where(
      inArray(
        monitoringAggregates.runId,
        history.map((r) => r.id),
      ),
    );
  const cellsOf = (id: string) => cells.filter((c) => c.runId === id);

  // The noise, as the uplift measures it: over stretches of runs with no publish between them.
  const published = await db
    .select({ at: proposals.publishedAt })
    .from(proposals)
    .where(
      and(
        eq(proposals.envId, run.envId),
        eq(proposals.status, 'published'),
        gte(proposals.publishedAt, history[0]!.createdAt),
      ),
    )
    .orderBy(asc(proposals.publishedAt))
    .limit(10_000);
  const breaks = new Set(
    published.flatMap((p) => {
      const after = history.findIndex((r) => p.at !== null && r.createdAt > p.at);
      return after > 0 ? [after] : [];
    }),
  );
  const upliftRuns: UpliftRun[] = history.map((r) => {
    const kept = r.config as {
      prompts?: RunPrompt[];
      brandName?: string;
      brandVariants?: string[];
      competitors?: { name: string }[];
    };
    return {
      id: r.id,
      prompts: kept.prompts ?? [],
      brand: [kept.brandName ?? '', ...(kept.brandVariants ?? [])],
      competitors: (kept.competitors ?? []).map((c) => c.name),
      cells: cellsOf(r.id).map((c) => ({
        promptKey: c.promptKey,
        engine: c.engine as AiEngine,
        n: c.n,
        mentions: c.mentions,
        products: Object.keys(c.productCounts),
      })),
    };
  });
  // Measured on the runs before this one: the run tested does not widen its own yardstick.
  const { total, common } = estimateDrift(upliftRuns.slice(0, -1), breaks);
  const alertRuns: AlertRun[] = history.slice(-(ALERT_WINDOW + 3)).map((r) => ({
    id: r.id,
    finishedAt: r.finishedAt!,
    cells: cellsOf(r.id).map((c) => ({ ...c, engine: c.engine as AiEngine })),
  }));
  const findings = detectAlerts({ runs: alertRuns, noise: { total, common } });
  const deliver = findings.length > 0 && (await webhookSet(run.envId));

  return db.transaction(async (tx) => {
    // Whoever marks the run read stores its alerts: a second delivery of the job stores nothing.
    const [marked] = await tx
      .update(monitoringRuns)
      .set({ alertsCheckedAt: new Date() })
      .where(and(eq(monitoringRuns.id, runId), isNull(monitoringRuns.alertsCheckedAt)))
      .returning({ id: monitoringRuns.id });
    if (!marked || findings.length === 0) return [];
    const rows = await tx
      .insert(monitoringAlerts)
      .values(
        findings.map((f) => ({
          orgId: run.orgId,
          envId: run.envId,
          runId,
          series: seriesOf(f.engine, f.market),
          engine: f.engine,
          market: f.market,
          metric: f.metric,
          direction: f.direction,
          baseline: f.baseline,
          current: f.current,
          difference: f.difference,
          noise: f.noise,
          pValue: f.pValue,
          runIds: f.runIds,
          baselineRunIds: f.baselineRunIds,
          webhookStatus: deliver ? ('pending' as const) : ('none' as const),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: monitoringAlerts.id });
    return rows.map((r) => r.id);
  });
}

/** The job: reads the run, then queues each alert's delivery when the env has a webhook. */
export async function runAlertsJob(runId: string, context: JobContext): Promise<void> {
  const { db } = context;
  const webhookOf = (envId: string) => envWebhook(db, envId);
  const stored = await checkRunAlerts(
    db,
    runId,
    async (envId) => (await webhookOf(envId)) !== null,
  );
  const pending = stored.length
    ? await db
        .select({ id: monitoringAlerts.id })
        .from(monitoringAlerts)
        .where(
          and(inArray(monitoringAlerts.id, stored), eq(monitoringAlerts.webhookStatus, 'pending')),
        )
    : [];
  await context.enqueueMany(
    MONITORING_ALERT_WEBHOOK_JOB,
    pending.map((a) => ({ payload: { alertId: a.id }, key: `alert-webhook:${a.id}` })),
    { orgId: context.orgId },
  );
}

/** The env's webhook for alerts, from its saved config; null when none is set. */
export async function envWebhook(db: Db, envId: string): Promise<string | null> {
  const [row] = await db
    .select({ config: monitoringConfigs.config })
    .from(monitoringConfigs)
    .where(eq(monitoringConfigs.envId, envId));
  const parsed = row ? monitoringConfigSchema.safeParse(row.config) : null;
  return parsed?.success && parsed.data.alertWebhookUrl ? parsed.data.alertWebhookUrl : null;
}

/** Home narrowed to the alert's engine and market, where its runs show on the trend. */
async function alertLink(db: Db, appUrl: string, alert: AlertFinding, envId: string) {
  const [row] = await db
    .select({ org: orgs.slug, env: envs.slug })
    .from(envs)
    .innerJoin(orgs, eq(orgs.id, envs.orgId))
    .where(eq(envs.id, envId));
  if (!row) return null;
  const url = new URL(`/app/${row.org}/${row.env}`, appUrl);
  if (alert.engine) url.searchParams.set('llm', alert.engine);
  if (alert.market) url.searchParams.set('market', alert.market);
  return url.toString();
}

/**
 * Posts one alert to the env's webhook. A failure the webhook may get over is thrown for the job to
 * try again, until its last try; the outcome stays on the alert for Home to show.
 */
export async function deliverAlertWebhook(
  alertId: string,
  context: JobContext,
  sender: WebhookSender,
  appUrl: string | null,
): Promise<void> {
  const { db } = context;
  const [alert] = await db.select().from(monitoringAlerts).where(eq(monitoringAlerts.id, alertId));
  if (!alert || alert.webhookStatus === 'sent' || alert.webhookStatus === 'none') return;
  const url = await envWebhook(db, alert.envId);
  if (!url) {
    await db
      .update(monitoringAlerts)
      .set({ webhookStatus: 'none', webhookError: null })
      .where(eq(monitoringAlerts.id, alertId));
    return;
  }
  const finding = { ...alert, engine: alert.engine as AiEngine | null };
  const link = appUrl ? await alertLink(db, appUrl, finding, alert.envId) : null;
  const text = `Beacon: ${alertText(finding)}${link ? ` ${link}` : ''}`;
  try {
    await sender.send(url, { text });
    await db
      .update(monitoringAlerts)
      .set({
        webhookStatus: 'sent',
        webhookError: null,
        webhookAttempts: sql`${monitoringAlerts.webhookAttempts} + 1`,
      })
      .where(eq(monitoringAlerts.id, alertId));
  } catch (error) {
    const message =
      error instanceof WebhookError ? error.message : 'The webhook could not be reached.';
    const retry = !(error instanceof WebhookError) || error.retryable;
    await db
      .update(monitoringAlerts)
      .set({
        webhookStatus: retry && !context.lastAttempt ? 'pending' : 'failed',
        webhookError: message,
        webhookAttempts: sql`${monitoringAlerts.webhookAttempts} + 1`,
      })
      .where(eq(monitoringAlerts.id, alertId));
    if (retry && !context.lastAttempt) throw new TransientError(message, { cause: error });
  }
}
