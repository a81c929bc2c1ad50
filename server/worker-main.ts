/**
 * A background-job worker on its own (`npm run worker`): the same configuration and database as the
 * server (DATABASE_URL; PGlite only when no other process has the data folder open) and the same
 * integrations (its B2C and AI simulators by URL), no HTTP. Stops
 * on SIGINT/SIGTERM: fetching ends at once, jobs in flight get SHUTDOWN_GRACE_MS to finish, and the
 * rest are released for another worker.
 */
import { alertWebhooksFor } from '~/server/monitoring/webhook';
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
import { closeOnSignals, startSchedules } from './process-run';
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
    alertWebhooks: alertWebhooksFor(config),
  });
  await jobs.work(services);
  const schedules = startSchedules({
    db: database.db,
    products: services.products,
    jobs: jobs.queue,
    logger,
  });

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

  closeOnSignals({
    logger,
    forceAfterMs: SHUTDOWN_GRACE_MS + 5_000,
    messages: { stopping: 'worker stopping', failed: 'error while stopping the worker' },
    async close() {
      schedules.stop();
      metricsServer?.close();
      await jobs.stop();
      await bus.close();
      await database.close();
    },
  });
  logger.info({ database: database.driver }, 'worker ready');
}

main().catch((error: unknown) => {
  process.stderr.write(`Beacon's worker failed to start: ${startFailure(error)}\n`);
  process.exit(1);
});
