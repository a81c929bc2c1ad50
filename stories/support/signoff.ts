/**
 * Screen-state sign-offs: the record's shape, and whether a state is still signed off, changed since
 * (one of its visual baselines is no longer the picture that was approved) or never signed off.
 * Pure, so the sign-off command, the visual-test summary and the Screen states page share it
 * (docs/decisions/0022-signoff-record.md).
 */
import { z } from 'zod';
import { APP_THEMES } from '~/domain/shared/app-theme';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in hex');

export const signoffEntrySchema = z.strictObject({
  /** Who signed the state off. */
  by: z.string().trim().min(1),
  /** When, as an ISO 8601 timestamp. */
  at: z.iso.datetime(),
  /** Baseline file name (in tests/visual/__screenshots__) → SHA-256 of the PNG that was approved. */
  baselines: z.record(z.string().regex(/^[^/\\]+\.png$/), sha256),
});
export type SignoffEntry = z.infer<typeof signoffEntrySchema>;

export const signoffRecordSchema = z.strictObject({
  about: z.string(),
  signoffs: z.record(z.string(), signoffEntrySchema),
});
export type SignoffRecord = z.infer<typeof signoffRecordSchema>;

/** The visual baselines of one story: one PNG per app theme, named as the visual test names them. */
export function baselineFiles(storyId: string): string[] {
  return APP_THEMES.map((theme) => `${storyId}--${theme}.png`);
}

export type SignoffState = 'signed-off' | 'changed' | 'never';

export const SIGNOFF_LABELS: Record<SignoffState, string> = {
  'signed-off': 'Signed off',
  changed: 'Changed since sign-off',
  never: 'Never signed off',
};

export interface SignoffStatus {
  id: string;
  state: SignoffState;
  entry?: SignoffEntry;
  /** Baselines whose picture differs from the approved one, or that were added or removed since. */
  changedFiles: string[];
}

/**
 * `current` holds the SHA-256 of each baseline the state has today (its stories' PNGs that exist).
 * Any difference from the signed-off set counts: a new picture, a changed one, or one that is gone
 * (a story renamed or removed).
 */
export function signoffStatus(
  id: string,
  entry: SignoffEntry | undefined,
  current: Record<string, string>,
): SignoffStatus {
  if (!entry) return { id, state: 'never', changedFiles: [] };
  const files = new Set([...Object.keys(entry.baselines), ...Object.keys(current)]);
  const changedFiles = [...files].filter((file) => entry.baselines[file] !== current[file]).sort();
  return { id, state: changedFiles.length > 0 ? 'changed' : 'signed-off', entry, changedFiles };
}

export interface SignoffSummary {
  total: number;
  signedOff: number;
  never: number;
  /** Ids of the states changed since sign-off, in catalogue order. */
  changed: string[];
}

export function summarize(statuses: readonly SignoffStatus[]): SignoffSummary {
  return {
    total: statuses.length,
    signedOff: statuses.filter((status) => status.state === 'signed-off').length,
    never: statuses.filter((status) => status.state === 'never').length,
    changed: statuses.filter((status) => status.state === 'changed').map((status) => status.id),
  };
}

/** "Sign-off: 3 of 40 states signed off, 1 changed since sign-off (login.default), 36 never signed off." */
export function summaryLine(summary: SignoffSummary): string {
  const changed =
    summary.changed.length > 0
      ? `${summary.changed.length} changed since sign-off (${summary.changed.join(', ')})`
      : '0 changed since sign-off';
  return `Sign-off: ${summary.signedOff} of ${summary.total} states signed off, ${changed}, ${summary.never} never signed off.`;
}

/** "Signed off by Ada Lovelace on 2026-11-25" (the day in UTC, as recorded). */
export function signedOffLine(entry: SignoffEntry): string {
  return `Signed off by ${entry.by} on ${entry.at.slice(0, 10)}`;
}

/** Sorted keys at every level, so the record's diff shows only what changed. */
export function sortedRecord(record: SignoffRecord): SignoffRecord {
  const sortKeys = <T>(object: Record<string, T>) =>
    Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const signoffs = Object.fromEntries(
    Object.entries(sortKeys(record.signoffs)).map(([id, entry]) => [
      id,
      { by: entry.by, at: entry.at, baselines: sortKeys(entry.baselines) },
    ]),
  );
  return { about: record.about, signoffs };
}
