/** /app/{orgSlug}/{envSlug}/onboarding?step=…&instance=…: link the env to a B2C Commerce instance, step by step (docs/product.md#onboarding). */
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { Suspense, useEffect, useEffectEvent, useState } from 'react';
import type { Api } from '~/app/lib/api';
import { useNow } from '~/app/lib/clock';
import { useCurrentEnv } from '~/app/lib/env-context';
import { formErrorsOf, schemaErrorsOf } from '~/app/lib/form-errors';
import { useTRPC, useTRPCClient } from '~/app/lib/trpc';
import { errorReasonOf } from '~/domain/error-reasons';
import { activationTimeLeft, apiClientStepMode } from '~/domain/instances/api-client-step';
import { CAPABILITY } from '~/domain/instances/capabilities';
import type { B2CInstance, OrganizationStep, VerifyResult } from '~/domain/instances/entities';
import { pasteApiClientInput, setInstanceHostInput } from '~/domain/instances/inputs';
import { INSTANCE_MESSAGES } from '~/domain/instances/messages';
import { BUSINESS_MANAGER_PATH, CAPABILITY_SNIPPET } from '~/domain/instances/snippets';
import { onboardingSearch } from '~/domain/onboarding/search';
import {
  completedSteps,
  CONFIGURE_STEP_CAPABILITY,
  type ConfigureStep as ConfigureStepId,
  isConfigureStep,
  nextStep,
  onboardingStateOf,
  type OnboardingStep,
  previousStep,
  resolveStep,
} from '~/domain/onboarding/steps';
import { SCREEN_GATES } from '~/domain/orgs/gating';
import { DEVELOPER_MESSAGES } from '~/domain/shared/developer-messages';
import { Spinner } from '~/ui/components/spinner';
import {
  ApiClientPaste,
  type ApiClientPasteField,
} from '~/ui/patterns/onboarding/api-client-paste';
import { ApiClientStep } from '~/ui/patterns/onboarding/api-client-step';
import { CompleteStep } from '~/ui/patterns/onboarding/complete-step';
import { ConfigureStep } from '~/ui/patterns/onboarding/configure-step';
import { InstanceBadge } from '~/ui/patterns/onboarding/instance-badge';
import { InstanceList } from '~/ui/patterns/onboarding/instance-list';
import {
  LinkedOrganization,
  OrganizationPicker,
} from '~/ui/patterns/onboarding/organization-picker';
import { OnboardingStepper } from '~/ui/patterns/onboarding/onboarding-stepper';
import { StepPanel } from '~/ui/patterns/onboarding/step-panel';
import { PageHeader } from '~/ui/patterns/page-header';

export const Route = createFileRoute('/_authed/_user/$orgSlug/$envSlug/onboarding')({
  validateSearch: onboardingSearch,
  staticData: { gate: SCREEN_GATES.onboarding },
  loaderDeps: ({ search }) => ({ step: search.step }),
  loader: async ({ context: { api, orgContext }, preload, deps }) => {
    // The env layout shows a failing org context; here it only starts the instances' read. Not on a
    // preload (a hover over a link): reading the instances refreshes them, which is a write.
    if (!orgContext) return;
    const { orgId } = orgContext.scope;
    if (!preload) {
      // Which organization the instances come from decides how they are read.
      const step = await api.queryClient
        .ensureQueryData(organizationStepQuery(api.trpc, orgId))
        .catch(() => null);
      if (step)
        void api.queryClient.prefetchQuery(instancesQuery(api, orgId, step.linked?.id ?? null));
    }
    // Whether Beacon may create the API client, asked before its step shows (the step waits for it).
    if (!deps.step || API_CLIENT_SETUP_STEPS.has(deps.step)) {
      void api.queryClient.prefetchQuery(apiClientSetupQuery(api.trpc, orgId));
    }
  },
  component: Screen,
});

/** The steps that show the API client step next (or are it). */
const API_CLIENT_SETUP_STEPS: ReadonlySet<OnboardingStep> = new Set([
  'selectInstance',
  'createApiClient',
]);

const TITLES: Record<OnboardingStep, string> = {
  selectInstance: 'Choose a B2C Commerce instance',
  createApiClient: 'Create an API client',
  configureOcapiDataSettings: `Configure ${CAPABILITY['ocapi-data'].settings}`,
  configureOcapiShopSettings: `Configure ${CAPABILITY['ocapi-shop'].settings}`,
  configureWebdavSettings: `Configure ${CAPABILITY.webdav.settings}`,
  complete: 'Finish onboarding',
};

const DESCRIPTIONS: Record<OnboardingStep, string> = {
  selectInstance: 'The instances of your Salesforce B2C Commerce account. Choose the one to link.',
  createApiClient: 'Beacon talks to the instance through its own API client.',
  configureOcapiDataSettings: 'Let the API client read and write catalog data.',
  configureOcapiShopSettings: 'Let the API client read the storefront as shoppers see it.',
  configureWebdavSettings: 'Let the API client exchange import and export files.',
  complete: 'Everything is verified.',
};

function Screen() {
  const data = useCurrentEnv();
  return (
    <div className="flex flex-col">
      <PageHeader
        title="Link a B2C Commerce instance"
        description={`Connect ${data.env.name} to Salesforce B2C Commerce, step by step.`}
      />
      <div className="p-8">
        <Suspense fallback={<Spinner label="Loading instances" />}>
          <Onboarding orgId={data.org.id} envId={data.env.id} />
        </Suspense>
      </div>
    </div>
  );
}

/**
 * Whether the person's Account Manager sign-in lets Beacon create the API client. It changes only with
 * a new sign-in, which loads the app again: asked once.
 */
/**
 * The select-organization step: it asks Account Manager with the person's sign-in, so it is read once
 * a minute at most (linking invalidates it at once).
 */
function organizationStepQuery(trpc: Api['trpc'], orgId: string) {
  return { ...trpc.b2cInstances.organizationStep.queryOptions({ orgId }), staleTime: 60_000 };
}

function apiClientSetupQuery(trpc: Api['trpc'], orgId: string) {
  return { ...trpc.b2cAPIClients.setup.queryOptions({ orgId }), staleTime: Infinity };
}

/**
 * The instances to choose from: b2cInstances.sync (a mutation: it refreshes the org's copy of Account
 * Manager's list for the linked organization; sent once, never retried), falling back to the stored
 * list when the sync fails (and to none if that fails too). Before an organization is linked there is
 * nothing to sync: the stored list. The screen's query runs the sync once per linked organization and
 * keeps its answer; this read never fails.
 */
function instancesQuery(
  { trpc, trpcClient, queryClient }: Pick<Api, 'trpc' | 'trpcClient' | 'queryClient'>,
  orgId: string,
  linkedTo: string | null,
) {
  // fetchQuery does not retry by default; the stored list keeps the app's usual retries.
  const retry = queryClient.getDefaultOptions().queries?.retry;
  const list = {
    ...trpc.b2cInstances.list.queryOptions({ orgId }),
    staleTime: Infinity,
    retry: typeof retry === 'number' || typeof retry === 'boolean' ? retry : false,
  };
  return {
    queryKey: ['onboarding', 'instances', { orgId, linkedTo }] as const,
    queryFn: async (): Promise<B2CInstance[]> => {
      if (linkedTo === null) return queryClient.fetchQuery(list).catch(() => []);
      try {
        return await trpcClient.b2cInstances.sync.mutate({ orgId });
      } catch {
        return queryClient.fetchQuery(list).catch(() => []);
      }
    },
    retry: false,
    staleTime: Infinity,
  };
}

function useInstances(orgId: string, linkedTo: string | null) {
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const queryClient = useQueryClient();
  const query = instancesQuery({ trpc, trpcClient, queryClient }, orgId, linkedTo);
  const { data: instances } = useSuspenseQuery(query);
  /** Applies what a mutation just made true on the server, without re-syncing. */
  function patch(change: (instance: B2CInstance) => B2CInstance) {
    const apply = (old: B2CInstance[] | undefined) => old?.map(change);
    queryClient.setQueryData(query.queryKey, apply);
    queryClient.setQueryData(trpc.b2cInstances.list.queryKey({ orgId }), apply);
  }
  return { instances, patch };
}

function Onboarding({ orgId, envId }: { orgId: string; envId: string }) {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const trpc = useTRPC();
  const { data: organization } = useSuspenseQuery(organizationStepQuery(trpc, orgId));
  const [choosingOrganization, setChoosingOrganization] = useState(false);
  const { instances, patch } = useInstances(orgId, organization.linked?.id ?? null);

  const instance = instances.find((i) => i.id === search.instance) ?? null;
  const state = onboardingStateOf(instance);
  const { step, redirect } = resolveStep(search.step, state);
  if (redirect) {
    return <Navigate from={Route.fullPath} search={{ step, instance: instance?.id }} replace />;
  }

  const goTo = (to: OnboardingStep) =>
    void navigate({
      search: { step: to, instance: to === 'selectInstance' ? search.instance : instance?.id },
    });
  const previous = previousStep(step);
  const onPrevious = previous ? () => goTo(previous) : undefined;
  const advance = () => {
    const next = nextStep(step);
    if (next) goTo(next);
  };
  const badge = instance ? (
    <InstanceBadge
      instanceId={instance.instanceId}
      host={instance.host ?? ''}
      onReset={() => void navigate({ search: { step: 'selectInstance' } })}
    />
  ) : null;

  return (
    <div className="grid gap-8 md:grid-cols-[16rem_minmax(0,1fr)]">
      <OnboardingStepper current={step} completed={completedSteps(state)} onStepClick={goTo} />
      <StepPanel
        key={step}
        title={TITLES[step]}
        description={DESCRIPTIONS[step]}
        badge={step === 'selectInstance' ? null : badge}
        onPrevious={onPrevious}
      >
        {step === 'selectInstance' ? (
          !organization.linked || choosingOrganization ? (
            <ChooseOrganization
              orgId={orgId}
              step={organization}
              onDone={() => setChoosingOrganization(false)}
              onCancel={organization.linked ? () => setChoosingOrganization(false) : undefined}
            />
          ) : (
            <div className="flex flex-col gap-4">
              <LinkedOrganization
                organization={organization.linked}
                onChange={() => setChoosingOrganization(true)}
              />
              <Instances
                orgId={orgId}
                instances={instances}
                allowedSuffixes={organization.allowedHostSuffixes}
                selectedId={instance?.id}
                patch={patch}
                onChoose={(id) =>
                  void navigate({ search: { step: 'createApiClient', instance: id } })
                }
              />
            </div>
          )
        ) : !instance ? null : step === 'createApiClient' ? (
          <CreateApiClient orgId={orgId} instance={instance} patch={patch} onDone={advance} />
        ) : isConfigureStep(step) ? (
          <Configure orgId={orgId} instance={instance} step={step} patch={patch} onDone={advance} />
        ) : (
          <Complete orgId={orgId} envId={envId} instance={instance} />
        )}
      </StepPanel>
    </div>
  );
}

type Patch = (change: (instance: B2CInstance) => B2CInstance) => void;

function ChooseOrganization({
  orgId,
  step,
  onDone,
  onCancel,
}: {
  orgId: string;
  step: OrganizationStep;
  onDone: () => void;
  onCancel?: (() => void) | undefined;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const link = useMutation(trpc.b2cInstances.linkOrganization.mutationOptions());
  const errors = formErrorsOf(link.error, ['realms'] as const, { 'realms-needed': 'realms' });
  return (
    <OrganizationPicker
      choices={step.choices}
      signInNeeded={step.signIn === 'needed'}
      pending={link.isPending}
      error={errors.form}
      realmsError={errors.fields.realms ?? null}
      onCancel={onCancel}
      onLink={(choice) =>
        link.mutate(
          { orgId, ...choice },
          {
            onSuccess: async () => {
              // The instances are read again for the organization now linked.
              await queryClient.invalidateQueries(
                trpc.b2cInstances.organizationStep.queryFilter({ orgId }),
              );
              onDone();
            },
          },
        )
      }
    />
  );
}

function Instances({
  orgId,
  instances,
  allowedSuffixes,
  selectedId,
  patch,
  onChoose,
}: {
  orgId: string;
  instances: B2CInstance[];
  allowedSuffixes: readonly string[];
  selectedId: string | undefined;
  patch: Patch;
  onChoose: (id: string) => void;
}) {
  const trpc = useTRPC();
  const setHost = useMutation(trpc.b2cInstances.setHost.mutationOptions());
  const failed = setHost.error
    ? formErrorsOf(setHost.error, ['host'] as const, { 'host-not-allowed': 'host' })
    : null;
  return (
    <InstanceList
      instances={instances}
      selectedId={selectedId}
      onChoose={onChoose}
      hostEntry={{
        allowedSuffixes,
        validate: (host) =>
          schemaErrorsOf(setInstanceHostInput, { orgId, b2cInstanceId: 'x', host }, ['host'])
            .host ?? null,
        savingId: setHost.isPending ? setHost.variables.b2cInstanceId : null,
        error:
          failed && setHost.variables
            ? {
                instanceId: setHost.variables.b2cInstanceId,
                message: failed.fields.host ?? failed.form ?? '',
              }
            : null,
        onSave: (b2cInstanceId, host) =>
          setHost.mutate(
            { orgId, b2cInstanceId, host },
            { onSuccess: (saved) => patch((i) => (i.id === saved.id ? saved : i)) },
          ),
      }}
    />
  );
}

const PASTE_FIELDS: readonly ApiClientPasteField[] = ['clientId', 'secret'];

/**
 * Beacon creates the org's API client with the person's Account Manager sign-in when its roles allow
 * (b2cAPIClients.setup, or Account Manager's own refusal of the create); otherwise, or by choice, the
 * person pastes one someone created in Account Manager. Either way the step then moves on.
 */
function CreateApiClient({
  orgId,
  instance,
  patch,
  onDone,
}: {
  orgId: string;
  instance: B2CInstance;
  patch: Patch;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const clientId = instance.apiClient?.clientId ?? null;
  // Only asked while the org has no client; an answer that fails leaves the create path, whose own
  // refusal then says which way to go.
  const setup = useQuery({ ...apiClientSetupQuery(trpc, orgId), enabled: clientId === null });
  const create = useMutation(trpc.b2cAPIClients.getOrCreate.mutationOptions());
  // The secret is in the call's variables: none is kept once the step has moved on.
  const paste = useMutation({ ...trpc.b2cAPIClients.paste.mutationOptions(), gcTime: 0 });
  const [pasteChosen, setPasteChosen] = useState(false);

  const saved = (id: string) => {
    // The API client belongs to the org, so every instance now has it.
    patch((i) => ({ ...i, apiClient: { clientId: id } }));
    onDone();
  };

  if (clientId === null && setup.isPending) {
    return <Spinner label={INSTANCE_MESSAGES.apiClientSetupChecking} />;
  }
  const createRefusal = errorReasonOf(create.error);
  const mode =
    clientId === null
      ? apiClientStepMode({ setup: setup.data?.create ?? null, createRefusal, pasteChosen })
      : 'create';

  if (mode !== 'create') {
    return (
      <ApiClientPaste
        reason={mode}
        validate={({ clientId: id, secret }) =>
          schemaErrorsOf(
            pasteApiClientInput,
            { orgId, clientId: id, secret: secret.trim() },
            PASTE_FIELDS,
          )
        }
        pending={paste.isPending}
        serverErrors={formErrorsOf(paste.error, PASTE_FIELDS)}
        onSubmit={(values) => {
          if (paste.isPending) return;
          paste.mutate({ orgId, ...values }, { onSuccess: (client) => saved(client.clientId) });
        }}
        onCreateInstead={
          mode === 'chosen'
            ? () => {
                paste.reset();
                setPasteChosen(false);
              }
            : undefined
        }
      />
    );
  }
  return (
    <ApiClientStep
      clientId={clientId}
      creating={create.isPending}
      error={create.isError ? INSTANCE_MESSAGES.apiClientCreateFailed : null}
      onContinue={onDone}
      onCreate={() => {
        if (create.isPending) return;
        create.mutate({ orgId }, { onSuccess: ({ clientId: id }) => saved(id) });
      }}
      onPasteInstead={() => {
        create.reset();
        setPasteChosen(true);
      }}
    />
  );
}

type Activating = Extract<VerifyResult, { status: 'activating' }>;

/**
 * Paste a setting in Business Manager, then Verify. A new API client Salesforce does not accept yet
 * answers `activating`: the step says so with the time left, and verifies again after `retryInMs`
 * (one timer, gone with the step; the next call starts only once the last one has answered), until
 * the answer is ok or an error.
 */
function Configure({
  orgId,
  instance,
  step,
  patch,
  onDone,
}: {
  orgId: string;
  instance: B2CInstance;
  step: ConfigureStepId;
  patch: Patch;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const capability = CONFIGURE_STEP_CAPABILITY[step];
  const facts = CAPABILITY[capability];
  const verify = useMutation(trpc.b2cAPIClients.verify.mutationOptions());
  const [activating, setActivating] = useState<Activating | null>(null);
  const now = useNow(activating !== null);
  const error = verify.isError
    ? INSTANCE_MESSAGES.verifyException(capability)
    : verify.data?.status === 'error'
      ? verify.data.message || INSTANCE_MESSAGES.verifyFallback(capability)
      : null;
  const setVerified = (verified: boolean) =>
    patch((i) => (i.id === instance.id ? { ...i, [facts.verifiedFlag]: verified } : i));

  const run = () => {
    if (verify.isPending) return;
    verify.mutate(
      { orgId, b2cInstanceId: instance.id, capability },
      {
        onSuccess: (result) => {
          if (result.status === 'activating') {
            // The server leaves the flag as it was while the client activates.
            setActivating(result);
            return;
          }
          setActivating(null);
          // The server sets or clears the flag the same way.
          setVerified(result.status === 'ok');
          if (result.status === 'ok') onDone();
        },
        onError: () => setActivating(null),
      },
    );
  };
  const retry = useEffectEvent(run);
  useEffect(() => {
    if (!activating) return;
    const timer = setTimeout(retry, activating.retryInMs);
    return () => clearTimeout(timer);
  }, [activating]);

  return (
    <ConfigureStep
      settingsName={facts.businessManagerName}
      settingsUrl={`${instance.baseUrl}${BUSINESS_MANAGER_PATH[capability]}`}
      location={facts.businessManagerLocation}
      snippet={CAPABILITY_SNIPPET[capability](instance.apiClient?.clientId ?? '')}
      verified={instance[facts.verifiedFlag]}
      verifying={verify.isPending}
      error={error}
      waiting={
        activating
          ? {
              message: activating.message || INSTANCE_MESSAGES.apiClientActivating,
              timeLeft: activationTimeLeft(activating.until, now.getTime()),
            }
          : null
      }
      onContinue={onDone}
      onVerify={run}
    />
  );
}

function Complete({
  orgId,
  envId,
  instance,
}: {
  orgId: string;
  envId: string;
  instance: B2CInstance;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = Route.useNavigate();
  const finish = useMutation(trpc.b2cInstances.verifyOnboarded.mutationOptions());
  return (
    <CompleteStep
      instanceId={instance.instanceId}
      finishing={finish.isPending}
      onContinue={() => {
        if (finish.isPending) return;
        finish.mutate(
          { orgId, envId, b2cInstanceId: instance.id },
          {
            onSuccess: async (result) => {
              if (result.status !== 'ok') {
                console.error(DEVELOPER_MESSAGES.finalOnboardingFailed, result);
                return;
              }
              // The env now has an onboarded instance: the shell's gate must see it.
              await queryClient.invalidateQueries(trpc.orgs.getContext.pathFilter());
              await navigate({ to: '../settings', search: { view: 'env-settings' } });
            },
            onError: (error) => console.error(DEVELOPER_MESSAGES.finalOnboardingFailed, error),
          },
        );
      }}
    />
  );
}
