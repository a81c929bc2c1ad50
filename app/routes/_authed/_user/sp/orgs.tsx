/**
 * /app/sp/orgs: the superusers' list of every org, with its verified state, members, environments and
 * instances, filterable to the unverified ones (`show`), each with Verify this Org. Anyone else gets
 * Not Found, as the server answers them (orgs.overview is an `spQuery`).
 */
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { NotFound } from '~/app/components/not-found';
import { QueryBoundary } from '~/app/components/query-boundary';
import { withoutDefaults } from '~/app/lib/search-defaults';
import { useTRPC } from '~/app/lib/trpc';
import type { OrgOverview } from '~/domain/orgs/entities';
import { type OrgOverviewFilter, spOrgsSearch } from '~/domain/orgs/search';
import { Callout } from '~/ui/components/callout';
import { Skeleton } from '~/ui/components/skeleton';
import {
  ORG_OVERVIEW_TEXT,
  OrgOverviewEmpty,
  OrgOverviewFilterNav,
  OrgOverviewTable,
} from '~/ui/patterns/orgs/org-overview';
import { PageHeader } from '~/ui/patterns/page-header';

/** Not Found, whoever asks without being a superuser: the server's NOT_FOUND and this page agree. */
const isNotFound = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'data' in error &&
  (error.data as { code?: unknown } | null | undefined)?.code === 'NOT_FOUND';

export const Route = createFileRoute('/_authed/_user/sp/orgs')({
  validateSearch: spOrgsSearch,
  search: withoutDefaults(spOrgsSearch),
  loaderDeps: ({ search }) => ({ show: search.show }),
  loader: async ({ context: { api, user }, deps }) => {
    // A member would only be refused: nothing is asked, and the page does not exist for them.
    if (!user.isSuperUser) throw notFound();
    await api.queryClient
      .ensureQueryData({ ...api.trpc.orgs.overview.queryOptions(deps), retry: false })
      .catch((error: unknown) => {
        // The session changed under the page (no longer a superuser): the server's answer stands.
        if (isNotFound(error)) throw notFound();
        // Anything else is the list's own error state, shown by the screen.
      });
  },
  notFoundComponent: NotFound,
  component: Screen,
});

function Screen() {
  const { show } = Route.useSearch();
  const text = ORG_OVERVIEW_TEXT;
  return (
    <main className="mx-auto flex max-w-6xl flex-col">
      <PageHeader title={text.title} description={text.description} />
      <div className="flex flex-col gap-6 p-8">
        <OrgOverviewFilterNav
          value={show}
          renderLink={(filter, label) => (
            <Link from={Route.fullPath} search={{ show: filter }}>
              {label}
            </Link>
          )}
        />
        <QueryBoundary
          resetKey={show}
          pending={<Skeleton className="h-64 w-full" />}
          error={(message) => (
            <Callout variant="error" title={text.loadFailed} description={message} />
          )}
        >
          <Orgs show={show} />
        </QueryBoundary>
      </div>
    </main>
  );
}

function Orgs({ show }: { show: OrgOverviewFilter }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: orgs } = useSuspenseQuery({
    ...trpc.orgs.overview.queryOptions({ show }),
    retry: false,
  });
  const [failed, setFailed] = useState<{ org: OrgOverview; message: string } | null>(null);
  const verify = useMutation(
    trpc.orgs.verify.mutationOptions({
      onSuccess: async () => {
        setFailed(null);
        // Every view of the list, and any page of the org this browser has open, read it again.
        await Promise.all([
          queryClient.invalidateQueries(trpc.orgs.overview.pathFilter()),
          queryClient.invalidateQueries(trpc.orgs.getContext.pathFilter()),
          queryClient.invalidateQueries(trpc.orgs.allOrgsForUser.pathFilter()),
        ]);
      },
    }),
  );
  const verifyingId = verify.isPending ? (verify.variables?.orgId ?? null) : null;
  const orgLink = (org: OrgOverview, children: ReactNode) => (
    <Link
      to="/$orgSlug"
      params={{ orgSlug: org.slug }}
      className="text-primary underline-offset-4 hover:underline"
    >
      {children}
    </Link>
  );
  return (
    <div className="flex flex-col gap-4">
      {failed ? (
        <Callout
          variant="error"
          title={ORG_OVERVIEW_TEXT.verifyFailed(failed.org.name)}
          description={failed.message}
        />
      ) : null}
      {orgs.length === 0 ? (
        <OrgOverviewEmpty filter={show} />
      ) : (
        <OrgOverviewTable
          orgs={orgs}
          verifyingId={verifyingId}
          renderOrgLink={orgLink}
          onVerify={(org) =>
            verify.mutate(
              { orgId: org.id },
              { onError: (error) => setFailed({ org, message: error.message }) },
            )
          }
        />
      )}
    </div>
  );
}
