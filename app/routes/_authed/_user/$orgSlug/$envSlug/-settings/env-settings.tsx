/**
 * Env settings view: the env, its linked B2C Commerce instance, the way into (or back to) onboarding,
 * and, for the org's owners and superusers, deleting the env.
 */
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowRightIcon, PlugZapIcon } from 'lucide-react';
import { useState } from 'react';
import { QueryBoundary } from '~/app/components/query-boundary';
import { useCurrentUser } from '~/app/lib/session';
import { useTRPC } from '~/app/lib/trpc';
import {
  DELETION_MESSAGES,
  envDeletionLosses,
  mayDeleteEnv,
  secretGoesWithEnv,
} from '~/domain/orgs/deletion';
import type { Env, Org } from '~/domain/orgs/entities';
import { Button } from '~/ui/components/button';
import { DeleteDialog, DeleteSection } from '~/ui/patterns/settings/delete-section';
import { EnvDetails } from '~/ui/patterns/settings/env-details';
import {
  InstanceCard,
  InstanceDetails,
  InstanceDetailsSkeleton,
  InstanceLoadError,
  NoInstance,
} from '~/ui/patterns/settings/instance-details';

export function EnvSettings({ org, env }: { org: Org; env: Env }) {
  const params = { orgSlug: org.slug, envSlug: env.slug };
  const linked = env.b2cInstance;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <EnvDetails env={env} />
      {linked ? (
        <InstanceCard
          onboarded={linked.onboarded}
          actions={
            <Button asChild variant={linked.onboarded ? 'outline' : 'primary'}>
              <Link
                to="/$orgSlug/$envSlug/onboarding"
                params={params}
                search={{ instance: linked.id }}
              >
                {linked.onboarded ? 'Review onboarding' : 'Resume onboarding'}
                <ArrowRightIcon aria-hidden />
              </Link>
            </Button>
          }
        >
          <QueryBoundary
            pending={<InstanceDetailsSkeleton />}
            error={(message) => <InstanceLoadError message={message} />}
          >
            <LinkedInstance orgId={org.id} b2cInstanceId={linked.id} />
          </QueryBoundary>
        </InstanceCard>
      ) : (
        <InstanceCard onboarded={null}>
          <NoInstance
            envName={env.name}
            action={
              <Button asChild>
                <Link to="/$orgSlug/$envSlug/onboarding" params={params}>
                  <PlugZapIcon aria-hidden />
                  Link a B2C Commerce instance
                </Link>
              </Button>
            }
          />
        </InstanceCard>
      )}
      {/* Shown once the user's role is known: members never see it, so nothing stands in for it. */}
      <QueryBoundary pending={null} error={() => null}>
        <DeleteEnv org={org} env={env} />
      </QueryBoundary>
    </div>
  );
}

export const DELETE_ENV_TITLE = 'Delete this environment';

/** Owners and superusers only (domain/orgs/deletion.ts); the server checks the same rule. */
function DeleteEnv({ org, env }: { org: Org; env: Env }) {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: mine } = useSuspenseQuery(trpc.orgs.allOrgsForUser.queryOptions());
  const { data: orgEnvs } = useSuspenseQuery(trpc.envs.list.queryOptions({ orgId: org.id }));
  const [open, setOpen] = useState(false);
  const remove = useMutation(
    trpc.envs.delete.mutationOptions({
      onSuccess: async () => {
        await Promise.all([
          queryClient.invalidateQueries(trpc.envs.list.queryFilter({ orgId: org.id })),
          queryClient.invalidateQueries(trpc.orgs.bestRedirectForUser.pathFilter()),
        ]);
        // The org's best remaining env, or its "no environments" screen.
        await navigate({ to: '/$orgSlug', params: { orgSlug: org.slug }, replace: true });
        queryClient.removeQueries(
          trpc.orgs.getContext.queryFilter({ orgSlug: org.slug, envSlug: env.slug }),
        );
      },
    }),
  );
  const role = mine.find((o) => o.id === org.id)?.role ?? null;
  if (!mayDeleteEnv({ isSuperUser: user.isSuperUser, role })) return null;
  const secretGoes = secretGoesWithEnv(env, orgEnvs);
  return (
    <>
      <DeleteSection
        title={DELETE_ENV_TITLE}
        description={`Deletes ${env.name} and everything Beacon keeps for it. Owners only; it cannot be undone.`}
        actionLabel="Delete this environment…"
        onDelete={() => {
          remove.reset();
          setOpen(true);
        }}
      />
      <DeleteDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${env.name}?`}
        description={`This deletes the environment ${env.slug} of ${org.name} and cannot be undone. It removes:`}
        losses={envDeletionLosses(secretGoes)}
        notes={[
          ...(secretGoes ? [] : [DELETION_MESSAGES.secretStays]),
          DELETION_MESSAGES.apiClientStays,
        ]}
        slug={env.slug}
        confirmLabel="Delete environment"
        // Still busy while the app moves to the org.
        pending={remove.isPending || remove.isSuccess}
        error={
          remove.error
            ? { title: 'Could not delete this environment', message: remove.error.message }
            : null
        }
        onConfirm={(confirmation) => remove.mutate({ orgId: org.id, envId: env.id, confirmation })}
      />
    </>
  );
}

/** The env only carries the instance's summary; the details come from b2cInstances.get by row id. */
function LinkedInstance({ orgId, b2cInstanceId }: { orgId: string; b2cInstanceId: string }) {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.b2cInstances.get.queryOptions({ orgId, b2cInstanceId }));
  return <InstanceDetails instance={data} />;
}
