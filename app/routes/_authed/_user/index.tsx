/** /app/: the best org/env for this user (spec §4: ok → go there, no memberships → create-org, no envs → message). */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { MESSAGES } from '../../../../domain/errors';
import { rootSearch } from '../../../../domain/search-params';
import { MessageScreen } from '../../../../ui/patterns/message-screen';
import { CreateEnvLink } from '../../../components/create-env-link';

export const Route = createFileRoute('/_authed/_user/')({
  validateSearch: rootSearch,
  loader: async ({ context: { api } }) => {
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
      title={MESSAGES.noEnvs}
      description={`${org.name} has no environments yet. Create the first one, then link it to a Salesforce B2C Commerce instance.`}
      action={<CreateEnvLink orgSlug={org.slug} />}
    />
  );
}
