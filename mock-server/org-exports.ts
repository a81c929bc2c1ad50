/**
 * Acme's data exports for mocks, against the stories' clock (STORY_NOW, 2026-03-02 11:30 UTC): one being
 * made, one ready until tomorrow, one failed, one past its 24 hours; and a scenario whose request
 * answers a new export being made, as the server does (one at a time).
 */
import { EXPORT_MESSAGES, exportExpiresAt, type OrgExport } from '~/domain/orgs/export';
import { STORY_NOW } from './products';
import type { TrpcScenario } from './trpc/scenario';

const minutesBefore = (minutes: number) => new Date(STORY_NOW.getTime() - minutes * 60_000);

const queued: OrgExport = {
  id: 'export_acme_queued',
  status: 'queued',
  createdAt: minutesBefore(1),
  finishedAt: null,
  expiresAt: null,
  sizeBytes: null,
  error: null,
};

export const orgExports = {
  queued,
  running: { ...queued, id: 'export_acme_running', status: 'running' },
  /** Made 20 minutes ago: 2.4 MB, downloadable until tomorrow 11:12 UTC. */
  ready: {
    id: 'export_acme_ready',
    status: 'ready',
    createdAt: minutesBefore(20),
    finishedAt: minutesBefore(18),
    expiresAt: exportExpiresAt(minutesBefore(18)),
    sizeBytes: 2_400_000,
    error: null,
  },
  failed: {
    ...queued,
    id: 'export_acme_failed',
    status: 'failed',
    finishedAt: minutesBefore(0.5),
    error: EXPORT_MESSAGES.tooLarge,
  },
  /** Made two days ago: past its 24 hours (the hourly sweep has not removed it yet). */
  expired: {
    id: 'export_acme_expired',
    status: 'ready',
    createdAt: minutesBefore(2 * 24 * 60),
    finishedAt: minutesBefore(2 * 24 * 60 - 2),
    expiresAt: exportExpiresAt(minutesBefore(2 * 24 * 60 - 2)),
    sizeBytes: 2_400_000,
    error: null,
  },
} satisfies Record<string, OrgExport>;

/** `orgs.latestExport` answering `initial` until a request, then the export the request started. */
export function orgExportScenario(initial: OrgExport | null): TrpcScenario {
  let current = initial;
  return {
    'orgs.latestExport': (_input, { count }) => {
      if (count === 1) current = initial;
      return current;
    },
    'orgs.requestExport': () => {
      current = { ...queued, id: 'export_acme_requested', createdAt: STORY_NOW };
      return current;
    },
  };
}
