/** Where the env's catalogue copy stands: last synced, a sync under way with its count, the last error; Sync now. */
import { RefreshCwIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { CatalogueSyncState } from '~/domain/products/entities';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { Skeleton } from '~/ui/components/skeleton';
import { formatAgo, formatCount, formatDateTime, productCount } from './format';

export type SyncSummary = Pick<
  CatalogueSyncState,
  'status' | 'syncedCount' | 'total' | 'productCount' | 'lastSyncedAt' | 'lastError'
>;

export const SYNC_TEXT = {
  title: 'Catalogue copy',
  syncNow: 'Sync now',
  neverSynced: 'Never synced',
  queued: 'Sync queued. It starts as soon as a worker is free.',
  failedTitle: 'The last sync failed',
  startFailedTitle: 'Could not start a sync',
  loadFailedTitle: 'Could not read the sync status',
} as const;

/** "Syncing… 1,200 of 2,350 products", or without a known total "Syncing… 1,200 products copied". */
export function syncingText(done: number, total: number | null): string {
  return total === null
    ? `Syncing… ${formatCount(done)} ${done === 1 ? 'product' : 'products'} copied`
    : `Syncing… ${formatCount(done)} of ${productCount(total)}`;
}

function SyncPanel({ children, action }: { children: ReactNode; action: ReactNode }) {
  const titleId = useId();
  return (
    <section
      data-slot="sync-status-panel"
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={titleId} className="text-sm font-semibold">
            {SYNC_TEXT.title}
          </h2>
          {children}
        </div>
        {action}
      </div>
    </section>
  );
}

export function SyncStatusPanel({
  sync,
  now,
  onSyncNow,
  starting = false,
  startError = null,
}: {
  sync: SyncSummary;
  /** The clock the relative time is read against. */
  now: Date;
  onSyncNow: () => void;
  /** Sync now was pressed and the server has not answered yet. */
  starting?: boolean;
  /** Why Sync now was refused (no instance, no background jobs …). */
  startError?: string | null;
}) {
  const active = sync.status === 'queued' || sync.status === 'running';
  return (
    <SyncPanel
      action={
        <Button
          variant="outline"
          size="sm"
          onClick={onSyncNow}
          disabled={active}
          loading={starting}
        >
          <RefreshCwIcon aria-hidden />
          {SYNC_TEXT.syncNow}
        </Button>
      }
    >
      <p className="text-sm text-base-content/80">
        {sync.lastSyncedAt ? (
          <>
            Last synced{' '}
            <time dateTime={sync.lastSyncedAt.toISOString()} className="font-medium">
              {formatAgo(sync.lastSyncedAt, now)}
            </time>{' '}
            <span className="text-base-content/75">({formatDateTime(sync.lastSyncedAt)})</span>
            {' · '}
            {productCount(sync.productCount)} in the copy
          </>
        ) : (
          SYNC_TEXT.neverSynced
        )}
      </p>
      {sync.status === 'queued' ? <p className="text-sm">{SYNC_TEXT.queued}</p> : null}
      {sync.status === 'running' ? (
        <SyncProgress done={sync.syncedCount} total={sync.total} />
      ) : null}
      {sync.status === 'failed' && sync.lastError ? (
        <Callout variant="error" title={SYNC_TEXT.failedTitle} description={sync.lastError} />
      ) : null}
      {startError ? (
        <Callout variant="error" title={SYNC_TEXT.startFailedTitle} description={startError} />
      ) : null}
    </SyncPanel>
  );
}

function SyncProgress({ done, total }: { done: number; total: number | null }) {
  const text = syncingText(done, total);
  const percent = total ? Math.min(100, Math.round((done / total) * 100)) : null;
  return (
    <div className="flex w-full max-w-md flex-col gap-1.5">
      <p className="text-sm font-medium">{text}</p>
      <div
        role="progressbar"
        aria-label="Sync progress"
        aria-valuemin={0}
        aria-valuemax={total ?? undefined}
        aria-valuenow={total ? done : undefined}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-base-300"
      >
        <div
          className={
            percent === null ? 'h-full w-1/3 animate-pulse bg-primary' : 'h-full bg-primary'
          }
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

export function SyncStatusSkeleton() {
  return (
    <SyncPanel action={<Skeleton className="h-8 w-24" />}>
      <Skeleton className="h-5 w-72" />
    </SyncPanel>
  );
}

export function SyncStatusError({ message }: { message: string }) {
  return (
    <SyncPanel action={null}>
      <Callout variant="error" title={SYNC_TEXT.loadFailedTitle} description={message} />
    </SyncPanel>
  );
}
