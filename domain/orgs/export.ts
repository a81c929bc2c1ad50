/**
 * Exporting an org's data (docs/product.md#settings, ADR 0045): who may, how long an archive stays
 * downloadable, what its file is called, and the state settings shows. Written once for the server's
 * checks (server/orgs/export.ts and its download route), the settings card and the mocks.
 */
import { z } from 'zod/mini';
import { idSchema } from '~/domain/shared/ids';
import type { MembershipRole } from './entities';

/** How long a finished archive can be downloaded; then it is removed. */
export const EXPORT_AVAILABLE_HOURS = 24;
/** The largest archive Beacon keeps (compressed): past it the export fails, saying so. */
export const EXPORT_MAX_BYTES = 1024 * 1024 * 1024;

export const ORG_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type OrgExportStatus = (typeof ORG_EXPORT_STATUSES)[number];

/** An export as the settings card reads it (never its bytes). */
export interface OrgExport {
  id: string;
  status: OrgExportStatus;
  createdAt: Date;
  /** When it became ready or failed. */
  finishedAt: Date | null;
  /** Ready ones: until when the archive can be downloaded. */
  expiresAt: Date | null;
  /** Ready ones: the archive's size in bytes. */
  sizeBytes: number | null;
  /** Failed ones: why, in plain words. */
  error: string | null;
}

/** What the card shows: nothing yet, being made, ready to download, failed, or past its 24 hours. */
export type OrgExportState = 'none' | 'in-progress' | 'ready' | 'failed' | 'expired';

export function orgExportState(latest: OrgExport | null, now: Date): OrgExportState {
  if (!latest) return 'none';
  if (latest.status === 'queued' || latest.status === 'running') return 'in-progress';
  if (latest.status === 'failed') return 'failed';
  return isExpired(latest, now) ? 'expired' : 'ready';
}

/** A ready archive past its time is gone, whether or not the hourly sweep has removed it yet. */
export function isExpired(item: Pick<OrgExport, 'expiresAt'>, now: Date): boolean {
  return item.expiresAt !== null && item.expiresAt.getTime() <= now.getTime();
}

export function exportExpiresAt(finishedAt: Date): Date {
  return new Date(finishedAt.getTime() + EXPORT_AVAILABLE_HOURS * 60 * 60 * 1000);
}

/** Owners only: the archive holds everything of the org's, so not its members, nor superusers. */
export function mayExportOrg(actor: { role: MembershipRole | null }): boolean {
  return actor.role === 'owner';
}

/** `beacon-acme-2026-11-27.zip`: the org's slug and the day (UTC) the export was requested. */
export function exportFileName(orgSlug: string, createdAt: Date): string {
  return `beacon-${orgSlug}-${createdAt.toISOString().slice(0, 10)}.zip`;
}

/** Where an archive downloads from (the server's route, server/orgs/export-route.ts). */
export function exportDownloadPath(exportId: string): string {
  return `/api/exports/${encodeURIComponent(exportId)}`;
}

/** "2.4 MB": an archive's size for people (decimal units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'] as const;
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

export const orgExportInput = z.object({ orgId: idSchema });
/** The download route's path parameter. */
export const exportIdSchema = idSchema;

export const EXPORT_MESSAGES = {
  ownersOnly: 'Only the org’s owners can export its data.',
  notFound: 'This export does not exist.',
  expired: `This export has expired: archives can be downloaded for ${EXPORT_AVAILABLE_HOURS} hours. Export the data again.`,
  notReady: 'This export is not ready yet.',
  signIn: 'Sign in to download this export.',
  tooLarge: `The archive would be larger than ${formatBytes(EXPORT_MAX_BYTES)}, the most Beacon keeps. Ask Beacon's operators for a database export.`,
  failed: 'The export failed. Try again; if it fails again, tell Beacon’s operators.',
} as const;

export const EXPORT_ERROR_REASONS = ['export-owners-only', 'export-not-found'] as const;
export type ExportErrorReason = (typeof EXPORT_ERROR_REASONS)[number];
