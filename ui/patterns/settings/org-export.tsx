/**
 * Exporting the org's data (settings → Organization, docs/product.md#settings): owners start an export
 * and download its archive for 24 hours; members see why they cannot. Presentational: the state comes
 * in (domain/orgs/export.ts), the request goes out.
 */
import { DownloadIcon, PackageIcon } from 'lucide-react';
import { useId } from 'react';
import {
  EXPORT_AVAILABLE_HOURS,
  EXPORT_MESSAGES,
  exportDownloadPath,
  exportFileName,
  formatBytes,
  type OrgExport,
  orgExportState,
} from '~/domain/orgs/export';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { CardContent, CardFooter } from '~/ui/components/card';
import { formatMoment } from '~/ui/lib/format';
import { SettingsCard } from './settings-card';

export const ORG_EXPORT_TEXT = {
  title: 'Export data',
  description: `Everything Beacon keeps for this org, in one zip file: a JSON lines file per table and a manifest. Secrets (the API client's secret, invitation links) are left out. The file can be downloaded for ${EXPORT_AVAILABLE_HOURS} hours.`,
  action: 'Export data',
  none: 'No export yet.',
  inProgress: 'Preparing the archive. This can take a few minutes; you may leave this page.',
  ready: (size: number) => `Ready: ${formatBytes(size)}.`,
  availableUntil: (at: Date) => `Available until ${formatMoment(at)}.`,
  download: (fileName: string) => `Download ${fileName}`,
  failed: 'The export failed',
  expired: (at: Date) =>
    `The last export expired on ${formatMoment(at)}. Export the data again for a new file.`,
  requestFailed: 'Could not start the export',
  ownersOnly: EXPORT_MESSAGES.ownersOnly,
} as const;

export interface OrgExportCardProps {
  orgSlug: string;
  /** Owners: the action; everyone else reads why not. */
  canExport: boolean;
  /** The org's newest export (null before the first, and for members, who may not read it). */
  latest: OrgExport | null;
  now: Date;
  /** The request is on its way. */
  requesting?: boolean;
  /** The server's refusal of the request, if any. */
  requestError?: string | null;
  onExport(): void;
}

export function OrgExportCard({
  orgSlug,
  canExport,
  latest,
  now,
  requesting = false,
  requestError = null,
  onExport,
}: OrgExportCardProps) {
  const reasonId = useId();
  const state = canExport ? orgExportState(latest, now) : 'none';
  const busy = requesting || state === 'in-progress';
  return (
    <SettingsCard
      title={ORG_EXPORT_TEXT.title}
      description={ORG_EXPORT_TEXT.description}
      data-slot="org-export-card"
    >
      <CardContent className="flex flex-col gap-3 text-sm">
        {!canExport ? (
          <p id={reasonId}>{ORG_EXPORT_TEXT.ownersOnly}</p>
        ) : (
          <div role="status" className="flex flex-col gap-3">
            {state === 'none' ? <p>{ORG_EXPORT_TEXT.none}</p> : null}
            {state === 'in-progress' ? <p>{ORG_EXPORT_TEXT.inProgress}</p> : null}
            {state === 'ready' && latest?.sizeBytes != null && latest.expiresAt ? (
              <>
                <p>
                  {ORG_EXPORT_TEXT.ready(latest.sizeBytes)}{' '}
                  {ORG_EXPORT_TEXT.availableUntil(latest.expiresAt)}
                </p>
                <p>
                  <Button asChild variant="outline">
                    <a href={exportDownloadPath(latest.id)}>
                      <DownloadIcon aria-hidden />
                      {ORG_EXPORT_TEXT.download(exportFileName(orgSlug, latest.createdAt))}
                    </a>
                  </Button>
                </p>
              </>
            ) : null}
            {state === 'expired' && latest?.expiresAt ? (
              <p>{ORG_EXPORT_TEXT.expired(latest.expiresAt)}</p>
            ) : null}
          </div>
        )}
        {canExport && state === 'failed' ? (
          <Callout
            variant="error"
            title={ORG_EXPORT_TEXT.failed}
            description={latest?.error ?? EXPORT_MESSAGES.failed}
          />
        ) : null}
        {requestError ? (
          <Callout
            variant="error"
            title={ORG_EXPORT_TEXT.requestFailed}
            description={requestError}
          />
        ) : null}
      </CardContent>
      <CardFooter>
        <Button
          type="button"
          variant={state === 'ready' ? 'secondary' : 'primary'}
          disabled={!canExport}
          aria-describedby={canExport ? undefined : reasonId}
          loading={canExport && busy}
          onClick={onExport}
        >
          <PackageIcon aria-hidden />
          {ORG_EXPORT_TEXT.action}
        </Button>
      </CardFooter>
    </SettingsCard>
  );
}
