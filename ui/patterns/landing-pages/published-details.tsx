/** Where a published landing page is: when it was published, as which content asset, and its URL. */
import { formatDateTime } from '~/ui/lib/format';

export const PUBLISHED_TEXT = {
  label: 'Published',
  publishedAt: 'Published on',
  asset: 'Content asset',
  library: 'Library',
  url: 'Storefront URL',
  unpublishedChanges:
    'This page has changes since it was published: the storefront shows the last published version until you publish again.',
} as const;

/** The landing page screen's own words: its actions, confirmations and notices. */
export const DETAIL_TEXT = {
  title: 'Landing Page',
  back: 'All landing pages',
  edit: 'Edit',
  publish: 'Publish',
  republish: 'Publish changes',
  unpublish: 'Unpublish',
  delete: 'Delete',
  saved: 'Changes saved',
  publishTitle: 'Publish this page?',
  publishDescription: (assetId: string) =>
    `It goes to the instance as the content asset ${assetId}, online at once. Publishing again replaces it.`,
  publishFailed: 'Could not publish the page',
  publishedNotice: 'Page published',
  unpublishTitle: 'Unpublish this page?',
  unpublishDescription: (assetId: string) =>
    `The content asset ${assetId} is deleted from the instance; the page stays here as a draft.`,
  unpublishFailed: 'Could not unpublish the page',
  unpublishedNotice: 'Page unpublished: it is a draft again.',
  deleteTitle: 'Delete this page?',
  deleteDescription: 'The page and its sections are deleted from Beacon. This cannot be undone.',
  deleteFailed: 'Could not delete the page',
  loadFailed: 'Could not load the landing page',
} as const;

export function PublishedDetails({
  publishedAt,
  assetId,
  libraryId,
  url,
  hasUnpublishedChanges,
}: {
  publishedAt: Date;
  assetId: string;
  libraryId: string;
  /** Null until the instance's host is known. */
  url: string | null;
  hasUnpublishedChanges: boolean;
}) {
  const row = 'grid gap-1 sm:grid-cols-[10rem_1fr]';
  return (
    <section
      aria-label={PUBLISHED_TEXT.label}
      data-slot="published-details"
      className="flex flex-col gap-3 rounded-box border border-success/40 bg-success/5 p-4 text-sm"
    >
      <dl className="flex flex-col gap-2">
        <div className={row}>
          <dt className="font-medium">{PUBLISHED_TEXT.publishedAt}</dt>
          <dd>{formatDateTime(publishedAt)}</dd>
        </div>
        <div className={row}>
          <dt className="font-medium">{PUBLISHED_TEXT.asset}</dt>
          <dd className="font-mono">{assetId}</dd>
        </div>
        <div className={row}>
          <dt className="font-medium">{PUBLISHED_TEXT.library}</dt>
          <dd className="font-mono">{libraryId}</dd>
        </div>
        {url ? (
          <div className={row}>
            <dt className="font-medium">{PUBLISHED_TEXT.url}</dt>
            <dd className="break-all">
              <a
                href={url}
                target="_blank"
                rel="noreferrer"
                className="text-primary underline underline-offset-4"
              >
                {url}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      {hasUnpublishedChanges ? <p role="status">{PUBLISHED_TEXT.unpublishedChanges}</p> : null}
    </section>
  );
}
