/** Env settings view: the env, its linked B2C Commerce instance, and the way into (or back to) onboarding. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRightIcon, PlugZapIcon } from 'lucide-react';
import { QueryBoundary } from '~/app/components/query-boundary';
import { useTRPC } from '~/app/lib/trpc';
import type { Env, Org } from '~/domain/orgs/entities';
import { Button } from '~/ui/components/button';
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
    </div>
  );
}

/** The env only carries the instance's summary; the details come from b2cInstances.get by row id. */
function LinkedInstance({ orgId, b2cInstanceId }: { orgId: string; b2cInstanceId: string }) {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.b2cInstances.get.queryOptions({ orgId, b2cInstanceId }));
  return <InstanceDetails instance={data} />;
}
