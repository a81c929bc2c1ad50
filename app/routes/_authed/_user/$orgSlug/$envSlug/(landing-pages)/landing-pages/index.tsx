/**
 * /app/{orgSlug}/{envSlug}/landing-pages: the env's landing pages, 48 a page, and a way to start one
 * (docs/product.md#landing-pages). Superusers only: a member is told so, and nothing is read.
 */
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PaletteIcon, PlusIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { QueryBoundary } from '~/app/components/query-boundary';
import { useCurrentEnv } from '~/app/lib/env-context';
import { formErrorsOf, schemaErrorsOf } from '~/app/lib/form-errors';
import { withoutDefaults } from '~/app/lib/search-defaults';
import { useCurrentUser } from '~/app/lib/session';
import { useTRPC } from '~/app/lib/trpc';
import { createLandingPageInput, setContentLibraryInput } from '~/domain/landing-pages/inputs';
import { landingPagesSearch, type LandingPagesSearch } from '~/domain/landing-pages/search';
import { SCREEN_GATES } from '~/domain/orgs/gating';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { Skeleton } from '~/ui/components/skeleton';
import {
  CONTENT_LIBRARY_TEXT,
  ContentLibraryForm,
} from '~/ui/patterns/landing-pages/content-library';
import {
  CreatePageDialog,
  NEW_PAGE_FIELDS,
  type NewPageValues,
} from '~/ui/patterns/landing-pages/create-page-dialog';
import {
  LANDING_PAGES_TEXT,
  landingPageCount,
  LandingPagesEmpty,
  LandingPageTable,
  SuperuserRequired,
} from '~/ui/patterns/landing-pages/landing-page-table';
import { PageHeader } from '~/ui/patterns/page-header';
import { ListCount, PagedTable } from '~/ui/patterns/paged-table';
import { useEnvLocales } from './-env-locales';

interface Scope {
  orgId: string;
  envId: string;
}

export const Route = createFileRoute(
  '/_authed/_user/$orgSlug/$envSlug/(landing-pages)/landing-pages/',
)({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: landingPagesSearch,
  search: withoutDefaults(landingPagesSearch),
  staticData: { gate: SCREEN_GATES.landingPages },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context: { api, user, orgContext }, deps }) => {
    // A member would only be refused: the screen says so without asking.
    if (!user.isSuperUser || !orgContext) return;
    const { scope } = orgContext;
    void api.queryClient.prefetchQuery(
      api.trpc.landingPages.list.queryOptions({ ...scope, page: deps.page }),
    );
    void api.queryClient.prefetchQuery(api.trpc.landingPages.contentLibrary.queryOptions(scope));
  },
  component: Screen,
});

function Screen() {
  const user = useCurrentUser();
  const { org, env } = useCurrentEnv();
  const search = Route.useSearch();
  const [creating, setCreating] = useState(false);
  const scope = { orgId: org.id, envId: env.id };
  const createButton = (
    <Button type="button" onClick={() => setCreating(true)}>
      <PlusIcon aria-hidden />
      {LANDING_PAGES_TEXT.create}
    </Button>
  );
  if (!user.isSuperUser) {
    return (
      <div className="flex flex-col">
        <PageHeader title={LANDING_PAGES_TEXT.title} />
        <div className="p-8">
          <SuperuserRequired />
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col">
      <PageHeader
        title={LANDING_PAGES_TEXT.title}
        description={LANDING_PAGES_TEXT.description}
        actions={
          <>
            {/* Where the pages' themes are made: the editor's theme picker links there too. */}
            <Button asChild variant="outline">
              <Link
                to="/$orgSlug/$envSlug/pages/theme"
                params={{ orgSlug: org.slug, envSlug: env.slug }}
              >
                <PaletteIcon aria-hidden />
                {LANDING_PAGES_TEXT.themeDesigner}
              </Link>
            </Button>
            {createButton}
          </>
        }
      />
      <div className="flex flex-col gap-6 p-8">
        <QueryBoundary
          pending={<Skeleton className="h-64 w-full" />}
          error={(message) => (
            <Callout
              variant="error"
              title={LANDING_PAGES_TEXT.loadFailedTitle}
              description={message}
            />
          )}
        >
          <Pages scope={scope} search={search} createButton={createButton} />
        </QueryBoundary>
        <QueryBoundary
          pending={<Skeleton className="h-40 w-full" />}
          error={(message) => (
            <Callout
              variant="error"
              title={CONTENT_LIBRARY_TEXT.loadFailed}
              description={message}
            />
          )}
        >
          <ContentLibrary scope={scope} />
        </QueryBoundary>
      </div>
      <CreatePage scope={scope} open={creating} onOpenChange={setCreating} />
    </div>
  );
}

function Pages({
  scope,
  search,
  createButton,
}: {
  scope: Scope;
  search: LandingPagesSearch;
  createButton: ReactNode;
}) {
  const trpc = useTRPC();
  const params = Route.useParams();
  const { data: page } = useSuspenseQuery(
    trpc.landingPages.list.queryOptions({ ...scope, page: search.page }),
  );
  if (page.total === 0) return <LandingPagesEmpty action={createButton} />;
  return (
    <PagedTable
      header={<ListCount>{landingPageCount(page.total)}</ListCount>}
      pages={page}
      pagesLabel={LANDING_PAGES_TEXT.pages}
      renderPageLink={(target, children) => (
        <Link
          to="/$orgSlug/$envSlug/landing-pages"
          params={params}
          search={{ ...search, page: target }}
        >
          {children}
        </Link>
      )}
    >
      <LandingPageTable
        items={page.items}
        renderPageLink={(item, children) => (
          <Link
            to="/$orgSlug/$envSlug/landing-pages/$pageId"
            params={{ ...params, pageId: item.id }}
          >
            {children}
          </Link>
        )}
      />
    </PagedTable>
  );
}

const LIBRARY_FIELDS = ['libraryId'] as const;

/** Where the env's pages publish: the site's own library, or the shared one it names. */
function ContentLibrary({ scope }: { scope: Scope }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const library = trpc.landingPages.contentLibrary.queryOptions(scope);
  const { data } = useSuspenseQuery(library);
  const save = useMutation(
    trpc.landingPages.setContentLibrary.mutationOptions({
      onSuccess: (answer) => queryClient.setQueryData(library.queryKey, answer),
    }),
  );
  return (
    <ContentLibraryForm
      libraryId={data.libraryId}
      validate={(libraryId) =>
        schemaErrorsOf(setContentLibraryInput, { ...scope, libraryId }, LIBRARY_FIELDS).libraryId
      }
      onSave={(libraryId) => save.mutate({ ...scope, libraryId })}
      pending={save.isPending}
      saved={save.isSuccess}
      serverErrors={save.error ? formErrorsOf(save.error, LIBRARY_FIELDS) : null}
    />
  );
}

function CreatePage({
  scope,
  open,
  onOpenChange,
}: {
  scope: Scope;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = Route.useNavigate();
  const locales = useEnvLocales(scope);
  const create = useMutation(
    trpc.landingPages.create.mutationOptions({
      onSuccess: async (page) => {
        await queryClient.invalidateQueries(trpc.landingPages.list.pathFilter());
        onOpenChange(false);
        await navigate({
          to: '/$orgSlug/$envSlug/landing-pages/$pageId',
          params: (prev) => ({ ...prev, pageId: page.id }),
        });
      },
    }),
  );
  const input = (values: NewPageValues) => ({
    ...scope,
    ...values,
    themeId: null,
    sections: [],
  });
  return (
    <CreatePageDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) create.reset();
        onOpenChange(next);
      }}
      locales={locales}
      validate={(values) => schemaErrorsOf(createLandingPageInput, input(values), NEW_PAGE_FIELDS)}
      onSubmit={(values) => create.mutate(input(values))}
      pending={create.isPending}
      serverErrors={
        create.error
          ? formErrorsOf(create.error, NEW_PAGE_FIELDS, { 'landing-page-slug-taken': 'slug' })
          : null
      }
    />
  );
}
