/**
 * The AEO config (view=config): the env's monitoring config and the org's prompt library read behind
 * the form's skeleton; the form checks a config with the save procedure's own schema, so a refused one
 * is never sent, and shows what the server refuses (prompts gone from the library, a market the
 * catalogue's locales no longer have) field by field, a further market's beside its block. The saved
 * config carries the env's markets, which the form offers.
 */
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { QueryBoundary } from '~/app/components/query-boundary';
import { clock } from '~/app/lib/clock';
import { useCurrentEnv } from '~/app/lib/env-context';
import { formErrorsOf } from '~/app/lib/form-errors';
import { useTRPC } from '~/app/lib/trpc';
import { type MonitoringConfig, monitoringShape } from '~/domain/monitoring/config';
import { saveMonitoringConfigInput } from '~/domain/monitoring/inputs';
import { Callout } from '~/ui/components/callout';
import { ConfigFormSkeleton } from '~/ui/patterns/config-form';
import {
  MONITORING_CONFIG_TEXT,
  MonitoringConfigForm,
  type MonitoringConfigErrors,
} from '~/ui/patterns/monitoring/config-form';
import { AeoHeader } from './header';

/** The config's fields, as the save procedure names them (its field errors use them). */
const FIELDS = Object.keys(monitoringShape) as (keyof typeof monitoringShape)[];

interface Scope {
  orgId: string;
  envId: string;
}

/**
 * Client-side validation with the save procedure's schema: the first message of each field, and of
 * each row (`competitors.1.name`, `otherMarkets.1.market`), so a competitor's or a market's problem
 * shows beside it.
 */
function configErrorsOf(scope: Scope, config: MonitoringConfig): MonitoringConfigErrors {
  const errors: MonitoringConfigErrors = {};
  for (const issue of saveMonitoringConfigInput.safeParse({ ...scope, ...config }).error?.issues ??
    []) {
    const [field] = issue.path;
    if (typeof field !== 'string') continue;
    errors[field] ??= issue.message;
    errors[issue.path.map(String).join('.')] ??= issue.message;
  }
  return errors;
}

export function AeoConfigView() {
  const { org, env } = useCurrentEnv();
  const titleId = useId();
  const text = MONITORING_CONFIG_TEXT;
  return (
    <AeoHeader>
      <section aria-labelledby={titleId} className="flex max-w-4xl flex-col gap-5">
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-lg font-semibold">
            {text.title}
          </h2>
          <p className="text-sm text-base-content/75">{text.description}</p>
        </div>
        <QueryBoundary
          pending={<ConfigFormSkeleton />}
          error={(message) => (
            <Callout variant="error" title={text.loadFailedTitle} description={message} />
          )}
        >
          <ConfigForm scope={{ orgId: org.id, envId: env.id }} />
        </QueryBoundary>
      </section>
    </AeoHeader>
  );
}

/** The form, once the saved config and the prompt library are in. */
function ConfigForm({ scope }: { scope: Scope }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: saved } = useSuspenseQuery(trpc.monitoring.getConfig.queryOptions(scope));
  const { data: prompts } = useSuspenseQuery(
    trpc.prompts.list.queryOptions({ orgId: scope.orgId }),
  );
  const save = useMutation(
    trpc.monitoring.saveConfig.mutationOptions({
      onSuccess: (next) =>
        queryClient.setQueryData(trpc.monitoring.getConfig.queryKey(scope), next),
    }),
  );
  const serverErrors = useMemo(
    () => (save.error ? formErrorsOf(save.error, FIELDS) : null),
    [save.error],
  );
  return (
    <MonitoringConfigForm
      saved={saved}
      prompts={prompts}
      now={clock.now()}
      validate={(config) => configErrorsOf(scope, config)}
      onSubmit={(config) => save.mutate({ ...scope, ...config })}
      pending={save.isPending}
      confirmed={save.isSuccess}
      serverErrors={serverErrors}
    />
  );
}
