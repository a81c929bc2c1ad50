/** /app/: the best org/env for this user (docs/product.md#orgs-and-environments: ok → go there, no memberships → create-org, no envs → message). */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { CreateEnvLink } from '~/app/components/create-env-link';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { rootSearch } from '~/domain/shared/search';
import { MessageScreen } from '~/ui/patterns/message-screen';

export const Route = createFileRoute('/_authed/_user/')({
  // A signed-in visitor's first page: its loader stays in the entry so that the redirect's read
  // starts without waiting for a chunk (docs/decisions/0002-lean-entry-chunk.md).
  codeSplitGroupings: [['component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: rootSearch,
  loaderDeps: ({ search }) => ({ campaign: search.campaign }),
  loader: async ({ context: { api }, deps }) => {
    // Back from signing in through the free AEO report: remembered, so that the env's onboarding
    // sets monitoring up. Not remembering it loses only that convenience.
    if (deps.campaign === 'aeo') {
      await api.trpcClient.monitoring.noteCampaign
        .mutate({ campaign: 'aeo' })
        .catch(() => undefined);
    }
    const result = await api.queryClient.fetchQuery(
      api.trpc.orgs.bestRedirectForUser.queryOptions({}),
    );
    if (result.status === 'ok') {
      throw redirect({
        to: '/$orgSlug/$envSlug',
        params: { orgSlug: result.org.slug, envSlug: result.env.slug },
        replace: true,
      });
    }
    if (result.status === 'no-org-memberships')
      throw redirect({ to: '/create-org', replace: true });
    return { org: result.org };
  },
  component: NoEnvs,
});

function NoEnvs() {
  const { org } = Route.useLoaderData();
  return (
    <MessageScreen
      title={ORG_MESSAGES.noEnvs}
      description={`${org.name} has no environments yet. Create the first one, then link it to a Salesforce B2C Commerce instance.`}
      action={<CreateEnvLink orgSlug={org.slug} />}
    />
  );
}
