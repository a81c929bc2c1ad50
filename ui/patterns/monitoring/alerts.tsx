/**
 * The env's open alerts over the results (docs/product.md#alerts): each says which rate moved, on
 * which engine and in which market, from what to what against the run-to-run noise, when it was
 * raised, the runs it compared, what became of it at the webhook, and leads to the trend it is in.
 * Any member may dismiss one; a refused dismiss says why beside it.
 */
import { TriangleAlertIcon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { AI_PROVIDER_NAMES } from '~/domain/ai/models';
import { ALERT_METRIC_NAMES, alertText, type MonitoringAlert } from '~/domain/monitoring/alerts';
import { marketName } from '~/domain/monitoring/markets';
import { Button } from '~/ui/components/button';
import { calloutVariants } from '~/ui/components/callout';
import { cn } from '~/ui/lib/cn';
import { formatDateTime } from './format';

const list = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });
const runs = (n: number) => (n === 1 ? '1 run' : `${n} runs`);

export const ALERTS_TEXT = {
  title: 'Alerts',
  intro:
    'A rate that moved further than the run-to-run noise explains, after a run. Dismiss an alert once it is dealt with; it is dismissed for everyone.',
  /** "Mention rate on ChatGPT in French (France)": which alert, for its Dismiss button. */
  subject: (alert: Pick<MonitoringAlert, 'metric' | 'engine' | 'market'>) =>
    `${ALERT_METRIC_NAMES[alert.metric]} on ${alert.engine ? AI_PROVIDER_NAMES[alert.engine] : 'every engine'}${alert.market ? ` in ${marketName(alert.market)}` : ''}`,
  raised: (at: string) => `Raised ${at}`,
  /** The runs tested, by when they finished, against the baseline's runs. */
  compared: (finished: readonly string[], baselineRuns: number) =>
    `${finished.length === 1 ? 'The run' : 'The runs'} finished ${list.format(finished)}, against the ${runs(baselineRuns)} before.`,
  trend: 'See the trend',
  webhook: {
    sent: 'Sent to the webhook',
    pending: 'Sending to the webhook…',
    failed: (error: string | null, attempts: number) =>
      `The webhook failed: ${error ?? 'no answer'} (${attempts === 1 ? '1 try' : `${attempts} tries`})`,
  },
  dismiss: 'Dismiss',
  dismissLabel: (subject: string) => `Dismiss: ${subject}`,
} as const;

/** What became of an alert at the env's webhook; nothing when the env has none. */
export function webhookText(webhook: MonitoringAlert['webhook']): string | null {
  switch (webhook.status) {
    case 'sent':
      return ALERTS_TEXT.webhook.sent;
    case 'pending':
      return ALERTS_TEXT.webhook.pending;
    case 'failed':
      return ALERTS_TEXT.webhook.failed(webhook.error, webhook.attempts);
    default:
      return null;
  }
}

export interface AlertsPanelProps {
  /** The open alerts, newest first; the panel shows nothing without any. */
  alerts: readonly MonitoringAlert[];
  /** The results narrowed to the alert's engine and market, where its trend shows the runs. */
  renderTrendLink(alert: MonitoringAlert, children: ReactNode): ReactNode;
  onDismiss(alert: MonitoringAlert): void;
  /** Alerts whose dismiss is on its way. */
  dismissing: readonly string[];
  /** The last refused dismiss, shown beside its alert. */
  refused: { alertId: string; message: string } | null;
}

export function AlertsPanel({
  alerts,
  renderTrendLink,
  onDismiss,
  dismissing,
  refused,
}: AlertsPanelProps) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  // A dismissed alert leaves with the button that had focus: focus goes to the panel's title.
  const dismissedFromHere = useRef(false);
  const count = alerts.length;
  useEffect(() => {
    if (!dismissedFromHere.current) return;
    if (document.activeElement === document.body || document.activeElement === null) {
      title.current?.focus();
    }
    dismissedFromHere.current = false;
  }, [count]);

  if (count === 0) return null;
  return (
    <section
      aria-labelledby={titleId}
      data-slot="monitoring-alerts"
      className="flex flex-col gap-3"
    >
      <h2 id={titleId} ref={title} tabIndex={-1} className="text-lg font-semibold outline-none">
        {ALERTS_TEXT.title}
      </h2>
      <p className="text-sm text-base-content/75">{ALERTS_TEXT.intro}</p>
      <ul className="flex flex-col gap-3">
        {alerts.map((alert) => {
          const webhook = webhookText(alert.webhook);
          const busy = dismissing.includes(alert.id);
          const error = refused?.alertId === alert.id ? refused.message : null;
          return (
            <li
              key={alert.id}
              data-alert={alert.id}
              className={cn(calloutVariants({ variant: 'warning' }))}
            >
              <span
                aria-hidden
                className="row-span-3 flex size-6 items-center justify-center rounded-full bg-warning text-warning-content [&_svg]:size-4"
              >
                <TriangleAlertIcon />
              </span>
              <p data-slot="alert-text" className="col-start-2 leading-6 font-semibold">
                {alertText(alert)}
              </p>
              <div className="col-start-2 flex flex-col gap-0.5 text-base-content/80">
                <p data-slot="alert-raised">
                  {ALERTS_TEXT.raised(formatDateTime(alert.createdAt))}
                  {' · '}
                  {ALERTS_TEXT.compared(
                    alert.runsFinishedAt.map(formatDateTime),
                    alert.baselineRunIds.length,
                  )}
                </p>
                {webhook ? (
                  <p data-slot="alert-webhook" data-status={alert.webhook.status}>
                    {webhook}
                  </p>
                ) : null}
              </div>
              <div className="col-start-2 mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 print:hidden">
                {renderTrendLink(alert, ALERTS_TEXT.trend)}
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  loading={busy}
                  aria-label={ALERTS_TEXT.dismissLabel(ALERTS_TEXT.subject(alert))}
                  onClick={() => {
                    dismissedFromHere.current = true;
                    onDismiss(alert);
                  }}
                >
                  {ALERTS_TEXT.dismiss}
                </Button>
              </div>
              {error ? (
                <p role="alert" className="col-start-2 mt-1 font-medium text-error">
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
