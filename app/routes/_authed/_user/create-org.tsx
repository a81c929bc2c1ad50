/**
 * /app/create-org: superusers create an org (and become its owner), then its first environment. Someone
 * new from the free AEO report creates their first org the same way; it starts unverified, and its
 * monitoring works at once (docs/decisions/0035-production-first-day.md). Everyone else lands here from
 * /app/ when they belong to no org: that is explained instead. The server decides who may (orgs.creation).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { BookDemoButton } from '~/app/components/book-demo';
import { signOut } from '~/app/lib/auth-actions';
import { formErrorsOf, schemaErrorsOf } from '~/app/lib/form-errors';
import { useCurrentUser } from '~/app/lib/session';
import { useTRPC } from '~/app/lib/trpc';
import { createOrgInput } from '~/domain/orgs/inputs';
import { ORG_MESSAGES } from '~/domain/orgs/messages';
import { Button } from '~/ui/components/button';
import { MessageScreen } from '~/ui/patterns/message-screen';
import { NameSlugForm, type NameSlugValues } from '~/ui/patterns/name-slug-form';

export const Route = createFileRoute('/_authed/_user/create-org')({
  loader: ({ context: { api } }) =>
    api.queryClient.fetchQuery(api.trpc.orgs.creation.queryOptions()),
  component: CreateOrg,
});

const FIELDS = ['name', 'slug'] as const;
const validate = (values: NameSlugValues) => schemaErrorsOf(createOrgInput, values, FIELDS);

function CreateOrg() {
  const user = useCurrentUser();
  const creation = Route.useLoaderData();
  if (creation === 'none') return <NoOrgYet email={user.email} />;
  return <CreateOrgForm first={creation === 'first'} />;
}

function CreateOrgForm({ first }: { first: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation(
    trpc.orgs.create.mutationOptions({
      onSuccess: async (org) => {
        await Promise.all([
          queryClient.invalidateQueries(trpc.orgs.allOrgsForUser.pathFilter()),
          queryClient.invalidateQueries(trpc.orgs.bestRedirectForUser.pathFilter()),
          queryClient.invalidateQueries(trpc.orgs.creation.pathFilter()),
        ]);
        // A new org has no environment: its first one is the next thing to create.
        await navigate({ to: '/$orgSlug/create-env', params: { orgSlug: org.slug } });
      },
    }),
  );
  return (
    <MessageScreen
      title="Create an org"
      description={
        first
          ? ORG_MESSAGES.firstOrgDescription
          : "An org holds a team's environments and members. You become its owner and can invite your team from its settings."
      }
    >
      <NameSlugForm
        label="New org"
        validate={validate}
        onSubmit={(values) => create.mutate(values)}
        submitLabel="Create org"
        // Pending through the navigation that follows success.
        pending={create.isPending || create.isSuccess}
        serverErrors={formErrorsOf(create.error, FIELDS, { 'slug-taken': 'slug' })}
        nameDescription="Usually the company or brand, e.g. Acme Outfitters."
        slugDescription={(slug) => `Part of every link to the org: /app/${slug || '…'}`}
        // Someone without an org has nowhere to go back to: /app/ would only bring them here.
        secondaryAction={
          first ? (
            <SignOutButton variant="ghost" />
          ) : (
            <Button asChild variant="ghost">
              <Link to="/">Cancel</Link>
            </Button>
          )
        }
      />
    </MessageScreen>
  );
}

function SignOutButton({ variant }: { variant: 'ghost' | 'outline' }) {
  const [signingOut, setSigningOut] = useState(false);
  return (
    <Button
      type="button"
      variant={variant}
      loading={signingOut}
      onClick={() => {
        setSigningOut(true);
        signOut().catch(() => setSigningOut(false));
      }}
    >
      Sign Out
    </Button>
  );
}

function NoOrgYet({ email }: { email: string }) {
  return (
    <MessageScreen
      title="Create an org"
      description={`${email} is not a member of any org yet. Ask your team to invite you, or book a demo and we will set your org up.`}
      action={
        <>
          <BookDemoButton />
          <SignOutButton variant="outline" />
        </>
      }
    >
      <p className="text-sm text-base-content/80">
        Signed in with the wrong account? Sign out and sign in with the address your team invited.
      </p>
    </MessageScreen>
  );
}
