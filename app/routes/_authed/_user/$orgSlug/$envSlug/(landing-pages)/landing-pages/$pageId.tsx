/**
 * /app/{orgSlug}/{envSlug}/landing-pages/{pageId}: one landing page drawn with its saved theme, its
 * editor, and publishing it to the instance as a content asset (docs/product.md#landing-pages).
 * Superusers only: a member is told so, and nothing is read.
 */
import {
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeftIcon, PencilIcon, Trash2Icon, UploadCloudIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { QueryBoundary } from '~/app/components/query-boundary';
import { useCurrentEnv } from '~/app/lib/env-context';
import { formErrorsOf } from '~/app/lib/form-errors';
import { useCurrentUser } from '~/app/lib/session';
import { type RouterOutputs, useTRPC } from '~/app/lib/trpc';
import {
  type LandingPageDraft,
  sectionErrorsOf,
  toDraft,
  toFields,
} from '~/domain/landing-pages/draft';
import { updateLandingPageInput } from '~/domain/landing-pages/inputs';
import { storefrontUrl } from '~/domain/landing-pages/storefront';
import { SCREEN_GATES } from '~/domain/orgs/gating';
import { PRESETS } from '~/domain/theme-designer/theme-designer';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { Skeleton } from '~/ui/components/skeleton';
import {
  type EditorErrors,
  LandingPageEditor,
  type PageField,
} from '~/ui/patterns/landing-pages/landing-page-editor';
import {
  LandingPageStatus,
  SuperuserRequired,
} from '~/ui/patterns/landing-pages/landing-page-table';
import { LandingPageView } from '~/ui/patterns/landing-pages/landing-page-view';
import { DETAIL_TEXT, PublishedDetails } from '~/ui/patterns/landing-pages/published-details';
import { PageHeader } from '~/ui/patterns/page-header';
import { ConfirmDialog } from '~/ui/patterns/confirm-dialog';
import { useEnvLocales } from './-env-locales';
import { ProductSearch } from './-product-search';

type Page = RouterOutputs['landingPages']['get'];
interface Scope {
  orgId: string;
  envId: string;
}

const PAGE_FIELDS: readonly PageField[] = ['title', 'slug', 'locale', 'themeId', 'sections'];

export const Route = createFileRoute(
  '/_authed/_user/$orgSlug/$envSlug/(landing-pages)/landing-pages/$pageId',
)({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  staticData: { gate: SCREEN_GATES.landingPages },
  loader: ({ context: { api, user, orgContext }, params }) => {
    if (!user.isSuperUser || !orgContext) return;
    const { queryClient, trpc } = api;
    const { scope } = orgContext;
    void queryClient.prefetchQuery(
      trpc.landingPages.get.queryOptions({ ...scope, pageId: params.pageId }),
    );
    void queryClient.prefetchQuery(trpc.landingPages.themes.queryOptions({ orgId: scope.orgId }));
  },
  component: Screen,
});

function Screen() {
  const user = useCurrentUser();
  const { org, env } = useCurrentEnv();
  const params = Route.useParams();
  const back = (
    <Button asChild variant="outline">
      <Link to="/$orgSlug/$envSlug/landing-pages" params={params}>
        <ArrowLeftIcon aria-hidden />
        {DETAIL_TEXT.back}
      </Link>
    </Button>
  );
  if (!user.isSuperUser) {
    return (
      <div className="flex flex-col">
        <PageHeader title={DETAIL_TEXT.title} />
        <div className="p-8">
          <SuperuserRequired />
        </div>
      </div>
    );
  }
  return (
    <QueryBoundary
      pending={
        <div className="flex flex-col gap-6 p-8">
          <Skeleton className="h-12 w-1/2" />
          <Skeleton className="h-96 w-full" />
        </div>
      }
      error={(message) => (
        <div className="flex flex-col">
          <PageHeader title={DETAIL_TEXT.title} actions={back} />
          <div className="p-8">
            <Callout variant="error" title={DETAIL_TEXT.loadFailed} description={message} />
          </div>
        </div>
      )}
    >
      <Detail scope={{ orgId: org.id, envId: env.id }} pageId={params.pageId} back={back} />
    </QueryBoundary>
  );
}

/** Names of the grids' products in the page's locale (the default name when it has none). */
function useProductNames(scope: Scope, page: Pick<Page, 'locale'>, ids: readonly string[]) {
  const trpc = useTRPC();
  const results = useQueries({
    queries: ids.map((id) => trpc.products.get.queryOptions({ ...scope, b2cProductId: id })),
  });
  const names = new Map<string, string>();
  results.forEach((result, index) => {
    const name = result.data?.fields.name;
    const value = name?.[page.locale] ?? name?.default;
    if (value) names.set(ids[index]!, value);
  });
  return (id: string) => names.get(id) ?? null;
}

type Dialog = 'publish' | 'unpublish' | 'delete' | null;

function Detail({ scope, pageId, back }: { scope: Scope; pageId: string; back: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = Route.useNavigate();
  const { org, env } = useCurrentEnv();
  const input = { ...scope, pageId };
  const { data: page } = useSuspenseQuery(trpc.landingPages.get.queryOptions(input));
  const { data: themes } = useSuspenseQuery(
    trpc.landingPages.themes.queryOptions({ orgId: scope.orgId }),
  );
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [draftIds, setDraftIds] = useState<string[]>([]);
  const locales = useEnvLocales(scope);
  const instance = env.b2cInstance;
  const { data: b2c } = useQuery({
    ...trpc.b2cInstances.get.queryOptions({
      orgId: scope.orgId,
      b2cInstanceId: instance?.id ?? '',
    }),
    enabled: page.status === 'published' && instance !== null,
  });
  const gridIds = [
    ...new Set([
      ...page.sections.flatMap((s) => (s.type === 'productGrid' ? s.productIds : [])),
      ...draftIds,
    ]),
  ];
  const productName = useProductNames(scope, page, gridIds);

  const replace = (next: Page) => {
    queryClient.setQueryData(trpc.landingPages.get.queryKey(input), next);
    void queryClient.invalidateQueries(trpc.landingPages.list.pathFilter());
  };
  const update = useMutation(
    trpc.landingPages.update.mutationOptions({
      onSuccess: (next) => {
        replace(next);
        setEditing(false);
        setNotice(DETAIL_TEXT.saved);
      },
    }),
  );
  const publish = useMutation(
    trpc.landingPages.publish.mutationOptions({
      onSuccess: (next) => {
        replace(next);
        setDialog(null);
        setNotice(DETAIL_TEXT.publishedNotice);
      },
    }),
  );
  const unpublish = useMutation(
    trpc.landingPages.unpublish.mutationOptions({
      onSuccess: (next) => {
        replace(next);
        setDialog(null);
        setNotice(DETAIL_TEXT.unpublishedNotice);
      },
    }),
  );
  const remove = useMutation(
    trpc.landingPages.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.landingPages.list.pathFilter());
        setDialog(null);
        await navigate({ to: '/$orgSlug/$envSlug/landing-pages', params: (prev) => prev });
      },
    }),
  );
  const openDialog = (next: Dialog) => {
    publish.reset();
    unpublish.reset();
    remove.reset();
    setDialog(next);
  };

  const theme = themes.find((t) => t.id === page.themeId)?.theme ?? PRESETS.beacon.theme;
  const assetId = page.publishedAssetId ?? `beacon-lp-${page.slug}`;
  const published = page.status === 'published';
  const url =
    published && b2c?.host && page.publishedLibraryId && page.publishedAssetId
      ? storefrontUrl(b2c.host, page.publishedLibraryId, page.locale, page.publishedAssetId)
      : null;

  const validate = (draft: LandingPageDraft): EditorErrors => {
    const result = updateLandingPageInput.safeParse({ ...input, ...toFields(draft) });
    const issues = result.error?.issues ?? [];
    const fields: EditorErrors['fields'] = {};
    for (const issue of issues) {
      const field = issue.path[0] as PageField;
      if (PAGE_FIELDS.includes(field) && !fields[field]) fields[field] = issue.message;
    }
    return { fields, sections: sectionErrorsOf(issues), form: null };
  };
  const serverErrors: EditorErrors | null = update.error
    ? {
        sections: {},
        ...formErrorsOf(update.error, PAGE_FIELDS, { 'landing-page-slug-taken': 'slug' }),
      }
    : null;

  return (
    <div className="flex flex-col">
      <PageHeader
        title={page.title}
        description={`${page.slug} · ${page.locale}`}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {back}
            {editing ? null : (
              <>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => {
                    update.reset();
                    setNotice(null);
                    setEditing(true);
                  }}
                >
                  <PencilIcon aria-hidden />
                  {DETAIL_TEXT.edit}
                </Button>
                {published ? (
                  <Button type="button" variant="outline" onClick={() => openDialog('unpublish')}>
                    {DETAIL_TEXT.unpublish}
                  </Button>
                ) : null}
                {!published || page.hasUnpublishedChanges ? (
                  <Button type="button" onClick={() => openDialog('publish')}>
                    <UploadCloudIcon aria-hidden />
                    {published ? DETAIL_TEXT.republish : DETAIL_TEXT.publish}
                  </Button>
                ) : null}
                <Button type="button" variant="outline" onClick={() => openDialog('delete')}>
                  <Trash2Icon aria-hidden />
                  {DETAIL_TEXT.delete}
                </Button>
              </>
            )}
          </div>
        }
      />
      <div className="flex flex-col gap-6 p-8">
        <div className="flex flex-wrap items-center gap-2">
          <LandingPageStatus page={page} />
        </div>
        {notice ? <Callout variant="success" title={notice} role="status" /> : null}
        {published && page.publishedAt && page.publishedAssetId && page.publishedLibraryId ? (
          <PublishedDetails
            publishedAt={page.publishedAt}
            assetId={page.publishedAssetId}
            libraryId={page.publishedLibraryId}
            url={url}
            hasUnpublishedChanges={page.hasUnpublishedChanges}
          />
        ) : null}
        {editing ? (
          <LandingPageEditor
            initial={toDraft(page)}
            locales={locales}
            themes={themes}
            slugLocked={published}
            validate={validate}
            onSave={(draft) => update.mutate({ ...input, ...toFields(draft) })}
            onCancel={() => setEditing(false)}
            pending={update.isPending}
            serverErrors={serverErrors}
            productName={productName}
            renderThemeDesignerLink={(label) => (
              <Link
                to="/$orgSlug/$envSlug/pages/theme"
                params={{ orgSlug: org.slug, envSlug: env.slug }}
                className="text-primary underline-offset-4 hover:underline"
              >
                {label}
              </Link>
            )}
            renderProductSearch={(onPick, picked) => (
              <ProductSearch
                scope={scope}
                locale={page.locale}
                picked={picked}
                onPick={(id) => {
                  setDraftIds((ids) => [...ids, id]);
                  onPick(id);
                }}
              />
            )}
          />
        ) : (
          <LandingPageView
            title={page.title}
            locale={page.locale}
            sections={page.sections}
            theme={theme}
            productName={productName}
          />
        )}
      </div>
      <ConfirmDialog
        open={dialog === 'publish'}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        title={DETAIL_TEXT.publishTitle}
        description={DETAIL_TEXT.publishDescription(assetId)}
        confirmLabel={published ? DETAIL_TEXT.republish : DETAIL_TEXT.publish}
        confirmVariant="primary"
        onConfirm={() => publish.mutate(input)}
        pending={publish.isPending}
        error={
          publish.error
            ? { title: DETAIL_TEXT.publishFailed, message: publish.error.message }
            : null
        }
      />
      <ConfirmDialog
        open={dialog === 'unpublish'}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        title={DETAIL_TEXT.unpublishTitle}
        description={DETAIL_TEXT.unpublishDescription(assetId)}
        confirmLabel={DETAIL_TEXT.unpublish}
        onConfirm={() => unpublish.mutate(input)}
        pending={unpublish.isPending}
        error={
          unpublish.error
            ? { title: DETAIL_TEXT.unpublishFailed, message: unpublish.error.message }
            : null
        }
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        title={DETAIL_TEXT.deleteTitle}
        description={DETAIL_TEXT.deleteDescription}
        confirmLabel={DETAIL_TEXT.delete}
        onConfirm={() => remove.mutate(input)}
        pending={remove.isPending}
        error={
          remove.error ? { title: DETAIL_TEXT.deleteFailed, message: remove.error.message } : null
        }
      />
    </div>
  );
}
