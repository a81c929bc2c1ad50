/**
 * A background-job worker on its own (`npm run worker`): the same configuration and database as the
 * server (DATABASE_URL; PGlite only when no other process has the data folder open) and the same
 * integrations (its B2C and AI simulators by URL), no HTTP. Stops
 * on SIGINT/SIGTERM: fetching ends at once, jobs in flight get SHUTDOWN_GRACE_MS to finish, and the
 * rest are released for another worker.
 */
import { createServer } from 'node:http';
import express from 'express';
import { createAiBudgetService } from './ai-budget/service';
import { loadConfig } from './config';
import { SHUTDOWN_GRACE_MS, startJobs } from './jobs/runtime';
import { serveMetrics } from './http/metrics';
import { createLogger } from './log';
import { watchDatabase } from './metrics';
import {
  configOrExit,
  createAi,
  createB2C,
  openMigratedDatabase,
  openNotifyBus,
  openSecrets,
  sharedRateCounter,
  startFailure,
} from './process-start';
import { startRetentionSchedule } from './monitoring/retention';
import { startExportSweep } from './orgs/export';
import { startCatalogueSchedule } from './products/schedule';
import { createServices } from './services';

async function main() {
  const config = configOrExit(loadConfig);
  const logger = createLogger({ level: config.logLevel });
  const database = await openMigratedDatabase(config, { logger });
  watchDatabase(database);
  const { bus, invalidations } = openNotifyBus(database, logger);
  const jobs = await startJobs({ database, bus, logger, instanceName: 'worker' });
  // No simulators of its own: it reaches the server's through B2C_SIMULATOR_URL / AI_SIMULATOR_URL.
  const b2c = await createB2C(config, { startSimulator: false });
  const rateCounter = sharedRateCounter(database);
  const aiBudget = createAiBudgetService({
    db: database.db,
    defaultBudgetUsd: config.ai.monthlyBudgetUsd,
  });
  const ai = await createAi(config, logger, {
    startSimulator: false,
    ...(rateCounter ? { rateCounter } : {}),
    ledger: aiBudget,
  });
  const services = createServices({
    db: database.db,
    b2c: b2c.gateway,
    secrets: openSecrets(config),
    invalidations,
    runEvents: jobs.events,
    jobs: jobs.queue,
    ai: ai.service,
    aiBudget,
  });
  await jobs.work(services);
  const schedule = startCatalogueSchedule({ db: database.db, products: services.products, logger });
  const retention = startRetentionSchedule({ db: database.db, jobs: jobs.queue, logger });
  const exportSweep = startExportSweep({ db: database.db, logger });

  // Its own /metrics (job runs, model and instance calls, the pool), on WORKER_METRICS_PORT.
  const metricsServer = config.workerMetricsPort
    ? createServer(
        express()
          .disable('x-powered-by')
          .get(
            '/metrics',
            serveMetrics({ token: config.metricsToken, isProduction: config.isProduction }),
          ),
      ).listen(config.workerMetricsPort, config.host)
    : null;

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'worker stopping');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 5_000);
    force.unref();
    try {
      schedule.stop();
      retention.stop();
      exportSweep.stop();
      metricsServer?.close();
      await jobs.stop();
      await bus.close();
      await database.close();
    } catch (err) {
      logger.error({ err }, 'error while stopping the worker');
    }
    clearTimeout(force);
    process.exit(0);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  logger.info({ database: database.driver }, 'worker ready');
}

main().catch((error: unknown) => {
  process.stderr.write(`Beacon's worker failed to start: ${startFailure(error)}\n`);
  process.exit(1);
});
