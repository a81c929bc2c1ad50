/**
 * What every Beacon process that works jobs (the server, a worker) runs beside them, and how it
 * stops: the catalogue and retention schedules and the sweep of expired org exports; a clean close
 * on SIGINT or SIGTERM.
 */
import type { Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './log';
import { startRetentionSchedule } from './monitoring/retention';
import { startExportSweep } from './orgs/export';
import type { ProductsService } from './products/service';
import { startCatalogueSchedule } from './products/schedule';

export interface Schedules {
  stop(): void;
}

/** The catalogue and retention schedules and the sweep of expired org exports, started together. */
export function startSchedules({
  db,
  products,
  jobs,
  logger,
}: {
  db: Db;
  products: Pick<ProductsService, 'syncNow'>;
  jobs: Pick<JobQueue, 'enqueue'>;
  logger: Logger;
}): Schedules {
  const schedule = startCatalogueSchedule({ db, products, logger });
  const retention = startRetentionSchedule({ db, jobs, logger });
  const exportSweep = startExportSweep({ db, logger });
  return {
    stop() {
      schedule.stop();
      retention.stop();
      exportSweep.stop();
    },
  };
}

/**
 * On SIGINT or SIGTERM: logs `stopping`, runs `close` once (logging `failed` with its error) and
 * exits 0. A second signal, or a close still running after `forceAfterMs`, exits 1 at once.
 */
export function closeOnSignals({
  logger,
  forceAfterMs,
  messages,
  close,
}: {
  logger: Logger;
  forceAfterMs: number;
  messages: { stopping: string; failed: string };
  close(): Promise<void>;
}) {
  let stopping = false;
  async function stop(signal: string) {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, messages.stopping);
    const force = setTimeout(() => process.exit(1), forceAfterMs);
    force.unref();
    try {
      await close();
    } catch (err) {
      logger.error({ err }, messages.failed);
    }
    clearTimeout(force);
    process.exit(0);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
