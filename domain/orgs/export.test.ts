import { describe, expect, it } from 'vitest';
import {
  EXPORT_AVAILABLE_HOURS,
  exportDownloadPath,
  exportExpiresAt,
  exportFileName,
  formatBytes,
  mayExportOrg,
  type OrgExport,
  orgExportState,
} from './export';

const NOW = new Date('2026-11-27T10:00:00Z');
const made: OrgExport = {
  id: 'exp_1',
  status: 'ready',
  createdAt: new Date('2026-11-27T09:00:00Z'),
  finishedAt: new Date('2026-11-27T09:01:00Z'),
  expiresAt: new Date('2026-11-28T09:01:00Z'),
  sizeBytes: 2_400_000,
  error: null,
};

describe('org export rules', () => {
  it('owners only: not members, not superusers who are not owners', () => {
    expect(mayExportOrg({ role: 'owner' })).toBe(true);
    expect(mayExportOrg({ role: 'member' })).toBe(false);
    expect(mayExportOrg({ role: null })).toBe(false);
  });

  it('the card’s state: none, in progress, ready until it expires, failed', () => {
    expect(orgExportState(null, NOW)).toBe('none');
    expect(orgExportState({ ...made, status: 'queued' }, NOW)).toBe('in-progress');
    expect(orgExportState({ ...made, status: 'running' }, NOW)).toBe('in-progress');
    expect(orgExportState({ ...made, status: 'failed' }, NOW)).toBe('failed');
    expect(orgExportState(made, NOW)).toBe('ready');
    expect(orgExportState(made, made.expiresAt!)).toBe('expired');
  });

  it(`is available ${EXPORT_AVAILABLE_HOURS} hours after it is made`, () => {
    expect(exportExpiresAt(made.finishedAt!)).toEqual(made.expiresAt);
  });

  it('names the file after the org and the day it was asked for (UTC), and links its download', () => {
    expect(exportFileName('acme', new Date('2026-11-27T23:59:59Z'))).toBe(
      'beacon-acme-2026-11-27.zip',
    );
    expect(exportDownloadPath('a/b')).toBe('/api/exports/a%2Fb');
  });

  it('sizes for people', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(2_400_000)).toBe('2.4 MB');
    expect(formatBytes(154_000_000)).toBe('154 MB');
    expect(formatBytes(1024 ** 3)).toBe('1.1 GB');
  });
});
