/**
 * /app/{orgSlug}/create-env: any member adds an environment, then lands in it. A new env has no B2C
 * Commerce instance, so it opens on a gated screen whose block links to the environment settings; in
 * an org the person cannot use until it is verified, on its home's monitoring configuration instead,
 * the one screen that works there (docs/decisions/0035-production-first-day.md).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { OrgContextMessage } from '~/app/components/org-context-error';
import { formErrorsOf, schemaErrorsOf } from '~/app/lib/form-errors';
import { useCurrentUser } from '~/app/lib/session';
import { useTRPC } from '~/app/lib/trpc';
import type { Org } from '~/domain/orgs/entities';
import { gateFor, SCREEN_GATES } from '~/domain/orgs/gating';
import { nameSlugInput } from '~/domain/orgs/inputs';
import { Button } from '~/ui/components/button';
import { MessageScreen } from '~/ui/patterns/message-screen';
import { NameSlugForm, type NameSlugValues } from '~/ui/patterns/name-slug-form';

export const Route = createFileRoute('/_authed/_user/$orgSlug/create-env')({
  // The org's id comes from the user's own orgs (fresh: the org may have just been created), so a
  // non-member, superusers included, gets the org-context message rather than a form that would fail.
  loader: async ({ context: { api }, params }) => {
    const orgs = await api.queryClient.fetchQuery(api.trpc.orgs.allOrgsForUser.queryOptions());
    return { org: orgs.find((o) => o.slug === params.orgSlug) ?? null };
  },
  component: CreateEnv,
});

const FIELDS = ['name', 'slug'] as const;
const validate = (values: NameSlugValues) => schemaErrorsOf(nameSlugInput, values, FIELDS);

function CreateEnv() {
  const { org } = Route.useLoaderData();
  const { orgSlug } = Route.useParams();
  if (!org) return <OrgContextMessage problem="not-member" orgSlug={orgSlug} />;
  return <CreateEnvForm org={org} />;
}

function CreateEnvForm({ org }: { org: Org }) {
  const user = useCurrentUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation(
    trpc.envs.create.mutationOptions({
      onSuccess: async (env) => {
        await Promise.all([
          queryClient.invalidateQueries(trpc.envs.list.queryFilter({ orgId: org.id })),
          queryClient.invalidateQueries(trpc.orgs.bestRedirectForUser.pathFilter()),
        ]);
        const params = { orgSlug: org.slug, envSlug: env.slug };
        // Products is gated on the instance (home is not): the new env opens on the block that says
        // what is missing and links to the environment settings. Where the org gate would block
        // Products too, home's monitoring, which opts out of both gates, is what can be done now.
        const gate = gateFor({ org, env, user, optOut: SCREEN_GATES.products });
        await (gate === 'onboarding-needed'
          ? navigate({ to: '/$orgSlug/$envSlug', params, search: { view: 'config' } })
          : navigate({ to: '/$orgSlug/$envSlug/products', params }));
      },
    }),
  );
  return (
    <MessageScreen
      title="Create an environment"
      description={`Add an environment to ${org.name}: one per Salesforce B2C Commerce instance, such as production, staging or development.`}
    >
      <NameSlugForm
        label="New environment"
        validate={validate}
        onSubmit={(values) => create.mutate({ orgId: org.id, ...values })}
        submitLabel="Create environment"
        pending={create.isPending || create.isSuccess}
        serverErrors={formErrorsOf(create.error, FIELDS, { 'env-slug-taken': 'slug' })}
        nameDescription="E.g. Production or EU Staging."
        slugDescription={(slug) =>
          `Unique within ${org.name}; part of every link: /app/${org.slug}/${slug || '…'}`
        }
        secondaryAction={
          <Button asChild variant="ghost">
            <Link to="/$orgSlug" params={{ orgSlug: org.slug }}>
              Cancel
            </Link>
          </Button>
        }
      />
    </MessageScreen>
  );
}
