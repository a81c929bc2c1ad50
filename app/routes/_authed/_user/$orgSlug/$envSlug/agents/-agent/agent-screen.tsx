/**
 * One agent's screen (/agents/translation, /seo, /aeo): its config form, Run with an estimate first,
 * the current run live over agents.watchRun, and its run history (docs/product.md#agents). The route
 * files give the form; everything else is the same for the three agents.
 */
import {
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useSubscription } from '@trpc/tanstack-react-query';
import { PlayIcon } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { QueryBoundary } from '~/app/components/query-boundary';
import type { Api } from '~/app/lib/api';
import { useNow } from '~/app/lib/clock';
import { useCurrentEnv } from '~/app/lib/env-context';
import { formErrorsOf, schemaErrorsOf } from '~/app/lib/form-errors';
import type { OrgContext } from '~/app/lib/org-context';
import { useTRPC } from '~/app/lib/trpc';
import { AGENT_CATALOGUE, type AgentType } from '~/domain/agents/catalogue';
import { type AgentConfigOf, aeoShape, seoShape, translationShape } from '~/domain/agents/config';
import { saveAgentConfigInput } from '~/domain/agents/inputs';
import { AGENT_MESSAGES } from '~/domain/agents/messages';
import { type AgentRun, isRunActive, type SavedAgentConfig } from '~/domain/agents/runs';
import { errorReasonOf } from '~/domain/error-reasons';
import { QUERY_DEFAULTS } from '~/domain/shared/constants';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { AGENT_CONFIG_TEXT, type ConfigFormProps } from '~/ui/patterns/agents/config-fields';
import { RunCard } from '~/ui/patterns/agents/run-card';
import { RunEstimateDialog } from '~/ui/patterns/agents/run-estimate-dialog';
import { RunHistory } from '~/ui/patterns/agents/run-history';
import { ConfigFormSkeleton } from '~/ui/patterns/config-form';
import { PageHeader } from '~/ui/patterns/page-header';

export const AGENT_SCREEN_TEXT = {
  run: 'Run',
  saveFirst: 'Save your changes first: a run works from the saved configuration.',
  configuration: 'Configuration',
  noInstanceAction: 'Open environment settings',
} as const;

const ENV_ROUTE = '/_authed/_user/$orgSlug/$envSlug';

/** The config fields of each agent, as the save procedure names them (its field errors use them). */
const CONFIG_FIELDS: Record<AgentType, string[]> = {
  translation: Object.keys(translationShape).filter((k) => k !== 'type'),
  seo: Object.keys(seoShape).filter((k) => k !== 'type'),
  aeo: Object.keys(aeoShape).filter((k) => k !== 'type'),
};

/**
 * The route loader: the saved config and the runs (the header's Run depends on both) are awaited;
 * the catalogue's facets and the prompt library, which only the form needs, load behind its skeleton.
 */
export async function loadAgentScreen(
  { api, orgContext }: { api: Api; orgContext: OrgContext | null },
  agentType: AgentType,
): Promise<void> {
  // Agents opt out of the instance gate; without an onboarded instance the screen says so and reads nothing.
  if (!orgContext?.onboarded) return;
  const { queryClient, trpc } = api;
  const { scope } = orgContext;
  void queryClient.prefetchQuery(trpc.products.facets.queryOptions(scope));
  void queryClient.prefetchQuery(trpc.prompts.list.queryOptions({ orgId: scope.orgId }));
  await Promise.all([
    queryClient.ensureQueryData(trpc.agents.getConfig.queryOptions({ ...scope, agentType })),
    queryClient.ensureQueryData(trpc.agents.runs.queryOptions({ ...scope, agentType })),
  ]);
}

export interface AgentScreenProps<T extends AgentType> {
  agentType: T;
  /** One line under the title: what the agent does. */
  description: string;
  renderForm(props: ConfigFormProps<AgentConfigOf<T>>): ReactNode;
}

export function AgentScreen<T extends AgentType>(props: AgentScreenProps<T>) {
  const { env } = useCurrentEnv();
  const name = agentName(props.agentType);
  if (!env.b2cInstance?.onboarded) {
    return (
      <div className="flex flex-col">
        <PageHeader title={name} description={props.description} />
        <div className="p-8">
          <NoInstance />
        </div>
      </div>
    );
  }
  return <Agent {...props} />;
}

function agentName(type: AgentType): string {
  return AGENT_CATALOGUE.find((agent) => agent.type === type)?.name ?? type;
}

function NoInstance() {
  const params = useParams({ from: ENV_ROUTE });
  return (
    <Callout
      variant="warning"
      title={AGENT_MESSAGES.noInstance}
      action={
        <Button asChild variant="outline" size="sm">
          <Link to="/$orgSlug/$envSlug/settings" params={params} search={{ view: 'env-settings' }}>
            {AGENT_SCREEN_TEXT.noInstanceAction}
          </Link>
        </Button>
      }
    />
  );
}

function Agent<T extends AgentType>({ agentType, description, renderForm }: AgentScreenProps<T>) {
  const { org, env } = useCurrentEnv();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope = { orgId: org.id, envId: env.id };
  const input = { ...scope, agentType };
  const name = agentName(agentType);
  const params = useParams({ from: ENV_ROUTE });

  const { data: saved } = useSuspenseQuery(trpc.agents.getConfig.queryOptions(input));
  const { data: runs } = useSuspenseQuery(trpc.agents.runs.queryOptions(input));
  const runsKey = trpc.agents.runs.queryKey(input);
  const latest = runs[0] ?? null;
  const active = latest !== null && isRunActive(latest.status);
  const now = useNow(active);

  const [dirty, setDirty] = useState(false);
  const [estimating, setEstimating] = useState(false);
  // Runs that ended while this screen watched them keep their card until the next run.
  const [watchedToEnd, setWatchedToEnd] = useState<ReadonlySet<string>>(new Set());

  const replaceRun = (run: AgentRun) =>
    queryClient.setQueryData(runsKey, (old) => old?.map((r) => (r.id === run.id ? run : r)));
  const overviewChanged = () =>
    void queryClient.invalidateQueries(trpc.agents.overview.queryFilter(scope));

  useSubscription(
    trpc.agents.watchRun.subscriptionOptions(
      active && latest ? { ...scope, runId: latest.id } : skipToken,
      {
        onData: (run) => {
          replaceRun(run);
          if (!isRunActive(run.status)) {
            setWatchedToEnd((ids) => new Set(ids).add(run.id));
            overviewChanged();
          }
        },
      },
    ),
  );

  const estimate = useQuery({
    ...trpc.agents.estimate.queryOptions(input),
    enabled: estimating,
    // A reason means the server answered (nothing in scope, not configured): asking again will not help.
    retry: (failures, error) => errorReasonOf(error) === null && failures < QUERY_DEFAULTS.retry,
  });
  const start = useMutation(
    trpc.agents.start.mutationOptions({
      onSuccess: (run) => {
        queryClient.setQueryData(runsKey, (old) => [
          run,
          ...(old ?? []).filter((r) => r.id !== run.id),
        ]);
        setEstimating(false);
        overviewChanged();
      },
      onError: (error) => {
        // Another run started meanwhile (another tab, a colleague): show it.
        if (errorReasonOf(error) === 'agent-run-active')
          void queryClient.invalidateQueries(trpc.agents.runs.queryFilter(input));
      },
    }),
  );
  const cancel = useMutation(trpc.agents.cancel.mutationOptions({ onSuccess: replaceRun }));
  const save = useMutation(
    trpc.agents.saveConfig.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(
          trpc.agents.getConfig.queryKey(input),
          next as SavedAgentConfig<AgentConfigOf<T>>,
        );
        // The estimate and the overview follow the saved config.
        queryClient.removeQueries(trpc.agents.estimate.queryFilter(input));
        overviewChanged();
      },
    }),
  );

  const reason = !saved.config
    ? AGENT_MESSAGES.notConfigured
    : active
      ? AGENT_MESSAGES.runActive
      : dirty
        ? AGENT_SCREEN_TEXT.saveFirst
        : null;
  const idBase = useId();
  const reasonId = `${idBase}-reason`;
  const configTitleId = `${idBase}-config`;

  const fields = CONFIG_FIELDS[agentType];
  const serverErrors = useMemo(
    () => (save.error ? formErrorsOf(save.error, fields) : null),
    [save.error, fields],
  );

  const proposalsLink = (run: AgentRun, children: ReactNode, label?: string) => (
    <Link
      to="/$orgSlug/$envSlug/reviews"
      params={params}
      search={{ agentType, runId: run.id, reviewStatus: 'all', showOffline: true }}
      aria-label={label}
      className="text-primary underline-offset-4 hover:underline"
    >
      {children}
    </Link>
  );

  const showCard =
    latest !== null &&
    (active ||
      watchedToEnd.has(latest.id) ||
      latest.status === 'failed' ||
      latest.status === 'partly-failed');

  return (
    // Positioned: the controls' hidden form inputs (Radix) stay inside the screen's scroll area.
    <div className="relative flex flex-col">
      <PageHeader
        title={name}
        description={description}
        actions={
          <div className="flex flex-col items-start gap-1.5">
            <Button
              onClick={() => {
                start.reset();
                setEstimating(true);
              }}
              disabled={reason !== null}
              aria-describedby={reason ? reasonId : undefined}
            >
              <PlayIcon aria-hidden />
              {AGENT_SCREEN_TEXT.run}
            </Button>
            {reason ? (
              <p id={reasonId} className="max-w-80 text-sm text-base-content/75">
                {reason}
              </p>
            ) : null}
          </div>
        }
      />
      <div className="flex flex-col gap-10 p-8">
        {showCard && latest ? (
          <RunCard
            run={latest}
            now={now}
            onCancel={() => cancel.mutate({ ...scope, runId: latest.id })}
            cancelling={cancel.isPending}
            cancelError={cancel.error?.message ?? null}
            renderProposalsLink={(run, children) => proposalsLink(run, children)}
          />
        ) : null}

        <section aria-labelledby={configTitleId} className="flex max-w-4xl flex-col gap-5">
          <h2 id={configTitleId} className="text-lg font-semibold">
            {AGENT_SCREEN_TEXT.configuration}
          </h2>
          <QueryBoundary
            pending={<ConfigFormSkeleton />}
            error={(message) => (
              <Callout
                variant="error"
                title={AGENT_CONFIG_TEXT.loadFailedTitle}
                description={message}
              />
            )}
          >
            <ConfigForm
              orgId={org.id}
              envId={env.id}
              render={(facets, prompts) =>
                renderForm({
                  agentName: name,
                  saved: saved as SavedAgentConfig<AgentConfigOf<T>>,
                  facets,
                  prompts,
                  now,
                  validate: (value) =>
                    schemaErrorsOf(saveAgentConfigInput, { ...scope, ...value }, fields),
                  onSubmit: (value) =>
                    save.mutate({ ...scope, ...value } as Parameters<typeof save.mutate>[0]),
                  pending: save.isPending,
                  serverErrors,
                  onDirtyChange: setDirty,
                })
              }
            />
          </QueryBoundary>
        </section>

        <RunHistory
          runs={runs.filter((run) => !isRunActive(run.status))}
          now={now}
          renderProposalsLink={proposalsLink}
        />
      </div>

      <RunEstimateDialog
        open={estimating}
        onOpenChange={setEstimating}
        agentName={name}
        estimate={estimate.data ?? null}
        estimateError={estimate.error?.message ?? null}
        onStart={(concurrency) => start.mutate({ ...input, concurrency })}
        starting={start.isPending}
        startError={start.error?.message ?? null}
      />
    </div>
  );
}

/** The form, once the catalogue's facets and the org's prompt library are in. */
function ConfigForm({
  orgId,
  envId,
  render,
}: {
  orgId: string;
  envId: string;
  render: (
    facets: ConfigFormProps<object>['facets'],
    prompts: ConfigFormProps<object>['prompts'],
  ) => ReactNode;
}) {
  const trpc = useTRPC();
  const { data: facets } = useSuspenseQuery(trpc.products.facets.queryOptions({ orgId, envId }));
  const { data: prompts } = useSuspenseQuery(trpc.prompts.list.queryOptions({ orgId }));
  return render(facets, prompts);
}
