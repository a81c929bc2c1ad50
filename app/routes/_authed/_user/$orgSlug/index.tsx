/** /app/{orgSlug}: the best env of this org (docs/product.md#orgs-and-environments). */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { CreateEnvLink } from '~/app/components/create-env-link';
import { OrgContextMessage } from '~/app/components/org-context-error';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { MessageScreen } from '~/ui/patterns/message-screen';

export const Route = createFileRoute('/_authed/_user/$orgSlug/')({
  loader: async ({ context: { api }, params }) => {
    const result = await api.queryClient.fetchQuery(
      api.trpc.orgs.bestRedirectForUser.queryOptions({ orgSlug: params.orgSlug }),
    );
    // The best org is another one: this user is not a member of the org in the URL.
    if (result.org?.slug !== params.orgSlug) return { problem: 'not-member' as const, org: null };
    if (result.status === 'ok') {
      throw redirect({
        to: '/$orgSlug/$envSlug',
        params: { orgSlug: result.org.slug, envSlug: result.env.slug },
        replace: true,
      });
    }
    return { problem: null, org: result.org };
  },
  component: OrgIndex,
});

function OrgIndex() {
  const { problem, org } = Route.useLoaderData();
  const { orgSlug } = Route.useParams();
  if (problem || !org) return <OrgContextMessage problem="not-member" orgSlug={orgSlug} />;
  return (
    <MessageScreen
      title={ORG_MESSAGES.noEnvs}
      description={`${org.name} has no environments yet. Create the first one, then link it to a Salesforce B2C Commerce instance.`}
      action={<CreateEnvLink orgSlug={org.slug} />}
    />
  );
}
